"""Import, search and start-up figures on the real 2026-04-04 snapshot.

Run: ``python -m benchmarks.import_and_search``. Prints figures; asserts nothing.

- import: seconds and cards per second for a fresh import (snapshot + real images);
- search: latency p50/p95 over 300 queries drawn (seeded) from real card names, name
  prefixes and effect words (``o:WORD``), through ``LocalCatalogue.query``;
- start-up: seconds from process start to the first painted main window with the catalogue
  open, next to a bare PySide6 window with one label, both measured here, as a ratio.
"""

from __future__ import annotations

import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time

from app.bootstrap import build
from app.catalogue import LocalCatalogue
from app.ingest import import_paths
from benchmarks.common import CARD_IMAGES, SNAPSHOT_0404, figure, percentile

QUERIES = 300
STARTUP_RUNS = 5

_BARE = r"""
import sys, time
from PySide6.QtWidgets import QApplication, QLabel
class Label(QLabel):
    def paintEvent(self, event):
        super().paintEvent(event)
        print("painted", time.time(), flush=True)
        QApplication.instance().exit(0)
app = QApplication(sys.argv)
label = Label("Archivist")
label.resize(1280, 800)
label.show()
sys.exit(app.exec())
"""

_APP = r"""
import sys, time
from app.bootstrap import build
from app.gui.shell.app import create_application, create_main_window
app = create_application(sys.argv)
window = create_main_window(build(sys.argv[1]))
def done():
    print("painted", time.time(), flush=True)
    app.exit(0)
window.firstPainted.connect(done)
window.resize(1280, 800)
window.show()
sys.exit(app.exec())
"""


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


def _startup(script: str, *args: str) -> float:
    """Seconds from starting the process to its first painted window (the child reports the
    wall-clock time of its first paint; what it does after, such as exiting, is not counted)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    started = time.time()
    proc = subprocess.run(
        [sys.executable, "-c", script, *args], capture_output=True, text=True, env=env,
        timeout=120, check=True,
    )
    for line in proc.stdout.splitlines():
        if line.startswith("painted "):
            return float(line.split()[1]) - started
    raise RuntimeError(f"no paint reported: {proc.stderr[-500:]}")


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

        bare = [_startup(_BARE) for _ in range(STARTUP_RUNS)]
        app = [_startup(_APP, tmp) for _ in range(STARTUP_RUNS)]
        print(f"Start-up to first paint, median of {STARTUP_RUNS} (offscreen)")
        figure("bare PySide6 window with one label", statistics.median(bare), "s")
        figure("Archivist window, catalogue open", statistics.median(app), "s")
        figure("ratio Archivist / bare", statistics.median(app) / statistics.median(bare), "x")


if __name__ == "__main__":
    main()
