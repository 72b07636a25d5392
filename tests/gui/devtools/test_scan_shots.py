"""``archivist screenshot --page scan --photos FOLDER``: the review of photos scanned."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PIL import Image
from PySide6.QtWidgets import QApplication

from app.bootstrap import Application
from app.errors import InvalidRequest
from app.gui.devtools.screenshot import take_screenshot
from tests.gui.conftest import services_over
from tests.gui.devtools.test_screenshot import distinct_colours
from tests.helpers.photos import no_card, photo
from tests.helpers.scan_catalogue import scan_catalogue_dir

__all__ = ["scan_catalogue_dir"]


@pytest.mark.realdata
def test_a_screenshot_of_the_review_shows_the_photos_scanned(
    qapp: QApplication, scan_catalogue_dir: Path, tmp_path: Path
) -> None:
    services = services_over(scan_catalogue_dir, tmp_path / "data")
    cards = sorted(p for name in services.scan.editions()
                   if (p := services.images.find(name)) is not None)
    folder = tmp_path / "photos"
    folder.mkdir()
    rng = random.Random(4)
    for number, card in enumerate(cards[:3]):
        (folder / f"generated-{number}.jpg").write_bytes(photo(card, rng, cards))
    (folder / "generated-table.jpg").write_bytes(no_card(rng, cards))
    out = tmp_path / "scan.png"
    try:  # a review that did not settle would log a warning, which fails the test
        assert take_screenshot(services, out, page="scan", photos=folder, size=(1000, 700),
                               theme="dark") == 0
    finally:
        services.store.close()
    with Image.open(out) as image:
        assert image.size == (1000, 700)
    assert distinct_colours(out) > 1000  # photos and card images, not a flat picture


def test_photos_go_with_the_scan_page_and_the_scan_page_needs_them(
    qapp: QApplication, empty_services: Application, tmp_path: Path
) -> None:
    with pytest.raises(InvalidRequest, match="--photos goes with --page scan"):
        take_screenshot(empty_services, tmp_path / "x.png", photos=tmp_path)
    with pytest.raises(InvalidRequest, match="--page scan needs --photos FOLDER"):
        take_screenshot(empty_services, tmp_path / "x.png", page="scan")
    with pytest.raises(InvalidRequest, match="No such photo or folder"):
        take_screenshot(empty_services, tmp_path / "x.png", page="scan",
                        photos=tmp_path / "missing")
