"""Cards written ahead of the final write, in one transaction (generated cards, no real data)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from app.errors import StoreError
from app.store import CardRecord, Store, Writer
from app.store import revisions as stored
from app.store.ahead import AheadWriter
from app.store.revisions import RevisionRecorder
from tests.helpers.cards import make_card, make_edition


def _card(i: int, name: str = "", **extra: Any) -> dict[str, Any]:
    uuid = f"genc{i:06d}"
    return make_card(uuid, name or f"Card {i}", editions=[make_edition(uuid, f"gene{i:06d}")],
                     **extra)


def _what_a_person_sees(store: Store) -> dict[str, Any]:
    conn = store.connection()
    revision = stored.revisions(conn)
    return {
        "cards": conn.execute("SELECT uuid, slug, name, body FROM cards ORDER BY uuid").fetchall(),
        "editions": conn.execute("SELECT uuid, card_uuid, slug FROM editions ORDER BY uuid"
                                 ).fetchall(),
        "search": conn.execute("SELECT c.uuid FROM cards_fts f JOIN cards c ON c.rowid = f.rowid "
                               "WHERE cards_fts MATCH 'card' ORDER BY c.uuid").fetchall(),
        "revisions": [(r.added, r.changed, r.removed, r.kept_out) for r in revision],
        "changes": sorted((c.uuid, c.slug, c.kind, c.fields) for r in revision
                          for c in stored.changes(conn, r.number)),
    }


def _stores(tmp_path: Path, *before: dict[str, Any]) -> tuple[Store, Store]:
    """Two catalogues holding ``before``: one for the plain writer, one for the ahead one."""
    plain, ahead = Store(tmp_path / "plain.sqlite3"), Store(tmp_path / "ahead.sqlite3")
    for store in (plain, ahead):
        if before:
            Writer(store, RevisionRecorder("files", "import")).write(
                [CardRecord(c) for c in before])
    return plain, ahead


def test_cards_written_ahead_are_seen_only_after_the_write_and_as_a_plain_write_stores_them(
    tmp_path: Path,
) -> None:
    plain, ahead = _stores(tmp_path, _card(1), _card(2), _card(3))
    batch = [_card(1, flavor="Changed."), _card(2), _card(4)]
    want = Writer(plain, RevisionRecorder("api", "sync")).write(
        [CardRecord(c) for c in batch], remove=["genc000003"])
    before = _what_a_person_sees(ahead)
    writer = AheadWriter(ahead, RevisionRecorder("api", "sync"))
    writer.ahead([CardRecord(batch[0])])
    writer.ahead([CardRecord(batch[2])])
    assert writer.pending and _what_a_person_sees(ahead) == before
    got = writer.write([CardRecord(c) for c in batch], remove=["genc000003"])
    assert not writer.pending
    assert got == want
    assert _what_a_person_sees(ahead) == _what_a_person_sees(plain)
    stamps = ahead.connection().execute("SELECT changed_at FROM cards WHERE uuid IN "
                                        "('genc000001', 'genc000004')").fetchall()
    revision_at = stored.revisions(ahead.connection())[0].at
    assert {s for (s,) in stamps} == {revision_at}  # stamped when committed


def test_abandon_leaves_the_previous_catalogue_and_frees_it_for_the_next_write(
    tmp_path: Path,
) -> None:
    _, store = _stores(tmp_path, _card(1))
    before = _what_a_person_sees(store)
    writer = AheadWriter(store, RevisionRecorder("api", "sync"))
    writer.ahead([CardRecord(_card(1, flavor="Changed.")), CardRecord(_card(2))])
    writer.abandon()
    assert _what_a_person_sees(store) == before and not writer.pending
    Writer(store).write([CardRecord(_card(5))])  # the catalogue is not held any more
    assert len(_what_a_person_sees(store)["cards"]) == 2


def test_a_card_received_again_changed_is_stored_as_last_received_and_counted_once(
    tmp_path: Path,
) -> None:
    plain, ahead = _stores(tmp_path, _card(1))
    final = [_card(1, flavor="Second."), _card(2)]
    want = Writer(plain, RevisionRecorder("api", "sync")).write([CardRecord(c) for c in final])
    writer = AheadWriter(ahead, RevisionRecorder("api", "sync"))
    writer.ahead([CardRecord(_card(1, flavor="First.")), CardRecord(_card(2))])
    got = writer.write([CardRecord(c) for c in final])
    assert got == want and (got.changed, got.new) == (1, 1)
    assert _what_a_person_sees(ahead) == _what_a_person_sees(plain)


def test_a_card_taking_a_slug_another_card_gives_up_waits_for_the_whole_batch(
    tmp_path: Path,
) -> None:
    old = _card(1)
    plain, ahead = _stores(tmp_path, old, _card(2))
    renamed = _card(1, name="Card One", slug="card-one")  # card 1 gives up "card-1"
    taker = _card(3, slug="card-1")  # a new card takes it
    batch = [renamed, taker]
    want = Writer(plain, RevisionRecorder("api", "sync")).write([CardRecord(c) for c in batch])
    writer = AheadWriter(ahead, RevisionRecorder("api", "sync"))
    writer.ahead([CardRecord(taker)])  # arrives first: "card-1" is still held
    writer.ahead([CardRecord(renamed)])
    got = writer.write([CardRecord(c) for c in batch])
    assert got == want and not got.refused
    assert _what_a_person_sees(ahead) == _what_a_person_sees(plain)


def test_a_failure_while_writing_ahead_rolls_everything_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, store = _stores(tmp_path, _card(1))
    before = _what_a_person_sees(store)
    writer = AheadWriter(store, RevisionRecorder("api", "sync"))
    writer.ahead([CardRecord(_card(2))])
    import app.store.writer as writing

    def full(*args: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(writing, "index_card", full)
    with pytest.raises(StoreError, match="nothing was changed"):
        writer.ahead([CardRecord(_card(3))])
    assert not writer.pending and _what_a_person_sees(store) == before
    writer.ahead([CardRecord(_card(4))])  # a broken writer writes nothing more ahead
    assert not writer.pending
