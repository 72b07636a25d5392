"""Latency of the search language on the real catalogue and on one 50 times larger.

Run: ``python -m benchmarks.search_language [--data DIR] [--rounds N] [--seed N]
[--save FILE | --check FILE]``. Prints figures; asserts nothing.

The real 2026-04-04 snapshot is imported into a temporary folder; a GENERATED catalogue of
50 times as many cards is made from it by :mod:`benchmarks.synthetic` (real cards cloned
with new uuids and slugs). The same 240 queries (seeded, a mix of every field, negations,
``or`` groups, per-card and per-edition, several orders) run on both through
:func:`app.store.language.query.run_query` with a limit of 200 hits; the figures are p50/p95
latencies
per catalogue (wall and CPU time), their ratios, and CPU p50/p95 per kind of query (card
facts are the stats and list values, edition facts the flags and Thema totals, both read
from the search facts of schema migrations 4 and 7), and the slowest queries.

Every query first runs once on each catalogue (the first pass, whose time is printed: it
includes making the search's bitmaps of a new catalogue version). The ratio of the two p95s
is noisy on a shared machine, so the queries then run ``--rounds``
times (3 unless told) over both catalogues, one after the other within each round; every
round prints its p50/p95 (wall and CPU) on each and their ratios, and the last lines the
worst round of each figure. ``--seed`` draws another 240 queries (the seed is printed): a
speed tuned on one seed's queries is checked on another's.

``--data DIR`` keeps both catalogues in DIR (built on the first run, reused after; an older
schema is migrated on opening). ``--save FILE`` writes every query's answer on both
catalogues (its total and every hit, in order, with the edition a card hit shows);
``--check FILE`` compares a run with such a file and prints every difference: results must
be identical before and after a change to the search's storage.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import re
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from app.bootstrap import build
from app.catalogue import LocalCatalogue
from app.ingest import import_paths
from app.search.errors import QuerySyntaxError
from app.search.fields import RARITY_CODES
from app.search.parser import parse
from app.store import Store
from app.store.language.query import run_query
from benchmarks.common import CARD_IMAGES, SNAPSHOT_0404, figure, percentile, save_or_check
from benchmarks.synthetic import generate_catalogue

TIMES = 50
QUERIES = 240
LIMIT = 200
KINDS = ("names and text (FTS5)", "edition columns", "card facts", "edition facts", "mixed")


def _values(store: Store, sql: str) -> list[str]:
    return sorted({str(v) for (v,) in store.connection().execute(sql) if v})


SEED = 20260404


def make_queries(store: Store, count: int, seed: int = SEED) -> list[tuple[str, str, dict]]:
    """``count`` queries ``(kind, text, options)`` drawn from the catalogue's real values."""
    rng = random.Random(seed)
    names = _values(store, "SELECT name FROM cards")
    words = sorted({w for n in names for w in re.findall(r"[A-Za-z]{3,}", n)})
    effects = sorted({w for (e,) in store.connection().execute(
        "SELECT effect_raw FROM cards_fts") for w in re.findall(r"[a-z]{5,}", e or "")})
    each = "SELECT DISTINCT value FROM cards, json_each(cards.body, '$.{}')"
    types, classes = _values(store, each.format("types")), _values(store, each.format("classes"))
    elements = _values(store, each.format("elements"))
    subtypes = _values(store, each.format("subtypes"))
    prefixes = _values(store, "SELECT DISTINCT set_prefix FROM editions")
    illustrators = _values(store, "SELECT DISTINCT json_extract(e.value, '$.illustrator') "
                                  "FROM cards, json_each(cards.body, '$.editions') e")

    def q(text: str) -> str:
        return f'"{text}"' if " " in text else text

    def op() -> str:
        return rng.choice(["=", "!=", "<", "<=", ">", ">="])

    makers = {
        KINDS[0]: [
            lambda: rng.choice(words).lower(),
            lambda: rng.choice(words)[:3].lower() + " " + rng.choice(words).lower(),
            lambda: '"' + " ".join(rng.choice(names).split()[:2]) + '"',
            lambda: f"o:{rng.choice(effects)}",
            lambda: f"{rng.choice(words).lower()} or o:{rng.choice(effects)}",
        ],
        KINDS[1]: [
            lambda: f"s:{q(rng.choice(prefixes))}",
            lambda: f"r:{rng.choice(list(RARITY_CODES)).lower()}",
            lambda: f"s:{q(rng.choice(prefixes))} -r:{rng.randint(1, 9)}",
            lambda: f"lang:{rng.choice(['en', 'cn'])}",
        ],
        KINDS[2]: [
            lambda: f"t:{q(rng.choice(types).lower())}",
            lambda: f"cl:{rng.choice(classes).lower()} el:{rng.choice(elements).lower()}",
            lambda: f"st:{q(rng.choice(subtypes).lower())} cost{op()}{rng.randint(0, 4)}",
            lambda: f"lv{op()}{rng.randint(0, 3)} life>={rng.randint(10, 25)}",
            lambda: f"pow{op()}{rng.randint(1, 6)} -spd:{rng.choice(['fast', 'slow'])}",
            lambda: f"f:{rng.choice(['standard', 'pantheon', 'draft'])} or cost=x",
        ],
        KINDS[3]: [
            lambda: f"a:{rng.choice(illustrators)[:5].lower()}",
            lambda: f"is:{rng.choice(['foil', 'flip', 'dynamic'])}",
            lambda: f"thema{op()}{rng.randint(100, 2000)}",
        ],
        KINDS[4]: [
            lambda: f"{rng.choice(words).lower()} t:{q(rng.choice(types).lower())}",
            lambda: f"(el:{rng.choice(elements).lower()} or el:{rng.choice(elements).lower()})"
                    f" -t:{q(rng.choice(types).lower())} cost<={rng.randint(1, 4)}",
            lambda: f"s:{q(rng.choice(prefixes))} is:foil r>=1".replace(" r>=1", ""),
            lambda: f"o:{rng.choice(effects)} -cl:{rng.choice(classes).lower()} lv>=1",
        ],
    }
    out: list[tuple[str, str, dict]] = []
    for i in range(count):
        kind = KINDS[i % len(KINDS)]
        options = {
            "per": "edition" if rng.random() < 0.25 else "card",
            "sort": rng.choice(["name"] * 4 + ["set", "cost", "level", "rarity", "thema"]),
            "descending": rng.random() < 0.3,
        }
        text = rng.choice(makers[kind])()
        while not _parses(text):  # a value that is not a term (an illustrator "(…)"): redraw
            text = rng.choice(makers[kind])()
        out.append((kind, text, options))
    return out


