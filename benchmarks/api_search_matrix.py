"""The official ``/cards/search`` over a GENERATED matrix of requests (``search_matrix.py``):
every OpenAPI parameter alone with real values, every sort key in both orders with no filter
and with one, sampled pairs of filters; milliseconds per first page on the real catalogue
and on the generated one 50 times larger, in process (no HTTP).

Run: ``python -m benchmarks.api_search_matrix [--data DIR] [--seed N | --seeds A,B,C]
[--save FILE | --check FILE]``. Prints each seed, the matrix size, p50/p95/max (wall and
CPU) at 1x and 50x and the ten slowest requests at 50x; asserts nothing.

``--data DIR`` keeps both catalogues (as ``benchmarks/api_search.py`` builds them).
``--save FILE`` writes each request's answer on both catalogues (the total and the first
page's card uuids, each with its result edition uuids, in order); ``--check FILE`` compares
a run with such a file and prints every difference.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from app.catalogue import LocalCatalogue
from app.errors import InvalidRequest
from benchmarks.api_search import TIMES, Pairs, catalogues, label, timed
from benchmarks.common import figure, percentile, save_or_check
from benchmarks.search_matrix import generate

SLOWEST = 10


def first_page(catalogue: LocalCatalogue, query: Pairs) -> dict[str, Any]:
    """``{"total": n, "pages": {"1": [[card uuid, [edition uuids]], …]}}`` of the request's
    page as asked (``{"error": message, "pages": {}}`` for a refused request)."""
    try:
        page = catalogue.api_search(query)[0]
    except InvalidRequest as error:
        return {"error": str(error), "pages": {}}
    return {"total": page["total_cards"], "pages": {"1": [
        [c["uuid"], [e["uuid"] for e in c["result_editions"]]] for c in page["data"]]}}


def report(name: str, times: list[tuple[float, float]], matrix: list[Pairs],
           slowest: int) -> None:
    """p50/p95/max (wall and CPU) over ``times`` and the ``slowest`` requests (by CPU)."""
    walls, cpus = [t[0] for t in times], [t[1] for t in times]
    for what, samples in (("wall", walls), ("CPU", cpus)):
        figure(f"{name} p50 {what}", percentile(samples, 50), "ms")
        figure(f"{name} p95 {what}", percentile(samples, 95), "ms")
        figure(f"{name} max {what}", max(samples), "ms")
    ranked = sorted(zip(cpus, walls, map(label, matrix), strict=True), reverse=True)
    for cpu, wall, query in ranked[:slowest]:
        print(f"    slow: {cpu:8.1f} ms CPU {wall:8.1f} ms wall  {query}")


def run(folder: Path, seeds: list[int], repeat: int, save: Path | None,
        check: Path | None) -> None:
    """Time each seed's matrix on both catalogues; save or check their answers."""
    real, big = catalogues(folder)
    cards = [json.loads(body) for (body,) in
             real.store.connection().execute("SELECT body FROM cards ORDER BY uuid")]
    got: dict[str, Any] = {}
    for seed in seeds:
        matrix = generate(cards, seed)
        refused = [label(q) for q in matrix if "error" in first_page(real, q)]
        matrix = [q for q in matrix if label(q) not in refused]
        print(f"seed {seed}: matrix of {len(matrix)} requests ({len(refused)} refused left "
              f"out), first page, median of {repeat} (ms)")
        for name, catalogue, slowest in (("real", real, 3), (f"{TIMES}x", big, SLOWEST)):
            report(f"seed {seed} {name}", [timed(catalogue, q, repeat) for q in matrix], matrix,
                   slowest)
        if save is not None or check is not None:
            got.update({f"{seed} {name} {label(q)}": first_page(catalogue, q)
                        for name, catalogue in (("real", real), (f"{TIMES}x", big))
                        for q in matrix})
    if save is not None or check is not None:
        save_or_check(got, save, check, "request", "pages")


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the options; build (or reuse) the catalogues, run, print the figures."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.api_search_matrix")
    parser.add_argument("--data", type=Path, help="keep (and reuse) both catalogues here")
    parser.add_argument("--seed", type=int, default=1, help="the matrix's seed (default 1)")
    parser.add_argument("--seeds", help="several seeds, comma-separated (instead of --seed)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per request")
    parser.add_argument("--save", type=Path, help="write every request's answer here")
    parser.add_argument("--check", type=Path, help="compare every request's answer to this")
    args = parser.parse_args(argv)
    seeds = [int(s) for s in args.seeds.split(",")] if args.seeds else [args.seed]
    if args.data is not None:
        args.data.mkdir(parents=True, exist_ok=True)
        run(args.data, seeds, args.repeat, args.save, args.check)
        return
    with tempfile.TemporaryDirectory() as tmp:
        run(Path(tmp), seeds, args.repeat, args.save, args.check)


if __name__ == "__main__":
    main()
