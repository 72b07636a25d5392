"""The official ``/cards/search`` (every OpenAPI parameter) on the real catalogue and on a
GENERATED one 50 times larger: milliseconds per page, in process (no HTTP).

Run: ``python -m benchmarks.api_search [--data DIR] [--save FILE | --check FILE]``. Prints
figures; asserts nothing.

Two sets of requests run on both catalogues: nine benchmark queries and the 76 reference
parameter combinations that tests/contract/test_search_semantics.py checks against the
OpenAPI document (every parameter alone, realistic mixes, the sort keys). Each request's
first page is timed (one warm-up, then the median of ``--repeat`` runs, wall and CPU time);
the figures are each benchmark query's median, and p50/p95 over the reference combinations
with their slowest.

``--data DIR`` keeps both catalogues in DIR (built on the first run, reused after; an older
schema is migrated on opening). ``--save FILE`` writes what every request returns (the total
and, per page, each card's uuid and result edition uuids in order: every page on the real
catalogue, the first, second and last on the generated one); ``--check FILE`` compares a run
with such a file and prints every difference: results must be identical before and after a
change to the search's storage.
"""

from __future__ import annotations

import argparse
import math
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from app.bootstrap import build
from app.catalogue import LocalCatalogue
from app.ingest import import_paths
from app.store import Store
from benchmarks.common import SNAPSHOT_0404, figure, percentile, save_or_check
from benchmarks.synthetic import generate_catalogue
from tests.contract.test_search_semantics import COMBINATIONS, SORT_COMBINATIONS

TIMES = 50
Pairs = list[tuple[str, str]]
QUERIES: list[Pairs] = [
    [],
    [("element", "FIRE"), ("type", "CHAMPION"), ("stats", "level>=2")],
    [("class", "MAGE"), ("type", "ACTION"), ("prefix", "DOA 1st")],
    [("name", "spirit"), ("sort", "name")],
    [("element", "WATER"), ("rarity", "4"), ("separate_editions", "true")],
    [("illustrator", "Dragonart"), ("collab", "false")],
    [("legality_format", "STANDARD"), ("legality_state", "RESTRICTED")],
    [("stats", "population_foil<=100")],
    [("edition_effect", "draw"), ("page", "3")],
]


def as_pairs(params: dict[str, Any]) -> Pairs:
    """Query pairs of a reference combination (a list value is a repeated parameter)."""
    return [(k, str(v)) for k, value in params.items()
            for v in ([value] if isinstance(value, str) else value)]


REFERENCE: list[Pairs] = [as_pairs(p) for p in (*COMBINATIONS, *SORT_COMBINATIONS)]


def label(query: Pairs) -> str:
    """``k=v&k=v`` of a request (``(no filter)`` for none)."""
    return "&".join(f"{k}={v}" for k, v in query) or "(no filter)"


def catalogues(folder: Path) -> tuple[LocalCatalogue, LocalCatalogue]:
    """The real and the generated catalogue in ``folder``, built there when missing."""
    real_dir, big_dir = folder / "real", folder / "generated"
    if not (folder / "complete").exists():
        real = build(str(real_dir))
        import_paths(real.store, [SNAPSHOT_0404])
        started = time.perf_counter()
        cards = generate_catalogue(real.store, Store(big_dir / "catalogue.sqlite3"), TIMES)
        print(f"GENERATED catalogue: {cards} cards ({TIMES}x the real one), "
              f"{time.perf_counter() - started:.0f} s")
        (folder / "complete").write_text("both catalogues written\n", "utf-8")
    return LocalCatalogue.open(real_dir), LocalCatalogue.open(big_dir)


def timed(catalogue: LocalCatalogue, query: Pairs, repeat: int) -> tuple[float, float]:
    """Median ``(wall ms, CPU ms)`` of the request's first page after one warm-up."""
    catalogue.api_search(query)
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        catalogue.api_search(query)
        cpus.append((time.process_time() - cpu) * 1000)
        walls.append((time.perf_counter() - wall) * 1000)
    return statistics.median(walls), statistics.median(cpus)


def answers(catalogue: LocalCatalogue, query: Pairs, every_page: bool) -> dict[str, Any]:
    """``{"total": n, "pages": {number: [[card uuid, [edition uuids]], …]}}`` of a request
    (every page, or the first, second and last)."""
    base = [(k, v) for k, v in query if k != "page"]
    first = catalogue.api_search(base)[0]
    total, size = first["total_cards"], first["page_size"]
    last = max(1, math.ceil(total / size))
    numbers = range(1, last + 1) if every_page else sorted({1, min(2, last), last})
    pages = {}
    for number in numbers:
        page = first if number == 1 else catalogue.api_search([*base, ("page", str(number))])[0]
        pages[str(number)] = [[c["uuid"], [e["uuid"] for e in c["result_editions"]]]
                              for c in page["data"]]
    return {"total": total, "pages": pages}


def report(name: str, times: list[tuple[float, float]], queries: list[Pairs]) -> None:
    """p50/p95 (wall and CPU) over ``times`` and the three slowest requests."""
    walls, cpus = [t[0] for t in times], [t[1] for t in times]
    figure(f"{name} p50 wall", percentile(walls, 50), "ms")
    figure(f"{name} p95 wall", percentile(walls, 95), "ms")
    figure(f"{name} p50 CPU", percentile(cpus, 50), "ms")
    figure(f"{name} p95 CPU", percentile(cpus, 95), "ms")
    for wall, query in sorted(zip(walls, map(label, queries), strict=True), reverse=True)[:3]:
        figure(f"  slow: {query[:38]}", wall, "ms")



def run(folder: Path, repeat: int, save: Path | None, check: Path | None) -> None:
    """Time both sets on both catalogues; save or check their answers."""
    real, big = catalogues(folder)
    print(f"/cards/search, first page, median of {repeat} (ms): real | GENERATED {TIMES}x")
    for query in QUERIES:
        figure(f"{label(query)[:34]} real", timed(real, query, repeat)[0], "ms")
        figure(f"{label(query)[:34]} {TIMES}x", timed(big, query, repeat)[0], "ms")
    print(f"the {len(REFERENCE)} reference parameter combinations:")
    for name, catalogue in (("real", real), (f"{TIMES}x", big)):
        report(name, [timed(catalogue, q, repeat) for q in REFERENCE], REFERENCE)
    if save is None and check is None:
        return
    got = {f"{name} {label(q)}": answers(catalogue, q, every_page=name == "real")
           for name, catalogue in (("real", real), (f"{TIMES}x", big))
           for q in (*QUERIES, *REFERENCE)}
    save_or_check(got, save, check, "request", "pages")


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the options; build (or reuse) the catalogues, run, print the figures."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.api_search")
    parser.add_argument("--data", type=Path, help="keep (and reuse) both catalogues here")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per request")
    parser.add_argument("--save", type=Path, help="write every request's answers here")
    parser.add_argument("--check", type=Path, help="compare every request's answers to this")
    args = parser.parse_args(argv)
    if args.data is not None:
        args.data.mkdir(parents=True, exist_ok=True)
        run(args.data, args.repeat, args.save, args.check)
        return
    with tempfile.TemporaryDirectory() as tmp:
        run(Path(tmp), args.repeat, args.save, args.check)


if __name__ == "__main__":
    main()
