"""The one endpoint table and the one error/retry policy, as every upstream caller sees them:
the async client of the sync, RemoteCatalogue (blocking) and the window's status probe,
against the fault-injecting server on loopback."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from app.errors import InvalidRequest, NotFound, UpstreamError
from app.net import RemoteCatalogue
from app.net.blocking import BlockingClient
from app.net.client import Counters, UpstreamClient
from app.net.endpoints import ENDPOINTS, path, source
from app.net.policy import ClientSettings
from app.sync.status import probe
from tests.sync.servers import ServerProcess

FAST = ClientSettings(backoff_base=0.01, backoff_max=0.05, timeout=5.0, retries=2)


def test_the_table_fills_and_encodes_each_part_as_one_segment() -> None:
    assert path("card_by_number", set_prefix="DOA 1st", collector_number="001") == \
        "/cards/DOA%201st/001"
    assert path("card", slug="a/b") == "/cards/a%2Fb"
    assert path("thema_history", edition_uuid="..") == "/cards/edition/%2E%2E/dynamic-thema"
    assert source("cards_search", {"page": 3, "page_size": 50}) == \
        "/cards/search?page=3&page_size=50"
    assert source("featured_sets") == "/featured-sets"
    assert all(template.startswith("/") for template in ENDPOINTS.values())
    with pytest.raises(KeyError):
        path("card")  # a part left out is an error, not a literal "{slug}"


def test_a_prefix_with_a_space_reaches_the_server_as_one_segment(
    healthy: ServerProcess,
) -> None:
    async def run() -> Any:
        async with UpstreamClient(healthy.url, FAST) as client:
            return await client.card_by_number("DOA 1st", "001")

    assert asyncio.run(run()) is None  # the server's endpoint 2 answered "not found"
    (seen,) = healthy.requests()
    assert seen["path"] == "/cards/DOA 1st/001"  # decoded by the server: one segment


def test_error_bodies_become_the_app_errors_with_the_servers_message(
    server: ServerProcess,
) -> None:
    server.control([{"match": "^/featured-sets", "kind": "status", "status": 403}])
    with BlockingClient(server.url, FAST) as client:
        with pytest.raises(UpstreamError, match=r"answered 403: generated fault 403$"):
            client.json("featured_sets")
        with pytest.raises(InvalidRequest, match="answered 400: "):
            client.json("cards_search", {"page_size": 500})
        with pytest.raises(NotFound) as missing:
            client.json("card", slug="no-such-card")
    assert "no-such-card" in missing.value.message  # the server's own words, decoded once


def test_remote_catalogue_and_the_sync_share_the_not_found_rule(server: ServerProcess) -> None:
    server.control([{"match": "^/featured-sets", "kind": "empty", "times": -1}])
    with RemoteCatalogue(server.url) as remote, pytest.raises(NotFound):
        remote.featured_sets()  # 204 from an older server

    async def run() -> Any:
        async with UpstreamClient(server.url, FAST) as client:
            return await client.featured_sets()

    assert asyncio.run(run()) is None


def test_the_blocking_client_retries_and_honours_retry_after(server: ServerProcess) -> None:
    server.control([{"match": "^/option/search", "kind": "status", "status": 503,
                     "retry_after": 0, "times": 2}])
    with BlockingClient(server.url, FAST) as client:
        options = client.json("option_search")
    assert isinstance(options, dict) and options
    assert [r["status"] for r in server.requests()] == ["fault:status", "fault:status", 200]


def test_both_clients_give_up_after_the_same_attempts(server: ServerProcess) -> None:
    server.control([{"match": "^/featured-sets", "kind": "status", "status": 500,
                     "times": -1}])
    with BlockingClient(server.url, FAST) as client, pytest.raises(
            UpstreamError, match="gave up after 3 attempts"):
        client.json("featured_sets")
    assert len(server.requests()) == 3
    server.control([{"match": "^/featured-sets", "kind": "status", "status": 500,
                     "times": -1}])
    counters = Counters()

    async def run() -> Any:
        async with UpstreamClient(server.url, FAST, counters) as client:
            return await client.featured_sets()

    with pytest.raises(UpstreamError, match="gave up after 3 attempts"):
        asyncio.run(run())
    assert (counters.requests, counters.retries) == (3, 2)


def test_a_truncated_body_is_retried(server: ServerProcess) -> None:
    server.control([{"match": "^/featured-sets", "kind": "truncate", "times": 1}])
    with BlockingClient(server.url, FAST) as client:
        groups = client.json("featured_sets")
    assert groups[0]["uuid"] == "genGroup01" and len(server.requests()) == 2


def test_the_status_probe_asks_once_through_the_same_client(server: ServerProcess) -> None:
    server.control([{"match": "^/featured-sets", "kind": "status", "status": 503,
                     "times": -1}])
    assert probe(server.url) == f"{server.url[7:]} answered 503"
    assert len(server.requests()) == 1  # no retry: the window only asks whether it answers
    server.control()
    assert probe(server.url) is None
