"""``UpstreamClient``: the asynchronous client of every upstream call.

One method per endpoint of :data:`app.net.endpoints.ENDPOINTS`; every request goes through
one :class:`~app.net.policy.Policy` (User-Agent, bounded concurrency, timeouts, retries with
backoff and jitter, ``Retry-After``, HTTP/2 when offered). Each JSON body is parsed once,
here; callers get the decoded value, or None when the server has no such thing (204, 404).
A call given a ``key`` is conditional (:mod:`app.net.validators`): it sends the validators
held for that key and returns :data:`~app.net.validators.NOT_MODIFIED` on ``304``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any, Protocol, TypeVar

import httpx

import app.net.endpoints as endpoints
from app.errors import NotFound
from app.model.thema import GENERATED_HEADER, GENERATED_VALUE
from app.net.policy import USER_AGENT, ClientSettings, Done, Policy, Retry, decode_json
from app.net.validators import NOT_MODIFIED, Validators

log = logging.getLogger("app.net")
T = TypeVar("T")
Params = Any
"""Query parameters as httpx takes them: a mapping, ``(key, value)`` pairs, or None."""


class Traffic(Protocol):
    """Where a client counts its traffic (a sync's :class:`~app.sync.progress.Counters`)."""

    requests: int
    retries: int
    bytes: int
    waited: float
    not_modified: int


@dataclass
class Counters:
    """Traffic of one client: requests sent (retries included), retries, wire bytes
    received, seconds waited before retries, answers ``304 Not Modified``."""

    requests: int = 0
    retries: int = 0
    bytes: int = 0
    waited: float = 0.0
    not_modified: int = 0


class UpstreamClient:
    """GET requests to one API with the manners of :mod:`app.net.policy`; ``async with``.

    Args:
        base_url: the API root, e.g. ``https://api.gatcg.com``.
        settings: concurrency, timeouts, retries.
        counters: where requests, retries, bytes and waited seconds are counted.
        on_retry: told ``(problem, delay_seconds)`` before each pause of a retry (a sync
            shows "retrying in 4 s…").
        validators: validators of held answers, for calls given a ``key``; None: a fresh,
            empty :class:`~app.net.validators.Validators` (conditional calls only learn).
    """

    def __init__(self, base_url: str, settings: ClientSettings | None = None,
                 counters: Traffic | None = None,
                 on_retry: Callable[[str, float], None] | None = None,
                 validators: Validators | None = None) -> None:
        self.base_url = base_url.rstrip("/")
        self.validators = validators if validators is not None else Validators()
        self.settings = settings or ClientSettings()
        self.counters: Traffic = counters if counters is not None else Counters()
        self.server_time: datetime | None = None
        self.thema_generated = False  # a response said its Thema history is GENERATED
        """The server's clock (``Date`` header) at the first response, UTC."""
        self.policy = Policy(self.settings)
        self._on_retry = on_retry
        self._slots = asyncio.Semaphore(self.settings.concurrency)
        n = self.settings.concurrency
        self._client = httpx.AsyncClient(
            base_url=self.base_url, http2=self.settings.http2, follow_redirects=True,
            timeout=httpx.Timeout(self.settings.timeout),
            limits=httpx.Limits(max_connections=n, max_keepalive_connections=n),
            headers={"User-Agent": USER_AGENT},
        )

    async def __aenter__(self) -> UpstreamClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._client.aclose()

    # One method per endpoint. JSON ones return the decoded body, images the bytes; None
    # when not found. Raise UpstreamError (unreachable, kept failing, refused) and
    # InvalidRequest (the server answered 400).

    async def card(self, slug: str) -> Any | None:
        """Endpoint 1 ``GET /cards/{slug}``: a Card object."""
        return await self.json("card", slug=slug)

    async def card_by_number(self, set_prefix: str, collector_number: str) -> Any | None:
        """Endpoint 2 ``GET /cards/{set_prefix}/{collector_number}``: a Card object."""
        return await self.json("card_by_number", set_prefix=set_prefix,
                               collector_number=collector_number)

    async def card_image(self, filename: str) -> bytes | None:
        """Endpoint 3 ``GET /cards/images/{filename}``: the image file."""
        return await self._get(endpoints.path("card_image", filename=filename), None,
                               lambda r: r.content)

    async def featured_sets(self, key: str | None = None) -> Any | None:
        """Endpoint 4 ``GET /featured-sets``: an array of featured set groups."""
        return await self.json("featured_sets", key=key)

    async def featured_set_logo(self, filename: str) -> bytes | None:
        """Endpoint 5 ``GET /featured-sets/images/{filename}``: the logo file."""
        return await self._get(endpoints.path("featured_set_logo", filename=filename), None,
                               lambda r: r.content)

    async def thema_ranks(self, key: str | None = None) -> Any | None:
        """Endpoint 6 ``GET /cards/edition/dynamic-thema-ranks``: an array of rank entries."""
        return await self.json("thema_ranks", key=key)

    async def thema_history(self, edition_uuid: str, params: Params,
                            key: str | None = None) -> Any | None:
        """Endpoint 7 ``GET /cards/edition/{edition_uuid}/dynamic-thema?kind=&from=&to=``."""
        return await self.json("thema_history", params, key=key, edition_uuid=edition_uuid)

    async def option_search(self, key: str | None = None) -> Any | None:
        """``GET /option/search``: an object of option arrays."""
        return await self.json("option_search", key=key)

    async def cards_search(self, params: Params, key: str | None = None) -> Any | None:
        """``GET /cards/search?page=&page_size=&last_update=…``: one page object."""
        return await self.json("cards_search", params, key=key)

    async def json_bytes(self, endpoint: str, key: str | None = None,
                         **parts: str) -> tuple[bytes, Any] | None:
        """The body of a JSON endpoint as sent, byte for byte, and decoded:
        ``(body, value)``; None when not found; with ``key``, conditional as :meth:`json`
        (:data:`~app.net.validators.NOT_MODIFIED` on 304). A body that is not JSON is
        retried as any other.
        """
        return await self._get(endpoints.path(endpoint, **parts), None,
                               lambda r: (r.content, decode_json(r)), key)

    async def json(self, endpoint: str, params: Params = None, key: str | None = None,
                   **parts: str) -> Any | None:
        """The decoded JSON body of a JSON endpoint of the table, or None when not found.

        With ``key``, the call is conditional: it returns
        :data:`~app.net.validators.NOT_MODIFIED` when the server answers 304 to the
        validators held for ``key``, and learns the validators of a 200 answer.
        """
        return await self._get(endpoints.path(endpoint, **parts), params, decode_json, key)

    async def _get(self, path: str, params: Params, decode: Callable[[httpx.Response], T],
                   key: str | None = None) -> T | None:
        url = f"{self.base_url}{path}"
        policy = self.policy
        headers = self.validators.headers(key) if key is not None else {}
        for attempt in range(policy.attempts):
            async with self._slots:
                self.counters.requests += 1
                try:
                    response = await self._client.get(path, params=params, headers=headers)
                except httpx.TransportError as exc:
                    retry = policy.transport(url, exc, attempt)
                else:
                    self._note(response)
                    if response.status_code == 304 and headers and key is not None:
                        self.counters.not_modified += 1
                        self.validators.keep(key)
                        return NOT_MODIFIED  # type: ignore[no-any-return]
                    if key is not None and response.status_code == 200:
                        self.validators.learn(key, response.headers.get("etag"),
                                              response.headers.get("last-modified"))
                    try:
                        step = policy.outcome(url, response, attempt, decode)
                    except NotFound:
                        return None
                    if isinstance(step, Done):
                        return step.value
                    retry = step
            if attempt + 1 == policy.attempts:
                raise policy.give_up(url, retry)
            await self._wait(url, retry)
        raise AssertionError("unreachable")

    async def _wait(self, url: str, retry: Retry) -> None:
        log.info("retrying %s in %.2fs: %s", url, retry.delay, retry.problem)
        self.counters.retries += 1
        self.counters.waited += retry.delay
        if self._on_retry is not None:
            self._on_retry(retry.problem, retry.delay)
        await asyncio.sleep(retry.delay)

    def _note(self, response: httpx.Response) -> None:
        self.counters.bytes += response.num_bytes_downloaded
        if response.headers.get(GENERATED_HEADER) == GENERATED_VALUE:
            self.thema_generated = True
        if self.server_time is None and response.headers.get("date"):
            with contextlib.suppress(TypeError, ValueError):
                self.server_time = parsedate_to_datetime(response.headers["date"]).astimezone(UTC)
