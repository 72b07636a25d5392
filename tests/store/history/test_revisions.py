"""Revisions recorded by the writer, in its transaction (generated cards, no real data)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.errors import StoreError
from app.store import CardRecord, Store, Writer
from app.store.history import revisions as stored
from app.store.history.revisions import RevisionRecorder
from app.store.write.writer import encode_body
from tests.helpers.cards import make_card, make_edition


def _write(store: Store, *cards: dict, remove: tuple[str, ...] = ()) -> int | None:  # type: ignore[type-arg]
    history = RevisionRecorder("test files", "import", ["bad.json[0] x: name: missing"])
    Writer(store, history).write([CardRecord(c) for c in cards], remove=remove)
    return history.number


def test_a_write_that_changes_cards_records_one_revision(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.sqlite3")
    assert _write(store, make_card()) == 1
    assert _write(store, make_card(flavor="New."), make_card("genCard002", "Two")) == 2
    revision = stored.revisions(store.connection())[0]
    assert (revision.number, revision.added, revision.changed, revision.removed) == (2, 1, 1, 0)
    assert revision.source == "test files"
    assert revision.kept_out == ("bad.json[0] x: name: missing",)
    rows = {r.slug: r for r in stored.changes(store.connection(), 2)}
    assert rows["generated-card"].fields == ("flavor",)
    assert rows["two"].kind == "added"
    assert stored.previous_body(store.connection(), 2, "genCard001") is not None


@pytest.mark.allow_log(r"^not stored: genCard001 ")
def test_records_the_writer_keeps_out_are_listed_with_the_revision(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.sqlite3")
    _write(store, make_card(last_update="2026-04-01T00:00:00.000Z"))
    older = make_card(flavor="Older.", last_update="2026-01-01T00:00:00.000Z")
    assert _write(store, older, make_card("genCard002", "Two")) == 2
    kept = stored.revisions(store.connection())[0].kept_out
    assert kept[0] == "bad.json[0] x: name: missing"
    assert len(kept) == 2 and kept[1].startswith("genCard001 (generated-card): last_update:")
    assert "older than the catalogue" in kept[1]


def test_the_same_content_again_records_no_revision(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.sqlite3")
    _write(store, make_card())
    assert _write(store, make_card()) is None
    assert [r.number for r in stored.revisions(store.connection())] == [1]


def test_reordered_editions_are_kept_but_not_counted(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.sqlite3")
    a, b = make_edition("genCard001", "ed00000001"), make_edition("genCard001", "ed00000002")
    _write(store, make_card(editions=[a, b]))
    assert _write(store, make_card(editions=[b, a])) == 2
    revision = stored.revisions(store.connection())[0]
    assert revision.total == 0
    assert stored.changes(store.connection(), 2) == []
    assert len(stored.changes(store.connection(), 2, quiet=True)) == 1


def test_removed_cards_keep_their_last_body(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.sqlite3")
    _write(store, make_card())
    assert _write(store, remove=("genCard001",)) == 2
    assert stored.changes(store.connection(), 2)[0].kind == "removed"
    assert '"Generated Card"' in str(stored.previous_body(store.connection(), 2, "genCard001"))


def test_a_failed_write_records_nothing(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.sqlite3")
    _write(store, make_card())

    def records() -> Iterator[CardRecord]:
        yield CardRecord(make_card("genCard002", "Second Card"))
        raise OSError("disk vanished")

    history = RevisionRecorder("files", "import")
    with pytest.raises(OSError):
        Writer(store, history).write(records())
    assert [r.number for r in stored.revisions(store.connection())] == [1]
    assert stored.changes(store.connection(), 2, quiet=True) == []


def test_previous_bodies_are_rebuilt_exactly_through_later_versions(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.sqlite3")
    versions = [make_card(flavor=f"Flavor {n}.") for n in range(3)]
    for card in versions:
        _write(store, card)
    conn = store.connection()
    bodies = [encode_body(card) for card in versions]
    assert stored.previous_body(conn, 2, "genCard001") == bodies[0]
    assert stored.previous_body(conn, 3, "genCard001") == bodies[1]
    assert stored.body_after(conn, 2, "genCard001") == bodies[1]
    blob = conn.execute("SELECT previous FROM revision_cards WHERE revision = 2").fetchone()[0]
    assert len(blob) < len(bodies[0]) / 4  # stored as a difference to the next version


def test_a_change_that_was_not_recorded_is_named_when_history_is_read(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.sqlite3")
    _write(store, make_card())
    _write(store, make_card(flavor="Recorded."))
    Writer(store).write([CardRecord(make_card(flavor="Not recorded."))])
    with pytest.raises(StoreError, match="changed without being recorded"):
        stored.previous_body(store.connection(), 2, "genCard001")


def test_the_first_revision_of_an_empty_catalogue_is_no_news(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.sqlite3")
    _write(store, make_card(), make_card("genCard002", "Other Card"))
    conn = store.connection()
    assert stored.revisions(conn)[0].first
    assert stored.latest_changed(conn) == {}  # no "New" badge on every tile
    _write(store, make_card("genCard003", "Fresh Card"))
    latest, first = stored.revisions(conn)
    assert first.first and not latest.first
    assert stored.latest_changed(conn) == {"genCard003": ("new",)}
