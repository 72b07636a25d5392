"""Shared fixtures: offscreen Qt, the real data folder, catalogues built from it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.helpers.logfail import fail_on_unexpected_log  # noqa: F401 (autouse fixture)

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "gatcg"
SNAPSHOT_0404 = SHARED_DATA / "snapshots" / "2026-04-04"
SNAPSHOT_0210 = SHARED_DATA / "snapshots" / "2026-02-10"
CARD_IMAGES = SHARED_DATA / "images" / "cards"


def pytest_configure(config: pytest.Config) -> None:
    """``ARCHIVIST_START_METHOD=spawn``: make ``spawn`` the default start method of
    ``multiprocessing``, as on Windows and macOS (CI runs the multiprocessing tests so)."""
    method = os.environ.get("ARCHIVIST_START_METHOD")
    if method:
        import multiprocessing

        multiprocessing.set_start_method(method, force=True)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip ``realdata`` tests when ../shared/data/gatcg is absent; under CI=true, fail them."""
    if SHARED_DATA.is_dir():
        return
    reason = f"real catalogue data not found at {SHARED_DATA}"
    for item in items:
        if "realdata" in item.keywords:
            if os.environ.get("CI") == "true":
                item.add_marker(pytest.mark.usefixtures("_require_real_data"))
            else:
                item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture
def _require_real_data() -> None:
    pytest.fail(f"CI=true but the real catalogue data is missing at {SHARED_DATA}")


@pytest.fixture(scope="session")
def real_catalogue_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder with the 2026-04-04 snapshot and the real images imported (built once)."""
    from app.bootstrap import build
    from app.ingest import import_paths

    if not SHARED_DATA.is_dir():
        pytest.fail(f"real catalogue data missing at {SHARED_DATA}")
    folder = tmp_path_factory.mktemp("real-catalogue")
    services = build(str(folder))
    import_paths(services.store, [SNAPSHOT_0404], CARD_IMAGES, services.images)
    return folder


@pytest.fixture(scope="session")
def real_catalogue(real_catalogue_dir: Path):  # type: ignore[no-untyped-def]
    """The LocalCatalogue over :func:`real_catalogue_dir` (read-only: do not write to it)."""
    from app.catalogue import LocalCatalogue

    return LocalCatalogue.open(real_catalogue_dir)


@pytest.fixture(scope="session")
def newer_catalogue_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder with the 2026-04-04 snapshot imported (revision 1), then a newer
    catalogue GENERATED from it (revision 2: an erratum, a ban, a rename other cards
    mention, a new Chinese printing, editions reordered; tests/helpers/newer_catalogue.py).
    Built once: do not write to it."""
    from app.bootstrap import build
    from app.ingest import import_paths
    from tests.helpers.newer_catalogue import write_newer_catalogue

    if not SHARED_DATA.is_dir():
        pytest.fail(f"real catalogue data missing at {SHARED_DATA}")
    folder = tmp_path_factory.mktemp("newer-catalogue")
    services = build(str(folder))
    import_paths(services.store, [SNAPSHOT_0404])
    newer = write_newer_catalogue(SNAPSHOT_0404, folder / "newer.json")
    import_paths(services.store, [newer])
    services.store.close()
    return folder
