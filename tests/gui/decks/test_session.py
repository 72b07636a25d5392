"""The Decks page's session (app/gui/decks/session.py): a paste is read off the GUI thread,
and a paste over the limits is one message, not a frozen window."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QThreadPool
from pytestqt.qtbot import QtBot

from app.decks import DeckStore, parse_pasted
from app.decks.cards import DeckCards
from app.errors import InvalidData
from app.gui.decks import session as session_module
from app.gui.decks.session import DeckSession


class Source:
    """No card, and a decks file in a temporary folder."""

    def __init__(self, folder: Path) -> None:
        self.store = DeckStore(folder / "decks.sqlite3")

    def deck_cards(self) -> DeckCards:
        return DeckCards([])

    def deck_store(self) -> DeckStore:
        return self.store


@pytest.fixture
def session(qtbot: QtBot, tmp_path: Path) -> Iterator[DeckSession]:
    pool = QThreadPool()
    made = DeckSession(Source(tmp_path), pool)
    made.load()
    qtbot.waitUntil(lambda: made.loaded, timeout=20_000)
    yield made
    made.shutdown()
    pool.waitForDone()


def test_a_paste_is_read_in_a_worker_not_on_the_gui_thread(
    qtbot: QtBot, session: DeckSession, monkeypatch: pytest.MonkeyPatch,
) -> None:
    readers: list[int] = []

    def recording(text: str, name: str = "") -> Any:
        readers.append(threading.get_ident())
        return parse_pasted(text, name)

    monkeypatch.setattr(session_module, "parse_pasted", recording)
    session.paste("# Main Deck\n4 Zephyr\n", "Wind")
    assert session.deck is None  # nothing was read yet: paste() only handed the work over
    qtbot.waitUntil(lambda: session.deck is not None and session.deck_id is not None,
                    timeout=20_000)
    assert readers and readers[0] != threading.get_ident()
    assert session.deck is not None and session.deck.name == "Wind"
    assert [str(p) for p in session.problems] == []


def test_a_paste_over_the_limits_is_one_message_and_keeps_no_deck(
    qtbot: QtBot, session: DeckSession,
) -> None:
    """One line of '1 a' + 100,000 spaces + 'b' froze the window for minutes."""
    failures: list[tuple[str, object]] = []
    session.failed.connect(lambda what, error: failures.append((what, error)))
    session.paste("1 a" + " " * 100_000 + "b", "Hostile")
    qtbot.waitUntil(lambda: bool(failures), timeout=20_000)
    what, error = failures[0]
    assert what == "paste" and isinstance(error, InvalidData)
    assert error.message.startswith("the pasted text: line 1 has 100,004 characters; a "
                                    "decklist has at most 200 a line: '1 a ")
    assert session.decks == [] and session.deck is None
