"""The official ``/cards/search`` (every OpenAPI parameter) on the real catalogue and on a
GENERATED one 50 times larger: milliseconds per page, in process (no HTTP).

Run: ``python -m benchmarks.api_search``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from app.bootstrap import build
from app.catalogue import LocalCatalogue
from app.ingest import import_paths
from app.store import Store
from benchmarks.common import SNAPSHOT_0404, figure
from benchmarks.synthetic import generate_catalogue

TIMES = 50
REPEAT = 5
QUERIES: list[list[tuple[str, str]]] = [
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


def _label(query: list[tuple[str, str]]) -> str:
    return "&".join(f"{k}={v}" for k, v in query) or "(no filter)"


def measure(catalogue: LocalCatalogue) -> list[float]:
    """Median milliseconds of each query's first page (after one warm-up)."""
    out = []
    for query in QUERIES:
        catalogue.api_search(query)
        times = []
        for _ in range(REPEAT):
            started = time.perf_counter()
            catalogue.api_search(query)
            times.append((time.perf_counter() - started) * 1000)
        out.append(statistics.median(times))
    return out


def main() -> None:
    """Build both catalogues, run the queries on each, print the figures."""
    with tempfile.TemporaryDirectory() as tmp:
        real = build(str(Path(tmp) / "real"))
        import_paths(real.store, [SNAPSHOT_0404])
        big_dir = Path(tmp) / "generated"
        big = Store(big_dir / "catalogue.sqlite3")
        cards = generate_catalogue(real.store, big, TIMES)
        print(f"GENERATED catalogue: {cards} cards ({TIMES}x the real one)")
        small = measure(real.catalogue)
        large = measure(LocalCatalogue.open(big_dir))
        print("/cards/search, first page, median ms: real | GENERATED 50x")
        for query, a, b in zip(QUERIES, small, large, strict=True):
            figure(f"{_label(query)[:34]} real", a, "ms")
            figure(f"{_label(query)[:34]} 50x", b, "ms")


if __name__ == "__main__":
    main()
