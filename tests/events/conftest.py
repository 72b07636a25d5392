"""Fixtures of the event tests: a small GENERATED catalogue and GENERATED events over it
(made up for the tests, not real), and the small real event 52137 (4 decklists)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.decks.cards import DeckCards
from app.events.storage import EventStore
from tests.conftest import SHARED_DATA
from tests.decks.conftest import generated_card

EVENT_52137 = SHARED_DATA / "events" / "52137.json"


def generated_cards() -> DeckCards:
    """Champions of two lineages, a spirit and three main-deck cards (GENERATED)."""
    return DeckCards([
        generated_card("Spirit of Fire", ("CHAMPION",), 0),
        generated_card("Lorraine, Wandering", ("CHAMPION",), 1),
        generated_card("Lorraine, Spirit Ruler", ("CHAMPION",), 3),
        generated_card("Jin, Fate Defiant", ("CHAMPION",), 2),
        generated_card("Backstep"), generated_card("Dungeon Guide"),
        generated_card("Creative Shock")])


def deck(material: list[tuple[str, int]], main: list[tuple[str, int]],
         side: list[tuple[str, int]] | None = None) -> dict[str, Any]:
    """A decklist in the shape of the event files (names only, no slugs)."""
    def zone(items: list[tuple[str, int]]) -> list[dict[str, Any]]:
        return [{"name": name, "qty": qty} for name, qty in items]
    return {"material": zone(material), "main": zone(main), "sideboard": zone(side or [])}


GENERATED_EVENTS: list[dict[str, Any]] = [
    {"id": 1, "name": "Generated Regional", "category": "regionals", "format": "standard",
     "startAt": "2026-04-27T10:00:00.000Z", "season": "GEN", "decklists": [
         deck([("Spirit of Fire", 1), ("Lorraine, Wandering", 1),
               ("Lorraine, Spirit Ruler", 1)], [("Backstep", 4), ("Dungeon Guide", 2)],
              [("Creative Shock", 3)]),
         deck([("Spirit of Fire", 1), ("Jin, Fate Defiant", 1)],
              [("Backstep", 2), ("Creative Shock", 4), ("Dungeon Guide", 1),
               ("dungeon  guide", 1)])]},
    {"id": 2, "name": "Generated Store Championship", "category": "store-championships",
     "format": "standard", "startAt": "2026-05-06T18:00:00.000Z", "season": "GEN",
     "decklists": [
         deck([("Spirit of Fire", 1)], [("Creative Shock", 4)]),
         deck([("Lorraine, Spirit Ruler", 1)], [("Backstep", 3), ("Mystery Card", 2)])]},
]
"""Two GENERATED events, four decklists: the hand counts of tests/meta are over these."""


def write_events(folder: Path, events: list[dict[str, Any]] | None = None) -> list[Path]:
    """Each event as ``<id>.json`` in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for event in GENERATED_EVENTS if events is None else events:
        path = folder / f"{event['id']}.json"
        path.write_text(json.dumps(event), encoding="utf-8")
        paths.append(path)
    return paths


@pytest.fixture
def cards() -> DeckCards:
    """:func:`generated_cards`."""
    return generated_cards()


@pytest.fixture
def store(tmp_path: Path) -> EventStore:
    """An empty events file."""
    return EventStore(tmp_path / "data" / "events.sqlite3")
