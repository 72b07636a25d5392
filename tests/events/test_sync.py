"""``archivist events sync`` against a GENERATED upstream on a loopback port that answers
in the official shapes, with failures injected per event (tests/sync/faulty_server.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.bootstrap import build
from app.errors import Unreachable
from app.events.storage import EventStore
from app.events.sync import EventSyncReport, sync_events
from app.net.policy import ClientSettings
from app.server import InProcessClient
from tests.events.conftest import generated_cards
from tests.events.upstream import UPSTREAM, build_events_upstream, encode
from tests.sync.servers import ServerProcess

FAST = ClientSettings(backoff_base=0.01, backoff_max=0.02, timeout=2.0, retries=1)


@pytest.fixture(scope="module")
def upstream(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_events_upstream(tmp_path_factory.mktemp("events-upstream") / "data")


@pytest.fixture(scope="module")
def server(upstream: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(upstream).start()
    yield process
    process.stop()


@pytest.fixture
def healthy(server: ServerProcess) -> ServerProcess:
    server.control()
    return server


def run(data: Path, url: str, ids: list[int], batch: int = 16) -> EventSyncReport:
    return sync_events(EventStore(data / "events.sqlite3"), generated_cards(), url, ids,
                       FAST, batch)


def test_events_are_kept_byte_for_byte_and_skips_are_counted(
        tmp_path: Path, healthy: ServerProcess) -> None:
    report = run(tmp_path, healthy.url, [1, 2, 3, 4, 5, 6, 999])
    assert report.synced == [1, 2, 4]
    assert report.not_public == [3]
    assert report.not_found == [999]
    assert list(report.failed) == [5, 6]
    assert "decklist 1" in report.failed[5] and "surrogate" in report.failed[6]
    assert report.decklists == 2 + 1 + 2
    store = EventStore(tmp_path / "events.sqlite3")
    for endpoint in ("event", "decklists", "standings"):
        assert store.answer(1, endpoint) == encode(UPSTREAM[1][endpoint])
    assert store.answer(4, "standings") is None
    listed = {e.id: e for e in store.events()}
    assert listed[1].decklists == 2 and listed[1].unresolved == 0
    assert listed[1].name == "Generated Event 1 — Ünïcode"


def test_the_local_server_answers_what_was_synced(tmp_path: Path,
                                                  healthy: ServerProcess) -> None:
    services = build(str(tmp_path / "data"))
    services.events.sync(healthy.url, [1, 4], FAST)
    client = InProcessClient(services.catalogue, services.events)
    assert client.get("/omnidex/events/1/decklists").body == encode(UPSTREAM[1]["decklists"])
    assert client.get("/omnidex/events/1/standings").body == encode(UPSTREAM[1]["standings"])
    assert client.get("/omnidex/events/4/standings").status == 404


@pytest.mark.parametrize(("fault", "why"), [
    ({"kind": "status", "status": 500, "times": -1}, "500"),
    ({"kind": "status", "status": 403, "times": -1}, None),  # refused: not public
    ({"kind": "truncate", "times": -1}, "not valid JSON"),
    ({"kind": "stall", "seconds": 3, "times": -1}, "Timeout"),
])
def test_a_failing_event_is_counted_and_the_rest_kept(
        tmp_path: Path, server: ServerProcess, fault: dict[str, object],
        why: str | None) -> None:
    server.control([{"match": r"^/omnidex/events/2/decklists", **fault}])
    report = run(tmp_path, server.url, [1, 2, 4])
    assert report.synced == [1, 4]
    if why is None:
        assert report.not_public == [2] and not report.failed
    else:
        assert list(report.failed) == [2] and why in report.failed[2]
    assert EventStore(tmp_path / "events.sqlite3").stored_ids() == {1, 4}


def test_a_second_run_asks_with_etags_and_changes_nothing(
        tmp_path: Path, healthy: ServerProcess) -> None:
    run(tmp_path, healthy.url, [1, 4])
    before = EventStore(tmp_path / "events.sqlite3").events()
    report = run(tmp_path, healthy.url, [1, 4])
    assert report.unchanged == [1, 4] and report.synced == []
    assert EventStore(tmp_path / "events.sqlite3").events() == before


def test_a_killed_upstream_leaves_whole_events_and_the_next_run_goes_on(
        tmp_path: Path, upstream: Path) -> None:
    dying = ServerProcess(upstream, log=tmp_path / "dying.log").start()
    try:
        dying.control([{"match": r"^/omnidex/events/4", "kind": "kill"}])
        with pytest.raises(Unreachable):
            run(tmp_path, dying.url, [1, 2, 4], batch=1)
    finally:
        dying.stop()
    store = EventStore(tmp_path / "events.sqlite3")
    assert store.stored_ids() == {1, 2}
    assert store.answer(2, "decklists") == encode(UPSTREAM[2]["decklists"])
    again = ServerProcess(upstream, log=tmp_path / "again.log").start()
    try:
        report = run(tmp_path, again.url, [1, 2, 4], batch=1)
    finally:
        again.stop()
    assert report.unchanged == [1, 2] and report.synced == [4]
    assert json.loads(store.answer(4, "event") or b"{}")["id"] == 4


@pytest.mark.realdata
@pytest.mark.parametrize(("path", "endpoint"), [
    ("/omnidex/events/{event_id}", "event"),
    ("/omnidex/events/{event_id}/decklists", "decklists"),
    ("/omnidex/events/{event_id}/standings", "standings")])
def test_the_generated_upstream_answers_in_the_documents_shapes(path: str,
                                                                endpoint: str) -> None:
    from openapi_schema_validator import OAS30Validator

    from tests.conftest import SHARED_DATA

    doc = json.loads((SHARED_DATA / "openapi-v1.1.0.json").read_text("utf-8"))
    schema = doc["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]
    validator = OAS30Validator({**schema["schema"], "components": doc["components"]})
    assert list(validator.iter_errors(UPSTREAM[1][endpoint])) == []


def test_another_archivist_serve_is_an_upstream_too(tmp_path: Path, upstream: Path) -> None:
    club = ServerProcess(upstream, faulty=False, log=tmp_path / "serve.log").start()
    try:
        report = run(tmp_path, club.url, [1, 3, 4, 999])
    finally:
        club.stop()
    assert (report.synced, report.not_public, report.not_found) == ([1, 4], [3], [999])
    store = EventStore(tmp_path / "events.sqlite3")
    assert store.answer(1, "standings") == encode(UPSTREAM[1]["standings"])


def test_progress_is_told_the_ids_done_after_each_batch(tmp_path: Path,
                                                        healthy: ServerProcess) -> None:
    done: list[int] = []
    sync_events(EventStore(tmp_path / "events.sqlite3"), generated_cards(), healthy.url,
                [1, 2, 3, 4, 999], FAST, batch=2, progress=done.append)
    assert done == [2, 4, 5]
