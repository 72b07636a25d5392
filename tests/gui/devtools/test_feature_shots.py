"""``archivist screenshot --feature`` paints the dialogs and popups over the window."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from app.bootstrap import Application
from app.errors import InvalidRequest
from app.gui.devtools.screenshot import take_screenshot


@pytest.mark.parametrize("feature", ["sync-offline", "syntax-help"])
def test_a_feature_shot_is_written(empty_services: Application, tmp_path: Path,
                                   feature: str) -> None:
    out = tmp_path / f"{feature}.png"
    assert take_screenshot(empty_services, out, size=(1000, 700), feature=feature) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1000, 700)


def test_an_unknown_feature_is_refused(empty_services: Application, tmp_path: Path) -> None:
    with pytest.raises(InvalidRequest, match="Unknown feature 'nope'"):
        take_screenshot(empty_services, tmp_path / "x.png", feature="nope")
