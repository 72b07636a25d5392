"""``meta like``: the stored decklists nearest to a deck, best first, by the weighted
overlap of card counts over material and main (GENERATED events of tests/events)."""

from __future__ import annotations

from pathlib import Path

from app.decks.cards import DeckCards
from app.decks.model import Deck, Entry, Zone
from app.events.importing import import_events
from app.events.storage import EventStore
from app.meta import Scope, like


def _deck(cards: DeckCards, material: list[tuple[str, int]], main: list[tuple[str, int]],
          side: list[tuple[str, int]] = ()) -> Deck:  # type: ignore[assignment]
    return Deck("mine", [Entry(zone, qty, name, cards.by_name[name].uuid, None)
                         for zone, items in ((Zone.MATERIAL, material), (Zone.MAIN, main),
                                             (Zone.SIDEBOARD, side))
                         for name, qty in items])


def test_nearest_first_by_weighted_overlap(tmp_path: Path, store: EventStore,
                                           cards: DeckCards) -> None:
    from tests.events.conftest import write_events

    import_events(store, cards, write_events(tmp_path))
    mine = _deck(cards, [("Spirit of Fire", 1), ("Lorraine, Wandering", 1),
                         ("Lorraine, Spirit Ruler", 1)], [("Backstep", 4), ("Dungeon Guide", 2)],
                 [("Jin, Fate Defiant", 1)])  # the sideboard is no part of the likeness
    found = like(store, Scope(), mine)
    # 9 copies each: the same deck; 4 shared of 9 + 6; 5 shared of 9 + 10; 1 of 9 + 5.
    assert [(r["event_id"], r["index"], r["similarity"]) for r in found] == [
        (1, 1, 1.0), (2, 2, round(4 / 11, 4)), (1, 2, round(5 / 14, 4)), (2, 1, round(1 / 13, 4))]
    assert found[0] == {"event_id": 1, "event": "Generated Regional", "date": "2026-04-27",
                        "index": 1, "lineage": "Lorraine", "similarity": 1.0}
    assert len(like(store, Scope(), mine, top=2)) == 2
    assert [r["event_id"] for r in like(store, Scope(start="2026-05-01"), mine)] == [2, 2]


def test_a_deck_sharing_no_card_is_like_nothing(tmp_path: Path, store: EventStore,
                                               cards: DeckCards) -> None:
    from tests.events.conftest import write_events

    import_events(store, cards, write_events(tmp_path))
    assert like(store, Scope(), Deck("empty", [])) == []
