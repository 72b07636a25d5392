"""A GENERATED events upstream for the events sync tests: answers in the official API's
shapes (``openapi-v1.1.0.json``), made up for the tests (not real events), kept in a data
folder that the fault-injecting server (:mod:`tests.sync.faulty_server`) serves at the
official paths."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from app.bootstrap import build
from app.events.model import Event


def official_event(event_id: int, decklists: bool = True) -> dict[str, Any]:
    """A GENERATED ``OmnidexEvent`` (every field the document makes required)."""
    return {
        "category": "regionals", "decklists": decklists, "description": "Generated",
        "format": "standard", "host": {"address": "1 Test Street", "addressCountryCode": "NL",
                                       "id": 9, "name": "Generated Games"},
        "id": event_id, "judges": [], "name": f"Generated Event {event_id} — Ünïcode",
        "players": [101, 102], "ranked": True, "setting": "physical",
        "singleEliminationCutSize": 8, "singleEliminationMatchConfig": "bo3", "stages": [],
        "startAt": "2026-05-02T17:00:00.000Z", "startedAt": "2026-05-02T17:05:00.000Z",
        "status": "complete", "swissMatchConfig": "bo1", "swissRounds": 3, "type": "swiss",
        "url": f"https://omni.gatcg.com/events/{event_id}", "vpMultiplier": 1}


def official_decklists() -> list[dict[str, Any]]:
    """Two GENERATED ``OmnidexEventPlayerDecklist`` items (card names, as the API gives)."""
    return [{"decklist": {"material": [{"card": "Spirit of Fire", "quantity": 1},
                                       {"card": "Lorraine, Wandering", "quantity": 1}],
                          "main": [{"card": "Backstep", "quantity": 4}],
                          "sideboard": [{"card": "Creative Shock", "quantity": 2}]},
             "player": 101, "visible": True},
            {"decklist": {"material": [{"card": "Spirit of Fire", "quantity": 1}],
                          "main": [{"card": "Dungeon Guide", "quantity": 3}],
                          "sideboard": []},
             "player": 102, "visible": True}]


def official_standings(event_id: int) -> dict[str, Any]:
    """A GENERATED ``OmnidexEventStandings``."""
    player = {"id": 101, "statsByes": 0, "statsGamesPlayed": 3, "statsGamesWon": 3,
              "statsLosses": 0, "statsPercentGW": 1, "statsPercentMW": 1,
              "statsPercentOGW": 0.5, "statsPercentOMW": 0.5, "statsScore": 9,
              "statsTies": 0, "statsWins": 3, "status": "winner", "tiebreaker": 0}
    return {"id": event_id, "rounds": {"latest": 3, "total": 3}, "standings": [player],
            "status": "complete", "type": "swiss"}


def encode(value: Any) -> bytes:
    """Bytes as an API might send them (spaces after separators: not Python's compact
    form, so a test sees they are kept byte for byte); bytes as they are."""
    if isinstance(value, bytes):
        return value
    return json.dumps(value, ensure_ascii=False, indent=1).encode("utf-8")


UPSTREAM: dict[int, dict[str, Any]] = {
    1: {"event": official_event(1), "decklists": official_decklists(),
        "standings": official_standings(1)},
    2: {"event": official_event(2), "decklists": official_decklists()[:1],
        "standings": official_standings(2)},
    3: {"event": official_event(3, decklists=False)},  # decklists not public
    4: {"event": official_event(4), "decklists": official_decklists()},  # no standings
    5: {"event": official_event(5),  # decklists not of the document's shape
        "decklists": [{"decklist": {"main": []}, "player": 1}]},
    6: {"event": json.dumps({**official_event(6), "name": "NAME"}).replace(
        '"NAME"', '"\\ud800"').encode(),  # a lone surrogate in its name: no Unicode
        "decklists": official_decklists()},
}
"""Event id → endpoint → GENERATED answer; 999 is not there (404)."""


def build_events_upstream(data_dir: Path) -> Path:
    """A data folder whose stored events answer :data:`UPSTREAM` at the official paths."""
    services = build(str(data_dir))
    services.events.event_store().keep([
        Event(event_id, "", "", "", "", "", "2026-05-02T17:00:00.000Z", "2026-05-02",
              encode(answers["event"]),
              answers={name: encode(value) for name, value in answers.items()})
        for event_id, answers in UPSTREAM.items()])
    services.store.close()
    return data_dir
