"""Decks over the local catalogue: read, check, keep, export (no Qt here).

Example::

    from app.decks import check_deck, read_decklists, resolve

    cards = app.decks.deck_cards()  # app: from app.bootstrap.build()
    for parsed in read_decklists(Path("50170.json")):
        result = check_deck(resolve(parsed, cards).deck, cards, "STANDARD")
        print(result.legal, [f.message for f in result.findings])

The registration-sheet PDF is drawn with Qt in :mod:`app.gui.decks.sheet`.
"""

from app.decks.banlist import BanEntry, BanList, ban_list
from app.decks.cards import DeckCard, DeckCards, DeckEdition, normalise_name, squash_name
from app.decks.champion import deck_champion, lineage
from app.decks.check import CANNOT_JUDGE, LEGAL, NOT_LEGAL, RULES, CheckResult, check_deck
from app.decks.finding import ADVISORY, ERROR, Finding
from app.decks.formats import FORMATS, FormatRules, format_rules
from app.decks.images import DeckImages, deck_images
from app.decks.model import ZONES, Deck, Entry, Zone
from app.decks.moment import describe, iso, parse_moment
from app.decks.parse import (
    PASTE_LIMITS,
    LineProblem,
    ParsedList,
    parse_event,
    parse_pasted,
    parse_text,
    read_decklist_text,
    read_decklists,
)
from app.decks.resolve import ReadDeck, Unresolved, find_card, resolve, suggest, zone_for
from app.decks.stats import Breakdown, breakdowns, cost_curve, cost_order, curve_axis
from app.decks.storage import DeckStore, DeckSummary
from app.decks.textout import RegistrationSheet, SheetZone, deck_text, registration_sheet

__all__ = [
    "ADVISORY",
    "CANNOT_JUDGE",
    "ERROR",
    "FORMATS",
    "LEGAL",
    "NOT_LEGAL",
    "PASTE_LIMITS",
    "RULES",
    "ZONES",
    "BanEntry",
    "BanList",
    "Breakdown",
    "CheckResult",
    "Deck",
    "DeckCard",
    "DeckCards",
    "DeckEdition",
    "DeckImages",
    "DeckStore",
    "DeckSummary",
    "Entry",
    "Finding",
    "FormatRules",
    "LineProblem",
    "ParsedList",
    "ReadDeck",
    "RegistrationSheet",
    "SheetZone",
    "Unresolved",
    "Zone",
    "ban_list",
    "breakdowns",
    "check_deck",
    "cost_curve",
    "cost_order",
    "curve_axis",
    "deck_champion",
    "deck_images",
    "deck_text",
    "describe",
    "find_card",
    "format_rules",
    "iso",
    "lineage",
    "normalise_name",
    "parse_event",
    "parse_moment",
    "parse_pasted",
    "parse_text",
    "read_decklist_text",
    "read_decklists",
    "registration_sheet",
    "resolve",
    "squash_name",
    "suggest",
    "zone_for",
]
