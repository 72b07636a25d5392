"""Fixtures of the deck tests: the real catalogue's cards, the real decklists, and small
GENERATED catalogues for rules no real deck breaks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.decks import Deck, ReadDeck, read_decklists, resolve
from app.decks.cards import DeckCard, DeckCards, DeckEdition
from tests.conftest import SHARED_DATA
from tests.helpers.parts import parts_of

DECKLISTS = SHARED_DATA / "decklists"
EVENT_50170 = DECKLISTS / "50170.json"
EVENT_50623 = DECKLISTS / "50623.json"


def generated_card(name: str, types: tuple[str, ...] = ("ACTION",), level: int | None = None,
                   limits: dict[str, int] | None = None, **extra: Any) -> DeckCard:
    """A DeckCard made up for a test (generated, not real)."""
    uuid = "g" + "".join(ch for ch in name.lower() if ch.isalnum())[:9]
    edition = DeckEdition(uuid + "e", "GEN", "001", f"{uuid}.jpg", False)
    return DeckCard(uuid=uuid, name=name, slug=name.lower().replace(" ", "-"), types=types,
                    level=level, limits=limits or {}, last_update="2026-06-29T10:00:00.000Z",
                    editions=(edition,), **extra)


@pytest.fixture(scope="session")
def real_cards(real_catalogue: Any) -> DeckCards:
    """Every card of the real 2026-04-04 snapshot, indexed for decks."""
    cards: DeckCards = parts_of(real_catalogue).decks.deck_cards()
    return cards


def read_event(path: Path, cards: DeckCards) -> list[ReadDeck]:
    """Every decklist of a real event file, resolved."""
    return [resolve(parsed, cards) for parsed in read_decklists(path)]


@pytest.fixture(scope="session")
def decks_50170(real_cards: DeckCards) -> list[Deck]:
    """The 28 real decks of event 50170."""
    return [read.deck for read in read_event(EVENT_50170, real_cards)]


@pytest.fixture(scope="session")
def decks_50623(real_cards: DeckCards) -> list[Deck]:
    """The 56 real decks of event 50623."""
    return [read.deck for read in read_event(EVENT_50623, real_cards)]
