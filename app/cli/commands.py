"""The subcommands of ``archivist``; each takes the parsed arguments and returns an exit status."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

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
    print_problems(report.rejected)
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
    """``archivist get API_PATH [-o FILE]``: print the body (or write it to FILE); exit 0
    only on status 200. An error answer is never written to FILE (it stays as it was): its
    message goes to stderr on one line with the status."""
    services = build(args.data_dir, args.verbose)
    from app.server.inprocess import dispatch

    response = dispatch(services.catalogue, args.api_path)
    if response.status != 200:
        if args.output:
            print(f"archivist get: status {response.status}: {_error_text(response.body)} "
                  f"({args.output} not written)", file=sys.stderr)
            return 1
        _print_body(response.body, response.media_type)
        print(f"status {response.status}", file=sys.stderr)
        return 1
    if args.output:
        Path(args.output).write_bytes(response.body)
    else:
        _print_body(response.body, response.media_type)
    return 0


def _print_body(body: bytes, media_type: str | None) -> None:
    if media_type == "application/json":
        sys.stdout.write(body.decode("utf-8") + "\n")
    else:
        sys.stdout.buffer.write(body)


def _error_text(body: bytes) -> str:
    """The message of an ``{"error": "..."}`` body, else the body's first line."""
    try:
        message = json.loads(body).get("error")
    except (ValueError, AttributeError):
        message = None
    text = str(message) if message else body.decode("utf-8", "replace").strip()
    return text.splitlines()[0] if text else "no message"


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
    """``archivist serve [--host H] [--port P] [--workers N]``: run the HTTP mirror until
    Ctrl-C; with N > 1, uvicorn runs N worker processes over the same catalogue file."""
    import os

    import uvicorn

    from app.paths import ENV_DATA_DIR
    from app.server import create_app
    from app.server.workers import ENV_VERBOSE, log_requests_to_stderr, run_workers

    workers = getattr(args, "workers", 1)
    if not 1 <= workers <= 64:
        raise InvalidData("--workers must be between 1 and 64")
    services = build(args.data_dir, args.verbose)  # creates and migrates the file once
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print(f"archivist: serving on {args.host}: reachable from other machines", file=sys.stderr)
    print(f"Serving {services.paths.catalogue_file} on http://{args.host}:{args.port}/ "
          f"with {workers} worker{'s' if workers > 1 else ''} (Ctrl-C stops)", file=sys.stderr)
    options: dict[str, Any] = {"host": args.host, "port": args.port, "access_log": False,
                               "log_level": "warning", "log_config": None}
    if workers == 1:
        log_requests_to_stderr()
        uvicorn.run(create_app(services.catalogue), **options)
        return 0
    if args.data_dir:  # otherwise the workers resolve the same default folders
        os.environ[ENV_DATA_DIR] = str(Path(args.data_dir).expanduser().resolve())
    os.environ[ENV_VERBOSE] = "1" if args.verbose else "0"
    run_workers(args.host, args.port, workers)
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
        deck=Path(args.deck) if args.deck else None,
    )
