"""The Collection page's rows read in one statement (real 2026-04-04 catalogue): each
entry with its edition's shown columns, in the page's order, an edition that left the
catalogue last; the same totals and order as the Python join (`owned_entries`)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from app.catalogue import LocalCatalogue
from app.collection import Entry, owned_entries, totals
from tests.helpers.parts import parts_of

pytestmark = pytest.mark.realdata


@pytest.fixture
def catalogue(real_catalogue_dir: Path, tmp_path: Path) -> LocalCatalogue:
    shutil.copy2(real_catalogue_dir / "catalogue.sqlite3", tmp_path / "catalogue.sqlite3")
    return LocalCatalogue.open(tmp_path)


def test_rows_match_the_entries_joined_to_their_editions(catalogue: LocalCatalogue) -> None:
    editions = parts_of(catalogue).collection.collection_editions()
    picked = list(editions.by_uuid.values())[::37]
    entries = [Entry("GoneEdit01", False, 4)]  # an edition that left the catalogue
    entries += [Entry(e.uuid, i % 2 == 0, i % 3 + 1, "NM" if i % 4 else "", tag="trade")
                for i, e in enumerate(picked)]
    entries += [Entry(picked[0].uuid, True, 2, "LP")]
    parts_of(catalogue).collection.collection_store().replace(entries, "set up")

    rows = parts_of(catalogue).collection.collection_rows()

    expected = owned_entries(parts_of(catalogue).collection.collection_store().entries(), editions)
    assert [r.key for r in rows] == [o.entry.key for o in expected]
    assert rows[-1].edition_uuid == "GoneEdit01" and rows[-1].name is None
    for row, owned in zip(rows[:-1], expected[:-1], strict=True):
        edition = owned.edition
        assert edition is not None
        assert (row.name, row.set_prefix, row.collector_number, row.rarity, row.slug,
                row.has_image) == (edition.name, edition.set_prefix, edition.collector_number,
                                   edition.rarity, edition.slug, edition.has_image)
        assert row.quantity == owned.entry.quantity
    total = totals(entries, editions)
    assert sum(r.quantity for r in rows) == total.copies
    assert len({r.name for r in rows if r.name}) == total.cards
