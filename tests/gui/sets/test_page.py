"""The Featured sets page (app/gui/sets/page.py): groups, sets, logos, opening a set."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, QPoint, Qt, QThreadPool
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.errors import UpstreamError
from app.gui.kit.theme import dark_palette
from app.gui.sets.model import FeaturedSetsModel, load_featured, readable_date
from app.gui.sets.page import SetsPage
from app.gui.shell.main_window import MainWindow
from tests.gui.conftest import FEATURED_JSON
from tests.helpers.generated import generated_logos


@pytest.fixture
def pool() -> Iterator[QThreadPool]:
    made = QThreadPool()
    yield made
    made.waitForDone()


def open_page(qtbot: QtBot, services: Application, pool: QThreadPool,
              catalogue: Any = None) -> SetsPage:
    page = SetsPage(catalogue or services.catalogue, pool, services.catalogue.data_dir_args())
    qtbot.addWidget(page)
    page.resize(900, 700)
    page.show()
    qtbot.waitUntil(lambda: page.loaded and not page.busy, timeout=10_000)
    return page


def set_index(page: SetsPage, prefix: str) -> QModelIndex:
    model = page.model
    for group in range(model.rowCount()):
        parent = model.index(group, 0)
        for row in range(model.rowCount(parent)):
            index = model.index(row, 0, parent)
            if model.data(index, FeaturedSetsModel.PrefixRole) == prefix:
                return index
    raise AssertionError(prefix)


def test_readable_dates() -> None:
    assert readable_date("2026-04-03T00:00:00") == "3 April 2026"
    assert readable_date("2023-01-01T00:00:00") == "1 January 2023"
    assert readable_date(None) == "—"
    assert readable_date("soon") == "soon"


@pytest.mark.realdata
def test_the_page_shows_every_group_and_set_of_featured_sets_json(
    qtbot: QtBot, thema_services: Application, pool: QThreadPool
) -> None:
    page = open_page(qtbot, thema_services, pool)
    expected = json.loads(FEATURED_JSON.read_text(encoding="utf-8"))
    model = page.model
    assert model.rowCount() == 9 == len(expected)
    assert model.set_count() == 35
    assert page.stack.currentWidget() is page.view
    for row, group in enumerate(expected):
        parent = model.index(row, 0)
        assert parent.data() == group["name"]
        assert model.rowCount(parent) == len(group["sets"])
        assert page.view.isFirstColumnSpanned(row, QModelIndex())
        assert page.view.isExpanded(parent)
        for number, entry in enumerate(group["sets"]):
            cells = [model.index(number, c, parent).data() for c in range(4)]
            assert cells == [entry["name"], entry["prefix"], entry["language"],
                             readable_date(entry["release_date"])]
    first = model.index(0, 0)
    assert model.index(1, 3, first).data() == "3 April 2026"  # Radiant Origins
    assert all(group.logo is None for group in model.groups)  # no logos: drawn banners
    assert [group.code for group in model.groups][:3] == ["RDO", "PTM", "DTR"]
    assert not page.grab().isNull()


@pytest.mark.realdata
def test_clicking_or_entering_a_set_asks_for_its_prefix(
    qtbot: QtBot, thema_services: Application, pool: QThreadPool
) -> None:
    page = open_page(qtbot, thema_services, pool)
    index = set_index(page, "RDO")
    page.view.scrollTo(index)
    with qtbot.waitSignal(page.setRequested) as blocker:
        qtbot.mouseClick(page.view.viewport(), Qt.MouseButton.LeftButton,
                         pos=page.view.visualRect(index).center())
    assert blocker.args == ["RDO"]

    heard: list[str] = []
    page.setRequested.connect(heard.append)
    group = page.model.index(0, 0)
    qtbot.mouseClick(page.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=page.view.visualRect(group).center())
    assert heard == []  # a group heading is not a set

    page.view.setCurrentIndex(set_index(page, "DOA 1st"))
    qtbot.keyClick(page.view, Qt.Key.Key_Return)
    assert heard == ["DOA 1st"]


@pytest.mark.realdata
def test_the_window_opens_a_chosen_set_in_the_search_page(
    qtbot: QtBot, thema_services: Application
) -> None:
    window = MainWindow(thema_services, None, dialogs=False)
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keySequence(window, QKeySequence("Ctrl+2"))
    assert window.current_page() == "sets"
    qtbot.waitUntil(lambda: window.sets.loaded and not window.sets.busy, timeout=10_000)
    index = set_index(window.sets, "PTM 1st")
    window.sets.view.scrollTo(index)
    qtbot.mouseClick(window.sets.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=window.sets.view.visualRect(index).center())
    assert window.current_page() == "search"
    assert window.search.text() == 's:"PTM 1st"'
    qtbot.waitUntil(lambda: window.model.query == 's:"PTM 1st"', timeout=10_000)
    window.shutdown()


@pytest.mark.realdata
def test_logos_are_shown_when_imported(
    qtbot: QtBot, thema_services: Application, pool: QThreadPool, tmp_path: Path
) -> None:
    from app.ingest import import_paths

    logos = tmp_path / "logos"
    generated_logos(FEATURED_JSON, logos)
    import_paths(thema_services.store, [FEATURED_JSON], None, None, logos,
                 thema_services.catalogue.logos)
    groups = load_featured(thema_services.catalogue)
    assert [g.logo is not None for g in groups] == [True] * 9
    assert groups[0].logo is not None and groups[0].logo.size().toTuple() == (240, 96)
    page = open_page(qtbot, thema_services, pool)
    assert all(group.logo is not None for group in page.model.groups)
    image = page.view.viewport().grab().toImage()
    banner = page.view.visualRect(page.model.index(0, 0))
    # the generated logo of the first group is drawn (its blue-violet fill, not a gradient)
    colour = image.pixelColor(banner.left() + 60, banner.center().y())
    assert (colour.red(), colour.green(), colour.blue()) == (40, 60, 140)


def test_no_featured_sets_says_how_to_import_them(
    qtbot: QtBot, empty_services: Application, pool: QThreadPool
) -> None:
    page = open_page(qtbot, empty_services, pool)
    assert page.stack.currentWidget() is page.empty
    assert page.empty.title.text() == "No featured sets yet"
    assert "featured-sets.json" in page.empty.command.text()
    assert str(empty_services.paths.data) in page.empty.command.text()
    assert page.empty.button.text() == "Check again"


def test_a_failed_load_is_shown_with_a_retry(
    qtbot: QtBot, empty_services: Application, pool: QThreadPool
) -> None:
    class Offline:
        calls = 0

        def featured_sets(self) -> list[dict[str, Any]]:
            self.calls += 1
            raise UpstreamError("The catalogue server cannot be reached (offline)")

        def featured_set_logo(self, filename: str) -> bytes:
            raise AssertionError(filename)

    offline = Offline()
    page = open_page(qtbot, empty_services, pool, offline)
    assert page.stack.currentWidget() is page.empty
    assert "offline" in page.empty.text.text()
    with qtbot.waitSignal(page.failed):
        qtbot.mouseClick(page.empty.button, Qt.MouseButton.LeftButton)
    assert offline.calls == 2


@pytest.mark.realdata
def test_the_model_passes_the_model_tester(
    qtmodeltester: ModelTester, thema_services: Application
) -> None:
    model = FeaturedSetsModel()
    qtmodeltester.check(model)
    model.set_groups(load_featured(thema_services.catalogue))
    qtmodeltester.check(model)
    assert model.rowCount() == 9
    assert model.data(model.index(0, 0), FeaturedSetsModel.PrefixRole) is None
    assert not model.flags(model.index(0, 0)) & Qt.ItemFlag.ItemIsSelectable
    model.set_groups([])
    qtmodeltester.check(model)


@pytest.mark.realdata
def test_a_dark_palette_paints_dark_rows_with_light_text(
    qtbot: QtBot, thema_services: Application, pool: QThreadPool, qapp: QApplication
) -> None:
    page = open_page(qtbot, thema_services, pool)
    light = page.view.viewport().grab().toImage()
    page.setPalette(dark_palette())
    qapp.processEvents()
    dark = page.view.viewport().grab().toImage()
    row = page.view.visualRect(set_index(page, "RDO"))
    empty_spot = QPoint(row.right() - 40, row.center().y())  # between the name and the prefix
    assert light.pixelColor(empty_spot).lightness() > 200
    assert dark.pixelColor(empty_spot).lightness() < 60
    texts = [dark.pixelColor(x, y).lightness() for x in range(row.left(), row.left() + 120)
             for y in range(row.top(), row.bottom())]
    assert max(texts) > 180  # the set's name is light on the dark base

