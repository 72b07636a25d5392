"""Milliseconds to draw a one-year Thema chart: from ``ThemaChart.show_history()`` (seven
``replace()`` calls of 366 points) to the chart view's first paint, offscreen.

Run: ``python -m benchmarks.thema_chart``. Prints figures; asserts nothing. The history is
GENERATED (``import_generated_history``): no public capture of the Thema endpoints exists.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from datetime import date

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication

from app.bootstrap import build
from app.ingest import import_paths
from app.ingest.thema import import_generated_history
from benchmarks.common import SNAPSHOT_0404, figure

END = date(2026, 4, 4)
RUNS = 10


def main() -> None:
    """Draw the chart of RUNS + 1 editions (the first is warm-up) and print the figures."""
    app = QApplication.instance() or QApplication([])
    from app.gui.thema.chart import ThemaChart
    from app.gui.thema.data import HistoryRequest, load_history, preset_range

    with tempfile.TemporaryDirectory() as tmp:
        services = build(tmp)
        import_paths(services.store, [SNAPSHOT_0404], None, None)
        import_generated_history(services.store, end=END, days=400)
        catalogue = services.catalogue
        start, end = preset_range("1Y", END)
        ranks = catalogue.dynamic_thema_ranks()[: RUNS + 1]
        histories = [load_history(catalogue, HistoryRequest(r["edition"]["uuid"], "FOIL",
                                                            start, end)) for r in ranks]
        chart = ThemaChart()
        chart.resize(760, 620)
        chart.show()
        for _ in range(20):
            app.processEvents()
        times: list[float] = []
        for history in histories:
            done: list[float] = []
            chart.drawn.connect(lambda done=done: done.append(time.perf_counter()))
            started = time.perf_counter()
            chart.show_history(history, len(ranks))
            while not done:
                app.processEvents()
            chart.drawn.disconnect()
            times.append((done[0] - started) * 1000)
        times = times[1:]  # the first includes one-off font and geometry work
        print(f"One-year Thema chart ({len(histories[0].entries)} points × 7 series, "
              f"760×620, offscreen), {len(times)} runs")
        figure("median: show_history() to first paint", statistics.median(times), "ms")
        figure("max", max(times), "ms")
        chart.close()


if __name__ == "__main__":
    main()
