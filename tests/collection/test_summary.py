"""Totals and set completion over the real 2026-04-04 catalogue, checked against counts
computed here from the snapshot files."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from app.collection import Entry, completion, owned_entries, totals
from app.collection.editions import CollectionEditions
from app.model.vocabulary import rarity_by_number

pytestmark = pytest.mark.realdata


def test_set_completion_counts_the_snapshots_editions(
    snapshot: dict[str, dict[str, Any]], editions: CollectionEditions
) -> None:
    in_set = [e for e in snapshot.values() if e["set"]["prefix"] == "DOA 1st"]
    commons = [e for e in in_set if e["rarity"] == 1]
    owned = [Entry(e["uuid"], False, 2) for e in commons]
    owned += [Entry(commons[0]["uuid"], True, 1)]  # a foil copy of an owned edition: once
    cur = next(e for e in in_set if e["rarity"] == 8)
    owned.append(Entry(cur["uuid"], True, 1))
    sets = completion(owned, editions)
    assert [s.prefix for s in sets] == ["DOA 1st"]
    done = sets[0]
    assert (done.owned, done.total) == (len(commons) + 1, len(in_set))
    by_rarity = Counter(rarity_by_number(e["rarity"]).code for e in in_set)  # type: ignore[union-attr]
    assert done.by_rarity["C"] == (len(commons), by_rarity["C"])
    assert done.by_rarity["CUR"] == (1, by_rarity["CUR"])
    assert done.by_rarity["UR"] == (0, by_rarity["UR"])
    assert {m.uuid for m in done.missing} == {e["uuid"] for e in in_set} - {
        e.edition_uuid for e in owned}


def test_every_set_is_listed_with_all_sets(snapshot: dict[str, dict[str, Any]],
                                           editions: CollectionEditions) -> None:
    totals_by_prefix = Counter(e["set"]["prefix"] for e in snapshot.values())
    listed = {s.prefix: s.total for s in completion([], editions, all_sets=True)}
    assert listed == dict(totals_by_prefix)


def test_totals_count_copies_editions_and_card_names(
    snapshot: dict[str, dict[str, Any]], editions: CollectionEditions
) -> None:
    fire = [e for e in snapshot.values() if e["card_name"] == "Spirit of Fire"]
    entries = [Entry(fire[0]["uuid"], False, 3), Entry(fire[0]["uuid"], True, 1),
               Entry(fire[1]["uuid"], False, 2), Entry("gone00000A", False, 1)]
    assert totals(entries, editions).to_json() == {"copies": 7, "editions": 3, "cards": 1}
    shown = owned_entries(entries, editions)
    assert shown[-1].name == "not in the catalogue"
    assert shown[-1].to_json()["set"] is None
