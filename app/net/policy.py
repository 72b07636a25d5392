"""The one politeness, retry and error policy of every upstream call.

- a User-Agent naming Archivist and its version (:data:`USER_AGENT`; the official service
  refuses generic library agents with 403);
- at most ``concurrency`` requests in flight; a timeout on connect, read, write and pool;
- retries with exponential backoff and jitter on connection errors, timeouts, 5xx answers
  and bodies that are not the JSON they claim to be (a truncated response); a name that
  does not resolve or a refused connection is not retried (:class:`~app.errors.Unreachable`,
  in plain words: :meth:`~app.errors.Unreachable.for_url`);
- ``Retry-After`` (seconds or an HTTP date) honoured on 429 and 503, capped;
- 204 and 404 both mean "not found" (older servers answer 204 for a missing card);
- the error body ``{"error": "…"}`` decoded here only, into the :mod:`app.errors` types:
  not found → NotFound, 400 → InvalidRequest, anything else unusable → UpstreamError.
"""

from __future__ import annotations

import json
import random
import socket
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Generic, TypeVar

import httpx

from app import __version__
from app.errors import InvalidRequest, NotFound, Unreachable, UpstreamError
from app.model import hostile

USER_AGENT = f"Archivist/{__version__} (offline Grand Archive catalogue browser)"
"""The official service refuses generic HTTP-library User-Agents (403)."""
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
        http2: offer HTTP/2 (used when the server agrees; plain http stays HTTP/1.1).
    """

    concurrency: int = 4
    timeout: float = 30.0
    retries: int = 5
    backoff_base: float = 0.5
    backoff_max: float = 30.0
    retry_after_max: float = 300.0
    http2: bool = True


T = TypeVar("T")


@dataclass(frozen=True)
class Done(Generic[T]):
    """A usable answer's decoded body."""

    value: T


@dataclass(frozen=True)
class Retry:
    """Try again after ``delay`` seconds; ``problem`` says why (for the log and the error)."""

    problem: str
    delay: float


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
    """Exponential backoff with jitter: half the doubled delay fixed, half random (seconds)."""
    delay = min(settings.backoff_max, settings.backoff_base * 2 ** attempt)
    return float(delay / 2 + rng.uniform(0, delay / 2))


def unreachable_kind(exc: BaseException) -> str | None:
    """``"offline"`` when a host name did not resolve, ``"refused"`` when nothing listens at
    the address, else None (a passing failure worth retrying). Looks through the chain of
    causes (httpx wraps the socket error; anyio wraps it once more)."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, socket.gaierror):
            return "offline"
        if isinstance(current, ConnectionRefusedError):
            return "refused"
        current = current.__cause__ or current.__context__
    return None


def error_message(response: httpx.Response) -> str:
    """The server's explanation of a failed answer: the ``error`` of an ``{"error": …}`` body,
    else the start of the body, else the reason phrase (at most 200 characters)."""
    try:
        body = json.loads(response.content)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return response.text[:200].strip() or response.reason_phrase
    if isinstance(body, dict) and isinstance(body.get("error"), str):
        return str(body["error"])[:200]
    return str(body)[:200]


def decode_json(response: httpx.Response) -> object:
    """The JSON body of a 200 answer (the only place a response body is parsed).

    Raises:
        json.JSONDecodeError, UnicodeDecodeError: not JSON (a truncated body). A record
            nested too deep does not raise: it is marked for rejection (:mod:`app.model.hostile`).
    """
    return hostile.decode(response.content)


class Policy:
    """Judges each attempt of a call: accept, retry after a delay, or fail with an app error.

    Args:
        settings: retries, backoff and ``Retry-After`` cap.
        rng: the jitter's random source.
    """

    def __init__(self, settings: ClientSettings, rng: random.Random | None = None) -> None:
        self.settings = settings
        self.attempts = settings.retries + 1
        self._rng = rng or random.Random()

    def backoff(self, attempt: int) -> float:
        """The delay before attempt ``attempt + 1`` (seconds)."""
        return backoff(attempt, self.settings, self._rng)

    def judge(self, url: str, response: httpx.Response, attempt: int) -> Retry | None:
        """None for a 200 answer; a :class:`Retry` for a passing failure.

        Raises:
            NotFound: 204 or 404 (the server's message, or "Not found: url").
            InvalidRequest: 400, the server does not accept the path or parameters.
            UpstreamError: any other refusal (403, 401, 3xx left over …).
        """
        status = response.status_code
        if status == 200:
            return None
        message = error_message(response) if status != 204 else ""
        if status in NOT_FOUND:
            raise NotFound(message or f"Not found: {url}")
        reason = f"the server answered {status}: {message}"
        if status in RETRY_AFTER_STATUSES:
            wait = retry_after(response.headers.get("retry-after"))
            if wait is None:
                wait = self.backoff(attempt)
            return Retry(reason, min(wait, self.settings.retry_after_max))
        if status >= 500:
            return Retry(reason, self.backoff(attempt))
        if status == 400:
            raise InvalidRequest(f"{url}: {reason}")
        raise UpstreamError(f"{url}: {reason}")

    def outcome(self, url: str, response: httpx.Response, attempt: int,
                decode: Callable[[httpx.Response], T]) -> Done[T] | Retry:
        """What one answer means: its body decoded with ``decode`` (:class:`Done`), or the
        :class:`Retry` it calls for (a status worth retrying, or a body that does not decode).
        The one judgement of an answer, for the blocking and the async client alike.

        Raises:
            NotFound, InvalidRequest, UpstreamError: as :meth:`judge`.
        """
        judged = self.judge(url, response, attempt)
        if judged is not None:
            return judged
        try:
            return Done(decode(response))
        except (ValueError, UnicodeDecodeError):
            return self.bad_body(attempt)

    def bad_body(self, attempt: int) -> Retry:
        """A 200 answer whose body is not JSON (truncated): retried."""
        return Retry("the body is not valid JSON (truncated?)", self.backoff(attempt))

    def transport(self, url: str, exc: httpx.TransportError, attempt: int) -> Retry:
        """A connection error or timeout: retried, except for a URL no client can use and
        an upstream that cannot be reached at all.

        Raises:
            UpstreamError: the URL's scheme is not http or https.
            Unreachable: the host name does not resolve, or the connection was refused.
        """
        if isinstance(exc, httpx.UnsupportedProtocol):
            raise UpstreamError(f"{url}: {exc}") from exc
        kind = unreachable_kind(exc)
        if kind is not None:
            raise Unreachable.for_url(url, kind) from exc
        return Retry(f"{exc.__class__.__name__}: {str(exc) or 'no detail'}", self.backoff(attempt))

    def give_up(self, url: str, retry: Retry) -> UpstreamError:
        """The error after the last attempt failed."""
        tries = f" (gave up after {self.attempts} attempts)" if self.attempts > 1 else ""
        return UpstreamError(f"{url}: {retry.problem}{tries}")
