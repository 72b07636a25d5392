"""The subcommands of ``archivist``; each takes the parsed arguments and returns an exit status."""

from __future__ import annotations

import argparse
import logging
import socket
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from app.bootstrap import build
from app.cli.output import print_problems
from app.diskfull import write_failure
from app.errors import InvalidData, InvalidRequest, StoreError
from app.images.cache import write_atomic
from app.ingest import import_paths


def run_import(args: argparse.Namespace) -> int:
    """``archivist import PATH... [--images DIR]``: exit 0 when the import was written."""
    services = build(args.data_dir, args.verbose)
    images = _folder("--images", args.images)
    logos = _folder("--logos", args.logos)
    report = import_paths(
        services.store, [Path(p) for p in args.paths], images, services.images,
        logos, services.catalogue.logos, allow_older=args.allow_older,
    )
    print_problems(report.rejected)
    print_problems(report.write.refused)
    print_problems(report.write.kept_out, "kept out")
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
    services = build(args.data_dir, args.verbose, writing=False)
    from app.server.inprocess import dispatch

    response = dispatch(services.catalogue, args.api_path)
    if args.output:
        _write_output(Path(args.output), response.body)
    elif response.media_type == "application/json":
        sys.stdout.write(response.body.decode("utf-8") + "\n")
    else:
        sys.stdout.buffer.write(response.body)
    if response.status != 200:
        print(f"status {response.status}", file=sys.stderr)
        return 1
    return 0


def _write_output(target: Path, body: bytes) -> None:
    """Write ``body`` to ``target`` whole or not at all (a temporary file, then a rename).

    Raises:
        StoreError: the file cannot be written (a full disk); no partial file is left.
    """
    try:
        write_atomic(target, body)
    except OSError as exc:
        raise StoreError(f"Cannot write {target}: {write_failure(exc, target.parent)}") from exc


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
    """``archivist serve [--host H] [--port P] [--allow-host NAME]``: run the HTTP mirror until
    Ctrl-C. The port is checked and bound before anything is announced; off loopback, the
    ``Host`` header of each request is checked (:class:`app.server.guards.HostCheck`)."""
    import uvicorn

    from app.server import create_app
    from app.server.guards import LOOPBACK, HostCheck, served_names

    if not 1 <= args.port <= 65535:
        raise InvalidRequest(f"--port must be between 1 and 65535, not {args.port}")
    services = build(args.data_dir, args.verbose, writing=False)
    listening = _bind(args.host, args.port)
    requests = logging.StreamHandler()  # one line per request on stderr, as well as the log
    requests.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    logging.getLogger("app.server").addHandler(requests)
    app: Any = create_app(services.catalogue)
    if args.host not in LOOPBACK:
        names = served_names(args.host, args.allow_host or ())
        app = HostCheck(app, names)
        print(f"archivist: serving on {args.host}: reachable from other machines; answering "
              f"only requests for {', '.join(sorted(names))}", file=sys.stderr)
    print(f"Serving {services.paths.catalogue_file} on http://{args.host}:{args.port}/ "
          "(Ctrl-C stops)", file=sys.stderr)
    config = uvicorn.Config(app, access_log=False, log_level="warning", log_config=None)
    uvicorn.Server(config).run(sockets=[listening])
    return 0


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``.

    Raises:
        InvalidRequest: the address cannot be bound (in use, not this machine's, no right).
    """
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
    """Open the main window (imports Qt only now)."""
    from app.gui.shell.app import run_window

    return run_window(build(getattr(args, "data_dir", None), getattr(args, "verbose", False),
                            writing=False))


def run_screenshot(args: argparse.Namespace) -> int:
    """Render the window offscreen in the asked state and save a PNG."""
    from app.gui.devtools.screenshot import take_screenshot

    width, _, height = args.size.partition("x")
    return take_screenshot(
        build(args.data_dir, args.verbose, writing=False), Path(args.out), query=args.query,
        card=args.card,
        size=(int(width), int(height)), page=args.page, edition=args.edition, theme=args.theme,
    )
