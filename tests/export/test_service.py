"""The application object's export part on a small generated catalogue: what each
selection exports, and the API an imported catalogue has (none)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from app.catalogue import LocalCatalogue
from app.errors import InvalidRequest, NotFound
from app.search import QuerySyntaxError
from tests.helpers.parts import parts_of
from tests.search.generated import generated_catalogue


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalCatalogue]:
    services = generated_catalogue(tmp_path_factory.mktemp("generated"))
    yield services.catalogue
    services.store.close()


def test_export_plan_of_each_selection(catalogue: LocalCatalogue) -> None:
    export = parts_of(catalogue).export
    by_query = export.export_plan(query="fire", sort="set", descending=True)
    assert [(i.set_prefix, i.uuid) for i in by_query] == [
        ("GEN Alter", "genEd00102"), ("GEN 1st", "genEd00101")]
    assert [i.uuid for i in export.export_plan(card="fire-spirit")] == [
        "genEd00101", "genEd00102"]
    assert [i.uuid for i in export.export_plan(set_prefix="GEN Alter")] == ["genEd00102"]
    assert [i.uuid for i in export.export_plan(editions=["genEd00201", "genEd00101"])] == [
        "genEd00201", "genEd00101"]
    hits = catalogue.query("water").hits
    assert [i.uuid for i in export.export_plan(hits=hits)] == ["genEd00201"]


def test_export_plan_refuses_no_or_two_selections_and_unknown_ones(
    catalogue: LocalCatalogue,
) -> None:
    export = parts_of(catalogue).export
    with pytest.raises(InvalidRequest, match="one selection"):
        export.export_plan()
    with pytest.raises(InvalidRequest, match="one selection"):
        export.export_plan(query="fire", card="fire-spirit")
    with pytest.raises(NotFound):
        export.export_plan(set_prefix="NOPE")
    with pytest.raises(QuerySyntaxError):
        export.export_plan(query="cost<")


def test_an_imported_catalogue_has_no_configured_api(catalogue: LocalCatalogue) -> None:
    assert parts_of(catalogue).export.configured_api() is None
