"""Selections (query, set, editions, tiles) resolved into editions of the real catalogue."""

from __future__ import annotations

import pytest

from app.bootstrap import Application
from app.errors import NotFound
from app.export import (
    ExportItem,
    plan_editions,
    plan_hits,
    plan_query,
    plan_set,
    plan_tiles,
)
from app.search import QuerySyntaxError

pytestmark = pytest.mark.realdata


def test_a_query_gives_one_item_per_edition_in_set_order(fire: list[ExportItem]) -> None:
    numbers = [item.collector_number for item in fire]
    assert numbers == sorted(numbers) and numbers[0] == "001"
    first = fire[0]
    assert (first.name, first.card_slug, first.set_prefix) == (
        "Spirit of Serene Fire", "spirit-of-serene-fire", "FTC")
    assert first.placeholders()["rarity"] == "UR"
    assert first.label == "Spirit of Serene Fire — FTC 001"


def test_a_malformed_query_raises(real: Application) -> None:
    with pytest.raises(QuerySyntaxError):
        plan_query(real.store, "cost<")


def test_a_whole_set(real: Application) -> None:
    items = plan_set(real.store, "FTC")
    assert len(items) == 98 and {i.set_prefix for i in items} == {"FTC"}
    assert [i.collector_number for i in items] == sorted(i.collector_number for i in items)
    with pytest.raises(NotFound, match="set prefix"):
        plan_set(real.store, "NOPE")


def test_editions_by_uuid_keep_the_order_given(real: Application, fire: list[ExportItem]) -> None:
    uuids = [fire[3].uuid, fire[0].uuid, fire[3].uuid]
    assert plan_editions(real.store, uuids) == [fire[3], fire[0]]
    with pytest.raises(NotFound, match="zzzzzzzzzz"):
        plan_editions(real.store, [fire[0].uuid, "zzzzzzzzzz"])


def test_tiles_find_the_edition_they_show(real: Application, fire: list[ExportItem]) -> None:
    tiles = [(fire[1].card_slug, fire[1].image_file), ("no-such-card", "x.jpg")]
    assert plan_tiles(real.store, tiles) == [fire[1]]


def test_hits_of_either_kind_give_the_edition_shown(real: Application,
                                                     fire: list[ExportItem]) -> None:
    from app.store.language.query import run_query

    cards = run_query(real.store, "s:FTC el:fire", per="card", sort="set").hits
    editions = run_query(real.store, "s:FTC el:fire", per="edition", sort="set").hits
    by_card = plan_hits(real.store, cards[:2])
    assert [i.image_file for i in by_card] == [h.image_file for h in cards[:2]]
    assert plan_hits(real.store, editions[:3]) == fire[:3]


def test_every_edition_of_a_card(real: Application) -> None:
    from app.export import plan_card

    items = plan_card(real.store, "merlin-kingslayer")
    assert {i.name for i in items} == {"Merlin, Kingslayer"} and len(items) >= 2
    with pytest.raises(NotFound):
        plan_card(real.store, "no-such-card")


def test_editions_sharing_a_set_and_number_are_told_apart_by_rarity(real: Application) -> None:
    """P25 001 is printed as a PR and a CPR: the two listings must not read the same."""
    items = plan_query(real.store, 's:P25 "Ascendant Wings"')
    assert sorted(item.label for item in items) == [
        "Lorraine, Ascendant Wings — P25 001 (CPR)", "Lorraine, Ascendant Wings — P25 001 (PR)"]


def test_editions_sharing_set_number_and_rarity_are_told_apart_by_their_slug(
        real: Application) -> None:
    items = plan_set(real.store, "AMBDP")
    nameless = [item.label for item in items if item.collector_number == "001"]
    assert len(nameless) > 1 and len(set(nameless)) == len(nameless)
    assert "Nameless Champion — AMBDP 001 (nameless-champion-cg-ambdp)" in nameless


def test_an_edition_alone_with_its_number_has_a_plain_label(fire: list[ExportItem]) -> None:
    assert all("(" not in item.label for item in fire)
