"""The upstream client: what it sends, how it treats answers, how it waits."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from typing import Any

import pytest

from app.errors import InvalidRequest, UpstreamError
from app.net import USER_AGENT
from app.net.client import Counters, UpstreamClient
from app.net.endpoints import segment
from app.net.policy import ClientSettings, backoff, retry_after
from tests.sync.servers import ServerProcess

FAST = ClientSettings(backoff_base=0.01, backoff_max=0.05, timeout=5.0, retries=2)


def fetch(url: str, endpoint: str, settings: ClientSettings = FAST, params: Any = None,
          **parts: str) -> tuple[Any, Counters, datetime | None]:
    """Call one endpoint method of a fresh client (``card_image`` etc.; ``json`` for the rest
    of the table with ``params``)."""
    counters = Counters()

    async def run() -> tuple[Any, datetime | None]:
        async with UpstreamClient(url, settings, counters) as client:
            if endpoint in ("card_image", "featured_set_logo"):
                return await getattr(client, endpoint)(**parts), client.server_time
            return await client.json(endpoint, params, **parts), client.server_time

    value, server_time = asyncio.run(run())
    return value, counters, server_time


def test_retry_after_in_seconds_and_as_a_date() -> None:
    now = datetime(2026, 4, 4, 12, 0, tzinfo=UTC)
    assert retry_after("7") == 7.0
    assert retry_after(format_datetime(now + timedelta(seconds=30), usegmt=True), now) == 30.0
    assert retry_after(format_datetime(now - timedelta(seconds=30), usegmt=True), now) == 0.0
    assert retry_after("soon") is None and retry_after(None) is None


def test_backoff_grows_exponentially_with_jitter_and_a_cap() -> None:
    settings = ClientSettings(backoff_base=1.0, backoff_max=8.0)
    rng = random.Random(1)
    for attempt, full in enumerate([1.0, 2.0, 4.0, 8.0, 8.0]):
        delay = backoff(attempt, settings, rng)
        assert full / 2 <= delay <= full


def test_set_prefixes_are_encoded_as_one_segment() -> None:
    assert segment("DOA 1st") == "DOA%201st"
    assert segment("a/b") == "a%2Fb" and segment("..") == "%2E%2E"


def test_json_user_agent_and_server_clock(healthy: ServerProcess) -> None:
    value, counters, server_time = fetch(healthy.url, "featured_sets")
    assert value[0]["uuid"] == "genGroup01"
    assert counters.requests == 1 and counters.bytes > 0
    assert server_time is not None and abs(server_time - datetime.now(UTC)) < timedelta(
        minutes=5)
    assert healthy.requests()[0]["user_agent"] == USER_AGENT and "Archivist/" in USER_AGENT


@pytest.mark.parametrize("fault", [
    {"match": "^/featured-sets", "kind": "empty"},
    {"match": "^/featured-sets", "kind": "status", "status": 404},
])
def test_204_and_404_both_mean_not_found(server: ServerProcess, fault: dict[str, Any]) -> None:
    server.control([fault])
    value, counters, _ = fetch(server.url, "featured_sets")
    assert value is None and counters.retries == 0


def test_images_are_bytes(healthy: ServerProcess) -> None:
    data, _, _ = fetch(healthy.url, "card_image", filename="gene000001.jpg")
    assert data is not None and data.startswith(b"\xff\xd8\xff")


def test_a_refusal_is_not_retried(server: ServerProcess) -> None:
    server.control([{"match": "^/featured-sets", "kind": "status", "status": 403}])
    with pytest.raises(UpstreamError, match="answered 403: generated fault 403"):
        fetch(server.url, "featured_sets")
    assert len(server.requests()) == 1


def test_a_bad_request_is_an_invalid_request(healthy: ServerProcess) -> None:
    with pytest.raises(InvalidRequest, match="answered 400"):
        fetch(healthy.url, "cards_search", params={"page_size": 500})


def test_retries_stop_after_the_configured_attempts(server: ServerProcess) -> None:
    server.control([{"match": "^/featured-sets", "kind": "status", "status": 500,
                     "times": -1}])
    with pytest.raises(UpstreamError, match=r"answered 500.*gave up after 3 attempts"):
        fetch(server.url, "featured_sets")
    assert len(server.requests()) == 3


def test_concurrency_is_bounded(server: ServerProcess) -> None:
    server.control([{"match": "^/featured-sets", "kind": "stall", "seconds": 0.2,
                     "times": -1}])
    settings = ClientSettings(concurrency=2, timeout=5.0)
    counters = Counters()
    peak = 0

    async def run() -> None:
        nonlocal peak
        async with UpstreamClient(server.url, settings, counters) as client:
            tasks = [asyncio.create_task(client.featured_sets()) for _ in range(6)]
            while not all(t.done() for t in tasks):
                peak = max(peak, settings.concurrency - client._slots._value)
                await asyncio.sleep(0.01)

    asyncio.run(run())
    assert peak == 2 and counters.requests == 6
