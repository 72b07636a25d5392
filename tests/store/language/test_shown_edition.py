"""A card tile shows an edition the search matched."""

from __future__ import annotations

import sqlite3

import pytest

from app.catalogue import LocalCatalogue
from app.model.query import CardSummary

pytestmark = pytest.mark.realdata


def shown(catalogue: LocalCatalogue, text: str, sort: str = "name") -> dict[str, CardSummary]:
    hits = catalogue.query(text, sort=sort).hits
    return {hit.name: hit for hit in hits if isinstance(hit, CardSummary)}


def rarity_of(catalogue: LocalCatalogue, edition_uuid: str) -> int:
    with sqlite3.connect(catalogue.store.path) as db:
        return int(db.execute("SELECT rarity FROM editions WHERE uuid = ?",
                              (edition_uuid,)).fetchone()[0])


@pytest.mark.parametrize("sort", ["name", "set"])
def test_a_set_search_shows_each_card_in_that_set(real_catalogue: LocalCatalogue,
                                                   sort: str) -> None:
    hits = shown(real_catalogue, "s:RDOA", sort)
    assert hits["Impact Hammer"].set_prefix == "RDOA"
    assert {hit.set_prefix for hit in hits.values()} == {"RDOA"}


def test_a_rarity_search_shows_the_stored_image_of_that_rarity(
        real_catalogue: LocalCatalogue) -> None:
    hits = shown(real_catalogue, 's:"DOA 1st" r:CUR')
    blademaster = hits["Lorraine, Blademaster"]
    assert (blademaster.set_prefix, blademaster.collector_number) == ("DOA 1st", "005")
    assert blademaster.has_image
    assert rarity_of(real_catalogue, blademaster.edition_uuid) == 8  # CUR, not DOA Alter's C


def test_without_an_edition_term_the_first_stored_image_is_shown(
        real_catalogue: LocalCatalogue) -> None:
    blademaster = shown(real_catalogue, "lorraine")["Lorraine, Blademaster"]
    assert blademaster.has_image and blademaster.edition_uuid
