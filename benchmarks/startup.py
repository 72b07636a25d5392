"""Start-up figures: the real ``archivist gui`` entry next to a bare PySide6 window.

Run: ``python -m benchmarks.startup [--data-dir DIR] [--runs N] [--compare CHECKOUT]``.
Prints figures; asserts nothing.

Each run is a fresh process (offscreen). The Archivist process runs the real entry,
``app.cli.main.main(["gui", "--data-dir", DIR])``; the only thing the benchmark adds is an
event filter on the window the platform activates (the bare window gets the same), which
notes:

- window: the first Paint of that window (the main window): when a person sees it;
- catalogue: ``MainWindow.firstPainted`` (the first results, or the first-run page of an
  empty catalogue, painted): when a person can use the catalogue.

Both are printed as wall seconds from starting the process and as the child's CPU seconds
(``time.process_time`` at that moment: less noisy when other work shares the cores),
medians over the runs, and as ratios to the bare window's first paint. Runs alternate
(bare, Archivist[, the other checkout]) so a busy moment hits them alike. ``--compare``
runs a second checkout's ``app`` (e.g. ``git archive main | tar -x -C /tmp/base``) in the
same alternation, for before/after figures from one run, over a catalogue that checkout
imported itself (its schema version may differ).

Python modules are compiled once before the timed runs (into a temporary
``PYTHONPYCACHEPREFIX``, also when ``PYTHONDONTWRITEBYTECODE`` is set), as an installed
package or the bundle has them: PySide6's are, and compiling Archivist's ~150 modules at
every start would be measured otherwise.

Without ``--data-dir`` the real 2026-04-04 snapshot and its images are imported into a
temporary folder first.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import figure

ROOT = str(Path(__file__).resolve().parents[1])

_WATCH = r"""
import sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication

class Watch(QObject):
    seen = False
    def attach(self, _window):
        # the platform activates a new window before exposing it: watch that one widget
        # (an application-wide filter would wrap every object Qt sends an event to)
        if not self.seen:
            for widget in QApplication.topLevelWidgets():
                if widget.isVisible():
                    widget.installEventFilter(self)
    def eventFilter(self, obj, event):
        if not self.seen and event.type() == QEvent.Type.Paint:
            self.seen = True
            print("window", time.time(), time.process_time(), flush=True)
            if hasattr(obj, "firstPainted"):
                obj.firstPainted.connect(ready)
            else:
                QTimer.singleShot(0, lambda: QApplication.instance().exit(0))
        return False

def ready():
    print("catalogue", time.time(), time.process_time(), flush=True)
    QApplication.instance().exit(0)

