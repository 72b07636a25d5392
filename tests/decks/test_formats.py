"""The per-format rules (data) as a checker applies them, on GENERATED cards."""

from __future__ import annotations

import pytest

from app.decks import ADVISORY, ERROR, FORMATS, Deck, Entry, Zone, check_deck, format_rules
from app.decks.cards import DeckCards
from tests.decks.conftest import generated_card

CHAMPION = generated_card("Lorraine, Wandering Warrior", ("CHAMPION",), level=0)
RING = generated_card("Arcane Ring", ("REGALIA", "ITEM"))
LESSER = generated_card("Lesser Boon of Test", ("LESSER BOON",))
GREATER = generated_card("Greater Boon of Test", ("GREATER BOON",))
TOKEN = generated_card("Powercell", ("TOKEN", "ITEM"))
LIMITED = generated_card("Limited Spell", ("ACTION",), limits={"STANDARD": 1})
MAIN = [generated_card(f"Spell {i:02}") for i in range(60)]
CARDS = DeckCards([CHAMPION, RING, LESSER, GREATER, TOKEN, LIMITED, *MAIN])


def _deck(main_copies: int = 1, main_cards: int = 60) -> Deck:
    entries = [Entry(Zone.MATERIAL, 1, CHAMPION.name, CHAMPION.uuid)]
    entries += [Entry(Zone.MAIN, main_copies, c.name, c.uuid) for c in MAIN[:main_cards]]
    return Deck("generated", entries)


def test_the_three_formats_are_data() -> None:
    assert set(FORMATS) == {"STANDARD", "PANTHEON", "DRAFT"}
    assert format_rules("standard").main_copies == 4
    with pytest.raises(KeyError, match="Unknown format 'modern'"):
        format_rules("modern")


def test_draft_needs_30_cards_and_limits_no_copies() -> None:
    deck = _deck(main_copies=6, main_cards=5)
    assert [f.rule for f in check_deck(deck, CARDS, "DRAFT").findings] == []
    small = _deck(main_copies=5, main_cards=5)
    assert [f.numbers for f in check_deck(small, CARDS, "DRAFT").findings] == [
        {"count": 25, "minimum": 30}]


def test_pantheon_allows_one_copy_and_no_sideboard_and_wants_boons() -> None:
    deck = _deck(main_copies=2)
    deck.entries.append(Entry(Zone.SIDEBOARD, 1, RING.name, RING.uuid))
    findings = check_deck(deck, CARDS, "PANTHEON").findings
    assert {(f.rule, f.severity) for f in findings} == {
        ("copies", ERROR), ("material-size", ERROR), ("sideboard-size", ERROR),
        ("boons", ADVISORY)}
    assert sum(f.rule == "copies" for f in findings) == 60


def test_pantheon_boons_are_one_lesser_and_one_greater() -> None:
    deck = _deck()
    deck.entries += [Entry(Zone.MATERIAL, 1, LESSER.name, LESSER.uuid),
                     Entry(Zone.MATERIAL, 2, GREATER.name, GREATER.uuid)]
    boons = [f for f in check_deck(deck, CARDS, "PANTHEON").findings if f.rule == "boons"]
    assert [(f.severity, f.numbers) for f in boons] == [(ERROR, {"lesser": 1, "greater": 2})]


def test_a_limited_card_over_its_limit_names_the_limit() -> None:
    deck = _deck()
    deck.entries += [Entry(Zone.MAIN, 1, LIMITED.name, LIMITED.uuid),
                     Entry(Zone.SIDEBOARD, 1, LIMITED.name, LIMITED.uuid)]
    findings = check_deck(deck, CARDS, "STANDARD").findings
    assert [(f.rule, f.message) for f in findings] == [(
        "limited", "Limited Spell is limited to 1 copy in Standard; the deck has 2.")]


def test_a_token_is_an_advisory_marker_left_out_of_the_counts() -> None:
    deck = _deck()
    deck.entries.append(Entry(Zone.MAIN, 1, TOKEN.name, TOKEN.uuid))
    result = check_deck(deck, CARDS, "STANDARD")
    assert [(f.rule, f.severity) for f in result.findings] == [("not-a-deck-card", ADVISORY)]
    assert result.counts["main"] == 60
    assert result.legal


def test_breakdowns_count_copies_per_type_element_and_cost() -> None:
    from app.decks.stats import breakdowns

    deck = _deck(main_copies=2, main_cards=3)
    deck.entries.append(Entry(Zone.MAIN, 1, "Unknown Card"))
    material, main, sideboard = breakdowns(deck, CARDS)
    assert material.by_type == {"CHAMPION": 1}
    assert main.by_type == {"ACTION": 6}  # the unknown card is not a "?" type
    assert main.unresolved == 1
    assert main.by_element == {}  # generated cards carry no element
    assert sum(sideboard.by_type.values()) == 0


def test_a_card_counts_once_per_type_line_and_under_each_of_its_elements() -> None:
    from app.decks.stats import breakdowns, cost_curve

    ring = generated_card("Gen Ring", ("REGALIA", "ITEM"), cost="1", cost_kind="memory")
    harvest = generated_card("Gen Harvest", ("UNIQUE", "ACTION"), element="EXALTED",
                             elements=("EXALTED", "WIND"), cost="3", cost_kind="reserve")
    cards = DeckCards([ring, harvest])
    deck = Deck("d", [Entry(Zone.MATERIAL, 1, ring.name, ring.uuid),
                      Entry(Zone.MAIN, 4, harvest.name, harvest.uuid)])
    material, main, _ = breakdowns(deck, cards)
    assert material.by_type == {"REGALIA ITEM": 1}
    assert main.by_type == {"UNIQUE ACTION": 4} and main.cards == 4
    assert main.by_element == {"EXALTED": 4, "WIND": 4}
    assert cost_curve(deck, cards, Zone.MAIN) == {"3": 4}
    assert cost_curve(deck, cards, Zone.MATERIAL) == {"1": 1}


def test_format_names_are_the_vocabulary_s() -> None:
    from app.model.vocabulary import FORMATS as TERMS

    assert {code: rules.name for code, rules in FORMATS.items()} == {
        term.value: term.name for term in TERMS}
