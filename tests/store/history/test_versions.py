"""Versions read back from the history, checked (generated cards, no real data): what the
real-data tests of every kind of damage (tests/cli/test_history_cmd_damaged.py) rest on."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.errors import InvalidRequest
from app.store import CardRecord, Store, Writer
from app.store.history import revisions as stored
from app.store.history.revisions import RevisionRecorder
from app.store.history.versions import UnreadableRow, previous_version, version_after
from tests.helpers.cards import make_card


def _write(store: Store, *cards: dict) -> int | None:  # type: ignore[type-arg]
    history = RevisionRecorder("test files", "import")
    Writer(store, history).write([CardRecord(c) for c in cards])
    return history.number


def _three_versions(tmp_path: Path) -> Store:
    store = Store(tmp_path / "c.sqlite3")
    for n in range(3):
        _write(store, make_card(flavor=f"Flavor {n}."))
    return store


def test_a_sound_history_reads_back_each_version_as_the_card(tmp_path: Path) -> None:
    conn = _three_versions(tmp_path).connection()
    found = previous_version(conn, 3, "genCard001")
    assert found is not None and found[1]["flavor"] == "Flavor 1."
    assert previous_version(conn, 1, "genCard001") is None  # added then
    after = version_after(conn, 2, "genCard001")
    assert after is not None and after["flavor"] == "Flavor 1."


def test_a_damaged_later_row_makes_the_earlier_one_unreadable_and_names_it(
    tmp_path: Path,
) -> None:
    """A version is compressed against the one after it: without that one it cannot be
    rebuilt, and the reason says which row is the damaged one."""
    store = _three_versions(tmp_path)
    with store.transaction() as conn:
        conn.execute("UPDATE revision_cards SET previous = ? WHERE revision = 3", (b"d??",))
    conn = store.connection()
    with pytest.raises(UnreadableRow, match="no valid compressed data") as caught:
        previous_version(conn, 3, "genCard001")
    assert caught.value.revision == 3
    with pytest.raises(UnreadableRow, match=r"the version after it \(revision 3\)"):
        previous_version(conn, 2, "genCard001")


def test_a_revision_whose_record_was_deleted_keeps_its_number_and_its_rows(
    tmp_path: Path,
) -> None:
    store = _three_versions(tmp_path)
    with store.transaction() as conn:
        conn.execute("DELETE FROM revisions WHERE number = 3")
    listed = stored.revisions(store.connection())
    assert [(r.number, r.unreadable) for r in listed] == [
        (3, "its record is missing"), (2, ""), (1, "")]
    assert _write(store, make_card(flavor="Flavor 3.")) == 4  # not 3: its rows are kept
    assert [r.revision for r in stored.changes(store.connection(), 3)] == [3]


@pytest.mark.allow_log(r"^not stored: ")
def test_an_all_or_nothing_write_that_cannot_store_a_card_writes_nothing(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "c.sqlite3")
    _write(store, make_card(), make_card("genCard002", "Other Card"))
    taken = make_card("genCard003", "Third Card", slug="other-card")
    history = RevisionRecorder("test files", "import")
    with pytest.raises(InvalidRequest, match="the card other-card cannot be stored: the slug"):
        Writer(store, history).write([CardRecord(make_card(flavor="Changed.")),
                                      CardRecord(taken)], all_or_nothing=True)
    assert history.number is None
    assert [r.number for r in stored.revisions(store.connection())] == [1]
    body = store.connection().execute("SELECT body FROM cards WHERE uuid = 'genCard001'")
    assert "Changed." not in body.fetchone()[0]
