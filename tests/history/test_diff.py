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
    assert "new printing: GEN 1st 002 Super Rare" in texts
    assert "power: 2 → 3" in texts
    assert "types: added CHAMPION" in texts
    assert "GEN 1st 001: thema foil 100 → 120" in texts
    assert "print run GEN 1st 001 foil: ≈500 → ≈300" in texts
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


def test_reordered_print_runs_are_no_change() -> None:
    runs = [{"uuid": "circ000001", "kind": "FOIL", "population": 500},
            {"uuid": "circ000002", "kind": "NONFOIL", "population": 9000}]
    old = make_card(editions=[make_edition("genCard001", "ed00000001", circulations=runs)])
    new = make_card(editions=[make_edition("genCard001", "ed00000001",
                                           circulations=runs[::-1])])
    assert content_equal(old, new)
    assert card_notes(old, new) == ()


def test_a_print_run_change_says_which_and_by_how_much() -> None:
    def card(population: int) -> dict:  # type: ignore[type-arg]
        return make_card(editions=[make_edition("genCard001", "ed00000001", circulations=[
            {"uuid": "circ000001", "kind": "FOIL", "population": population,
             "population_operator": "="}])])

    notes = card_notes(card(1000), card(1200))
    assert [n.text for n in notes] == ["print run GEN 1st 001 foil: =1,000 → =1,200"]
    assert summary(notes) == (("other",), ("editions[gen-card-ed00000001].circulations",))


def test_a_new_printing_in_another_language_is_a_printing_not_errata() -> None:
    english = make_edition("genCard001", "ed00000001")
    chinese = make_edition("genCard001", "ed00000002", "002", rarity=3,
                           effect_raw="抽一張牌。")
    chinese["set"] = {**chinese["set"], "language": "CN"}
    old, new = make_card(editions=[english]), make_card(editions=[english, chinese])
    notes = card_notes(old, new)
    assert summary(notes)[0] == ("printings",)
    assert [n.text for n in notes] == ["new printing: GEN 1st 002 Rare, Chinese"]
    retold = copy.deepcopy(chinese)
    retold["effect_raw"] = "抽兩張牌。"
    later = card_notes(new, make_card(editions=[english, retold]))
    assert summary(later)[0] == ("printings",)
    assert later[0].text == "GEN 1st 002 Rare, Chinese: printed text changed"


def test_a_reference_to_a_renamed_card_says_so() -> None:
    def card(name: str, slug: str) -> dict:  # type: ignore[type-arg]
        return make_card(references=[
            {"kind": "SUMMON", "name": name, "slug": slug, "direction": "TO"},
            {"kind": "SUMMON", "name": "Steady Token", "slug": "steady-token",
             "direction": "TO"}])

    old, new = card("Old Token", "old-token"), card("New Token", "new-token")
    texts = [n.text for n in card_notes(old, new, {"New Token": "Old Token"})]
    assert texts == ["refers to New Token, renamed from Old Token"]
    unexplained = [n.text for n in card_notes(old, new)]  # not a rename of this revision
    assert unexplained == ["references: added New Token (SUMMON); removed Old Token (SUMMON)"]


def test_other_fields_read_in_words_not_json() -> None:
    old = make_card(cost={"type": "memory", "value": "1"})
    new = make_card(cost={"type": "reserve", "value": "2"})
    assert _texts(old, new) == ["cost: 1 memory → 2 reserve"]
