"""Decklist text out: it reads back to the same deck, for every real deck."""

from __future__ import annotations

import pytest

from app.decks import Deck, Zone, deck_text, parse_text, registration_sheet, resolve
from app.decks.cards import DeckCards


@pytest.mark.realdata
def test_every_real_deck_reads_back_from_its_text(
    decks_50170: list[Deck], decks_50623: list[Deck], real_cards: DeckCards,
) -> None:
    for deck in [*decks_50170, *decks_50623]:
        text = deck_text(deck, real_cards)
        read = resolve(parse_text(text), real_cards)
        assert read.problems == []
        assert read.deck.cards() == deck.cards(), deck.name


@pytest.mark.realdata
def test_the_text_has_the_omnidex_headers(decks_50170: list[Deck], real_cards: DeckCards) -> None:
    text = deck_text(decks_50170[1], real_cards)
    assert text.startswith("# Material Deck\n1 Spirit of Wind\n")
    assert "\n\n# Main Deck\n" in text and "\n\n# Sideboard\n" in text


@pytest.mark.realdata
def test_the_registration_sheet_lists_zones_and_totals(
    decks_50170: list[Deck], real_cards: DeckCards,
) -> None:
    sheet = registration_sheet(decks_50170[1], real_cards, "Standard")
    assert [(z.title, z.total) for z in sheet.zones] == [
        ("Material Deck", 12), ("Main Deck", 60), ("Sideboard", 15)]
    assert sheet.total == 87
    assert sheet.zones[0].lines[0] == (1, "Spirit of Wind")
    assert "Player name" in sheet.player_fields


def test_an_unresolved_entry_is_written_as_it_was_written() -> None:
    deck = resolve(parse_text("# Main Deck\n2 The Duchess's Thornes\n"), DeckCards([])).deck
    assert deck.zone(Zone.MAIN)[0].card_uuid is None
    assert deck_text(deck) == "# Main Deck\n2 The Duchess's Thornes\n"


def _mangled(text: str) -> str:
    """The text as people paste it: curly apostrophes, odd case, ``4x`` lines, extra spaces."""
    lines = []
    for number, line in enumerate(text.splitlines()):
        if not line or line.startswith("#"):
            lines.append(line.upper())
            continue
        quantity, name = line.split(" ", 1)
        name = name.replace("'", "’")
        name = name.upper() if number % 3 == 0 else name.lower() if number % 3 == 1 else name
        lines.append(f"{quantity}x  {name.replace(' ', '  ')}  ")
    return "\n".join(lines)


@pytest.mark.realdata
def test_pasting_real_decks_with_curly_apostrophes_odd_case_and_4x_resolves_the_same_cards(
    decks_50170: list[Deck], decks_50623: list[Deck], real_cards: DeckCards,
) -> None:
    curly = 0
    for deck in [*decks_50170, *decks_50623]:
        pasted = _mangled(deck_text(deck, real_cards))
        curly += pasted.count("’")
        read = resolve(parse_text(pasted), real_cards)
        assert read.problems == []
        assert read.deck.cards() == deck.cards(), deck.name
    assert curly > 50
