"""The events file: an events file of the first version gains the API's answers."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from app.events import storage
from app.events.model import Event
from app.events.storage import EventStore


def test_a_first_version_file_keeps_its_events_and_gains_the_apis_answers(
        tmp_path: Path) -> None:
    path = tmp_path / "events.sqlite3"
    conn = sqlite3.connect(path)
    conn.executescript(storage.SCHEMA.replace(storage.ANSWERS, "") + "PRAGMA user_version = 1;")
    conn.execute("INSERT INTO events VALUES (5,'Old','','','','','2026-05-01T10:00:00Z',"
                 "'2026-05-01','file','2026-05-02T00:00:00Z',X'7B7D')")
    conn.commit()
    conn.close()
    store = EventStore(path)
    assert store.raw(5) == b"{}"
    store.keep([Event(6, "New", "", "", "", "", "2026-05-01T10:00:00Z", "2026-05-01",
                      b'{"id":6}', answers={"standings": b'{"id": 6}'})])
    assert store.answer(6, "standings") == b'{"id": 6}'
    assert store.answer(5, "standings") is None
    assert store.stored_ids() == {5, 6}


def test_an_event_kept_again_replaces_its_answers(tmp_path: Path) -> None:
    store = EventStore(tmp_path / "events.sqlite3")

    def event(answers: dict[str, bytes]) -> Event:
        return Event(7, "E", "", "", "", "", "2026-05-01T10:00:00Z", "2026-05-01", b"{}",
                     answers=answers, etags={k: '"t"' for k in answers})

    store.keep([event({"event": b"1", "standings": b"old"})])
    store.keep([event({"event": b"2"})])  # changed upstream, or a file imported over it
    assert store.answer(7, "event") == b"2"
    assert store.answer(7, "standings") is None
    assert store.etags([7]) == {(7, "event"): ('"t"', b"2")}
