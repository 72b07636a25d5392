"""Importing event files: good ones kept in one transaction, each bad one reported and
skipped, names resolved as the deck reader resolves them."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from app.decks.cards import DeckCards
from app.errors import InvalidRequest
from app.events import reading
from app.events.importing import import_events
from app.events.storage import EventStore
from tests.events.conftest import EVENT_52137, GENERATED_EVENTS, deck, write_events


def test_a_folder_of_events_is_kept_with_each_files_bytes(
        tmp_path: Path, store: EventStore, cards: DeckCards) -> None:
    paths = write_events(tmp_path / "in")
    report = import_events(store, cards, [tmp_path / "in"])
    assert [e.id for e in report.events] == [1, 2]
    assert report.decklists == 4 and report.skipped == [] and report.replaced == []
    assert store.raw(1) == paths[0].read_bytes()
    assert [(e.id, e.decklists) for e in store.events()] == [(1, 2), (2, 2)]


def test_names_resolve_forgiving_case_and_spacing_and_unknown_names_are_kept(
        tmp_path: Path, store: EventStore, cards: DeckCards) -> None:
    report = import_events(store, cards, write_events(tmp_path))
    first = report.events[0].decklists[1]
    assert [e.card_name for e in first.entries if e.zone == "main"][-1] == "Dungeon Guide"
    assert first.plays()[cards.by_name["Dungeon Guide"].uuid][0] == 2  # 1 + "dungeon  guide" 1
    assert report.unresolved == [(2, "Mystery Card")]
    assert [e.unresolved for e in store.events()] == [0, 1]


def test_champion_lineage_is_the_highest_level_champions_name_before_the_comma(
        tmp_path: Path, store: EventStore, cards: DeckCards) -> None:
    report = import_events(store, cards, write_events(tmp_path))
    assert [d.lineage for e in report.events for d in e.decklists] == [
        "Lorraine", "Jin", "Spirit of Fire", "Lorraine"]
    assert report.events[0].decklists[0].champion == "Lorraine, Spirit Ruler"


def test_the_official_decklists_shape_reads_cards_by_name(
        tmp_path: Path, store: EventStore, cards: DeckCards) -> None:
    official = {"id": 7, "name": "Official", "startAt": "2026-05-01T00:00:00Z", "decklists": [
        {"decklist": {"material": [{"card": "Jin, Fate Defiant", "quantity": 1}],
                      "main": [{"card": "BACKSTEP", "quantity": 4}], "sideboard": []},
         "player": 12, "visible": True}]}
    report = import_events(store, cards, write_events(tmp_path, [official]))
    (decklist,) = report.events[0].decklists
    assert decklist.lineage == "Jin" and report.unresolved == []


def test_a_later_file_of_the_same_id_replaces_the_earlier_and_is_reported(
        tmp_path: Path, store: EventStore, cards: DeckCards) -> None:
    write_events(tmp_path / "a")
    again = dict(GENERATED_EVENTS[0], name="Renamed", decklists=GENERATED_EVENTS[0]
                 ["decklists"][:1])
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "again.json").write_text(json.dumps(again), encoding="utf-8")
    report = import_events(store, cards, [tmp_path / "a", tmp_path / "b"])
    assert len(report.duplicates) == 1 and "again.json replaces" in report.duplicates[0]
    assert [(e.id, e.name, e.decklists) for e in store.events()] == [
        (1, "Renamed", 1), (2, "Generated Store Championship", 2)]
    assert import_events(store, cards, [tmp_path / "b"]).replaced == [1]


BAD = {
    "list.json": "[]",
    "no-id.json": json.dumps({"name": "x", "startAt": "2026-05-01", "decklists": []}),
    "text-id.json": json.dumps({"id": "12", "startAt": "2026-05-01", "decklists": []}),
    "not-json.json": "{\"id\": 3,",
    "binary.json": "\x00\x01\x02",
    "deep.json": "[" * 200 + "]" * 200,
    "year-99999.json": json.dumps({"id": 4, "startAt": "99999-01-01", "decklists": []}),
    "year-1900.json": json.dumps({"id": 5, "startAt": "1900-01-01T00:00:00Z",
                                  "decklists": []}),
    "no-start.json": json.dumps({"id": 6, "decklists": []}),
    "long-deck.json": json.dumps({"id": 8, "startAt": "2026-05-01", "decklists": [
        deck([], [("Backstep", 1)] * 10_000)]}),
    "bad-qty.json": json.dumps({"id": 9, "startAt": "2026-05-01", "decklists": [
        {"main": [{"name": "Backstep", "qty": "four"}]}]}),
    "zone-not-list.json": json.dumps({"id": 10, "startAt": "2026-05-01", "decklists": [
        {"main": 5}]}),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_each_bad_file_is_reported_and_skipped_and_the_rest_kept(
        tmp_path: Path, store: EventStore, cards: DeckCards, name: str) -> None:
    write_events(tmp_path)
    (tmp_path / name).write_text(BAD[name], encoding="utf-8")
    report = import_events(store, cards, [tmp_path])
    assert len(report.skipped) == 1 and name in report.skipped[0]
    assert [e.id for e in store.events()] == [1, 2]


def test_a_file_over_the_size_limit_is_refused_unread(
        tmp_path: Path, store: EventStore, cards: DeckCards,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reading, "EVENT_BYTES", 100)
    report = import_events(store, cards, write_events(tmp_path))
    assert len(report.skipped) == 2 and "at most 100" in report.skipped[0]
    assert not store.path.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_at_once(tmp_path: Path, store: EventStore,
                                   cards: DeckCards) -> None:
    write_events(tmp_path)
    os.mkfifo(tmp_path / "pipe.json")
    report = import_events(store, cards, [tmp_path])
    assert len(report.skipped) == 1 and "FIFO" in report.skipped[0]
    assert len(store.events()) == 2


def test_a_missing_path_fails_and_keeps_nothing(tmp_path: Path, store: EventStore,
                                                cards: DeckCards) -> None:
    with pytest.raises(InvalidRequest, match="no such file"):
        import_events(store, cards, [*write_events(tmp_path), tmp_path / "gone.json"])
    assert store.events() == []


@pytest.mark.realdata
def test_a_real_event_keeps_its_bytes_and_its_four_decklists(
        store: EventStore, cards: DeckCards) -> None:
    report = import_events(store, cards, [EVENT_52137])
    assert report.decklists == 4
    assert store.raw(52137) == EVENT_52137.read_bytes()
