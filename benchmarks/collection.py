"""The collection on the real 2026-04-04 snapshot, with 10,000 entries built from its
editions (each edition in both finishes and in a few conditions, until 10,000 rows).

Run: ``python -m benchmarks.collection``. Prints figures; asserts nothing. Targets (issue
23): import ≥ 20,000 rows/s, the page's first paint ≤ 200 ms, ``is:owned`` ≤ 2× the same
search without it.

- import: a 10,000-row CSV (Qty, Name, Set, Number, Rarity, Foil, Condition, Tag) into an
  empty collection, matched by set prefix + number (+ rarity): rows per second (median of
  5, wall and CPU time), with the catalogue's editions already read, and with reading them
  counted;
- refused file: seconds until a 100 MB file and a 5,000-digit quantity are refused;
- page: milliseconds from showing the Collection tab of a 1280 × 800 main window
  (offscreen; waiting in Qt's event loop, as the application does) to its rows painted,
  first time, 3 s
  after the window's first paint and right after it, and after an undo: the median of 3
  windows, wall time and the process's CPU time (every thread);
- search: p95 milliseconds of a page of 100 hits (50 runs) of queries with a collection
  term and the same queries without it, and their ratio (of p95s and of medians).

The machine may be shared: the figures are medians, with CPU time beside wall time.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.bootstrap import build
from app.collection import CONDITIONS, CollectionStore, import_csv
from app.collection.csvfile import csv_text
from app.errors import InvalidData
from app.files import write_text
from app.ingest import import_paths
from app.model.vocabulary import rarity_by_number
from benchmarks.common import SNAPSHOT_0404, figure, percentile

ROWS = 10_000
RUNS = 50
REPEATS = 5
WINDOWS = 3
PAIRS = [("is:owned", ""), ("el:fire is:owned", "el:fire"), ("own>=2 t:ally", "t:ally"),
         ("is:foil-owned s:ALC", "s:ALC"), ("tag:trade", "")]


def write_rows(collection: object, target: Path) -> Path:
    """A 10,000-row collection CSV of real editions."""
    editions = collection.collection_editions()  # type: ignore[attr-defined]
    rows = []
    variants = [(foil, condition) for condition in ("", *CONDITIONS) for foil in (False, True)]
    for foil, condition in variants:
        for e in editions.by_uuid.values():
            rarity = rarity_by_number(e.rarity)
            rows.append((str(len(rows) % 4 + 1), e.name, e.set_prefix, e.collector_number,
                         rarity.code if rarity else "", "foil" if foil else "", condition,
                         "trade" if len(rows) % 9 == 0 else ""))
            if len(rows) == ROWS:
                body = csv_text([(*r[:6], r[6], "", r[7], "") for r in rows])
                write_text(target, body, newline="")
                return target
    raise AssertionError("not enough editions")


def main() -> None:
    """Build the catalogue and collection, measure, print the figures."""
    with tempfile.TemporaryDirectory() as tmp:
        services = build(tmp)
        import_paths(services.store, [SNAPSHOT_0404])
        catalogue = services.catalogue
        csv_file = write_rows(services.collection, Path(tmp) / "owned.csv")
        print(f"collection import ({ROWS:,} rows, real 2026-04-04 editions; median of "
              f"{REPEATS}, wall / CPU)")
        editions = services.collection.collection_editions()
        store = services.collection.collection_store()
        for reading in (False, True):
            walls, cpus = [], []
            for _ in range(REPEATS):
                store.replace([], "empty again")
                wall, cpu = time.perf_counter(), time.process_time()
                report = import_csv(store, services.collection.collection_editions() if reading
                                    else editions, csv_file)
                walls.append(time.perf_counter() - wall)
                cpus.append(time.process_time() - cpu)
            what = "reading the editions too" if reading else "editions already read"
            figure(f"import, {what}", ROWS / statistics.median(walls), "rows/s")
            figure("  by CPU time", ROWS / statistics.median(cpus), "rows/s")
        figure("rows reported (shared set, number and rarity)", len(report.problems), "rows")
        figure("entries kept", len(store.entries()), "entries")
        refused(Path(tmp), store, editions)
        print(f"Collection page (1280 × 800, offscreen; median of {WINDOWS} windows, wall / CPU)")
        runs = [page_paint(services, settle) for settle in (3.0, 0.0) for _ in range(WINDOWS)]
        for name, column in (("first paint, 3 s after the window's", 0),
                             ("repaint after an undo (editions kept)", 2),
                             ("first paint, right after the window's", 4)):
            part = runs[:WINDOWS] if column < 4 else runs[WINDOWS:]
            column = column % 4
            figure(name, statistics.median(r[column] for r in part), "ms")
            figure("  CPU", statistics.median(r[column + 1] for r in part), "ms")
        print(f"search with the collection attached (p95 and median of {RUNS}, 100 hits a "
              "page)")
        for owned, plain in PAIRS:
            with_it, without = timings(catalogue, owned), timings(catalogue, plain)
            figure(f"{owned!r} vs {plain or '(all cards)'!r}", with_it[0], "ms p95")
            figure("  ratio of p95s", with_it[0] / max(without[0], 1e-6), "×")
            figure("  ratio of medians", with_it[1] / max(without[1], 1e-6), "×")
            figure("  ratio of median CPU", with_it[2] / max(without[2], 1e-6), "×")
        services.store.close()


def refused(tmp: Path, store: CollectionStore, editions: object) -> None:
    """Seconds until bad files are refused."""
    huge = tmp / "huge.csv"
    with huge.open("wb") as handle:
        handle.write(b"Qty,Set,Number\n")
        handle.truncate(100 * 1024 * 1024)
    digits = tmp / "digits.csv"
    digits.write_text("Qty,Set,Number\n" + "1,ALC,001\n" * 9_000 + "9" * 5000 + ",ALC,002\n")
    for path, what in ((huge, "100 MB file"), (digits, "5,000-digit quantity on line 9,002")):
        started = time.perf_counter()
        try:
            import_csv(store, editions, path)  # type: ignore[arg-type]
        except InvalidData:
            figure(f"refusing a {what}", time.perf_counter() - started, "s")


def timings(catalogue: object, query: str) -> tuple[float, float, float]:
    """p95 and median milliseconds of one page of ``query``, and its median CPU ms."""
    run = catalogue.query  # type: ignore[attr-defined]
    run(query, limit=100)
    times, cpus = [], []
    for _ in range(RUNS):
        started, cpu = time.perf_counter(), time.process_time()
        run(query, limit=100)
        times.append((time.perf_counter() - started) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
    return percentile(times, 95), statistics.median(times), statistics.median(cpus)


def page_paint(services: object, settle_s: float) -> tuple[float, float, float, float]:
    """Milliseconds (wall, CPU) from showing the Collection tab ``settle_s`` after the
    window's first paint to its rows painted, and after an undo (the page reads the
    collection again)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QCoreApplication, QEventLoop, QTimer

    from app.gui.shell.app import create_application
    from app.gui.shell.main_window import MainWindow

    create_application()
    window = MainWindow(services, settings=None, dialogs=False)  # type: ignore[arg-type]
    window.resize(1280, 800)
    window.show()

    def wait(condition: Callable[[], bool]) -> None:
        # The application's own event loop, woken every 2 ms to test the condition: a loop
        # polling processEvents() in Python would take the GIL from the page's worker
        # thousands of times a second (as the idle application never does).
        deadline = time.monotonic() + 60
        loop = QEventLoop()
        tick = QTimer()
        tick.timeout.connect(lambda: (condition() or time.monotonic() > deadline)
                             and loop.quit())
        tick.start(2)
        if not condition():
            loop.exec()
        tick.stop()

    wait(lambda: window.first_painted)
    settle = time.monotonic() + settle_s  # the search page's results and thumbnails land
    wait(lambda: time.monotonic() > settle)
    page = window.collection  # built (its module imported) here, shown below
    loaded: list[float] = []
    painted = _Painted(page.rows.viewport())
    page.loaded.connect(lambda: (loaded.append(time.perf_counter()), painted.arm()))
    started, cpu = time.perf_counter(), time.process_time()
    window.show_page("collection")
    wait(lambda: bool(painted.at))
    first = (painted.at[0] - started) * 1000
    first_cpu = (painted.cpu[0] - cpu) * 1000
    store = services.collection.collection_store()  # type: ignore[attr-defined]
    store.change([(store.entries()[0].key, 1)], "one more")
    loaded.clear()
    painted.at.clear()
    painted.cpu.clear()
    started, cpu = time.perf_counter(), time.process_time()
    page.undo()
    wait(lambda: bool(painted.at))
    again = (painted.at[0] - started) * 1000
    again_cpu = (painted.cpu[0] - cpu) * 1000
    window.close()
    window.shutdown()
    QCoreApplication.processEvents()
    return first, first_cpu, again, again_cpu


def _Painted(viewport: Any) -> Any:
    """Records when ``viewport`` (the rows) is first painted after :meth:`arm`: the rows
    as the event loop paints them, the clock's end (a class made once Qt is imported)."""
    from PySide6.QtCore import QEvent, QObject

    class Painted(QObject):
        def __init__(self) -> None:
            super().__init__()
            self.armed = False
            self.at: list[float] = []
            self.cpu: list[float] = []
            viewport.installEventFilter(self)

        def arm(self) -> None:
            self.armed = True

        def eventFilter(self, watched: Any, event: Any) -> bool:
            if self.armed and event.type() == QEvent.Type.Paint:
                watched.parent().viewportEvent(event)  # the table paints its rows, then
                # the clock stops (the scroll area's own filter would have passed it on)
                self.at.append(time.perf_counter())
                self.cpu.append(time.process_time())
                self.armed = False
                return True
            return super().eventFilter(watched, event)

    return Painted()


if __name__ == "__main__":
    main()
