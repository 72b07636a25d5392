"""The official search's orders (app/store/official/orders.py, card_walks.py, drivers.py): every
sort key in both orders is walked on an index that holds the official order, and walked pages
keep the official ties (the name in the same order, then the uuid ascending, cards without
the value last) with and without edition filters."""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.store import CardRecord, Store, Writer
from app.store.official.drivers import drive
from app.store.official.orders import WALKS, index_name
from app.store.official.request import ApiQuery
from app.store.official.search import API_SORT_KEYS, DENSE, search_cards
from tests.helpers.cards import make_card, make_edition

CARDS = DENSE * 4


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Store:
    """CARDS cards, two editions each; lives 0-2 or none; three names that differ in case."""
    store = Store(tmp_path_factory.mktemp("orders") / "c.sqlite3")
    names = ("alpha", "Alpha", "beta")
    records = []
    for i in range(CARDS):
        uuid = f"genOrd{(i * 37) % 1000:04}"
        editions = [make_edition(uuid, f"{uuid}E{p}", f"{(i * 7) % 30:03}", rarity=1 + p)
                    for p in range(2)]
        records.append(CardRecord(make_card(uuid, names[i % 3], editions=editions,
                                            slug=f"card-{uuid}",
                                            life=None if i % 5 == 0 else i % 3)))
    assert Writer(store).write(records).new == CARDS
    return store


def _reference(store: Store, order: str) -> list[str]:
    """Card uuids by life (none last), name case-insensitive in the same order, uuid."""
    cards = [json.loads(b) for (b,) in store.connection().execute("SELECT body FROM cards")]
    desc = order == "DESC"
    present = sorted((c for c in cards if c["life"] is not None),
                     key=lambda c: c["uuid"])
    present.sort(key=lambda c: c["name"].lower(), reverse=desc)
    present.sort(key=lambda c: c["life"], reverse=desc)
    absent = sorted((c for c in cards if c["life"] is None), key=lambda c: c["uuid"])
    absent.sort(key=lambda c: c["name"].lower(), reverse=desc)
    return [c["uuid"] for c in present + absent]


def _pages(store: Store, **query: Any) -> list[str]:
    uuids: list[str] = []
    for page in range(1, CARDS // 5 + 2):
        hits = search_cards(store, ApiQuery(page=page, page_size=5, **query))[1]
        uuids += [json.loads(h.body)["uuid"] for h in hits]
    return uuids


def test_every_sort_key_in_both_orders_has_an_index_holding_its_order(store: Store) -> None:
    conn = store.connection()
    for sort in API_SORT_KEYS:
        walk = WALKS[sort]
        for direction in ("ASC", "DESC"):
            plan = " ".join(str(row[-1]) for row in conn.execute(
                f"EXPLAIN QUERY PLAN SELECT uuid FROM {walk.table} INDEXED BY "
                f"{index_name(sort, direction)} ORDER BY {walk.order(direction)} LIMIT 5"))
            assert "TEMP B-TREE" not in plan, (sort, direction, plan)


@pytest.mark.parametrize("order", ["ASC", "DESC"])
def test_walked_pages_keep_the_official_ties(store: Store, order: str) -> None:
    expected = _reference(store, order)
    assert _pages(store, sort="life", order=order) == expected
    # an edition filter every card passes: the card order is walked, the result editions
    # are the passing ones
    assert _pages(store, sort="life", order=order, rarity=2) == expected
    hits = search_cards(store, ApiQuery(sort="life", order=order, rarity=2))[1]
    assert all(h.edition_uuids == (json.loads(h.body)["uuid"] + "E1",) for h in hits)


def test_separate_editions_walk_lists_each_cards_editions_in_order(store: Store) -> None:
    total, hits = search_cards(store, ApiQuery(sort="life", order="DESC",
                                               separate_editions=True, page_size=6))
    assert total == 2 * CARDS
    first = _reference(store, "DESC")[:3]
    assert [h.edition_uuids for h in hits] == [(f"{u}E{p}",) for u in first for p in (0, 1)]


def test_the_most_selective_edition_condition_drives() -> None:
    where, cover = drive(["n.language IN (?)", "n.number = ?"])
    assert where == ["+n.language IN (?)", "n.number = ?"] and cover == ""
    where, cover = drive(["n.rarity = ?", "n.language IN (?)"])
    assert where == ["+n.rarity = ?", "n.language IN (?)"]
    assert cover == " INDEXED BY api_search_editions_filters"
    assert drive(["n.number = ?"]) == (["n.number = ?"], "")


def test_rarity_order_with_edition_filters_walks_each_cards_lowest_passing_rarity(
        store: Store) -> None:
    cards = [json.loads(b) for (b,) in store.connection().execute("SELECT body FROM cards")]
    by_name = sorted(sorted(cards, key=lambda c: c["uuid"]), key=lambda c: c["name"].lower())
    # every card passes with rarity 2 only: the name and uuid order the cards
    assert _pages(store, sort="rarity", rarity=2) == [c["uuid"] for c in by_name]
    hits = search_cards(store, ApiQuery(sort="rarity", rarity=2, page_size=3))[1]
    assert [h.edition_uuids for h in hits] == [(c["uuid"] + "E1",) for c in by_name[:3]]
