"""Cancelling a scan: between the images of the index build and between photos."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from app.bootstrap import build
from app.scan import ScanCancelled
from tests.helpers.photos import photo

pytestmark = pytest.mark.realdata


def test_cancel_stops_the_index_build_after_an_image_and_keeps_nothing(scan_dir: Path) -> None:
    app = build(str(scan_dir))
    told: list[tuple[int, int]] = []
    with pytest.raises(ScanCancelled, match="cancelled"):
        app.scan.index(lambda done, total: told.append((done, total)),
                       cancel=lambda: True)
    assert told == []  # asked after the first image, before it was reported
    assert not app.scan.index_file.exists()
    assert len(app.scan.index()) > 0  # a later build is whole


def test_cancel_between_photos_stops_the_scan(scan_dir: Path, tmp_path: Path) -> None:
    app = build(str(scan_dir))
    card = sorted(p for name in app.scan.editions() if (p := app.images.find(name)))[0]
    shots = []
    for number in range(3):
        shot = tmp_path / f"generated-{number}.jpg"
        shot.write_bytes(photo(card, random.Random(number), turn=0))
        shots.append(shot)
    asked: list[int] = []

    def cancel() -> bool:
        asked.append(1)
        return len(asked) > 2  # after two photos

    app.scan.index()  # built: only the photos ask now
    with pytest.raises(ScanCancelled):
        app.scan.scan(shots, cancel=cancel)
    assert len(asked) == 3
    assert [r.status for r in app.scan.scan(shots)] == ["matched"] * 3