def _parses(text: str) -> bool:
    try:
        parse(text)
    except QuerySyntaxError:
        return False
    return True


Query = tuple[str, str, dict[str, Any]]


def warm_up(store: Store, queries: list[Query]) -> tuple[float, float]:
    """Run every query once, untimed per query; return the pass's (wall, CPU) seconds.

    The first search of a catalogue version makes (or reads from their files) the search's
    bitmaps, and the first in each order its ranks: a cost of the first searches after a
    write, printed apart from the figures of the searches after them."""
    started, cpu = time.perf_counter(), time.process_time()
    for _, text, options in queries:
        run_query(store, text, limit=LIMIT, **options)
    return time.perf_counter() - started, time.process_time() - cpu


def measure(store: Store, queries: list[Query]) -> dict[str, list[tuple[float, float, str]]]:
    """``(wall, CPU, label)`` milliseconds per query, by kind (after one warm-up pass over
    the first 20). CPU time (``time.process_time``) is the steadier figure on a shared
    machine."""
    for _, text, options in queries[:20]:
        run_query(store, text, limit=LIMIT, **options)
    out: dict[str, list[tuple[float, float, str]]] = {kind: [] for kind in KINDS}
    for kind, text, options in queries:
        started, cpu = time.perf_counter(), time.process_time()
        run_query(store, text, limit=LIMIT, **options)
        out[kind].append(((time.perf_counter() - started) * 1000,
                          (time.process_time() - cpu) * 1000, label(text, options)))
    return out


def label(text: str, options: dict[str, Any]) -> str:
    """``text [per, sort, direction]`` of a query."""
    direction = "desc" if options["descending"] else "asc"
    return f"{text} [{options['per']}, {options['sort']} {direction}]"


def answers(store: Store, queries: list[Query]) -> dict[str, Any]:
    """``{label: {"total": n, "hits": [[every field of a hit], …]}}`` of every query (the
    first 200 hits, as timed)."""
    out: dict[str, Any] = {}
    for number, (_, text, options) in enumerate(queries):
        result = run_query(store, text, limit=LIMIT, **options)
        out[f"{number:03} {label(text, options)}"] = {
            "total": result.total,
            "hits": [list(dataclasses.astuple(hit)) for hit in result.hits]}
    return out



