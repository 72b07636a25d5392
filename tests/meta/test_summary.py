"""The meta's figures against hand counts: over the GENERATED events of tests/events (two
events, four decklists; the counts are worked out in the comments) and over the small
real event 52137 (four decklists, counted by hand from the file)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.decks.cards import DeckCards
from app.events.importing import import_events
from app.events.storage import EventStore
from app.meta import Scope, card_weeks, summary
from tests.events.conftest import EVENT_52137, write_events
from tests.helpers.parts import parts_of


@pytest.fixture
def generated(tmp_path: Path, store: EventStore, cards: DeckCards) -> EventStore:
    import_events(store, cards, write_events(tmp_path))
    return store


def _cards(found: dict[str, Any]) -> dict[str, tuple[int, float, float]]:
    return {c["name"]: (c["decks"], c["inclusion"], c["mean_copies"]) for c in found["cards"]}


def test_champions_by_lineage_with_share_sorted_by_decks(generated: EventStore) -> None:
    found = summary(generated, Scope())
    assert (found["events"], found["decklists"]) == (2, 4)
    assert found["champions"] == [{"lineage": "Lorraine", "decks": 2, "share": 0.5},
                                  {"lineage": "Jin", "decks": 1, "share": 0.25},
                                  {"lineage": "Spirit of Fire", "decks": 1, "share": 0.25}]


def test_cards_count_material_and_main_never_the_sideboard(generated: EventStore) -> None:
    found = _cards(summary(generated, Scope()))
    assert found["Spirit of Fire"] == (3, 0.75, 1.0)
    assert found["Backstep"] == (3, 0.75, 3.0)          # 4 + 2 + 3 over 3 decks
    assert found["Dungeon Guide"] == (2, 0.5, 2.0)      # 2, and 1 + "dungeon  guide" 1
    assert found["Creative Shock"] == (2, 0.5, 4.0)     # the sideboard's 3 not counted
    assert found["Mystery Card"] == (1, 0.25, 2.0)      # unknown, counted under its name
    decks = [c["decks"] for c in summary(generated, Scope())["cards"]]
    assert decks == sorted(decks, reverse=True) and len(decks) == 8


def test_weekly_trend_and_the_cards_that_moved_between_the_halves(
        generated: EventStore) -> None:
    found = summary(generated, Scope())
    assert [(w["week"], w["decklists"], [(c["lineage"], c["share"]) for c in w["champions"]])
            for w in found["trend"]] == [
        ("2026-04-27", 2, [("Jin", 0.5), ("Lorraine", 0.5)]),
        ("2026-05-04", 2, [("Lorraine", 0.5), ("Spirit of Fire", 0.5)])]
    # 2026-04-27 to 2026-05-06: ten days, split five and five.
    assert found["halves"] == {"first": 2, "second": 2, "split": "2026-05-02"}
    assert found["movers"][0] == {"name": "Dungeon Guide", "slug": "dungeon-guide",
                                  "first": 1.0, "second": 0.0, "change": -1.0}
    assert {m["name"]: m["change"] for m in found["movers"]}["Mystery Card"] == 0.5


def test_the_scope_narrows_by_dates_category_and_format(generated: EventStore) -> None:
    assert summary(generated, Scope(start="2026-05-01"))["decklists"] == 2
    assert summary(generated, Scope(end="2026-04-27"))["decklists"] == 2
    assert summary(generated, Scope(category="REGIONALS"))["events"] == 1
    assert summary(generated, Scope(format="pantheon"))["decklists"] == 0


def test_one_cards_weeks_and_lineages(generated: EventStore, cards: DeckCards) -> None:
    found = card_weeks(generated, Scope(), cards.by_name["Backstep"].uuid)
    assert (found["decks"], found["decklists"], found["mean_copies"]) == (3, 4, 3.0)
    assert found["weeks"] == [
        {"week": "2026-04-27", "decklists": 2, "decks": 2, "inclusion": 1.0},
        {"week": "2026-05-04", "decklists": 2, "decks": 1, "inclusion": 0.5}]
    assert found["lineages"] == [
        {"lineage": "Lorraine", "decks": 2, "decklists": 2, "inclusion": 1.0},
        {"lineage": "Jin", "decks": 1, "decklists": 1, "inclusion": 1.0}]


def test_no_stored_event_is_an_empty_meta(store: EventStore) -> None:
    found = summary(store, Scope())
    assert (found["decklists"], found["champions"], found["cards"]) == (0, [], [])


@pytest.mark.realdata
def test_a_small_real_event_against_a_hand_count(store: EventStore,
                                                 real_catalogue: Any) -> None:
    import_events(store, parts_of(real_catalogue).decks.deck_cards(), [EVENT_52137])
    found = summary(store, Scope(format="standard"))
    assert (found["events"], found["decklists"]) == (1, 4)
    assert found["champions"] == [{"lineage": name, "decks": 1, "share": 0.25}
                                  for name in ("Alice", "Diao Chan", "Silvie", "Tristan")]
    counted = _cards(found)
    assert len(counted) == 120  # 35 + 30 + 35 + 29 entries, 9 of them repeats
    assert found["cards"][0]["name"] == "Tariff Ring" and counted["Tariff Ring"] == (
        3, 0.75, 1.0)
    assert counted["Fracturize"] == (2, 0.5, 3.0)          # 2 and 4
    assert counted["Abnegation"] == (2, 0.5, 1.5)          # 2 and 1
    assert counted["Dungeon Guide"] == (2, 0.5, 4.0)
    assert counted["Spirit of Water"] == (2, 0.5, 1.0)
    assert counted["Baby Gray Slime"] == (1, 0.25, 4.0)
    assert [c["decks"] for c in found["cards"]].count(2) == 7
    assert [(w["week"], w["decklists"]) for w in found["trend"]] == [("2026-04-20", 4)]
    assert found["movers"] == []  # one day: no second half
