"""A catalogue of GENERATED cards and the event tests' GENERATED events imported into a
private data folder (made up for the tests, not real)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QThreadPool

from app.bootstrap import Application, build
from tests.events.conftest import write_events
from tests.helpers.cards import make_card

CHAMPIONS = (("genSpirit1", "Spirit of Fire", 0), ("genLorrai1", "Lorraine, Wandering", 1),
             ("genLorrai3", "Lorraine, Spirit Ruler", 3), ("genJinFat2", "Jin, Fate Defiant", 2))
MAIN = (("genBackst1", "Backstep"), ("genDungeo1", "Dungeon Guide"),
        ("genCreati1", "Creative Shock"))


def catalogue_with_events(data: Path, events: bool = True) -> Application:
    """A new catalogue in ``data`` with the generated cards and, with ``events``, the
    generated events imported."""
    made = build(str(data))
    cards = [make_card(uuid, name, types=["CHAMPION"], level=level)
             for uuid, name, level in CHAMPIONS] + [make_card(uuid, name) for uuid, name in MAIN]
    source = data.parent / "cards.json"
    source.write_text(json.dumps(cards), encoding="utf-8")
    made.importer.import_sources([source])
    if events:
        made.events.import_paths(write_events(data.parent / "events"))
    return made


@pytest.fixture
def pool() -> Iterator[QThreadPool]:
    made = QThreadPool()
    yield made
    made.waitForDone()


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Application]:
    """The generated catalogue and its two events (four decklists)."""
    made = catalogue_with_events(tmp_path / "data")
    yield made
    made.store.close()
