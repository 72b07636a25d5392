"""Out of a deck: what the page's Copy text, Save text…, Registration
sheet…, Proxy sheet… and Card images… buttons run (no widgets here).

The proxy sheet and the card images go through the window's export dialog (the shell
passes an opener in), over a plan of the deck's editions: each copy for the sheet, each
printing once for the image files.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from app.decks import FORMATS, ZONES, Deck, DeckCards, deck_text, registration_sheet
from app.export import ExportItem
from app.files import write_text

ExportOpener = Callable[[str, Callable[[], list[ExportItem]], bool], object]
"""Opens the export dialog: ``(title, plan, proxy sheet chosen)`` (the shell gives it)."""


class EditionPlanner(Protocol):
    """Plans editions for export (:meth:`app.export.service.Export.export_plan`)."""

    def export_plan(self, *, editions: list[str]) -> list[ExportItem]:
        """The export items of ``editions``."""
        ...


def deck_editions(deck: Deck, cards: DeckCards) -> tuple[list[tuple[str, int]], list[str]]:
    """``([(edition uuid, quantity)], [names without a card])`` zone by zone: each entry's
    chosen printing, else its card's default one."""
    wanted: list[tuple[str, int]] = []
    missing: list[str] = []
    for zone in ZONES:
        for entry in deck.zone(zone):
            card = cards.get(entry.card_uuid)
            edition = cards.edition(card, entry.edition_uuid) if card is not None else None
            if edition is None:
                missing.append(entry.name)
            else:
                wanted.append((edition.uuid, entry.quantity))
    return wanted, missing


def plan_deck(planner: EditionPlanner, deck: Deck, cards: DeckCards,
              copies: bool) -> Callable[[], list[ExportItem]]:
    """A plan (run in the export's worker) of the deck's editions: every copy (``copies``,
    for the proxy sheet) or each printing once (the image files)."""
    snapshot = Deck(deck.name, list(deck.entries), deck.format)

    def plan() -> list[ExportItem]:
        wanted, _missing = deck_editions(snapshot, cards)
        if not wanted:
            return []
        items = {i.uuid: i for i in planner.export_plan(
            editions=list(dict.fromkeys(u for u, _ in wanted)))}
        out: list[ExportItem] = []
        for uuid, quantity in wanted:
            if uuid in items:
                out.extend([items[uuid]] * (quantity if copies else 1))
        return out if copies else list(dict.fromkeys(out))

    return plan


def save_text(deck: Deck, cards: DeckCards, path: Path) -> Path:
    """Write the deck as Omnidex text to ``path`` (whole or not at all); returns it.

    Raises:
        WriteFailed: the file cannot be written; it is left as it was.
    """
    return write_text(path, deck_text(deck, cards))


def write_sheet(deck: Deck, cards: DeckCards, path: Path, page: str = "A4") -> int:
    """Write the registration sheet PDF of ``deck``; returns its pages (needs a
    QGuiApplication). Raises WriteFailed (the file is left as it was), InvalidRequest."""
    from app.gui.decks.sheet import write_registration_sheet

    rules = FORMATS.get(deck.format.upper())
    sheet = registration_sheet(deck, cards, rules.name if rules else deck.format)
    return write_registration_sheet(sheet, path, page)
