"""A deck checked (and a ban list drawn) as of a moment before some card came out, or before
the catalogue's history reaches: small GENERATED catalogues whose sets carry release dates
as the real ``release_date`` does (``2024-01-26T00:00:00``, no zone; ``P26`` says
``1970-01-01T00:00:00``)."""

from __future__ import annotations

from dataclasses import replace

from app.decks import Deck, Entry, Zone, check_deck
from app.decks.banlist import ban_list
from app.decks.cards import DeckCard, DeckCards, DeckEdition
from app.decks.moment import parse_moment
from tests.decks.conftest import generated_card


def _released(card: DeckCard, *sets: tuple[str, str], updated: str = "2025-06-01") -> DeckCard:
    editions = tuple(DeckEdition(f"{card.uuid}{i}", prefix, "001", f"{card.uuid}{i}.jpg", False,
                                 f"{day}T00:00:00") for i, (prefix, day) in enumerate(sets))
    return replace(card, editions=editions, last_update=f"{updated}T10:00:00.000Z")


CHAMPION = _released(generated_card("Champion Zero", ("CHAMPION",), level=0),
                     ("OLD", "2023-01-01"))
MAIN = [_released(generated_card(f"Spell {i:02}"), ("OLD", "2023-01-01"))
        for i in range(15)]
REPRINT = _released(generated_card("Reprint"), ("NEW", "2026-04-03"), ("OLD", "2023-01-01"))
LATE = _released(generated_card("Late Spell"), ("NEW", "2026-04-03"), updated="2026-04-02")
PROMO = _released(generated_card("Promo"), ("P26", "1970-01-01"))
BANNED_LATE = _released(generated_card("Banned Late", limits={"STANDARD": 0}),
                        ("NEW", "2026-04-03"), updated="2026-04-02")
BANNED_OLD = _released(generated_card("Banned Old", limits={"STANDARD": 0}),
                       ("OLD", "2023-01-01"))
CARDS = DeckCards([CHAMPION, *MAIN, REPRINT, LATE, PROMO, BANNED_LATE, BANNED_OLD])


def deck_of(*extra: DeckCard) -> Deck:
    entries = [Entry(Zone.MATERIAL, 1, CHAMPION.name, CHAMPION.uuid)]
    entries += [Entry(Zone.MAIN, 4, c.name, c.uuid) for c in [*MAIN, *extra]]
    return Deck("generated", entries)


def test_a_card_whose_sets_came_out_after_the_moment_is_an_error_naming_set_and_date() -> None:
    result = check_deck(deck_of(LATE, REPRINT), CARDS, as_of=parse_moment("2026-01-01"))
    assert result.status == "not legal" and not result.legal
    [finding] = [f for f in result.findings if f.severity == "error"]
    assert (finding.rule, finding.cards) == ("not-released", ("Late Spell",))
    assert finding.message == "Not released yet on 2026-01-01: Late Spell (NEW, 2026-04-03)."
    # A reprint is out since its first set; its history (2025-06-01) reaches back to then.
    assert "Reprint" not in finding.cards
    released = check_deck(deck_of(LATE), CARDS, as_of=parse_moment("2026-04-03"))
    assert released.legal


def test_a_released_card_older_than_its_history_cannot_be_judged_not_legal_nor_legal() -> None:
    result = check_deck(deck_of(), CARDS, as_of=parse_moment("2024-01-01"))
    assert result.status == "cannot judge" and not result.legal
    assert result.verdict() == "Cannot judge legality in Standard as of 2024-01-01"
    assert result.errors() == []
    assert result.unjudged == ("Champion Zero", *[c.name for c in MAIN])
    assert result.to_json()["legal"] is None and result.to_json()["verdict"] == "cannot judge"
    assert check_deck(deck_of(), CARDS, as_of=parse_moment("2025-06-02")).legal


def test_a_banned_card_out_of_reach_of_the_history_is_not_called_banned_then() -> None:
    result = check_deck(deck_of(BANNED_OLD), CARDS, as_of=parse_moment("2024-01-01"))
    assert result.status == "cannot judge"
    assert "banned" not in [f.rule for f in result.findings]
    assert check_deck(deck_of(BANNED_OLD), CARDS, as_of=parse_moment("2025-07-01")).findings[
        0].rule == "banned"


def test_a_release_date_of_1970_is_no_release_the_card_cannot_be_judged() -> None:
    result = check_deck(deck_of(PROMO), CARDS, as_of=parse_moment("2024-01-01"))
    assert result.status == "cannot judge" and "Promo" in result.unjudged
    assert CARDS.release(PROMO.uuid) is None


def test_the_ban_list_leaves_out_cards_not_released_yet() -> None:
    def names(moment: str) -> set[str]:
        return {e.name for e in ban_list(CARDS.as_of(parse_moment(moment)), "STANDARD").cards}

    assert names("2026-01-01") == {"Banned Old"}
    assert names("2026-04-03") == {"Banned Old", "Banned Late"}
    assert names("latest") == {"Banned Old", "Banned Late"}
    early = ban_list(CARDS.as_of(parse_moment("2024-01-01")), "STANDARD")
    assert early.unknown == ("Banned Old",)
