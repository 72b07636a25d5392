"""A polite asynchronous HTTP client for syncing from a catalogue API (issue 4, item 6).

- a User-Agent naming Archivist and its version (:data:`app.net.USER_AGENT`; the official
  service refuses generic library agents with 403);
- at most ``concurrency`` requests in flight; a timeout on connect, read, write and pool;
- retries with exponential backoff and jitter on connection errors, timeouts, 5xx answers
  and bodies that are not the JSON they claim to be (a truncated response);
- ``Retry-After`` (seconds or an HTTP date) honoured on 429 and 503, capped;
- 204 and 404 both mean "not found" (older servers answer 204 for a missing card);
- HTTP/2 when the server offers it (ALPN over TLS; plain http stays HTTP/1.1).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any, Generic, TypeVar
from urllib.parse import quote

import httpx

from app.errors import InvalidRequest, UpstreamError
from app.net import USER_AGENT
from app.sync.progress import Counters

log = logging.getLogger("app.sync")
T = TypeVar("T")
V = TypeVar("V")
NOT_FOUND = (204, 404)
RETRY_AFTER_STATUSES = (429, 503)


@dataclass(frozen=True)
class ClientSettings:
    """How politely to fetch. Times are seconds.

    Attributes:
        concurrency: requests in flight at most.
        timeout: limit for connecting, each read, each write and waiting for a connection.
        retries: further attempts after a failed one (so ``retries + 1`` in all).
        backoff_base: the first backoff delay; it doubles on every further attempt.
        backoff_max: the longest backoff delay.
        retry_after_max: the longest ``Retry-After`` honoured; longer ones are cut to this.
        http2: offer HTTP/2 (used when the server agrees).
    """

    concurrency: int = 4
    timeout: float = 30.0
    retries: int = 5
    backoff_base: float = 0.5
    backoff_max: float = 30.0
    retry_after_max: float = 300.0
    http2: bool = True


def segment(value: str) -> str:
    """One URL path segment, percent-encoded (set prefixes hold spaces: ``DOA 1st``)."""
    if value.strip(".") == "":
        return value.replace(".", "%2E")
    return quote(value, safe="")


def retry_after(value: str | None, now: datetime | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (delta seconds or an HTTP date), or None."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - (now or datetime.now(UTC))).total_seconds())


def backoff(attempt: int, settings: ClientSettings, rng: random.Random) -> float:
    """Exponential backoff with jitter: half the doubled delay fixed, half random."""
    delay = min(settings.backoff_max, settings.backoff_base * 2 ** attempt)
    return delay / 2 + rng.uniform(0, delay / 2)


class PoliteClient:
    """GET requests to one API with the manners above; use as ``async with``.

    Args:
        base_url: the API root, e.g. ``https://api.gatcg.com``.
        settings: concurrency, timeouts, retries.
        counters: where requests, retries, bytes and waited seconds are counted.
    """

    def __init__(self, base_url: str, settings: ClientSettings, counters: Counters) -> None:
        self.base_url = base_url.rstrip("/")
        self.settings = settings
        self.counters = counters
        self.server_time: datetime | None = None
        """The server's clock (``Date`` header) at the first response, UTC."""
        self._slots = asyncio.Semaphore(settings.concurrency)
        self._rng = random.Random()
        self._client = httpx.AsyncClient(
            base_url=self.base_url, http2=settings.http2, follow_redirects=True,
            timeout=httpx.Timeout(settings.timeout),
            limits=httpx.Limits(max_connections=settings.concurrency,
                                max_keepalive_connections=settings.concurrency),
            headers={"User-Agent": USER_AGENT},
        )

    async def __aenter__(self) -> PoliteClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._client.aclose()

    async def get_json(self, path: str, params: Any = None) -> Any | None:
        """The decoded JSON body of ``GET path``, or None when not found (204, 404).

        Raises:
            UpstreamError: the server stayed unreachable or kept failing, or refused.
            InvalidRequest: the server answered 400 (it does not accept the parameters).
        """
        return await self._get(path, params, lambda r: json.loads(r.content))

    async def get_bytes(self, path: str, params: Any = None) -> bytes | None:
        """The body bytes of ``GET path`` (an image), or None when not found (204, 404).

        Raises:
            UpstreamError, InvalidRequest: as :meth:`get_json`.
        """
        return await self._get(path, params, lambda r: r.content)

    async def _get(self, path: str, params: Any, decode: Callable[[httpx.Response], T]) -> T | None:
        url = f"{self.base_url}{path}"
        attempts = self.settings.retries + 1
        for attempt in range(attempts):
            async with self._slots:
                self.counters.requests += 1
                try:
                    response = await self._client.get(path, params=params)
                except httpx.UnsupportedProtocol as exc:
                    raise UpstreamError(f"{url}: {exc}") from exc
                except httpx.TransportError as exc:
                    problem, delay = _describe(exc), backoff(attempt, self.settings, self._rng)
                else:
                    self._note(response)
                    outcome = self._judge(url, response, attempt, decode)
                    if not isinstance(outcome, _Retry):
                        return outcome.value
                    problem, delay = outcome.problem, outcome.delay
            if attempt + 1 == attempts:
                raise UpstreamError(f"{url}: {problem} (gave up after {attempts} attempts)")
            log.info("retrying %s in %.2fs: %s", url, delay, problem)
            self.counters.retries += 1
            self.counters.waited += delay
            await asyncio.sleep(delay)
        raise AssertionError("unreachable")

    def _note(self, response: httpx.Response) -> None:
        self.counters.bytes += response.num_bytes_downloaded
        if self.server_time is None and response.headers.get("date"):
            with contextlib.suppress(TypeError, ValueError):
                self.server_time = parsedate_to_datetime(response.headers["date"]).astimezone(UTC)

    def _judge(
        self, url: str, response: httpx.Response, attempt: int,
        decode: Callable[[httpx.Response], T],
    ) -> _Value[T | None] | _Retry:
        status = response.status_code
        if status in NOT_FOUND:
            return _Value(None)
        if status == 200:
            try:
                return _Value(decode(response))
            except (json.JSONDecodeError, UnicodeDecodeError):
                return _Retry("the body is not valid JSON (truncated?)",
                              backoff(attempt, self.settings, self._rng))
        reason = f"the server answered {status}: {_message(response)}"
        if status in RETRY_AFTER_STATUSES:
            wait = retry_after(response.headers.get("retry-after"))
            if wait is None:
                wait = backoff(attempt, self.settings, self._rng)
            return _Retry(reason, min(wait, self.settings.retry_after_max))
        if status >= 500:
            return _Retry(reason, backoff(attempt, self.settings, self._rng))
        if status == 400:
            raise InvalidRequest(f"{url}: {reason}")
        raise UpstreamError(f"{url}: {reason}")


@dataclass(frozen=True)
class _Value(Generic[V]):
    value: V


@dataclass(frozen=True)
class _Retry:
    problem: str
    delay: float


def _describe(exc: httpx.TransportError) -> str:
    text = str(exc) or "no detail"
    return f"{exc.__class__.__name__}: {text}"


def _message(response: httpx.Response) -> str:
    try:
        body = response.json()
    except (json.JSONDecodeError, UnicodeDecodeError):
        return response.text[:200].strip() or response.reason_phrase
    if isinstance(body, dict) and isinstance(body.get("error"), str):
        return str(body["error"])[:200]
    return str(body)[:200]
