"""The Decks page in ``archivist screenshot --page decks [--deck FILE]`` and its ban list
in ``--page banlist``. A deck file is shown, not kept: the user's kept decks stay exactly
as they were."""

from __future__ import annotations

from pathlib import Path

from app.decks import read_decklist_text
from app.errors import InvalidRequest
from app.gui.decks.page import DecksPage
from app.gui.devtools.waiting import wait_until


def read_deck(path: Path | None, page: str) -> str | None:
    """The text of the decklist file ``path`` (None: none given).

    Raises:
        InvalidRequest: a deck for another page than ``decks``.
        InvalidData: not a regular file (a FIFO is refused at once, never waited on),
            unreadable, too large or not UTF-8 text, as ``archivist deck check`` says.
    """
    if path is None:
        return None
    if page != "decks":
        raise InvalidRequest("--deck goes with --page decks")  # not with banlist either
    return read_decklist_text(path)


def prepare(page: DecksPage, text: str | None, name: str, timeout: float) -> None:
    """Wait for the page's decks; show ``text`` (if any) as ``name`` without keeping it
    (an event file: its first decklist); else open the first kept deck (if any)."""
    wait_until(lambda: page.loaded, timeout)
    if text is not None:
        page.session.show_unkept(text, name or "Pasted deck")
        wait_until(lambda: page.session.deck is not None, timeout)
    elif page.session.decks:
        page.session.open(page.session.decks[0].id)
        wait_until(lambda: page.session.deck is not None, timeout)


def prepare_banlist(page: DecksPage, timeout: float) -> None:
    """Wait for the page's cards, then show the ban list (Standard, today)."""
    wait_until(lambda: page.loaded, timeout)
    page.show_banlist()


def banlist_settled(page: DecksPage) -> bool:
    """True when the ban list is worked out and shown."""
    return page.banlist.found is not None


def settled(page: DecksPage) -> bool:
    """True when the decks are in and the deck open (if any) shows its check, or the
    page shows why the decks file cannot be read."""
    if page.session.store_problem is not None:
        return True
    if not page.loaded:
        return False
    return page.session.deck is None or (page.checks.result is not None
                                         and page.images.thumbnails_done())


def discard(page: DecksPage) -> None:
    """Let the page's background work end (nothing was kept, so nothing is deleted)."""
    page.session.shutdown()
