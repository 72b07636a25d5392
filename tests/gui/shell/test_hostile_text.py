"""A card or set name holding ``<img src="file:///…">`` never makes the window read that
file, on any page. The record is generated; the watched file's access
time tells whether anything opened it (checked against a label that does open it)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from app.bootstrap import Application, build
from app.gui.devtools.screenshot import take_screenshot
from app.store import CardRecord, Writer
from app.store.history.thema import write_thema
from tests.helpers.cards import make_card, make_edition

OLD = 1_000_000_000  # 2001: an access time older than the file's mtime (relatime updates it)


def _watched(tmp_path: Path) -> Path:
    path = tmp_path / "watched" / "secret.png"
    path.parent.mkdir()
    Image.new("RGB", (8, 8), (200, 0, 0)).save(path)
    return path


def _arm(path: Path) -> None:
    os.utime(path, (OLD, path.stat().st_mtime))


def _read_since_armed(path: Path) -> bool:
    return path.stat().st_atime > OLD + 1


@pytest.fixture
def hostile(tmp_path: Path) -> tuple[Application, Path]:
    watched = _watched(tmp_path)
    tag = f'<img src="{watched.as_uri()}" width=200 height=200>'
    card = make_card("hostile001", f"Evil {tag} Card")
    card["slug"] = "evil-card"
    edition = make_edition("hostile001", "hostileEd1", thema_foil_dynamic=True, thema_foil=500)
    edition["set"]["name"] = f"Set {tag}"
    card["editions"] = [edition]
    services = build(str(tmp_path / "data"))
    Writer(services.store).write([CardRecord(card)])
    write_thema(services.store, [
        {"edition_uuid": "hostileEd1", "kind": "FOIL", "uuid": f"hostHist{d:02d}",
         "created_at": f"2026-03-{d:02d}T00:00:00+00:00", "thema_total": 400 + d}
        for d in range(1, 29)])
    return services, watched


def test_the_watch_sees_a_label_that_opens_the_file(qtbot: QtBot, tmp_path: Path) -> None:
    watched = _watched(tmp_path)
    _arm(watched)
    label = QLabel(f'<img src="{watched.as_uri()}">')
    qtbot.addWidget(label)
    label.grab()
    assert _read_since_armed(watched)


@pytest.mark.parametrize("page", ["search", "card", "gallery", "thema", "sets"])
def test_no_page_opens_a_file_named_in_catalogue_text(
    qapp: QApplication, hostile: tuple[Application, Path], tmp_path: Path, page: str
) -> None:
    services, watched = hostile
    _arm(watched)
    take_screenshot(services, tmp_path / f"{page}.png", query="evil", card="evil-card",
                    page=page, edition="hostileEd1" if page == "thema" else None)
    assert (tmp_path / f"{page}.png").is_file()
    assert not _read_since_armed(watched), f"the {page} page opened {watched}"
