"""A small catalogue for the scanner: the 2026-04-04 snapshot with a dozen real images."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import CARD_IMAGES, SHARED_DATA, SNAPSHOT_0404

IMAGES = 12


@pytest.fixture(scope="session")
def scan_catalogue_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder with the snapshot and the first :data:`IMAGES` real card images."""
    from app.bootstrap import build
    from app.ingest import import_paths

    if not SHARED_DATA.is_dir():
        pytest.fail(f"real catalogue data missing at {SHARED_DATA}")
    chosen = tmp_path_factory.mktemp("scan-images")
    for image in sorted(CARD_IMAGES.glob("*.jpg"))[:IMAGES]:
        shutil.copy(image, chosen / image.name)
    folder = tmp_path_factory.mktemp("scan-catalogue")
    app = build(str(folder))
    import_paths(app.store, [SNAPSHOT_0404], chosen, app.images)
    return folder


@pytest.fixture
def scan_dir(scan_catalogue_dir: Path, tmp_path: Path) -> Path:
    """A copy of :func:`scan_catalogue_dir` a test may change."""
    target = tmp_path / "data"
    shutil.copytree(scan_catalogue_dir, target)
    return target
