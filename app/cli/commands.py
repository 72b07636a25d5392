"""The subcommands of ``archivist``; each takes the parsed arguments and returns an exit status."""

from __future__ import annotations

import argparse
import errno
import os
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.bootstrap import build
from app.errors import InvalidData, InvalidRequest, StoreError

if TYPE_CHECKING:
    import socket


def run_import(args: argparse.Namespace) -> int:
    """``archivist import PATH... [--images DIR]``: exit 0 when the import was written."""
    from app.cli.output import print_problems
    from app.ingest import import_paths

    services = build(args.data_dir, args.verbose)
    images = _folder("--images", args.images)
    logos = _folder("--logos", args.logos)
    report = import_paths(
        services.store, [Path(p) for p in args.paths], images, services.images,
        logos, services.catalogue.logos, allow_older=args.allow_older,
    )
    log_file = services.paths.logs / "archivist.log"
    print_problems(report.rejected, args.verbose, "import", log_file)
    print_problems(report.write.refused, args.verbose, "import", log_file)
    print_problems(report.write.kept_out, args.verbose, "import", log_file, "kept out")
    print(report.summary(args.verbose))
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
    services = build(args.data_dir, args.verbose, writing=False)
    from app.server.inprocess import InProcessClient, direct

    path = args.api_path if args.api_path.startswith("/") else "/" + args.api_path
    # the stored events (and the decks they read) are loaded only for the routes
    response = (direct(services.catalogue, path)
                or InProcessClient(services.catalogue, services.events).get(path))
    if response.status != 200:
        if args.output:
            print(f"archivist get: status {response.status}: {_error_text(response.body)} "
                  f"({args.output} not written)", file=sys.stderr)
            return 1
        _print_body(response.body, response.media_type)
        print(f"status {response.status}", file=sys.stderr)
        return 1
    if args.output:
        _write_output(Path(args.output), response.body)
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
    import json  # only here: the window's start need not load it

    try:
        message = json.loads(body).get("error")
    except (ValueError, AttributeError):
        message = None
    text = str(message) if message else body.decode("utf-8", "replace").strip()
    return text.splitlines()[0] if text else "no message"


def _write_output(target: Path, body: bytes) -> None:
    """Write ``body`` to ``target`` whole or not at all (:func:`app.files.write_bytes`).

    Raises:
        FileNotFoundError: the folder of ``target`` does not exist (``-o`` creates none).
        NotAFile: ``target`` is a folder, a device or a FIFO (refused, left as it is).
        StoreError: the file cannot be written (a full disk); no partial file is left.
    """
    from app.diskfull import write_failure
    from app.files import check_target, write_bytes

    if not target.parent.is_dir():
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(target))
    check_target(target)
    try:
        write_bytes(target, body)
    except OSError as exc:
        raise StoreError(f"Cannot write {target}: {write_failure(exc, target.parent)}") from exc


def run_demo_thema(args: argparse.Namespace) -> int:
    """``archivist demo-thema``: generated history for every dynamic edition (demo data)."""
    from app.catalogue.thema_dates import parse_date
    from app.ingest.thema import import_generated_history

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
    """``archivist serve [--host H] [--port P] [--workers N] [--allow-host NAME]``: run the
    HTTP mirror until Ctrl-C; with N > 1, uvicorn runs N worker processes over the same
    catalogue file. The port is checked and bound before anything is announced; off loopback,
    the ``Host`` header of each request is checked (:class:`app.server.guards.HostCheck`)."""
    import uvicorn

    from app.paths import ENV_DATA_DIR
    from app.server import create_app
    from app.server.guards import LOOPBACK, HostCheck, served_names
    from app.server.protocol import JsonErrorProtocol
    from app.server.workers import (
        ENV_SERVED_NAMES,
        ENV_VERBOSE,
        log_requests_to_stderr,
        run_workers,
    )

    workers = getattr(args, "workers", 1)
    if not 1 <= workers <= 64:
        raise InvalidData("--workers must be between 1 and 64")
    if not 1 <= args.port <= 65535:
        raise InvalidRequest(f"--port must be between 1 and 65535, not {args.port}")
    services = build(args.data_dir, args.verbose, writing=False)
    names = None if args.host in LOOPBACK else served_names(args.host, args.allow_host or ())
    listening = _bind(args.host, args.port)
    if names is not None:
        print(f"archivist: serving on {args.host}: reachable from other machines; answering "
              f"only requests for {', '.join(sorted(names))}", file=sys.stderr)
    print(f"Serving {services.paths.catalogue_file} on http://{args.host}:{args.port}/ "
          f"with {workers} worker{'s' if workers > 1 else ''} (Ctrl-C stops)", file=sys.stderr)
    if workers == 1:
        log_requests_to_stderr()
        app: Any = create_app(services.catalogue, services.events)
        if names is not None:
            app = HostCheck(app, names)
        config = uvicorn.Config(app, access_log=False, log_level="warning", log_config=None,
                                http=JsonErrorProtocol)
        uvicorn.Server(config).run(sockets=[listening])
        return 0
    if args.data_dir:  # otherwise the workers resolve the same default folders
        os.environ[ENV_DATA_DIR] = str(Path(args.data_dir).expanduser().resolve())
    os.environ[ENV_VERBOSE] = "1" if args.verbose else "0"
    if names is not None:
        os.environ[ENV_SERVED_NAMES] = ",".join(sorted(names))
    run_workers(listening, workers)
    return 0


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``.

    Raises:
        InvalidRequest: the address cannot be bound (in use, not this machine's, no right).
    """
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        family, kind, proto, _, address = infos[0]
        listening = socket.socket(family, kind, proto)
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind(address)
        listening.listen(2048)
    except OSError as exc:
        raise InvalidRequest(f"Cannot serve on {host}:{port}: "
                             f"{exc.strerror or exc}") from None
    listening.set_inheritable(True)
    return listening


def run_gui(args: argparse.Namespace) -> int:
    """Open the main window (imports Qt only now); the catalogue opens once it is painted.
    Raises WindowLibrariesMissing (before Qt, which would abort) when the display plugin
    cannot load."""
    from app.desktop_libs import check_window_libraries

    check_window_libraries()
    from app.gui.shell.app import run_window
    from app.paths import resolve_paths

    data_dir, verbose = getattr(args, "data_dir", None), getattr(args, "verbose", False)
    return run_window(resolve_paths(data_dir), lambda: build(data_dir, verbose, writing=False))


def run_screenshot(args: argparse.Namespace) -> int:
    """Render the window offscreen in the asked state and save a PNG."""
    from app.desktop_libs import check_window_libraries

    check_window_libraries()  # with a display and no QT_QPA_PLATFORM, Qt uses xcb
    from app.gui.devtools.screenshot import take_screenshot

    width, _, height = args.size.partition("x")
    services = build(args.data_dir, args.verbose, writing=False)
    # a name, or a slug the card had, is the card's slug now; an unknown card is an error
    card = services.history.card_slug(args.card) if args.card else None
    return take_screenshot(
        services, Path(args.out), query=args.query,
        card=card,
        size=(int(width), int(height)), page=args.page, edition=args.edition, theme=args.theme,
        deck=Path(args.deck) if args.deck else None,
        feature=args.feature,
        photos=Path(args.photos) if args.photos else None,
    )
