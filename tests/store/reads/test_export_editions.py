"""``select_editions``: the rows export plans are made of, on a small generated catalogue."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from app.store import Store
from app.store.reads.export_editions import select_editions
from tests.search.generated import generated_catalogue


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    services = generated_catalogue(tmp_path_factory.mktemp("generated"))
    yield services.store
    services.store.close()


def test_each_selector_picks_its_editions_with_their_card(store: Store) -> None:
    (alter,) = select_editions(store, "set", ["GEN Alter"])
    assert (alter.uuid, alter.card_slug, alter.name, alter.rarity) == (
        "genEd00102", "fire-spirit", "Fire Spirit", 8)
    assert [r.uuid for r in select_editions(store, "card", ["fire-spirit"])] == [
        "genEd00101", "genEd00102"]
    tile = select_editions(store, "tile", ["fire-spirit", alter.image_file])
    assert [r.uuid for r in tile] == ["genEd00102"]
    many = select_editions(store, "uuids", ["genEd00201", "nope", *["x"] * 1200])
    assert [r.uuid for r in many] == ["genEd00201"]


def test_values_are_values_not_sql(store: Store) -> None:
    assert select_editions(store, "set", ["x' OR 1=1 --"]) == []
    assert select_editions(store, "card", ["%"]) == []
