"""Editions that share a set and number are told apart: DOA 1st 005 is a
Common and a Collector Ultra Rare of Lorraine, Blademaster."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.export import DEFAULT_TEMPLATE, render_name
from app.gui.card.detail_pane import DetailPane
from app.gui.kit.detail_data import load_detail
from app.gui.kit.thumbnails import ThumbnailProvider

pytestmark = pytest.mark.realdata


def test_gallery_captions_edition_lists_and_names_show_the_rarity(
        qtbot: QtBot, real_services: Application) -> None:
    detail = load_detail(real_services.catalogue, "lorraine-blademaster",
                         real_services.history, real_services.collection)
    doa = [e for e in detail.editions if (e.set_prefix, e.collector_number) == ("DOA 1st", "005")]
    assert len(doa) == 2

    provider = ThumbnailProvider(real_services.catalogue.card_image_path,
                                 real_services.paths.thumbnails)
    pane = DetailPane(provider)
    qtbot.addWidget(pane)
    pane.show_detail(detail)
    rows = [pane.edition_model.data(pane.edition_model.index(r), Qt.ItemDataRole.DisplayRole)
            for r in range(pane.edition_model.rowCount())]
    assert {"DOA 1st · 005 · C · Dawn of Ashes First Edition",
            "DOA 1st · 005 · CUR · Dawn of Ashes First Edition"} <= set(rows)
    assert {e.label for e in doa} == {"DOA 1st · 005 · C", "DOA 1st · 005 · CUR"}

    names = {render_name(DEFAULT_TEMPLATE, {
        "set_prefix": e.set_prefix, "collector_number": e.collector_number,
        "slug": detail.slug, "name": detail.name, "rarity": e.rarity_code, "uuid": e.uuid},
        ".jpg") for e in doa}
    assert len(names) == 2 and not any("(2)" in n for n in names)
    provider.shutdown()
