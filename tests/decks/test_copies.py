"""Copies counted within the zone the rule names, on real decklists of
event 50170 changed as each case needs (the test names say how)."""

from __future__ import annotations

import pytest

from app.decks import ADVISORY, ERROR, Deck, Entry, Zone, check_deck
from app.decks.cards import DeckCards
from app.model.vocabulary import MATERIAL_TYPES

pytestmark = pytest.mark.realdata


def _copy(deck: Deck) -> Deck:
    return Deck(deck.name, list(deck.entries), deck.format)


def test_real_deck_with_4_ranger_strides_added_to_its_main_deck_gets_the_zone_finding_only(
    decks_50170: list[Deck], real_cards: DeckCards,
) -> None:
    deck = _copy(decks_50170[1])
    strides = real_cards.by_name["Ranger Strides"]
    spare = next(e for e in deck.zone(Zone.MAIN) if e.quantity == 4)
    deck.entries.remove(spare)  # the main deck keeps its size: only the zone is wrong
    deck.entries.append(Entry(Zone.MAIN, 4, strides.name, strides.uuid))
    findings = [(f.rule, f.severity, f.message) for f in check_deck(deck, real_cards).findings]
    assert findings == [("zone", ERROR, "Ranger Strides is a regalia: it belongs in the "
                         "material deck, not the main deck.")]


def test_real_deck_with_one_of_its_regalia_also_in_the_sideboard_is_legal_with_an_advisory(
    decks_50170: list[Deck], real_cards: DeckCards,
) -> None:
    deck = _copy(decks_50170[0])
    regalia = next(e for e in deck.zone(Zone.MATERIAL)
                   if "REGALIA" in real_cards.by_uuid[e.card_uuid or ""].types)
    side = next(e for e in deck.zone(Zone.SIDEBOARD)
                if not MATERIAL_TYPES.intersection(real_cards.by_uuid[e.card_uuid or ""].types))
    deck.entries[deck.entries.index(side)] = side.with_quantity(side.quantity - 1) \
        if side.quantity > 1 else Entry(Zone.SIDEBOARD, 1, regalia.name, regalia.card_uuid)
    if side.quantity > 1:
        deck.entries.append(Entry(Zone.SIDEBOARD, 1, regalia.name, regalia.card_uuid))
    result = check_deck(deck, real_cards)
    split = [f for f in result.findings if f.rule == "copies-split"]
    assert [(f.severity, f.cards) for f in split] == [(ADVISORY, (regalia.name,))]
    assert "tournament rules" in split[0].message
    assert f"1 {regalia.name} in the material deck and 1 in the sideboard" in split[0].message
    assert result.legal


def test_real_deck_with_3_in_main_and_2_in_sideboard_is_an_advisory_not_an_error(
    decks_50170: list[Deck], real_cards: DeckCards,
) -> None:
    deck = _copy(decks_50170[1])
    four = next(e for e in deck.zone(Zone.MAIN) if e.quantity == 4)
    deck.entries[deck.entries.index(four)] = four.with_quantity(3)
    other = next(e for e in deck.zone(Zone.MAIN) if e.quantity < 3)  # keeps 60 main cards
    deck.entries[deck.entries.index(other)] = other.with_quantity(other.quantity + 1)
    deck.entries.append(Entry(Zone.SIDEBOARD, 2, four.name, four.card_uuid))
    result = check_deck(deck, real_cards)
    rules = {(f.rule, f.severity) for f in result.findings}
    assert ("copies-split", ADVISORY) in rules
    assert not any(f.severity == ERROR and f.rule.startswith("copies") for f in result.findings)
