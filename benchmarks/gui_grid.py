"""Scrolling the whole edition grid offscreen: time per frame and resident memory.

Run: ``python -m benchmarks.gui_grid``. Prints figures; asserts nothing.

The real 2026-04-04 snapshot and its card images are imported into a temporary folder (so
the thumbnail disk cache starts empty), in a child process, so that the import's memory is
not counted. The main window (1280 × 800, offscreen) shows one
tile per edition — all 4,414 — and the grid is scrolled from top to bottom in steps of one
row of tiles; each step sets the scroll bar and forces a repaint of the viewport
(``viewport().repaint()``), and that is one timed frame. Between frames the event loop runs
once, untimed, as it would between real frames (finished thumbnails arrive then). The first
pass meets every thumbnail for the first time (made from the JPEGs in worker threads, newest
request first); after it, the benchmark waits for the thumbnail workers to finish and makes
a second pass with thumbnails in memory. Each frame's wall time and the GUI thread's CPU
time (``time.thread_time``: steadier when other work shares the cores) are printed.

Resident memory (``VmRSS`` of ``/proc/self/status``) is read after every tile has been
shown once and the thumbnails have loaded, next to a bare PySide6 window (a ``QMainWindow``
shown offscreen) measured the same way in a child process of the same run.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time

from benchmarks.common import CARD_IMAGES, SNAPSHOT_0404, figure, percentile

SIZE = (1280, 800)
BARE = """
import os
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
window = QMainWindow()
window.resize({w}, {h})
window.show()
for _ in range(20):
    app.processEvents()
print([line for line in open("/proc/self/status") if line.startswith("VmRSS:")][0].split()[1])
"""
IMPORT = """
import sys
from pathlib import Path
from app.bootstrap import build
from app.ingest import import_paths
services = build(sys.argv[1])
import_paths(services.store, [Path(sys.argv[2])], Path(sys.argv[3]), services.images)
services.store.close()
"""


def rss_mib() -> float:
    """This process's resident set size in MiB (``VmRSS``)."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def bare_window_mib() -> float:
    """The resident set size of a bare PySide6 window, in a child process (MiB)."""
    code = BARE.format(w=SIZE[0], h=SIZE[1])
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    return int(out.stdout.strip().splitlines()[-1]) / 1024


def main() -> None:
    """Import the snapshot, show every edition, scroll twice, print the figures."""
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtCore import QCoreApplication, QThread

    from app.bootstrap import build
    from app.gui.shell.app import create_application
    from app.gui.shell.main_window import MainWindow

    bare = bare_window_mib()
    with tempfile.TemporaryDirectory(prefix="archivist-gui-bench-") as folder:
        subprocess.run([sys.executable, "-c", IMPORT, folder, str(SNAPSHOT_0404),
                        str(CARD_IMAGES)], check=True, capture_output=True)
        services = build(folder)
        app = create_application()
        window = MainWindow(services, None, dialogs=False)
        window.resize(*SIZE)
        window.show()

        def wait(condition: object, timeout: float = 60.0) -> None:
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                app.processEvents()
                if callable(condition) and condition():
                    return
                QThread.msleep(2)
            raise RuntimeError("timed out")

        wait(lambda: window.first_painted)
        before = rss_mib()
        started = time.perf_counter()
        window.browser.options.per_buttons["edition"].click()  # searches at once
        wait(lambda: window.model.rowCount() == 4414 and not window.controller.busy)
        window.grid.doItemsLayout()
        shown = time.perf_counter() - started
        grid, provider = window.grid, window.provider
        bar = grid.verticalScrollBar()
        rows, columns = 0, max(1, grid.viewport().width() // grid.gridSize().width())
        rows = -(-4414 // columns)

        def scroll_pass() -> tuple[list[float], list[float]]:
            frames: list[float] = []
            cpu: list[float] = []  # the GUI thread's CPU time (workers not counted)
            bar.setValue(0)
            app.processEvents()
            value = 0
            while True:
                tick, cpu_tick = time.perf_counter(), time.thread_time()
                bar.setValue(value)
                grid.viewport().repaint()
                frames.append((time.perf_counter() - tick) * 1000)
                cpu.append((time.thread_time() - cpu_tick) * 1000)
                QCoreApplication.processEvents()
                if value >= bar.maximum():
                    return frames, cpu
                value = min(value + grid.gridSize().height(), bar.maximum())

        cold = scroll_pass()
        wait(provider.is_idle)
        after_all = rss_mib()
        warm = scroll_pass()
        wait(provider.is_idle)
        after_warm = rss_mib()
        in_memory = sum(1 for r in range(window.model.rowCount())
                        if window.model.thumb_state(r).value == "ready")
        window.close()
        window.shutdown()
        services.store.close()

    print(f"Edition grid: 4,414 tiles, {columns} columns × {rows} rows, "
          f"window {SIZE[0]}×{SIZE[1]} offscreen, Qt platform offscreen")
    figure("search + model reset + layout (editions)", shown * 1000, "ms")
    for name, (frames, cpu) in (("first pass (thumbnails made)", cold),
                                ("second pass (thumbnails in memory)", warm)):
        print(f"{name}: {len(frames)} frames of one row each")
        figure("time per frame p50", percentile(frames, 50), "ms")
        figure("time per frame p95", percentile(frames, 95), "ms")
        figure("time per frame max", max(frames), "ms")
        figure("frames over 16.7 ms (60 Hz)", sum(1 for f in frames if f > 1000 / 60),
               "frames")
        figure("GUI thread CPU per frame p95", percentile(cpu, 95), "ms")
        figure("GUI thread CPU per frame max", max(cpu), "ms")
        figure("frames over 16.7 ms of GUI thread CPU", sum(1 for c in cpu if c > 1000 / 60),
               "frames")
    print("Resident memory (VmRSS)")
    figure("bare PySide6 window (child process)", bare, "MiB")
    figure("Archivist, first search painted (cards)", before, "MiB")
    figure("Archivist, every tile shown once", after_all, "MiB")
    figure("Archivist, after the second pass", after_warm, "MiB")
    figure("difference to the bare window", after_all - bare, "MiB")
    figure("thumbnails in memory (LRU bounded in bytes)", in_memory, "images")


if __name__ == "__main__":
    main()
