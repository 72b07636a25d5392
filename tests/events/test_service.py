"""The application object's ``events`` part: built once, its names resolved against the
catalogue, its file apart from the catalogue's (a catalogue import leaves it as it was)."""

from __future__ import annotations

import json
from pathlib import Path

from app.bootstrap import build
from tests.events.conftest import write_events
from tests.helpers.cards import make_card


def test_events_are_resolved_against_the_catalogue_and_kept_apart_from_it(
        tmp_path: Path) -> None:
    app = build(str(tmp_path / "data"))
    assert app.events is app.events
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps([make_card("genBackst1", "Backstep")]), encoding="utf-8")
    app.importer.import_sources([cards])
    report = app.events.import_paths(write_events(tmp_path / "events"))
    assert ("Backstep" in {e.card_name for e in report.events[0].decklists[0].entries
                           if e.card_uuid == "genBackst1"})
    events_file = tmp_path / "data" / "events.sqlite3"
    before = events_file.read_bytes()
    cards.write_text(json.dumps([make_card("genOther01", "Other Card")]), encoding="utf-8")
    app.importer.import_sources([cards])  # a catalogue import: a new revision
    assert events_file.read_bytes() == before
    assert [e.id for e in app.events.event_store().events()] == [1, 2]
