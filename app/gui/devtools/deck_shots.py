"""The Decks page in ``archivist screenshot --page decks [--deck FILE]``."""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEventLoop

from app.errors import InvalidData, InvalidRequest
from app.gui.decks.page import DecksPage

MAX_BYTES = 1 << 20


def read_deck(path: Path | None, page: str) -> str | None:
    """The text of the decklist file ``path`` (None: none given).

    Raises:
        InvalidRequest: a deck for another page than ``decks``. InvalidData: unreadable.
    """
    if path is None:
        return None
    if page != "decks":
        raise InvalidRequest("--deck goes with --page decks")
    try:
        data = path.read_bytes()[:MAX_BYTES]
    except OSError as exc:
        raise InvalidData(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    return data.decode("utf-8", "replace")


def _wait(condition: object, timeout: float) -> bool:
    app = QCoreApplication.instance()
    assert app is not None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        if callable(condition) and condition():
            return True
    return False


def prepare(page: DecksPage, text: str | None, name: str, timeout: float) -> None:
    """Wait for the page's decks; paste ``text`` (if any) as ``name``; else open the first
    kept deck (if any)."""
    _wait(lambda: page.loaded, timeout)
    if text is not None:
        page.paste(text, name or "Pasted deck")
        _wait(lambda: page.session.deck is not None, timeout)
    elif page.session.decks:
        page.session.open(page.session.decks[0].id)
        _wait(lambda: page.session.deck is not None, timeout)


def settled(page: DecksPage) -> bool:
    """True when the decks are in and the deck open (if any) shows its check."""
    if not page.loaded:
        return False
    return page.session.deck is None or page.checks.result is not None


def discard(page: DecksPage) -> None:
    """Move the pasted deck to the trash (the screenshot keeps nothing)."""
    page.session.delete()
    _wait(lambda: page.session.deck is None, 10.0)
    page.session.shutdown()
