"""``archivist serve --workers N``: the application factory each uvicorn worker process calls.

uvicorn starts N processes (its own supervisor, not a home-made pool); each one imports this
module and builds its own read-only connection to the same catalogue file. The parent passes
the data folder in ``ARCHIVIST_DATA_DIR`` (app/paths.py) and verbosity in
``ARCHIVIST_VERBOSE``.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
from typing import Any

ENV_VERBOSE = "ARCHIVIST_VERBOSE"
ENV_SERVED_NAMES = "ARCHIVIST_SERVED_NAMES"
"""Off loopback: the Host names the workers answer (comma-separated; see app.server.guards)."""
FACTORY = "app.server.workers:app_from_environment"
PROTOCOL = "app.server.protocol:JsonErrorProtocol"
"""uvicorn's h11 protocol answering the requests it refuses itself with JSON."""


def log_requests_to_stderr() -> None:
    """One line per request on stderr, as well as in the log file."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(process)d %(message)s"))
    logging.getLogger("app.server").addHandler(handler)


def app_from_environment() -> Any:
    """The server application over the catalogue named by the environment (behind the
    ``Host`` check when the parent serves off loopback)."""
    from app.bootstrap import build
    from app.server.app import create_app
    from app.server.guards import HostCheck

    services = build(None, os.environ.get(ENV_VERBOSE) == "1", writing=False)
    log_requests_to_stderr()
    app = create_app(services.catalogue, services.events)
    names = os.environ.get(ENV_SERVED_NAMES)
    return HostCheck(app, set(names.split(","))) if names else app


def run_workers(listening: socket.socket, workers: int) -> None:
    """Run uvicorn's own multi-process supervisor over :func:`app_from_environment`.

    As ``uvicorn.run(..., workers=N)`` does, plus ``TCP_NODELAY`` on the shared listening
    socket (accepted connections inherit it on Linux): uvicorn binds that socket without
    naming the TCP protocol, so asyncio leaves Nagle's algorithm on for its connections and
    each two-write answer waited for the client's delayed ACK (about 40 ms).
    """
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    config = uvicorn.Config(FACTORY, factory=True, workers=workers, http=PROTOCOL,
                            access_log=False, log_level="warning", log_config=None)
    listening.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C stops the workers: not an error
        Multiprocess(config, sockets=[listening]).run()
