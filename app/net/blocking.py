"""``BlockingClient``: the same endpoint table and policy as :class:`~app.net.client.
UpstreamClient`, for callers without an event loop (``RemoteCatalogue``, the window's
status probe). One request at a time; not found raises :class:`~app.errors.NotFound`.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar

import httpx

import app.net.endpoints as endpoints
from app.errors import UpstreamError
from app.net.client import Params
from app.net.policy import USER_AGENT, ClientSettings, Done, Policy, decode_json

log = logging.getLogger("app.net")
T = TypeVar("T")


class BlockingClient:
    """Blocking GET requests to one API; use as ``with`` or call :meth:`close`.

    Args:
        base_url: the API root, e.g. ``http://127.0.0.1:8765``.
        settings: timeouts and retries (``concurrency`` and ``http2`` are not used).
    """

    def __init__(self, base_url: str, settings: ClientSettings) -> None:
        self.base_url = base_url.rstrip("/")
        self.policy = Policy(settings)
        self._client = httpx.Client(
            base_url=self.base_url, follow_redirects=True,
            timeout=httpx.Timeout(settings.timeout), headers={"User-Agent": USER_AGENT},
        )

    def close(self) -> None:
        """Close the connection pool."""
        self._client.close()

    def __enter__(self) -> BlockingClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def json(self, endpoint: str, params: Params = None, **parts: str) -> Any:
        """The decoded JSON body of an endpoint of the table.

        Raises:
            NotFound: 204 or 404. InvalidRequest: 400.
            UpstreamError: unreachable, kept failing, refused, or not JSON.
        """
        return self._get(endpoints.path(endpoint, **parts), params, decode_json)

    def content(self, endpoint: str, params: Params = None, **parts: str) -> bytes:
        """The body bytes of an endpoint of the table (an image). Raises as :meth:`json`."""
        return self._get(endpoints.path(endpoint, **parts), params, lambda r: r.content)

    def status(self, endpoint: str, **parts: str) -> int:
        """The status code of ``GET endpoint``, reading the headers only (one attempt).

        Raises:
            UpstreamError: no answer; its ``__cause__`` is the httpx error.
        """
        path = endpoints.path(endpoint, **parts)
        try:
            with self._client.stream("GET", path) as response:
                return response.status_code
        except httpx.HTTPError as exc:
            raise UpstreamError(f"{self.base_url}{path}: {exc.__class__.__name__}: {exc}"
                                ) from exc

    def _get(self, path: str, params: Params, decode: Callable[[httpx.Response], T]) -> T:
        url = f"{self.base_url}{path}"
        policy = self.policy
        for attempt in range(policy.attempts):
            try:
                response = self._client.get(path, params=params)
            except httpx.TransportError as exc:
                retry = policy.transport(url, exc, attempt)
            else:
                step = policy.outcome(url, response, attempt, decode)
                if isinstance(step, Done):
                    return step.value
                retry = step
            if attempt + 1 == policy.attempts:
                raise policy.give_up(url, retry)
            log.info("retrying %s in %.2fs: %s", url, retry.delay, retry.problem)
            time.sleep(retry.delay)
        raise AssertionError("unreachable")