def _report(title: str, by_kind: dict[str, list[tuple[float, float, str]]],
            detail: bool = True) -> tuple[float, ...]:
    """Print p50/p95 (wall and CPU) of all queries and, with ``detail``, per kind and the
    five slowest (CPU); return the overall four (wall p50, p95, CPU p50, p95)."""
    print(title)
    figures: list[float] = []
    for clock, index in (("", 0), ("CPU ", 1)):
        every = [ms[index] for values in by_kind.values() for ms in values]
        for q in (50, 95):
            figures.append(percentile(every, q))
            figure(f"{clock}latency p{q}", figures[-1], "ms")
    if not detail:
        return tuple(figures)
    for kind, values in by_kind.items():
        cpu = [ms[1] for ms in values]
        figure(f"CPU p50 / p95 {kind}", percentile(cpu, 50), "ms")
        figure("", percentile(cpu, 95), "ms")
    every_query = sorted((ms[1], ms[2]) for values in by_kind.values() for ms in values)
    for cpu_ms, name in every_query[::-1][:5]:
        figure(f"  slow (CPU): {name[:34]}", cpu_ms, "ms")
    return tuple(figures)


def catalogues(folder: Path) -> tuple[Store, Store]:
    """The real catalogue (with its card images) and the generated one in ``folder``,
    built there when missing."""
    real_dir, big_dir = folder / "real", folder / "generated"
    if not (folder / "complete").exists():
        real = build(str(real_dir))
        import_paths(real.store, [SNAPSHOT_0404], CARD_IMAGES, real.images)
        started = time.perf_counter()
        cards = generate_catalogue(real.store, Store(big_dir / "catalogue.sqlite3"), TIMES)
        print(f"GENERATED catalogue: {cards} cards ({TIMES}x the real "
              f"{real.catalogue.counts()['cards']}), built in "
              f"{time.perf_counter() - started:.1f} s")
        (folder / "complete").write_text("both catalogues written\n", "utf-8")
    return LocalCatalogue.open(real_dir).store, LocalCatalogue.open(big_dir).store


_FIGURES = ("p50", "p95", "CPU p50", "CPU p95")


def run(folder: Path, save: Path | None, check: Path | None, rounds: int = 3,
        seed: int = SEED) -> None:
    """Run the queries on both catalogues ``rounds`` times, print the figures of each round
    and the worst; save or check the answers."""
    real, big = catalogues(folder)
    queries = make_queries(real, QUERIES, seed)
    print(f"{len(queries)} queries (seed {seed}), limit {LIMIT}, "
          f"{sum(o['per'] == 'edition' for _, _, o in queries)} per edition, {rounds} rounds")
    for name, store in (("real", real), (f"{TIMES}x", big)):
        wall, cpu = warm_up(store, queries)
        print(f"first pass over every query, {name}: {wall:.2f} s ({cpu:.2f} s CPU)")
    worst: dict[str, float] = {}
    for number in range(1, rounds + 1):
        print(f"--- round {number} of {rounds}")
        detail = number == rounds
        small = _report("Real catalogue (2026-04-04)", measure(real, queries), detail)
        large = _report(f"GENERATED catalogue ({TIMES}x)", measure(big, queries), detail)
        print("Ratio GENERATED / real")
        for index, name in enumerate(_FIGURES):
            figure(f"{name} ratio", large[index] / small[index], "x")
            for key, value in ((f"1x {name}", small[index]), (f"{TIMES}x {name}", large[index]),
                               (f"{name} ratio", large[index] / small[index])):
                worst[key] = max(worst.get(key, value), value)
    print(f"Worst of {rounds} rounds (seed {seed})")
    for key, value in worst.items():
        figure(key, value, "x" if key.endswith("ratio") else "ms")
    if save is None and check is None:
        return
    got = {f"{name} {key}": answer for name, store in (("real", real), (f"{TIMES}x", big))
           for key, answer in answers(store, queries).items()}
    save_or_check(got, save, check, "query", "hits")


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the options; build (or reuse) both catalogues, run, print the figures."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.search_language")
    parser.add_argument("--data", type=Path, help="keep (and reuse) both catalogues here")
    parser.add_argument("--save", type=Path, help="write every query's answer here")
    parser.add_argument("--check", type=Path, help="compare every query's answer to this")
    parser.add_argument("--rounds", type=int, default=3, help="timed passes (default 3)")
    parser.add_argument("--seed", type=int, default=SEED, help=f"of the queries ({SEED})")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be 1 or more")
    if args.data is not None:
        args.data.mkdir(parents=True, exist_ok=True)
        run(args.data, args.save, args.check, args.rounds, args.seed)
        return
    with tempfile.TemporaryDirectory() as tmp:
        run(Path(tmp), args.save, args.check, args.rounds, args.seed)


if __name__ == "__main__":
    main()
