"""Names to cards: exact, normalised, suggestions — never a silent replacement."""

from __future__ import annotations

import pytest

from app.decks import Deck, Zone, check_deck, parse_text, resolve, suggest
from app.decks.cards import DeckCards, normalise_name
from tests.decks.conftest import generated_card

CARDS = DeckCards([
    generated_card("Apothecary's Harvest"), generated_card("Backstep"),
    generated_card("Backstab"), generated_card("Zephyr"), generated_card("Éclair Étoile"),
    generated_card("Spirit of Wind", ("CHAMPION",), level=0),
    generated_card("Arcane Ring", ("REGALIA", "ITEM")),
])


def test_normalising_folds_case_spacing_apostrophes_and_accents() -> None:
    assert normalise_name("  Apothecary’s   HARVEST ") == "apothecary's harvest"
    assert normalise_name("eclair etoile") == normalise_name("Éclair Étoile")


def test_pasted_names_in_odd_forms_resolve_to_the_same_cards() -> None:
    text = "4x BACKSTEP\n1 apothecary’s  harvest\n2 eclair etoile\n"
    deck = resolve(parse_text(text), CARDS).deck
    assert [CARDS.by_uuid[e.card_uuid or ""].name for e in deck.entries] == [
        "Backstep", "Apothecary's Harvest", "Éclair Étoile"]
    assert [e.name for e in deck.entries] == ["BACKSTEP", "apothecary’s  harvest",
                                              "eclair etoile"]


def test_lines_without_a_header_are_placed_by_card_type() -> None:
    deck = resolve(parse_text("1 Spirit of Wind\n1 Arcane Ring\n4 Backstep\n"), CARDS).deck
    assert [e.zone for e in deck.entries] == [Zone.MATERIAL, Zone.MATERIAL, Zone.MAIN]


def test_an_unknown_name_is_kept_unresolved_with_suggestions() -> None:
    deck = resolve(parse_text("# Main Deck\n3 Backstp\n"), CARDS).deck
    assert deck.entries[0].card_uuid is None
    assert deck.entries[0].name == "Backstp"
    result = check_deck(deck, CARDS)
    assert [(u.line, u.suggestions) for u in result.unresolved] == [
        ("3 Backstp", ("Backstep", "Backstab"))]
    assert not result.legal


@pytest.mark.parametrize("name", ["Qwxyz Plorp", "The Duchess's Thornes"])
def test_a_name_like_nothing_gets_no_suggestion(name: str) -> None:
    assert suggest(CARDS, name) == ()


def test_a_deck_name_defaults_to_the_file_name() -> None:
    parsed = parse_text("4 Backstep\n", source="/x/My deck.txt")
    assert resolve(parsed, CARDS).deck.name == "My deck"
    assert isinstance(resolve(parsed, CARDS, "Named").deck, Deck)
    assert resolve(parsed, CARDS, "Named").deck.name == "Named"


SQUASHED = DeckCards([
    *CARDS.by_uuid.values(), generated_card("Lorraine, Wandering Warrior", ("CHAMPION",), 0),
    generated_card("Fire-Ball"), generated_card("Fire Ball!"),
])


@pytest.mark.parametrize(("written", "card"), [
    ("lorraine wandering warrior", "Lorraine, Wandering Warrior"),
    ("Apothecarys Harvest", "Apothecary's Harvest"),
])
def test_a_name_without_its_punctuation_resolves_when_one_card_matches_with_read_as(
    written: str, card: str,
) -> None:
    deck = resolve(parse_text(f"1 {written}\n"), SQUASHED).deck
    assert SQUASHED.by_uuid[deck.entries[0].card_uuid or ""].name == card
    found = [(f.rule, f.severity, f.message) for f in check_deck(deck, SQUASHED).findings
             if f.rule == "read-as"]
    assert found == [("read-as", "advisory", f"“{written}” read as {card}.")]


def test_a_name_two_cards_match_without_punctuation_stays_unresolved_with_both_suggested(
) -> None:
    deck = resolve(parse_text("# Main Deck\n2 fireball\n"), SQUASHED).deck
    assert deck.entries[0].card_uuid is None
    result = check_deck(deck, SQUASHED)
    assert set(result.unresolved[0].suggestions) >= {"Fire-Ball", "Fire Ball!"}
    assert "read-as" not in {f.rule for f in result.findings}


def test_an_exact_or_normalised_name_gets_no_read_as_advisory() -> None:
    deck = resolve(parse_text("1 apothecary’s  HARVEST\n"), SQUASHED).deck
    assert "read-as" not in {f.rule for f in check_deck(deck, SQUASHED).findings}
