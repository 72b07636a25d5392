"""Import, search and start-up figures on the real 2026-04-04 snapshot.

Run: ``python -m benchmarks.import_and_search``. Prints figures; asserts nothing.

- import: seconds and cards per second for a fresh import (snapshot + real images);
- search: latency p50/p95 over 300 queries drawn (seeded) from real card names, name
  prefixes and effect words (``o:WORD``), through ``LocalCatalogue.query``;
- start-up: the real ``archivist gui`` entry over this catalogue, to the window's first paint
  and to the catalogue shown, next to a bare PySide6 window with one label, as ratios
  (:mod:`benchmarks.startup`, which also runs alone).
"""

from __future__ import annotations

import random
import re
import tempfile
import time

from app.bootstrap import build
from app.catalogue import LocalCatalogue
from app.ingest import import_paths
from benchmarks import startup
from benchmarks.common import CARD_IMAGES, SNAPSHOT_0404, figure, percentile

QUERIES = 300
STARTUP_RUNS = 5

def _queries(catalogue: LocalCatalogue, count: int) -> list[str]:
    rng = random.Random(20260404)
    cards = [catalogue.card(s.slug) for s in catalogue.query("").hits]
    names = [c["name"] for c in cards]
    words = sorted({w for c in cards for w in re.findall(r"[A-Za-z]{4,}", c["effect_raw"] or "")})
    out: list[str] = []
    for i in range(count):
        kind = i % 3
        if kind == 0:
            out.append('"' + rng.choice(names).replace('"', "") + '"')
        elif kind == 1:
            name = rng.choice(names)
            out.append(" ".join(re.findall(r"\w+", name[: rng.randint(2, max(2, len(name) // 2))])))
        else:
            out.append(" ".join(f"o:{w}" for w in rng.sample(words, 2)))
    return out


def main() -> None:
    """Run every measurement and print the figures."""
    with tempfile.TemporaryDirectory() as tmp:
        services = build(tmp)
        started = time.perf_counter()
        report = import_paths(services.store, [SNAPSHOT_0404], CARD_IMAGES, services.images)
        seconds = time.perf_counter() - started
        print(f"Import of {SNAPSHOT_0404.name} ({report.cards} cards, {report.images} images)")
        figure("import seconds", seconds, "s")
        figure("import cards per second", report.cards / seconds, "cards/s")

        catalogue = services.catalogue
        queries = _queries(catalogue, QUERIES)
        latencies: list[float] = []
        hits = 0
        for query in queries:
            t = time.perf_counter()
            hits += bool(catalogue.query(query).hits)
            latencies.append((time.perf_counter() - t) * 1000)
        print(f"Search over {len(queries)} real-name/effect queries ({hits} with results)")
        figure("search latency p50", percentile(latencies, 50), "ms")
        figure("search latency p95", percentile(latencies, 95), "ms")
        figure("search latency max", max(latencies), "ms")

        services.store.close()
        startup.measure(tmp, STARTUP_RUNS)


if __name__ == "__main__":
    main()
