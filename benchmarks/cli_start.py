"""A one-shot command from process start to exit: ``archivist search "el:fire"``,
``archivist --version`` and ``archivist --help`` next to ``python -c pass``.

Run: ``python -m benchmarks.cli_start [--data-dir DIR] [--runs N] [--compare CHECKOUT]``.
Prints figures; asserts nothing.

Each run is a fresh process of this Python: the bare side runs ``-c pass``, Archivist's
runs ``-m app search "el:fire" --data-dir DIR`` (its output goes nowhere). Runs alternate
(bare, Archivist[, the other checkout]) so a busy moment hits them alike; the figures are
medians of wall time and of the child's CPU time (user + system, from ``wait4``: less noisy
when other work shares the cores) and their ratios to the bare side. ``--compare`` runs a
second checkout's ``app`` (e.g. ``git archive main | tar -x -C /tmp/base``) in the same
alternation, over the same catalogue or ``--compare-data-dir`` (a checkout of an older
schema would refuse a migrated file: give it a copy made before).

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


def run_once(args: list[str], checkout: str | None, bytecode: str) -> tuple[float, float]:
    """``(wall s, CPU s)`` of one child ``python ARGS`` (``checkout`` on its path)."""
    env = {**os.environ, "PYTHONPYCACHEPREFIX": bytecode}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if checkout is not None:
        env["PYTHONPATH"] = checkout
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
            compare_data_dir: str | None = None) -> None:
    """Alternate the sides ``runs`` times (after one untimed run each) and print medians."""
    search = ["-m", "app", "search", QUERY, "--data-dir"]
    sides: list[tuple[str, list[str], str | None]] = [
        ("python -c pass", ["-c", "pass"], None),
        ("archivist search", [*search, data_dir], ROOT)]
    if compare is not None:
        sides.append(("archivist search (compared)", [*search, compare_data_dir or data_dir],
                      compare))
    for option in ("--version", "--help"):
        sides.append((f"archivist {option}", ["-m", "app", option], ROOT))
        if compare is not None:
            sides.append((f"archivist {option} (compared)", ["-m", "app", option], compare))
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name, _, _ in sides}
    with tempfile.TemporaryDirectory() as bytecode:
        for _, args, checkout in sides:
            run_once(args, checkout, bytecode)  # compiles the modules
        for _ in range(runs):
            for name, args, checkout in sides:
                samples[name].append(run_once(args, checkout, bytecode))
    bare_wall = statistics.median(w for w, _ in samples[sides[0][0]])
    bare_cpu = statistics.median(c for _, c in samples[sides[0][0]])
    print(f'process start to exit, median of {runs} alternating runs ({QUERY!r}):')
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
    args = parser.parse_args()
    if args.data_dir is not None:
        measure(args.data_dir, args.runs, args.compare, args.compare_data_dir)
        return
    from app.bootstrap import build
    from app.ingest import import_paths

    with tempfile.TemporaryDirectory() as tmp:
        import_paths(build(tmp).store, [SNAPSHOT_0404])
        measure(tmp, args.runs, args.compare)


if __name__ == "__main__":
    main()
