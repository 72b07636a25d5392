"""The application object's sync part on a small generated catalogue: the state of an
imported catalogue, the engine over it, and none without a data folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.catalogue import LocalCatalogue
from app.errors import InvalidRequest
from tests.helpers.parts import parts_of
from tests.search.generated import generated_catalogue


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalCatalogue]:
    services = generated_catalogue(tmp_path_factory.mktemp("generated"))
    yield services.catalogue
    services.store.close()


def test_an_imported_catalogue_has_no_sync_state(catalogue: LocalCatalogue) -> None:
    status = parts_of(catalogue).sync.sync_status()
    assert not status.synced and status.api_url is None


def test_a_sync_engine_syncs_this_catalogue(catalogue: LocalCatalogue) -> None:
    from app.sync.context import SyncOptions

    engine = parts_of(catalogue).sync.sync_engine(SyncOptions(api_url="http://127.0.0.1:9/"))
    assert engine.store is catalogue.store and engine.paths is catalogue.paths
    assert engine.api_url == "http://127.0.0.1:9"


def test_a_catalogue_built_from_parts_has_no_sync(tmp_path: Path) -> None:
    from app.store import Store
    from app.sync.service import Sync

    store = Store(tmp_path / "c.sqlite3")
    with pytest.raises(InvalidRequest, match="no data folder"):
        Sync(store, None).sync_engine()
    store.close()
