"""``archivist serve --workers N``: the application factory each uvicorn worker process calls.

uvicorn starts N processes (its own supervisor, not a home-made pool); each one imports this
module and builds its own read-only connection to the same catalogue file. The parent passes
the data folder in ``ARCHIVIST_DATA_DIR`` (app/paths.py) and verbosity in
``ARCHIVIST_VERBOSE``.
"""

from __future__ import annotations

import logging
import os

from fastapi import FastAPI

ENV_VERBOSE = "ARCHIVIST_VERBOSE"
FACTORY = "app.server.workers:app_from_environment"


def log_requests_to_stderr() -> None:
    """One line per request on stderr, as well as in the log file."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(process)d %(message)s"))
    logging.getLogger("app.server").addHandler(handler)


def app_from_environment() -> FastAPI:
    """The server application over the catalogue named by the environment."""
    from app.bootstrap import build
    from app.server.app import create_app

    services = build(None, os.environ.get(ENV_VERBOSE) == "1")
    log_requests_to_stderr()
    return create_app(services.catalogue)
