"""Export and bundle figures on the real data.

Run: ``python -m benchmarks.export [--bundle DIST | --no-bundle]``. Prints figures; asserts nothing.

- export: the 423 real card images as rounded PNGs at their own size through
  :func:`app.export.run_export` (a process per core): seconds and images per second, next
  to the floor: Pillow's bare JPEG decode + PNG encode of the same files in the same output
  format (RGBA) at the rounded PNGs' zlib level and strategy, on one core divided by the
  cores used (the ideal parallel time), as a ratio, and as a ratio of CPU seconds; beside
  it the floors of :mod:`benchmarks.rounding` with ``Z_RLE`` (RGBA, and RGB without alpha:
  less work than the product's, the floor of the first figures);
- bundle: the size in MB of the PyInstaller one-folder bundle (built here with
  ``packaging/build.py`` unless ``--bundle DIST`` names a built ``dist`` folder);
- start-up: seconds for ``screenshot`` (process start → window painted with its visible
  thumbnails → PNG saved) from the bundle and from source (``python -m app``), median of 5
  each, in the same run, and ``--version`` (start and exit, no window), as ratios.
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

from app.bootstrap import build
from app.export import ExportOptions, run_export
from app.ingest import import_paths
from benchmarks.common import CARD_IMAGES, SNAPSHOT_0404, figure
from benchmarks.rounding import FLOORS

ROOT = Path(__file__).resolve().parents[1]
STARTUP_RUNS = 5


EXPORT_FLOORS = list(FLOORS)[:3]
"""The Pillow floors of :mod:`benchmarks.rounding` (the headline first)."""


def bare_seconds(files: list[Path], floor: str) -> tuple[float, float]:
    """Wall and CPU seconds of the ``floor`` work (a key of :data:`FLOORS`) on each file,
    one core."""
    work = FLOORS[floor]
    wall, cpu = time.perf_counter(), time.process_time()
    for path in files:
        work(path.read_bytes())
    return time.perf_counter() - wall, time.process_time() - cpu


def folder_mb(folder: Path) -> float:
    """Size of the files under ``folder`` in MB (10⁶ bytes), links not followed."""
    return sum(p.lstat().st_size for p in folder.rglob("*")
               if p.is_file() and not p.is_symlink()) / 1e6


def timed(command: list[str], home: Path) -> float:
    """Seconds ``command`` takes (offscreen, its own HOME); raises when it fails."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env.update(QT_QPA_PLATFORM="offscreen", HOME=str(home))
    started = time.perf_counter()
    subprocess.run(command, env=env, capture_output=True, timeout=300, check=True, cwd=ROOT)
    return time.perf_counter() - started


def export_figures(data: Path, out: Path) -> None:
    """The export of every stored image as a rounded PNG, and Pillow's bare baseline."""
    services = build(str(data))
    every = services.export.export_plan(query="")
    items = [i for i in every if services.images.find(i.image_file)]
    cores = os.cpu_count() or 1
    options = ExportOptions(folder=out, format="png-rounded", collision="replace")
    cpu_before = _cpu()
    started = time.perf_counter()
    report = run_export(items, options, services.images)
    seconds = time.perf_counter() - started
    cpu_main, cpu_workers = (after - before for after, before in zip(_cpu(), cpu_before,
                                                                    strict=True))
    files = [p for p in (services.images.find(i.image_file) for i in items) if p]
    cpu_export = cpu_main + cpu_workers
    print(f"Export of {len(report.written)} real images as rounded PNGs ({cores} cores)")
    figure("export seconds", seconds, "s")
    figure("export images per second", len(report.written) / seconds, "images/s")
    for number, floor in enumerate(EXPORT_FLOORS):
        bare, bare_cpu = bare_seconds(files, floor)
        indent = "" if number == 0 else "  "  # the headline floor first
        print(f"  {indent}floor: decode + {floor}")
        figure(f"{indent}one core", bare, "s")
        figure(f"{indent}ratio export / (that / cores)", seconds / (bare / cores), "x")
        figure(f"{indent}ratio export CPU (all processes) / that CPU", cpu_export / bare_cpu,
               "x")
    figure("CPU seconds in the worker processes", cpu_workers, "s")
    figure("CPU seconds in the main process", cpu_main, "s")
    figure("load average (1 min) after the export", os.getloadavg()[0], "")


def _cpu() -> tuple[float, float]:
    """CPU seconds (user + system) of this process and of its ended children."""
    import resource

    me, children = (resource.getrusage(who) for who in
                    (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return me.ru_utime + me.ru_stime, children.ru_utime + children.ru_stime


def bundle_figures(dist: Path, data: Path, home: Path) -> None:
    """The bundle's size and its start-up next to the source run's."""
    bundle = dist / "Archivist"
    print(f"Bundle {bundle}")
    figure("bundle size", folder_mb(bundle), "MB")
    shot = ["screenshot", "--data-dir", str(data), str(data / "shot.png")]
    frozen_shot = [str(bundle / "Archivist"), *shot]
    source_shot = [sys.executable, "-m", "app", *shot]
    timed(source_shot, home)  # warm the thumbnail cache and the OS file cache
    timed(frozen_shot, home)
    runs = {name: statistics.median(timed(cmd, home) for _ in range(STARTUP_RUNS))
            for name, cmd in (("bundle screenshot", frozen_shot),
                              ("source screenshot", source_shot),
                              ("bundle --version", [str(bundle / "Archivist"), "--version"]),
                              ("source --version", [sys.executable, "-m", "app", "--version"]))}
    print(f"Start-up, median of {STARTUP_RUNS} (offscreen, warm caches)")
    for name, seconds in runs.items():
        figure(name, seconds, "s")
    figure("ratio bundle / source (screenshot)",
           runs["bundle screenshot"] / runs["source screenshot"], "x")
    figure("ratio bundle / source (--version)",
           runs["bundle --version"] / runs["source --version"], "x")


def main() -> None:
    """Run every measurement and print the figures."""
    parser = argparse.ArgumentParser(description="export and bundle figures")
    parser.add_argument("--bundle", type=Path, help="a built dist folder (default: build one)")
    parser.add_argument("--no-bundle", action="store_true", help="the export figures only")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        services = build(str(root / "data"))
        import_paths(services.store, [SNAPSHOT_0404], CARD_IMAGES, services.images)
        services.store.close()
        export_figures(root / "data", root / "export")
        if args.no_bundle:
            return
        dist = args.bundle
        if dist is None:
            started = time.perf_counter()
            subprocess.run([sys.executable, str(ROOT / "packaging" / "build.py"), "--dist",
                            str(root / "dist"), "--work", str(root / "work")],
                           check=True, capture_output=True, cwd=ROOT)
            figure("bundle build seconds", time.perf_counter() - started, "s")
            dist = root / "dist"
        (root / "home").mkdir()
        bundle_figures(dist.resolve(), root / "data", root / "home")


if __name__ == "__main__":
    main()
