"""ASGI wrappers of the HTTP mirror: ``HEAD`` on every ``GET`` route, and the ``Host`` check.

* :class:`HeadAsGet` answers ``HEAD`` like ``GET`` without the body (before it,
  ``Allow`` said ``GET, HEAD`` while ``HEAD`` answered 405).
* :func:`install_corruption_handler` answers a damaged catalogue with a JSON 500 that says
  so, instead of an HTML page or a closed connection.
* :class:`HostCheck` refuses a request whose ``Host`` header names no address or name the
  server serves (DNS rebinding). ``archivist serve`` installs it when it
  binds to an address other than loopback.
"""

from __future__ import annotations

import contextlib
import json
import logging
import socket
import sqlite3
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from pathlib import Path
from typing import Any

log = logging.getLogger("app.server")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
LOOPBACK = ("127.0.0.1", "localhost", "::1")


class HeadAsGet:
    """Run a ``HEAD`` request as ``GET`` and send its headers only (``Content-Length`` kept)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headers_only(message: Message) -> None:
            if message["type"] == "http.response.body":
                if not message.get("more_body", False):
                    await send({"type": "http.response.body", "body": b""})
                return
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, headers_only)


def served_names(host: str, extra: Iterable[str] = ()) -> set[str]:
    """The names a ``Host`` header may give for a server bound to ``host``.

    Args:
        host: the bound address; ``0.0.0.0`` or ``::`` stand for every local address.
        extra: further names (``archivist serve --allow-host``).

    Returns:
        Lower-case names and addresses, without ports: loopback, ``host``, this machine's
        name, its addresses (for an any-address bind) and ``extra``.
    """
    names = {*LOOPBACK, host.lower(), *(e.lower() for e in extra)}
    machine = socket.gethostname()
    names |= {machine.lower(), socket.getfqdn().lower()}
    if host in ("0.0.0.0", "::", ""):
        with contextlib.suppress(OSError):
            names |= {str(info[4][0]).lower() for info in socket.getaddrinfo(machine, None)}
    return names


def host_of(header: str) -> str:
    """The name of a ``Host`` header value, without its port (``[::1]:80`` → ``::1``)."""
    value = header.strip().lower()
    if value.startswith("["):
        return value[1:].split("]", 1)[0]
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


class HostCheck:
    """Answer 421 with a JSON error when the ``Host`` header names no served name.

    Args:
        app: the application.
        names: what :func:`served_names` returned.
    """

    def __init__(self, app: ASGIApp, names: set[str]) -> None:
        self.app = app
        self.names = names

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            headers = dict(scope.get("headers") or [])
            host = host_of(headers.get(b"host", b"").decode("latin-1"))
            if host not in self.names:
                body = json.dumps({"error": f"This server does not serve the host {host[:80]!r} "
                                   "(archivist serve --allow-host NAME adds a name)"}).encode()
                await send({"type": "http.response.start", "status": 421, "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


def install_corruption_handler(app: Any, catalogue_file: Path | None) -> None:
    """Answer SQLite's corruption errors with a JSON 500 that says so (no traceback), and
    make the next open of ``catalogue_file`` check it.

    Args:
        app: the FastAPI application.
        catalogue_file: the catalogue's SQLite file (None: a catalogue without one).
    """
    from app.server.errors import error_response
    from app.store.db.integrity import REBUILD, forget_check, is_corruption

    async def damaged(request: Any, exc: Exception) -> Any:
        if not is_corruption(exc):
            log.exception("unexpected error on %s", request.url.path)
            return error_response(500, "Internal error; the details are in the server's log")
        if catalogue_file is not None:
            forget_check(catalogue_file)
        log.warning("damaged catalogue on %s: %s", request.url.path, exc)
        return error_response(500, f"The catalogue is damaged ({exc}): restart the server to "
                                   f"move it aside, then {REBUILD}")

    app.add_exception_handler(sqlite3.DatabaseError, damaged)
