"""One-shot commands from process start to exit: ``archivist --version``, ``--help``,
``get /`` and ``search "el:fire"``, each next to ``python -c pass``.

Run: ``python -m benchmarks.cli_start [--data-dir DIR] [--runs N] [--compare CHECKOUT]
[--module]``. Prints figures; asserts nothing.

Each run is a fresh process of this Python, started the way a person starts it: the
console script ``archivist`` that pip writes for ``[project.scripts]`` (its text is
:data:`WRAPPER`: it imports ``re`` and ``sys``, then ``app.cli.main``, and calls ``main()``),
run as ``python WRAPPER ARGS``. ``--module`` runs ``python -m app ARGS`` instead (``runpy``
and ``app/__main__.py``: what a source checkout offers). The bare side runs ``-c pass``.
Output goes nowhere. Runs alternate (bare, each command[, the other checkout's]) so a busy
moment hits them alike; the figures are medians of wall time and of the child's CPU time
(user + system, from ``wait4``: less noisy when other work shares the cores) and their
ratios to the bare side. ``--compare`` runs a second checkout's ``app`` (e.g. ``git archive
main | tar -x -C /tmp/base``) in the same alternation, over the same catalogue or
``--compare-data-dir`` (a checkout of an older schema would refuse a migrated file: give it
a copy made before).

Modules are compiled once before the timed runs (into a temporary ``PYTHONPYCACHEPREFIX``,
also when ``PYTHONDONTWRITEBYTECODE`` is set), as an installed package has them.

Without ``--data-dir`` the real 2026-04-04 snapshot is imported into a temporary folder.
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

from benchmarks.common import SNAPSHOT_0404, figure

ROOT = str(Path(__file__).resolve().parents[1])
QUERY = "el:fire"
WRAPPER = r"""# -*- coding: utf-8 -*-
import re
import sys
from app.cli.main import main
if __name__ == '__main__':
    sys.argv[0] = re.sub(r'(-script\.pyw|\.exe)?$', '', sys.argv[0])
    sys.exit(main())
"""
"""The console script pip generates for ``archivist = "app.cli.main:main"`` (its shebang
line aside)."""


def commands(data_dir: str) -> dict[str, list[str]]:
    """Each measured command's name → its arguments after ``archivist``."""
    return {"--version": ["--version"], "--help": ["--help"],
            "get /": ["--data-dir", data_dir, "get", "/"],
            "search": ["--data-dir", data_dir, "search", QUERY]}


def run_once(args: list[str], checkout: str | None, bytecode: str) -> tuple[float, float]:
    """``(wall s, CPU s)`` of one child ``python ARGS`` (``checkout``'s app on its path,
    default this one)."""
    env = {**os.environ, "PYTHONPYCACHEPREFIX": bytecode, "PYTHONPATH": checkout or ROOT}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, *args], env=env, cwd=checkout or ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    proc.returncode = os.waitstatus_to_exitcode(status)
    error = proc.stderr.read() if proc.stderr else b""
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed ({proc.returncode}): {error.decode()[-500:]}")
    return wall, usage.ru_utime + usage.ru_stime


def measure(data_dir: str, runs: int, compare: str | None,
            compare_data_dir: str | None = None, module: bool = False) -> None:
    """Alternate the sides ``runs`` times (after one untimed run each) and print medians."""
    with tempfile.TemporaryDirectory() as tmp:
        wrapper = Path(tmp) / "archivist"
        wrapper.write_text(WRAPPER, encoding="utf-8")
        start = ["-m", "app"] if module else [str(wrapper)]
        sides: list[tuple[str, list[str], str | None]] = [("python -c pass", ["-c", "pass"], None)]
        theirs = commands(compare_data_dir or data_dir)
        for name, args in commands(data_dir).items():
            sides.append((f"archivist {name}", [*start, *args], ROOT))
            if compare is not None:
                sides.append((f"archivist {name} (compared)", [*start, *theirs[name]], compare))
        samples: dict[str, list[tuple[float, float]]] = {name: [] for name, _, _ in sides}
        bytecode = str(Path(tmp) / "bytecode")
        for _, args, checkout in sides:
            run_once(args, checkout, bytecode)  # compiles the modules
        for _ in range(runs):
            for name, args, checkout in sides:
                samples[name].append(run_once(args, checkout, bytecode))
    bare_wall = statistics.median(w for w, _ in samples[sides[0][0]])
    bare_cpu = statistics.median(c for _, c in samples[sides[0][0]])
    how = "python -m app" if module else "the console script (pip's wrapper)"
    print(f"process start to exit, median of {runs} alternating runs, run as {how} "
          f"(search {QUERY!r}):")
    for name, _, _ in sides:
        wall = statistics.median(w for w, _ in samples[name])
        cpu = statistics.median(c for _, c in samples[name])
        figure(f"{name} wall", wall, "s")
        figure(f"{name} CPU", cpu, "s")
        if name != sides[0][0]:
            figure(f"{name} ÷ bare, wall", wall / bare_wall, "x")
            figure(f"{name} ÷ bare, CPU", cpu / bare_cpu, "x")


def main() -> None:
    """Parse the options, import the snapshot when no folder is given, measure."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.cli_start")
    parser.add_argument("--data-dir", help="a catalogue folder (default: import the snapshot)")
    parser.add_argument("--runs", type=int, default=11, help="alternating runs (default 11)")
    parser.add_argument("--compare", metavar="CHECKOUT", help="another checkout to run too")
    parser.add_argument("--compare-data-dir", metavar="DIR",
                        help="the compared checkout's catalogue folder (default: --data-dir)")
    parser.add_argument("--module", action="store_true",
                        help="run `python -m app` instead of the console script")
    args = parser.parse_args()
    compare = str(Path(args.compare).resolve()) if args.compare else None
    if args.data_dir is not None:
        measure(args.data_dir, args.runs, compare, args.compare_data_dir, args.module)
        return
    from app.bootstrap import build
    from app.ingest import import_paths

    with tempfile.TemporaryDirectory() as tmp:
        import_paths(build(tmp).store, [SNAPSHOT_0404])
        measure(tmp, args.runs, compare, None, args.module)


if __name__ == "__main__":
    main()
