"""HTTP caching for every successful GET: ``ETag``, ``304 Not Modified`` and ``Cache-Control``.

A pure ASGI middleware (no per-request task as Starlette's ``BaseHTTPMiddleware`` has): it
holds a 200 response's single body, hashes it (BLAKE2b, 96 bits) into an ETag, and answers
``304`` with no body when the request's ``If-None-Match`` names that tag (RFC 9110 13.1.2,
weak comparison). JSON tags are weak (``W/``) because the same JSON may travel gzipped;
image tags are strong. Streamed bodies pass through untouched.
"""

from __future__ import annotations

import hashlib

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

IMAGE_PREFIXES = ("/cards/images/", "/featured-sets/images/")
CACHE_RULES: tuple[tuple[str, str], ...] = (
    ("/cards/images/", "public, max-age=604800"),          # named by file: a week
    ("/featured-sets/images/", "public, max-age=604800"),
    ("/cards/search", "public, max-age=60"),                # search results: briefly
    ("/cards/autocomplete", "public, max-age=60"),
    ("/cards/random", "no-store"),
    ("/cards/edition/dynamic-thema-ranks", "public, max-age=300"),
)
DEFAULT_RULE = "public, max-age=300"


def cache_control(path: str) -> str:
    """The ``Cache-Control`` value for a successful GET of ``path``."""
    if path == "/":
        return "no-cache"
    return next((rule for prefix, rule in CACHE_RULES if path.startswith(prefix)),
                DEFAULT_RULE)


def entity_tag(body: bytes, weak: bool) -> str:
    """The ETag of ``body`` (quoted; ``W/`` prefixed when ``weak``)."""
    tag = '"' + hashlib.blake2b(body, digest_size=12).hexdigest() + '"'
    return "W/" + tag if weak else tag


def matches(if_none_match: str, tag: str) -> bool:
    """Weak comparison of ``tag`` with an ``If-None-Match`` header value."""
    if if_none_match.strip() == "*":
        return True
    bare = tag.removeprefix("W/")
    return any(t.strip().removeprefix("W/") == bare for t in if_none_match.split(","))


class HttpCache:
    """The middleware; wraps the application (inside the gzip middleware)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "GET":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        if_none_match = Headers(scope=scope).get("if-none-match")
        start: Message | None = None

        async def send_cached(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                start = message
                return
            if start is None or message["type"] != "http.response.body":
                await send(message)
                return
            head, start = start, None
            if head["status"] != 200 or message.get("more_body", False):
                await send(head)
                await send(message)
                return
            headers = MutableHeaders(scope=head)
            tag = entity_tag(message.get("body", b""), not path.startswith(IMAGE_PREFIXES))
            headers["ETag"] = tag
            headers["Cache-Control"] = cache_control(path)
            if if_none_match and matches(if_none_match, tag):
                del headers["content-length"]
                del headers["content-type"]
                await send({**head, "status": 304})
                await send({"type": "http.response.body", "body": b""})
                return
            await send(head)
            await send(message)

        await self.app(scope, receive, send_cached)
