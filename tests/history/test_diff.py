"""Patch notes from two versions of a card (generated cards, no real data)."""

from __future__ import annotations

import copy

from app.history import card_notes, content_equal, summary, word_diff
from app.history.words import changed_words
from tests.helpers.cards import make_card, make_edition


def _texts(old: dict, new: dict) -> list[str]:  # type: ignore[type-arg]
    return [n.text for n in card_notes(old, new) if n.text]


def test_word_diff_names_exactly_the_changed_words() -> None:
    pieces = word_diff("Draw a card, then discard a card.", "Draw two cards, then discard a card.")
    assert changed_words(pieces, "removed") == ["a", "card,"]
    assert changed_words(pieces, "added") == ["two", "cards,"]
    assert "".join(t for op, t in pieces if op != "added") == "Draw a card, then discard a card."
    assert "".join(t for op, t in pieces if op != "removed") == (
        "Draw two cards, then discard a card.")


def test_errata_is_a_word_diff_in_the_errata_group() -> None:
    old = make_card(effect_raw="Put it into your memory.")
    new = make_card(effect_raw="Put it into its owner's memory.")
    notes = card_notes(old, new)
    groups, fields = summary(notes)
    assert groups == ("errata",) and fields == ("effect_raw",)
    assert changed_words(notes[0].words, "removed") == ["your"]
    assert changed_words(notes[0].words, "added") == ["its", "owner's"]


def test_legality_reads_like_a_ban_list() -> None:
    none = make_card(legality=None)
    banned = make_card(legality={"STANDARD": {"limit": 0}})
    limited = make_card(legality={"PANTHEON": {"limit": 1}})
    assert _texts(none, banned) == ["now banned in Standard"]
    assert _texts(none, limited) == ["limited to 1 in Pantheon"]
    assert _texts(limited, none) == ["no longer limited in Pantheon"]
    assert _texts(banned, make_card(legality={})) == ["no longer banned in Standard"]
    assert card_notes(make_card(legality={}), none) == ()  # {} is the same as null


def test_reordered_editions_and_moved_dates_are_no_change() -> None:
    a, b = make_edition("genCard001", "ed00000001"), make_edition("genCard001", "ed00000002",
                                                                   "002")
    old = make_card(editions=[a, b])
    moved = copy.deepcopy(b)
    moved["last_update"] = "2026-04-01T00:00:00+00:00"
    new = make_card(editions=[moved, a], last_update="2026-04-01T00:00:00.000Z")
    assert content_equal(old, new)
    assert card_notes(old, new) == ()


def test_renames_printings_stats_thema_and_populations_are_named() -> None:
    edition = make_edition("genCard001", "ed00000001", thema_foil=100, circulations=[
        {"uuid": "circ000001", "kind": "FOIL", "population": 500, "population_operator": "≈"}])
    old = make_card(editions=[edition], power=2, types=["ALLY"])
    changed = copy.deepcopy(edition)
    changed["thema_foil"] = 120
    changed["circulations"][0]["population"] = 300
    added = make_edition("genCard001", "ed00000002", "002", rarity=4)
    new = make_card(name="Renamed Card", editions=[changed, added], power=3,
                    types=["ALLY", "CHAMPION"])
    texts = _texts(old, new)
    assert "renamed from “Generated Card” to “Renamed Card”" in texts
    assert "new printing: GEN 1st 002 (Super Rare)" in texts
    assert "power: 2 → 3" in texts
    assert "types: added CHAMPION" in texts
    assert "GEN 1st 001: thema foil 100 → 120" in texts
    assert "GEN 1st 001: Foil population ≈500 → ≈300" in texts
    groups, _ = summary(card_notes(old, new))
    assert set(groups) == {"renamed", "printings", "other"}


def test_new_and_removed_cards() -> None:
    card = make_card()
    assert summary(card_notes(None, card))[0] == ("new",)
    assert summary(card_notes(card, None))[0] == ("removed",)


def test_an_added_errata_ruling_is_errata() -> None:
    ruling = {"title": "ERRATA", "date_added": "2026-03-30", "description": "'a' -> 'b'"}
    groups, fields = summary(card_notes(make_card(rule=[]), make_card(rule=[ruling])))
    assert (groups, fields) == (("errata",), ("rule",))
    plain = {"title": "", "date_added": "2026-03-30", "description": "You may."}
    assert summary(card_notes(make_card(rule=[]), make_card(rule=[plain])))[0] == ("other",)
