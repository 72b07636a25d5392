"""The Decks page in ``archivist screenshot --page decks [--deck FILE]``."""

from __future__ import annotations

from pathlib import Path

from app.errors import InvalidData, InvalidRequest
from app.gui.decks.page import DecksPage
from app.gui.devtools.waiting import wait_until

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


def prepare(page: DecksPage, text: str | None, name: str, timeout: float) -> None:
    """Wait for the page's decks; paste ``text`` (if any) as ``name``; else open the first
    kept deck (if any)."""
    wait_until(lambda: page.loaded, timeout)
    if text is not None:
        page.paste(text, name or "Pasted deck")
        wait_until(lambda: page.session.deck is not None, timeout)
    elif page.session.decks:
        page.session.open(page.session.decks[0].id)
        wait_until(lambda: page.session.deck is not None, timeout)


def settled(page: DecksPage) -> bool:
    """True when the decks are in and the deck open (if any) shows its check."""
    if not page.loaded:
        return False
    return page.session.deck is None or page.checks.result is not None


def discard(page: DecksPage) -> None:
    """Move the pasted deck to the trash (the screenshot keeps nothing)."""
    page.session.delete()
    wait_until(lambda: page.session.deck is None, 10.0)
    page.session.shutdown()