watch = Watch()
"""

_BARE = _WATCH + r"""
from PySide6.QtWidgets import QLabel
app = QApplication(sys.argv)
app.focusWindowChanged.connect(watch.attach)
label = QLabel("Archivist")
label.resize(1280, 800)
label.show()
sys.exit(app.exec())
"""

_APP = _WATCH + r"""
from app.gui.shell.app import create_application
create_application().focusWindowChanged.connect(watch.attach)  # the entry gets this one
from app.cli.main import main
sys.exit(main(["gui", "--data-dir", sys.argv[1]]))
"""


def _run(script: str, args: list[str], checkout: str | None, bytecode: str
         ) -> dict[str, tuple[float, float]]:
    """One fresh process: {mark: (wall seconds since the start, CPU seconds)}.

    ``checkout``: the folder whose ``app`` the process imports (None: this one); the process
    runs there (``python -c`` puts its working folder first on the import path).
    ``bytecode``: the folder of compiled modules (``PYTHONPYCACHEPREFIX``).
    """
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPYCACHEPREFIX": bytecode}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if checkout:
        env["PYTHONPATH"] = checkout
    started = time.time()
    proc = subprocess.run([sys.executable, "-c", script, *args], capture_output=True,
                          text=True, env=env, timeout=120, check=False, cwd=checkout or ROOT)
    marks = {}
    for line in proc.stdout.splitlines():
        mark, wall, cpu = line.split()
        marks[mark] = (float(wall) - started, float(cpu))
    if proc.returncode != 0 or "window" not in marks:
        raise RuntimeError(f"start-up run failed ({proc.returncode}): {proc.stderr[-800:]}")
    return marks


_IMPORT = r"""
import sys
from app.bootstrap import build
from app.ingest import import_paths
from benchmarks.common import CARD_IMAGES, SNAPSHOT_0404
services = build(sys.argv[1])
import_paths(services.store, [SNAPSHOT_0404], CARD_IMAGES, services.images)
services.store.close()
"""


def _import_with(checkout: str, folder: str) -> None:
    """Import the real snapshot into ``folder`` with ``checkout``'s own code (its schema
    version may differ from this one's: each checkout opens a catalogue it made)."""
    env = {**os.environ, "PYTHONPATH": checkout}
    proc = subprocess.run([sys.executable, "-c", _IMPORT, folder], env=env, cwd=checkout,
                          check=False, timeout=600, capture_output=True, text=True)
    if proc.returncode != 0:  # e.g. no ../shared beside that checkout
        raise RuntimeError(f"import with {checkout} failed: {proc.stderr[-800:]}")


def measure(data_dir: str, runs: int, compare: str | None = None,
            compare_dir: str | None = None) -> None:
    """Print the start-up figures over ``data_dir`` (median of ``runs`` alternating runs);
    ``compare`` runs over ``compare_dir`` (a catalogue that checkout made)."""
    kinds = {"bare": (_BARE, [], None), "Archivist": (_APP, [data_dir], None)}
    if compare:
        kinds[f"Archivist at {compare}"] = (_APP, [compare_dir or data_dir], compare)
    samples: dict[str, list[dict[str, tuple[float, float]]]] = {k: [] for k in kinds}
    with tempfile.TemporaryDirectory(prefix="archivist-bytecode-") as bytecode:
        for script, args, path in kinds.values():  # compiles the modules, untimed
            _run(script, args, path, bytecode)
        for _ in range(runs):
            for name, (script, args, path) in kinds.items():
                samples[name].append(_run(script, args, path, bytecode))

    def median(name: str, mark: str, which: int) -> float:
        return statistics.median(s[mark][which] for s in samples[name])

    bare_wall, bare_cpu = median("bare", "window", 0), median("bare", "window", 1)
    print(f"Start-up, median of {runs} alternating runs (offscreen; wall s / CPU s; modules "
          "compiled once before, as an installed package has them)")
    figure("bare PySide6 window with one label, wall", bare_wall, "s")
    figure("bare PySide6 window with one label, CPU", bare_cpu, "s")
    for name in list(kinds)[1:]:
        for mark, what in (("window", "window painted"), ("catalogue", "catalogue shown")):
            wall, cpu = median(name, mark, 0), median(name, mark, 1)
            print(f" {name}: {what}")
            figure("wall", wall, "s")
            figure("CPU", cpu, "s")
            figure("ratio to bare, wall", wall / bare_wall, "x")
            figure("ratio to bare, CPU", cpu / bare_cpu, "x")


def main() -> None:
    """Parse the options, make a catalogue if none was named, and measure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", help="an existing catalogue folder (default: import one)")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--compare", metavar="CHECKOUT",
                        help="another checkout whose app/ is measured in the same run")
    options = parser.parse_args()
    compare = str(Path(options.compare).resolve()) if options.compare else None
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = options.data_dir or str(Path(tmp) / "catalogue")
        if not options.data_dir:
            _import_with(ROOT, data_dir)
        compare_dir = str(Path(tmp) / "compared")
        if compare:
            _import_with(compare, compare_dir)
        measure(data_dir, options.runs, compare, compare_dir)


if __name__ == "__main__":
    main()
