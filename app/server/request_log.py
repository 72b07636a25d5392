"""The request log and the URL checks of the HTTP mirror, as a pure ASGI middleware.

One ``INFO`` line per request on the ``app.server`` logger: ``METHOD path status 1.2ms``.
A URL longer than :data:`MAX_URL` characters, or a path or a query parameter (name or value,
percent-decoded) holding a control character (NUL, tab, newline, DEL, U+0080–U+009F:
:func:`app.limits.control_character`), is answered ``400`` with a JSON error before it
reaches a route (``name=back%00zzzz`` cut the filter at the NUL, and
``name=%00`` matched every card).

A pure ASGI middleware, unlike Starlette's ``BaseHTTPMiddleware`` (``@app.middleware``),
starts no task and no memory stream per request: on the busiest endpoint
(``/cards/{slug}``) that wrapper cost about a third of the server's time.
"""

from __future__ import annotations

import logging
import time
from urllib.parse import parse_qsl

from starlette.datastructures import URL
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.limits import control_character, quote
from app.server.errors import error_response

log = logging.getLogger("app.server")
MAX_URL = 2048


class RequestLog:
    """Log every HTTP request with its status and duration; refuse malformed URLs.

    Args:
        app: the application it wraps.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        url = URL(scope=scope)
        status = 0

        async def send_noting_status(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        if len(str(url)) > MAX_URL:
            await error_response(400, f"The URL is longer than {MAX_URL} characters")(
                scope, receive, send_noting_status)
        elif control_character(url.path) is not None:
            await error_response(400, "The path contains a control character")(
                scope, receive, send_noting_status)
        elif (name := control_in_query(scope.get("query_string", b""))) is not None:
            await error_response(400, f"The parameter {quote(name, 40)} holds a control "
                                      "character (such as NUL or a line break); parameters "
                                      "are plain text")(scope, receive, send_noting_status)
        else:
            await self.app(scope, receive, send_noting_status)
        millis = (time.perf_counter() - started) * 1000
        log.info("%s %s %d %.1fms", scope["method"], url.path[:200], status, millis)


def control_in_query(query_string: bytes) -> str | None:
    """The name of the first query parameter whose name or value holds a control character
    once percent-decoded (as the routes would read it), or None."""
    for key, value in parse_qsl(query_string.decode("latin-1"), keep_blank_values=True):
        if control_character(key) is not None or control_character(value) is not None:
            return key
    return None
