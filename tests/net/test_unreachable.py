"""An upstream that cannot be reached at all is not retried and is told in plain words;
passing failures are retried and each retry is announced."""

from __future__ import annotations

import asyncio

import pytest

from app.errors import Unreachable
from app.net.client import Counters, UpstreamClient
from app.net.policy import ClientSettings
from tests.sync.servers import ServerProcess, free_port

PATIENT = ClientSettings(retries=5, backoff_base=0.5, timeout=5.0)
"""The default number of retries: an unreachable host must not use them."""


def featured(url: str, settings: ClientSettings = PATIENT,
             retries: list[tuple[str, float]] | None = None) -> Counters:
    counters = Counters()

    async def run() -> None:
        on_retry = (lambda problem, delay: retries.append((problem, delay))) \
            if retries is not None else None
        async with UpstreamClient(url, settings, counters, on_retry=on_retry) as client:
            await client.featured_sets()

    asyncio.run(run())
    return counters


def test_a_refused_connection_is_not_retried_and_says_what_to_do() -> None:
    port = free_port()
    counters = Counters()
    with pytest.raises(Unreachable) as caught:
        async def run() -> None:
            async with UpstreamClient(f"http://127.0.0.1:{port}", PATIENT, counters) as client:
                await client.featured_sets()
        asyncio.run(run())
    assert caught.value.message == (
        f"127.0.0.1:{port} refused the connection — no server is running at that address. "
        "Start it (or check the address), then try again.")
    assert counters.requests == 1 and counters.retries == 0


def test_a_name_that_does_not_resolve_reads_as_offline() -> None:
    with pytest.raises(Unreachable, match=r"^nonexistent\.invalid cannot be reached — this "
                                          r"computer seems to be offline"):
        featured("https://nonexistent.invalid")


def test_each_retry_is_announced_with_its_reason_and_pause(server: ServerProcess) -> None:
    server.control([{"match": "^/featured-sets", "kind": "status", "status": 503,
                     "times": 1}])
    retries: list[tuple[str, float]] = []
    try:
        featured(server.url, ClientSettings(backoff_base=0.01, backoff_max=0.05), retries)
    finally:
        server.control([])
    assert len(retries) == 1
    problem, delay = retries[0]
    assert problem.startswith("the server answered 503") and 0 < delay <= 0.05
