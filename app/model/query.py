"""What a query of the search language finds: card hits, edition hits and the result.

Plain frozen dataclasses built by the store (:mod:`app.store.language.query`) and handed out by the
catalogue (:meth:`app.catalogue.base.Catalogue.query`); the window, the CLI and export read
them without knowing the store. This module imports nothing else of the app.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Per = Literal["card", "edition"]
"""One hit per card, or one per matching edition."""

SortKey = Literal["name", "set", "cost", "level", "power", "life", "rarity", "thema"]
QUERY_SORTS: tuple[str, ...] = ("name", "set", "cost", "level", "power", "life", "rarity", "thema")
"""The orders of a search-language query (not the official ``/cards/search`` sort keys)."""


@dataclass(frozen=True)
class CardSummary:
    """One hit of a per-card search: a card and the edition that represents it on a tile.

    The representative edition is the best of the editions the query matched (all of them
    when the query names no edition field): the first (in received order) whose image is
    stored, else the first of them.

    Attributes:
        uuid, slug, name: the card's.
        editions: how many editions the card has.
        set_prefix, collector_number, image_file: the representative edition's
            (``""`` for a card without editions).
        has_image: the representative edition's image is stored.
        edition_uuid: the representative edition's uuid (``""`` without editions).
    """

    uuid: str
    slug: str
    name: str
    editions: int
    set_prefix: str
    collector_number: str
    image_file: str
    has_image: bool
    edition_uuid: str = ""


@dataclass(frozen=True)
class EditionHit:
    """One hit of a per-edition search: an edition and its card.

    Attributes:
        uuid: the edition's uuid. card_uuid, slug, name: its card's.
        edition_slug, set_prefix, collector_number, rarity, image_file: the edition's.
        has_image: the edition's image is stored.
    """

    uuid: str
    card_uuid: str
    slug: str
    name: str
    edition_slug: str
    set_prefix: str
    collector_number: str
    rarity: int | None
    image_file: str
    has_image: bool


Hit = CardSummary | EditionHit
"""A hit of either kind."""


@dataclass(frozen=True)
class QueryHelp:
    """Why a query found nothing and what to try instead, decided once where the query runs
    (the catalogue); the command line and the window only show it.

    Attributes:
        problem: what keeps the query from finding anything (``no type “champ” in the
            catalogue``, ``no revision has changed legality yet``), or ``""`` when nothing is
            known to.
        position: 0-based index into the query of the term the problem is about.
        hint: what to write instead, or why (``type values starting with “champ”:
            champion``), or ``""``.
        mistake: the problem is a mistake in the query (a value the catalogue does not
            hold: nothing can match, shown as an error); False for a right query the
            history gives nothing to yet (shown with its empty results).
        suggestion: a query to try instead (``Lorraine``, ``"Spirit of Fire"``), or None.
    """

    problem: str = ""
    position: int = 0
    hint: str = ""
    mistake: bool = False
    suggestion: str | None = None


@dataclass(frozen=True)
class QueryResult:
    """What a query found.

    Attributes:
        query: the query text.
        per: ``card`` (hits are :class:`CardSummary`) or ``edition`` (:class:`EditionHit`).
        hits: the hits in the asked order, at most the asked limit.
        total: how many cards (or editions) match, whatever the limit.
        help: why a query found nothing and what to try (None: it found something, or
            there is nothing to say).
    """

    query: str
    per: Per
    hits: tuple[Hit, ...]
    total: int
    help: QueryHelp | None = None

    def describe(self) -> str:
        """A line saying what was found: ``"No cards match."``, ``"12 cards"``,
        ``"Showing 50 of 120 editions"``."""
        noun = "card" if self.per == "card" else "edition"
        if self.total == 0:
            return f"No {noun}s match."
        plural = noun if self.total == 1 else noun + "s"
        if len(self.hits) < self.total:
            return f"Showing {len(self.hits)} of {self.total} {plural}"
        return f"{self.total} {plural}"
