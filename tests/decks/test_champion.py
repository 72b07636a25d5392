"""A deck's champion and lineage (spec/decks.md, Events and the meta), over GENERATED
cards."""

from __future__ import annotations

from app.decks import Deck, Entry, Zone
from app.decks.cards import DeckCard, DeckCards
from app.decks.champion import deck_champion, lineage
from tests.decks.conftest import generated_card

SPIRIT = generated_card("Spirit of Test", ("CHAMPION",), level=0)
LORRAINE = generated_card("Lorraine, Test Warrior", ("CHAMPION",), level=1)
TWIN = generated_card("Twin, Test Knight", ("CHAMPION",), level=1)
NAMELESS = generated_card("Nameless Test", ("CHAMPION",))
RING = generated_card("Test Ring", ("REGALIA", "ITEM"))
CARDS = DeckCards([SPIRIT, LORRAINE, TWIN, NAMELESS, RING])


def _deck(*material: DeckCard) -> Deck:
    return Deck("d", [Entry(Zone.MATERIAL, 1, c.name, c.uuid) for c in material])


def test_the_champion_is_the_highest_level_first_listed_and_none_counts_lowest() -> None:
    assert deck_champion(_deck(NAMELESS, SPIRIT, LORRAINE, TWIN, RING), CARDS) == LORRAINE
    assert deck_champion(_deck(NAMELESS, RING), CARDS) == NAMELESS
    assert deck_champion(_deck(RING), CARDS) is None
    assert lineage(LORRAINE.name) == "Lorraine" and lineage("Spirit of Test") == "Spirit of Test"
