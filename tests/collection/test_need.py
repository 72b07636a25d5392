"""Have / need of a real deck (the first decklist of the real event 50170) against a
collection built from the real 2026-04-04 editions that owns part of it."""

from __future__ import annotations

from typing import Any

import pytest

from app.collection import Entry, deck_need, owned_by_name
from app.collection.editions import CollectionEditions
from app.decks import Zone, parse_pasted, read_decklists, resolve
from app.decks.cards import DeckCards, normalise_name
from tests.conftest import SHARED_DATA
from tests.helpers.parts import parts_of

pytestmark = pytest.mark.realdata


def test_a_real_deck_needs_what_the_collection_lacks(real_catalogue: Any,
                                                     editions: CollectionEditions) -> None:
    cards: DeckCards = parts_of(real_catalogue).decks.deck_cards()
    deck = resolve(read_decklists(SHARED_DATA / "decklists" / "50170.json")[0], cards).deck
    wanted: dict[str, int] = {}
    for entry in deck.entries:
        name = cards.by_uuid[entry.card_uuid].name  # type: ignore[index]
        wanted[name] = wanted.get(name, 0) + entry.quantity
    several = sorted(n for n, q in wanted.items() if q > 1)
    part = several[0]  # owned in part
    full, extra = sorted(n for n in wanted if n != part)[:2]  # owned fully, beyond the need
    owned = [Entry(editions.by_name[normalise_name(n)][0].uuid, i % 2 == 0, q)
             for i, (n, q) in enumerate([(full, wanted[full]), (part, 1),
                                         (extra, wanted[extra] + 5)])]
    need = deck_need(deck, owned_by_name(owned, editions), cards)
    assert need.need == sum(wanted.values()) == sum(deck.counts().values())
    assert need.have == wanted[full] + 1 + wanted[extra]
    missing = {m["name"]: m["quantity"] for m in need.to_json()["missing"]}  # type: ignore[attr-defined]
    assert missing[part] == wanted[part] - 1
    assert full not in missing and extra not in missing
    assert sum(missing.values()) == need.need - need.have
    # The missing copies paste back into Archivist as the same names and counts.
    again = resolve(parse_pasted(need.missing_text())[0], cards).deck
    pasted: dict[str, int] = {}
    for entry in again.entries:
        pasted[cards.by_uuid[entry.card_uuid].name] = (  # type: ignore[index]
            pasted.get(cards.by_uuid[entry.card_uuid].name, 0) + entry.quantity)  # type: ignore[index]
    assert pasted == missing
    assert {e.zone for e in again.entries} <= {Zone.MATERIAL, Zone.MAIN, Zone.SIDEBOARD}
