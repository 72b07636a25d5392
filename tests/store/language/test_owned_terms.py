"""The search terms about the collection (``is:owned``, ``is:foil-owned``, ``own>=N``,
``own=0``, ``tag:``) over the real 2026-04-04 catalogue and a collection of its editions."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from app.catalogue import LocalCatalogue
from app.collection import Entry
from tests.helpers.parts import parts_of

pytestmark = pytest.mark.realdata


@pytest.fixture
def catalogue(real_catalogue_dir: Path, tmp_path: Path) -> LocalCatalogue:
    shutil.copy2(real_catalogue_dir / "catalogue.sqlite3", tmp_path / "catalogue.sqlite3")
    return LocalCatalogue.open(tmp_path)


def test_collection_terms_find_what_is_owned(catalogue: LocalCatalogue) -> None:
    editions = parts_of(catalogue).collection.collection_editions()
    every = list(editions.by_uuid.values())
    fire = [e for e in every if e.name == "Spirit of Fire"]
    others = every[::50]
    entries = [Entry(fire[0].uuid, False, 1), Entry(fire[1].uuid, True, 2, tag="Trade")]
    entries += [Entry(e.uuid, False, 1) for e in others if e.name != "Spirit of Fire"]
    parts_of(catalogue).collection.collection_store().replace(entries, "set up")
    owned_cards = {editions.by_uuid[e.edition_uuid].card_uuid for e in entries}
    everything = catalogue.query("").total

    assert catalogue.query("").total == everything  # no collection term: not attached
    owned = catalogue.query("is:owned")
    assert {h.uuid for h in owned.hits} == owned_cards
    assert catalogue.query("is:owned", per="edition").total == len(entries)
    assert [h.name for h in catalogue.query("is:foil-owned").hits] == ["Spirit of Fire"]
    assert [h.name for h in catalogue.query("own>=3").hits] == ["Spirit of Fire"]
    assert catalogue.query("own=0").total == everything - len(owned_cards)
    # an edition not owned, as per edition: own=0 is a card with no copy at all
    unowned = {h.card_uuid for h in catalogue.query("-is:owned", per="edition").hits}
    assert {h.uuid for h in catalogue.query("-is:owned").hits} == unowned
    assert catalogue.query("is:owned -is:foil-owned r:c").total == len(
        {h.card_uuid for h in catalogue.query("is:owned -is:foil-owned r:c",
                                               per="edition").hits})
    trade = catalogue.query("tag:trade", per="edition")
    assert [h.uuid for h in trade.hits] == [fire[1].uuid]
    assert catalogue.query("tag:trade el:water").total == 0

    parts_of(catalogue).collection.collection_store().change([(entries[1].key, -2)], "sold")
    assert catalogue.query("is:foil-owned").total == 0  # the next search sees the change


def test_without_a_collection_nothing_is_owned(catalogue: LocalCatalogue) -> None:
    assert catalogue.query("is:owned").total == 0
    assert catalogue.query("own=0").total == catalogue.query("").total
    assert not (catalogue.paths.collection_file).exists()  # type: ignore[union-attr]
