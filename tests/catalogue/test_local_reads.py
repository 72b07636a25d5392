"""What only a local catalogue answers, on a small generated catalogue: the search language,
counts, image files and the data folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.catalogue import CardSummary, Catalogue, EditionHit, Endpoints, LocalCatalogue
from app.errors import InvalidRequest
from app.net.remote import RemoteCatalogue
from app.search import QuerySyntaxError
from tests.search.generated import generated_catalogue


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalCatalogue]:
    services = generated_catalogue(tmp_path_factory.mktemp("generated"))
    yield services.catalogue
    services.store.close()


def test_query_finds_cards_and_editions_as_catalogue_types(catalogue: LocalCatalogue) -> None:
    result = catalogue.query("el:water or el:wind")
    assert [h.slug for h in result.hits] == ["water-bolt", "wind-ally"]
    assert all(isinstance(h, CardSummary) for h in result.hits)
    assert result.describe() == "2 cards"
    editions = catalogue.query("fire", per="edition", sort="rarity", descending=True)
    assert [h.uuid for h in editions.hits] == ["genEd00102", "genEd00101"]
    assert all(isinstance(h, EditionHit) for h in editions.hits)
    assert catalogue.query("", limit=2).describe() == "Showing 2 of 6 cards"


def test_query_names_the_card_typed_first(catalogue: LocalCatalogue) -> None:
    """Was ``Reader.search``: a name that is what was typed ranks above other name hits."""
    assert [h.slug for h in catalogue.query("fire").hits] == ["fire-spirit"]
    assert [h.slug for h in catalogue.query("o:fire-bo").hits] == ["éclair-of-flames"]


def test_query_refuses_bad_input_with_a_clear_error(catalogue: LocalCatalogue) -> None:
    with pytest.raises(QuerySyntaxError):
        catalogue.query("t:ally (cost<2")
    with pytest.raises(InvalidRequest, match="sort must be one of"):
        catalogue.query("fire", sort="collector_number")
    with pytest.raises(InvalidRequest, match="per must be"):
        catalogue.query("fire", per="set")  # type: ignore[arg-type]


def test_counts_and_images(
    catalogue: LocalCatalogue,
) -> None:
    assert catalogue.counts() == {"cards": 6, "editions": 7, "sets": 2, "images": 0}
    assert catalogue.card_image_path("nope.jpg") is None


def test_data_dir_and_its_command_line_arguments(catalogue: LocalCatalogue) -> None:
    assert catalogue.data_dir is not None and catalogue.data_dir.is_dir()
    assert catalogue.data_dir_args() == ["--data-dir", str(catalogue.data_dir)]


def test_a_catalogue_built_from_parts_has_no_data_dir(tmp_path: Path) -> None:
    from app.images.cache import RoundedCache
    from app.images.store import ImageStore
    from app.store import Store

    parts = LocalCatalogue(Store(tmp_path / "c.sqlite3"), ImageStore(tmp_path / "i"),
                           ImageStore(tmp_path / "l"), RoundedCache(tmp_path / "r"))
    assert parts.data_dir is None and parts.data_dir_args() == []
    parts.store.close()


def test_both_catalogues_answer_the_endpoints_and_the_local_one_everything() -> None:
    for protocol, cls in ((Catalogue, LocalCatalogue), (Endpoints, LocalCatalogue),
                          (Endpoints, RemoteCatalogue)):
        missing = [name for name in dir(protocol)
                   if not name.startswith("_") and not hasattr(cls, name)]
        assert missing == [], (cls.__name__, missing)


def test_the_empty_query_answers_the_stored_hits_without_the_search_language(
    catalogue: LocalCatalogue, tmp_path: Path
) -> None:
    import subprocess
    import sys

    from app.store.language.query import run_query

    assert catalogue.query("") == run_query(catalogue.store, "")  # the same hits and total
    assert catalogue.paths is not None
    code = ("import sys; from app.bootstrap import build; "
            f"print(build({str(catalogue.paths.data)!r}).catalogue.query('').total); "
            "print(sorted(m for m in sys.modules if m.startswith(('app.search', "
            "'app.store.language.query', 'app.catalogue.typing_help'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=120)
    total, loaded = done.stdout.splitlines()[-2:]
    assert (int(total), loaded) == (catalogue.query("").total, "[]")
