"""Deck checks over the real catalogue and real decklists, and mutations of real decks
(each named as such) that break one rule and must give exactly that finding."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.decks import ADVISORY, ERROR, Deck, Entry, Zone, check_deck
from app.decks.cards import DeckCard, DeckCards
from tests.decks.conftest import EVENT_50623, read_event

pytestmark = pytest.mark.realdata

BANNED_IN_SNAPSHOT = "Baby Gray Slime"
"""{"STANDARD": {"limit": 0}} in the 2026-04-04 snapshot (last_update 2025-02-17), yet
played in real April 2026 decklists: the catalogue says banned, so the check says so."""


def _rules(deck: Deck, cards: DeckCards, code: str = "STANDARD") -> list[str]:
    return [f.rule for f in check_deck(deck, cards, code).findings]


def _names(deck: Deck, cards: DeckCards) -> set[str]:
    return {c.name for e in deck.entries if (c := cards.get(e.card_uuid)) is not None}


def test_every_real_deck_of_50170_is_legal_in_standard_but_for_a_banned_card(
    decks_50170: list[Deck], real_cards: DeckCards,
) -> None:
    assert len(decks_50170) == 28
    for deck in decks_50170:
        result = check_deck(deck, real_cards, "STANDARD")
        assert result.unresolved == []
        if BANNED_IN_SNAPSHOT in _names(deck, real_cards):
            assert [(f.rule, f.cards) for f in result.findings] == [
                ("banned", (BANNED_IN_SNAPSHOT,))]
            assert result.findings[0].message == (
                "Baby Gray Slime is banned in Standard.")  # banned in every known version
        else:
            assert result.legal, (deck.name, [f.message for f in result.findings])
            assert result.findings == []
    assert sum(BANNED_IN_SNAPSHOT in _names(d, real_cards) for d in decks_50170) == 1


def test_in_50623_the_duchesss_thornes_is_reported_not_in_the_catalogue(
    decks_50623: list[Deck], real_cards: DeckCards,
) -> None:
    assert len(decks_50623) == 56
    with_thornes = []
    for index, deck in enumerate(decks_50623):
        result = check_deck(deck, real_cards, "STANDARD")
        if result.unresolved:
            with_thornes.append(index)
            assert [u.line for u in result.unresolved] == ["1 The Duchess's Thornes"]
            assert all("Thornes" not in s for s in result.unresolved[0].suggestions)
            assert not result.legal
            assert result.counts["material"] == 12  # kept in its zone, never replaced
            assert [e.card_uuid for e in deck.entries if "Thornes" in e.name] == [None]
        elif BANNED_IN_SNAPSHOT in _names(deck, real_cards):
            assert [f.rule for f in result.findings] == ["banned"]
        else:
            assert result.legal, (index, [f.message for f in result.findings])
    assert with_thornes == [17, 28, 45]


def test_the_json_of_a_check_has_the_documented_shape(
    real_cards: DeckCards,
) -> None:
    read = read_event(EVENT_50623, real_cards)[17]
    body = check_deck(read.deck, real_cards).to_json("50623.json", 17)
    assert body == {
        "source": "50623.json", "index": 17, "format": "STANDARD",
        "as_of": "2026-04-25T16:00:00Z", "legal": False,  # the event's startAt
        "verdict": "not legal",
        "counts": {"material": 12, "main": 60, "sideboard": 11}, "findings": [],
        "unresolved": [{"line": "1 The Duchess's Thornes",
                        "suggestions": body["unresolved"][0]["suggestions"]}],
    }


# Mutations of the real deck 50170 #2 (12 material, 60 main, 15 sideboard, all legal) --------

@pytest.fixture
def real_deck(decks_50170: list[Deck]) -> Deck:
    deck = decks_50170[1]
    return Deck(deck.name, list(deck.entries), deck.format)


def _card(cards: DeckCards, name: str) -> DeckCard:
    card = cards.by_name[name]
    return card


def _add(deck: Deck, zone: Zone, card: DeckCard, quantity: int = 1) -> None:
    deck.entries.append(Entry(zone, quantity, card.name, card.uuid))


def _unused(cards: DeckCards, deck: Deck, kind: str, level: int | None = None) -> DeckCard:
    used = {e.card_uuid for e in deck.entries}
    return next(c for c in cards.by_uuid.values()
                if kind in c.types and c.uuid not in used and not c.limits
                and (level is None or c.level == level) and "TOKEN" not in c.types)


def test_real_deck_with_a_fifth_copy_breaks_the_copy_rule(
    real_deck: Deck, real_cards: DeckCards,
) -> None:
    four = next(e for e in real_deck.zone(Zone.MAIN) if e.quantity == 4)
    index = real_deck.entries.index(four)
    real_deck.entries[index] = four.with_quantity(5)
    result = check_deck(real_deck, real_cards)
    assert [(f.rule, f.cards, f.numbers) for f in result.findings] == [
        ("copies", (four.name,), {"count": 5, "maximum": 4})]
    assert result.findings[0].message == (
        f"5 copies of {four.name} in the main deck; Standard allows 4.")


def test_real_deck_with_59_main_deck_cards_is_too_small(
    real_deck: Deck, real_cards: DeckCards,
) -> None:
    entry = next(e for e in real_deck.zone(Zone.MAIN) if e.quantity == 4)
    real_deck.entries[real_deck.entries.index(entry)] = entry.with_quantity(3)
    result = check_deck(real_deck, real_cards)
    assert result.counts["main"] == 59
    assert [f.rule for f in result.findings] == ["main-size"]
    assert result.findings[0].message == "The main deck has 59 cards; Standard needs at least 60."


def test_real_deck_with_13_material_cards_is_too_large(
    real_deck: Deck, real_cards: DeckCards,
) -> None:
    _add(real_deck, Zone.MATERIAL, _unused(real_cards, real_deck, "REGALIA"))
    result = check_deck(real_deck, real_cards)
    assert [(f.rule, f.numbers) for f in result.findings] == [
        ("material-size", {"count": 13, "maximum": 12})]


def test_real_deck_without_its_level_0_champion_is_reported(
    real_deck: Deck, real_cards: DeckCards,
) -> None:
    real_deck.entries = [e for e in real_deck.entries if e.name != "Spirit of Wind"]
    result = check_deck(real_deck, real_cards)
    assert [f.rule for f in result.findings] == ["level-0-champion"]
    assert not result.legal


def test_real_deck_with_two_copies_of_a_regalia_breaks_the_material_copy_rule(
    real_deck: Deck, real_cards: DeckCards,
) -> None:
    regalia = [e for e in real_deck.zone(Zone.MATERIAL)
               if "REGALIA" in _card(real_cards, e.name).types]
    doubled, dropped = regalia[0], regalia[1]
    real_deck.entries = [e.with_quantity(2) if e is doubled else e
                         for e in real_deck.entries if e is not dropped]
    result = check_deck(real_deck, real_cards)
    assert [(f.rule, f.cards) for f in result.findings] == [("material-copies", (doubled.name,))]


def test_real_deck_with_a_champion_in_the_main_deck_breaks_the_zone_rule(
    real_deck: Deck, real_cards: DeckCards,
) -> None:
    champion = _unused(real_cards, real_deck, "CHAMPION", level=2)
    _add(real_deck, Zone.MAIN, champion)
    result = check_deck(real_deck, real_cards)
    assert [(f.rule, f.cards) for f in result.findings] == [("zone", (champion.name,))]
    assert "belongs in the material deck" in result.findings[0].message


def test_real_deck_with_a_card_banned_in_every_known_version_names_no_date(
    real_deck: Deck, real_cards: DeckCards,
) -> None:
    _add(real_deck, Zone.MAIN, _card(real_cards, "Rile the Abyss"))
    result = check_deck(real_deck, real_cards)
    assert [(f.rule, f.severity, f.cards) for f in result.findings] == [
        ("banned", ERROR, ("Rile the Abyss",))]
    # one known version, already banned: no date (the card's last edit is no ban date)
    assert result.findings[0].message == "Rile the Abyss is banned in Standard."


def test_real_deck_over_the_sideboard_points_gets_an_advisory_only(
    decks_50170: list[Deck], real_cards: DeckCards,
) -> None:
    deck = decks_50170[0]  # 11 sideboard cards worth 15 points
    mutated = Deck(deck.name, list(deck.entries))
    _add(mutated, Zone.SIDEBOARD, _unused(real_cards, mutated, "REGALIA"))
    result = check_deck(mutated, real_cards)
    assert [(f.rule, f.severity, f.numbers) for f in result.findings] == [
        ("sideboard-points", ADVISORY, {"points": 18, "maximum": 15})]
    assert result.legal


def test_a_card_gone_from_the_catalogue_stays_in_the_deck_as_missing(
    real_deck: Deck, real_cards: DeckCards,
) -> None:
    entry = real_deck.zone(Zone.MAIN)[0]
    gone = replace(entry, card_uuid="gone000000")
    real_deck.entries[real_deck.entries.index(entry)] = gone
    result = check_deck(real_deck, real_cards)
    assert [(f.rule, f.cards) for f in result.findings] == [("missing-card", (entry.name,))]
    assert result.counts["main"] == 60
