"""The stored events at the official paths: ``/omnidex/events/{event_id}``, its
``/decklists`` and ``/standings``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.bootstrap import build
from app.events.model import Event
from app.server import InProcessClient
from tests.events.conftest import GENERATED_EVENTS, write_events

# GENERATED: answers in the official API's shapes, made up for these tests
SYNCED_EVENT = b'{"id": 77, "name": "Synced \xc3\xa9vent", "decklists": true}'
SYNCED_DECKLISTS = (b'[{"decklist": {"material": [{"card": "Spirit of Fire", "quantity": 1}],'
                    b' "main": []}, "player": 5, "visible": true}]')
SYNCED_STANDINGS = (b'{"id": 77, "rounds": {"latest": 3, "total": 3}, "standings": [],'
                    b' "status": "finished", "type": "swiss"}')


@pytest.fixture
def client(tmp_path: Path) -> InProcessClient:
    services = build(str(tmp_path / "data"))
    services.events.import_paths(write_events(tmp_path / "files"))
    services.events.event_store().keep([Event(
        77, "Synced", "", "", "", "", "2026-05-01T10:00:00Z", "2026-05-01", SYNCED_EVENT,
        answers={"event": SYNCED_EVENT, "decklists": SYNCED_DECKLISTS,
                 "standings": SYNCED_STANDINGS})])
    return InProcessClient(services.catalogue, services.events)


def test_a_synced_event_answers_the_apis_bytes(client: InProcessClient) -> None:
    for path, body in (("/omnidex/events/77", SYNCED_EVENT),
                       ("/omnidex/events/77/decklists", SYNCED_DECKLISTS),
                       ("/omnidex/events/77/standings", SYNCED_STANDINGS)):
        response = client.get(path)
        assert (response.status, response.media_type) == (200, "application/json")
        assert response.body == body


def test_an_imported_event_answers_in_the_official_shapes(client: InProcessClient) -> None:
    event = client.get("/omnidex/events/1").json()
    assert event["id"] == 1
    assert event["name"] == "Generated Regional"
    assert event["decklists"] is True
    decklists = client.get("/omnidex/events/1/decklists").json()
    assert len(decklists) == len(GENERATED_EVENTS[0]["decklists"])
    first = decklists[0]
    assert first["visible"] is True
    assert first["decklist"]["main"] == [{"card": "Backstep", "quantity": 4},
                                         {"card": "Dungeon Guide", "quantity": 2}]
    standings = client.get("/omnidex/events/1/standings")
    assert standings.status == 404
    assert "error" in standings.json()


@pytest.mark.parametrize("path", ["/omnidex/events/999", "/omnidex/events/999/decklists",
                                  "/omnidex/events/999/standings"])
def test_an_unknown_event_is_a_json_404(client: InProcessClient, path: str) -> None:
    response = client.get(path)
    assert (response.status, response.media_type) == (404, "application/json")
    assert response.json() == {"error": "No event 999 is stored on this server"}


@pytest.mark.parametrize("path", ["/omnidex/events/abc", "/omnidex/events/1.5/decklists",
                                  "/omnidex/events/" + "9" * 40, "/omnidex/events/0",
                                  "/omnidex/events/-3/standings",
                                  "/omnidex/events/9007199254740992"])
def test_an_event_id_that_is_no_id_is_a_json_400(client: InProcessClient, path: str) -> None:
    response = client.get(path)
    assert (response.status, response.media_type) == (400, "application/json")
    assert set(response.json()) == {"error"}


def test_the_rest_of_omnidex_is_still_a_json_404(client: InProcessClient) -> None:
    response = client.get("/omnidex/events/1/pairings")
    assert response.status == 404
    assert "not mirrored" in json.loads(response.body)["error"]
