"""The subcommands of ``archivist``; each takes the parsed arguments and returns an exit status."""

from __future__ import annotations

import argparse
import logging
import sys
from datetime import UTC, datetime
from pathlib import Path

from app.bootstrap import build
from app.cli.output import print_problems
from app.errors import InvalidData
from app.ingest import import_paths


def run_import(args: argparse.Namespace) -> int:
    """``archivist import PATH... [--images DIR]``: exit 0 when the import was written."""
    services = build(args.data_dir, args.verbose)
    images = _folder("--images", args.images)
    logos = _folder("--logos", args.logos)
    report = import_paths(
        services.store, [Path(p) for p in args.paths], images, services.images,
        logos, services.catalogue.logos,
    )
    print_problems(report.rejected, args.verbose, "import",
                   services.paths.logs / "archivist.log")
    print(report.summary())
    return 0


def _folder(option: str, value: str | None) -> Path | None:
    if value is None:
        return None
    folder = Path(value)
    if not folder.is_dir():
        raise InvalidData(f"{option} {folder}: not a folder")
    return folder


def run_get(args: argparse.Namespace) -> int:
    """``archivist get API_PATH [-o FILE]``: print the body; exit 0 only on status 200."""
    services = build(args.data_dir, args.verbose)
    from app.server.inprocess import dispatch

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


def run_demo_thema(args: argparse.Namespace) -> int:
    """``archivist demo-thema``: generated history for every dynamic edition (demo data)."""
    from app.ingest.thema import import_generated_history
    from app.thema.dates import parse_date

    services = build(args.data_dir, args.verbose)
    end = parse_date(args.end, "--end") if args.end else datetime.now(UTC).date()
    if not 1 <= args.days <= 3660:
        raise InvalidData("--days must be between 1 and 3660")
    count = import_generated_history(services.store, end=end, days=args.days, seed=args.seed)
    if count == 0:
        print("No edition with dynamic Thema scores in the catalogue: import cards first.")
        return 1
    print(f"Wrote {count} GENERATED Thema history entries ending {end.isoformat()} "
          f"(demo data, not real scores).")
    return 0


def run_serve(args: argparse.Namespace) -> int:
    """``archivist serve [--host H] [--port P]``: run the HTTP mirror until Ctrl-C."""
    import uvicorn

    from app.server import create_app

    services = build(args.data_dir, args.verbose)
    requests = logging.StreamHandler()  # one line per request on stderr, as well as the log
    requests.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    logging.getLogger("app.server").addHandler(requests)
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print(f"archivist: serving on {args.host}: reachable from other machines", file=sys.stderr)
    print(f"Serving {services.paths.catalogue_file} on http://{args.host}:{args.port}/ "
          "(Ctrl-C stops)", file=sys.stderr)
    uvicorn.run(create_app(services.catalogue), host=args.host, port=args.port,
                access_log=False, log_level="warning", log_config=None)
    return 0


def run_gui(args: argparse.Namespace) -> int:
    """Open the main window (imports Qt only now)."""
    from app.gui.shell.app import run_window

    return run_window(build(getattr(args, "data_dir", None), getattr(args, "verbose", False)))


def run_screenshot(args: argparse.Namespace) -> int:
    """Render the window offscreen in the asked state and save a PNG."""
    from app.gui.devtools.screenshot import take_screenshot

    width, _, height = args.size.partition("x")
    return take_screenshot(
        build(args.data_dir, args.verbose), Path(args.out), query=args.query, card=args.card,
        size=(int(width), int(height)), page=args.page, edition=args.edition, theme=args.theme,
        feature=args.feature,
    )
