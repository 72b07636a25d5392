"""The subcommands of ``archivist``; each takes the parsed arguments and returns an exit status."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.bootstrap import build
from app.catalogue.routes import dispatch
from app.errors import InvalidData
from app.ingest import import_paths

MAX_LISTED_PROBLEMS = 50


def run_import(args: argparse.Namespace) -> int:
    """``archivist import PATH... [--images DIR]``: exit 0 when the import was written."""
    services = build(args.data_dir, args.verbose)
    images = Path(args.images) if args.images else None
    if images is not None and not images.is_dir():
        raise InvalidData(f"--images {images}: not a folder")
    report = import_paths(
        services.store, [Path(p) for p in args.paths], images, services.images
    )
    for problem in report.rejected[:MAX_LISTED_PROBLEMS]:
        print(f"rejected: {problem}", file=sys.stderr)
    if len(report.rejected) > MAX_LISTED_PROBLEMS:
        rest = len(report.rejected) - MAX_LISTED_PROBLEMS
        print(f"rejected: … and {rest} more (see the log)", file=sys.stderr)
    print(report.summary())
    return 0


def run_get(args: argparse.Namespace) -> int:
    """``archivist get API_PATH [-o FILE]``: print the body; exit 0 only on status 200."""
    services = build(args.data_dir, args.verbose)
    response = dispatch(services.catalogue, args.api_path)
    if args.output:
        Path(args.output).write_bytes(response.body)
    elif response.media_type == "application/json":
        sys.stdout.write(response.body.decode("utf-8") + "\n")
    else:
        sys.stdout.buffer.write(response.body)
    if response.status != 200:
        print(f"status {response.status}", file=sys.stderr)
        return 1
    return 0


def run_gui(args: argparse.Namespace) -> int:
    """Open the main window (imports Qt only now)."""
    from app.gui.app import run_window

    return run_window(build(getattr(args, "data_dir", None), getattr(args, "verbose", False)))


def run_screenshot(args: argparse.Namespace) -> int:
    """Render the window offscreen in the asked state and save a PNG."""
    from app.gui.screenshot import take_screenshot

    width, _, height = args.size.partition("x")
    return take_screenshot(
        build(args.data_dir, args.verbose), Path(args.out), query=args.query, card=args.card,
        size=(int(width), int(height)),
    )
