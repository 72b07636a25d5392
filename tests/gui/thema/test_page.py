"""The Thema page (app/gui/thema/page.py and its parts): ranking table, history chart,
ranges, kind, inline errors, exports; over GENERATED history ending on a fixed day."""

from __future__ import annotations

import csv
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt, QThreadPool
from PySide6.QtGui import QImage, QKeySequence
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.gui.kit.settings import open_settings
from app.gui.kit.theme import dark_palette
from app.gui.shell.main_window import MainWindow
from app.gui.thema.data import CSV_COLUMNS, months_before, preset_range
from app.gui.thema.models import CARD, RANK, TOTAL, RankModel, RankProxy
from app.gui.thema.page import ThemaPage
from tests.gui.conftest import OFFSCREEN_NOISE, THEMA_END

pytestmark = pytest.mark.realdata

EXPECTED_POINTS = {"1M": 32, "3M": 91, "6M": 183, "1Y": 366}
"""Daily points from the preset's first day to 2026-04-04, both inclusive."""


@pytest.fixture
def pool() -> Iterator[QThreadPool]:
    made = QThreadPool()
    yield made
    made.waitForDone()


@pytest.fixture
def page(qtbot: QtBot, thema_services: Application, pool: QThreadPool) -> ThemaPage:
    made = ThemaPage(thema_services.catalogue, pool, today=lambda: THEMA_END)
    qtbot.addWidget(made)
    made.resize(1200, 700)
    made.show()
    settle(qtbot, made)
    return made


def settle(qtbot: QtBot, page: ThemaPage) -> None:
    qtbot.waitUntil(lambda: page.loaded and not page.busy and page.panel.history is not None,
                    timeout=10_000)


def ranks(page: ThemaPage, column: int = RANK) -> list[object]:
    proxy, model = page.proxy, page.model
    return [model.data(proxy.mapToSource(proxy.index(row, column)), RankModel.SortRole)
            for row in range(proxy.rowCount())]


def top_edition(services: Application) -> str:
    return str(services.catalogue.dynamic_thema_ranks()[0]["edition"]["uuid"])


def test_month_arithmetic_of_the_presets() -> None:
    assert months_before(date(2026, 3, 31), 1) == date(2026, 2, 28)
    assert months_before(date(2024, 3, 30), 1) == date(2024, 2, 29)
    assert months_before(date(2026, 1, 15), 3) == date(2025, 10, 15)
    assert preset_range("1Y", THEMA_END) == (date(2025, 4, 4), THEMA_END)
    for preset, points in EXPECTED_POINTS.items():
        start, end = preset_range(preset, THEMA_END)
        assert (end - start).days + 1 == points


def test_the_ranking_has_18_rows_sorted_by_rank_and_the_top_one_is_charted(
    page: ThemaPage, thema_services: Application
) -> None:
    assert page.proxy.rowCount() == 18
    order = ranks(page)
    assert order == list(range(1, 19))  # twelve store 2,000: generated, they end apart
    model = page.model
    first = page.proxy.mapToSource(page.proxy.index(0, 0)).row()
    # the generated history ends at the stored scores: the top is one of the highest
    top = thema_services.catalogue.card(thema_services.catalogue.dynamic_thema_ranks()[0]
                                        ["slug"])
    assert model.data(model.index(first, CARD)) == top["name"]
    assert str(model.data(model.index(first, 3))).startswith("DOA 1st · ")
    assert model.data(model.index(first, 4)) == "Foil"
    assert model.data(model.index(first, TOTAL)) == "2,000"
    history = page.panel.history
    assert history is not None
    assert history.request.edition_uuid == top_edition(thema_services)
    assert (history.request.start, history.request.end) == (date(2025, 4, 4), THEMA_END)
    assert page.panel.title.text() == top["name"]
    assert page.panel.stack.currentWidget() is page.chart
    assert all(len(series.points()) == 366 for series in page.chart.series.values())


def test_moves_have_coloured_arrows(page: ThemaPage) -> None:
    model = page.model
    seen = {}
    for row in range(model.rowCount()):
        change = model.entry(row)["score"]["rank_change"]
        text = model.data(model.index(row, 1))
        colour = model.data(model.index(row, 1), Qt.ItemDataRole.ForegroundRole)
        seen[(change > 0) - (change < 0)] = (text, colour)
        if change > 0:
            assert text == f"▲ {change}"
        elif change < 0:
            assert text == f"▼ {-change}"
        else:
            assert text == "–" and colour is None
    assert seen[1][1].green() > seen[1][1].red() and seen[-1][1].red() > seen[-1][1].green()


def test_sorting_and_filtering(page: ThemaPage) -> None:
    page.table.horizontalHeader().setSortIndicator(TOTAL, Qt.SortOrder.DescendingOrder)
    totals = ranks(page, TOTAL)
    assert totals == sorted(totals, reverse=True) and len(totals) == 18
    page.filter.setText("lorraine")
    assert page.proxy.rowCount() == 3
    page.filter.clear()
    assert page.proxy.rowCount() == 18


@pytest.mark.parametrize("preset", ["1M", "3M", "6M", "1Y"])
def test_each_range_preset_charts_its_days(
    qtbot: QtBot, page: ThemaPage, preset: str
) -> None:
    if preset != "1Y":
        qtbot.mouseClick(page.controls.preset_buttons[preset], Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: page.panel.history is not None and
                        page.panel.history.request.start == preset_range(preset, THEMA_END)[0],
                        timeout=10_000)
    history = page.panel.history
    assert history is not None
    assert len(history.entries) == EXPECTED_POINTS[preset]
    for key, series in page.chart.series.items():
        assert series.count() == EXPECTED_POINTS[preset], key
    points = page.chart.series["total"].points()
    assert points[0].x() == history.xs[0] and points[-1].x() == history.xs[-1]
    assert page.chart.x_axis.min().date().toPython() == preset_range(preset, THEMA_END)[0]
    assert page.chart.x_axis.max().date().toPython() == THEMA_END
    assert page.controls.preset_buttons[preset].isChecked()
    assert page.controls.from_edit.date().toPython() == preset_range(preset, THEMA_END)[0]


def test_a_custom_range_of_one_year_and_one_day_is_refused_inline(
    qtbot: QtBot, page: ThemaPage
) -> None:
    controls = page.controls
    controls.from_edit.setDate(date(2025, 4, 3))
    controls.to_edit.setDate(THEMA_END)
    qtbot.mouseClick(controls.apply, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: controls.error.isVisible(), timeout=10_000)
    assert "longer than one year" in controls.error.text()
    assert "to can be at most 2026-04-03" in controls.error.text()
    assert page.findChildren(QMessageBox) == []
    assert not any(button.isChecked() for button in controls.preset_buttons.values())

    controls.from_edit.setDate(date(2025, 4, 4))  # exactly one year: accepted
    qtbot.mouseClick(controls.apply, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not controls.error.isVisible(), timeout=10_000)
    settle(qtbot, page)
    assert page.panel.history is not None and len(page.panel.history.entries) == 366

    controls.from_edit.setDate(date(2026, 1, 10))
    controls.to_edit.setDate(date(2026, 1, 19))
    qtbot.mouseClick(controls.apply, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.chart.series["total"].count() == 10, timeout=10_000)


def test_nonfoil_without_history_shows_a_clear_empty_state(
    qtbot: QtBot, page: ThemaPage
) -> None:
    assert page.controls.kind_buttons["NONFOIL"].text() == "Non-foil"  # as the detail pane
    # the top edition's non-foil score is not dynamic: the button says so
    nonfoil = page.controls.kind_buttons["NONFOIL"]
    assert not nonfoil.isEnabled() and "not dynamic" in nonfoil.toolTip()
    page.panel.set_kind("NONFOIL")  # asked anyway (a link from the card page)
    qtbot.waitUntil(lambda: page.panel.stack.currentWidget() is page.panel.empty,
                    timeout=10_000)
    assert page.panel.kind == "NONFOIL"
    assert page.panel.empty.title.text() == "No nonfoil history: the score is not dynamic"
    assert page.panel.empty.command.text() == ""  # demo-thema would not help
    assert not page.controls.export.isEnabled()
    qtbot.mouseClick(page.controls.kind_buttons["FOIL"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.panel.stack.currentWidget() is page.chart, timeout=10_000)
    assert page.controls.export.isEnabled()


def test_a_ranking_row_opens_its_card(qtbot: QtBot, page: ThemaPage) -> None:
    """Double-click, Enter and the context menu open the row's card."""
    index = page.proxy.index(0, CARD)
    slug = page.model.entry(page.proxy.mapToSource(index).row())["slug"]
    rect = page.table.visualRect(index)
    viewport = page.table.viewport()
    with qtbot.waitSignal(page.cardRequested) as opened:  # press, release, double click
        qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=rect.center())
        qtbot.mouseDClick(viewport, Qt.MouseButton.LeftButton, pos=rect.center())
    assert opened.args == [slug]
    page.table.setFocus()
    page.table.setCurrentIndex(index)
    with qtbot.waitSignal(page.cardRequested) as opened:
        qtbot.keyClick(page.table, Qt.Key.Key_Return)
    assert opened.args == [slug]


def test_csv_export_writes_the_charted_days(
    qtbot: QtBot, page: ThemaPage, thema_services: Application, tmp_path: Path
) -> None:
    qtbot.mouseClick(page.controls.preset_buttons["1M"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.chart.series["total"].count() == 32, timeout=10_000)
    out = tmp_path / "zander.csv"
    with qtbot.waitSignal(page.message, timeout=10_000) as blocker:
        page.panel.export_csv(out)
    assert blocker.args == [f"Saved {out}"]
    with out.open(encoding="utf-8", newline="") as file:
        lines = file.read().splitlines()
    assert lines[0].startswith("# GENERATED demo data")  # generated data says so
    rows = list(csv.reader(lines[1:]))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert len(rows) == 33
    expected = thema_services.catalogue.dynamic_thema_history(
        top_edition(thema_services), "FOIL", "2026-03-04", "2026-04-04")
    assert [row[0] for row in rows[1:]] == [e["created_at"][:10] for e in expected]
    assert rows[1][0] == "2026-03-04" and rows[-1][0] == "2026-04-04"
    last = expected[-1]
    assert rows[-1][1:] == [str(last[k]) for k in (
        "thema_total", "thema_charm", "thema_ferocity", "thema_grace", "thema_mystique",
        "thema_valor", "rank", "rank_change", "change")]


def test_png_export_writes_the_chart(qtbot: QtBot, page: ThemaPage, tmp_path: Path) -> None:
    out = tmp_path / "chart.png"
    with qtbot.waitSignal(page.message, timeout=10_000):
        page.panel.export_png(out)
    image = QImage(str(out))
    assert not image.isNull() and out.stat().st_size > 10_000
    # a useful size (at least 1600 px wide, the chart scaled) and a title above it
    assert image.width() >= 1600 and image.width() >= page.chart.width()
    assert image.height() > image.width() * page.chart.height() / page.chart.width()
    title, subtitle = page.panel.picture_text()
    assert page.panel.title.text() in title and "Foil Thema · 2025-04-04 to 2026-04-04" in (
        subtitle)
    folder = tmp_path / "a-folder.png"
    folder.mkdir()
    with qtbot.waitSignal(page.message, timeout=10_000) as blocker:
        page.panel.export_png(folder)  # a folder named as the file: refused, left alone
    assert blocker.args[0] == f"Not saved: {folder} is a folder, not a file: choose a file name"
    assert folder.is_dir()


def test_lines_can_be_hidden_from_the_legend_and_hover_shows_the_day(page: ThemaPage) -> None:
    chart = page.chart
    total = chart.series["total"]
    (marker,) = chart.chart().legend().markers(total)
    high = chart.y_axis.max()
    marker.clicked.emit()
    assert not chart.series_visible("total") and marker.isVisible()
    assert chart.y_axis.max() < high  # the score axis fits the element scores now
    marker.clicked.emit()
    assert chart.series_visible("total")
    ranked = [int(p.y()) for p in chart.series["rank"].points()]
    assert chart.rank_axis.min() < min(ranked) and chart.rank_axis.max() > max(ranked)
    chart.set_series_visible("rank", False)
    assert not chart.series["rank"].isVisible()
    assert chart.rank_axis.isReverse() and chart.rank_axis.min() < 1
    history = page.panel.history
    assert history is not None
    text = chart.hover_text(history.xs[0] + 3_600_000)  # an hour after the first day
    assert text.startswith("<b>4 April 2025</b>")
    first = history.entries[0]
    assert f"Total {first['thema_total']}" in text and f"Valor {first['thema_valor']}" in text
    assert f"Rank {first['rank']}" in text


def test_an_unknown_edition_says_so_inline(qtbot: QtBot, page: ThemaPage) -> None:
    page.show_edition("zzzzzzzzzz")
    qtbot.waitUntil(lambda: page.controls.error.isVisible(), timeout=10_000)
    assert "zzzzzzzzzz" in page.controls.error.text()
    assert not page.table.selectionModel().hasSelection()


def test_no_history_says_how_to_get_some(
    qtbot: QtBot, empty_services: Application, pool: QThreadPool
) -> None:
    page = ThemaPage(empty_services.catalogue, pool, today=lambda: THEMA_END)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: page.loaded, timeout=10_000)
    assert page.stack.currentWidget() is page.empty
    assert page.empty.title.text() == "No dynamic Thema history yet"
    assert page.empty.command.text() == "archivist demo-thema"


def test_the_window_shows_an_editions_chart_on_request(
    qtbot: QtBot, thema_services: Application
) -> None:
    window = MainWindow(thema_services, open_settings(thema_services.paths), dialogs=False)
    qtbot.addWidget(window)
    window.thema.panel.today = lambda: THEMA_END
    window.show()
    assert window.current_page() == "search"
    entry = thema_services.catalogue.dynamic_thema_ranks()[7]
    uuid = entry["edition"]["uuid"]
    window.show_thema(uuid)  # before the ranking was loaded: done once it is
    assert window.current_page() == "thema"
    qtbot.waitUntil(lambda: window.thema.panel.history is not None and
                    window.thema.panel.history.request.edition_uuid == uuid, timeout=10_000)
    assert window.thema.panel.title.text() == entry["name"]
    selected = window.thema.table.selectionModel().selectedRows()
    source = window.thema.proxy.mapToSource(selected[0])
    assert window.thema.model.data(source, RankModel.EditionRole) == uuid

    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keySequence(window, QKeySequence("Ctrl+1"))
    assert window.current_page() == "search"
    qtbot.keySequence(window, QKeySequence("Ctrl+3"))
    assert window.current_page() == "thema"
    window.resize(720, 520)  # within the offscreen screen (800 × 600)
    window.thema.splitter.setSizes([300, 400])
    sizes = window.thema.splitter.sizes()
    window.close()
    window.shutdown()

    again = MainWindow(thema_services, open_settings(thema_services.paths), dialogs=False)
    qtbot.addWidget(again)
    again.show()
    assert again.current_page() == "thema"
    assert again.thema.splitter.sizes() == sizes
    qtbot.waitUntil(lambda: again.thema.loaded and not again.thema.busy, timeout=10_000)
    again.shutdown()


def test_models_pass_the_model_tester(
    qtmodeltester: ModelTester, thema_services: Application
) -> None:
    model = RankModel()
    qtmodeltester.check(model)
    model.set_entries(thema_services.catalogue.dynamic_thema_ranks())
    qtmodeltester.check(model)
    proxy = RankProxy()
    proxy.setSourceModel(model)
    proxy.sort(RANK, Qt.SortOrder.AscendingOrder)
    qtmodeltester.check(proxy)
    proxy.setFilterFixedString("silvie")
    qtmodeltester.check(proxy)
    assert proxy.rowCount() == 3
    model.set_entries([])
    qtmodeltester.check(proxy)


def test_a_dark_palette_gives_a_dark_chart_and_readable_colours(
    page: ThemaPage, qapp: QApplication
) -> None:
    chart = page.chart.chart()
    assert chart.backgroundBrush().color().lightness() > 200
    light_rise = page.model.data(page.model.index(0, 1), Qt.ItemDataRole.ForegroundRole)
    page.setPalette(dark_palette())
    qapp.processEvents()
    assert chart.backgroundBrush().color().lightness() < 60
    assert page.chart.x_axis.labelsBrush().color().lightness() > 180
    assert chart.legend().labelColor().lightness() > 180
    row = next(r for r in range(page.model.rowCount())
               if page.model.entry(r)["score"]["rank_change"] > 0)
    rise = page.model.data(page.model.index(row, 1), Qt.ItemDataRole.ForegroundRole)
    assert rise.lightness() > 120 and rise != light_rise
    image = page.chart.grab().toImage()
    corner = image.pixelColor(5, 5)
    assert corner.lightness() < 60


def test_screenshots_of_the_pages(qapp: QApplication, thema_services: Application,
                                  tmp_path: Path) -> None:
    from PIL import Image

    from app.gui.devtools.screenshot import take_screenshot

    for page_name, theme in (("sets", "light"), ("thema", "dark")):
        out = tmp_path / f"{page_name}.png"
        edition = top_edition(thema_services) if page_name == "thema" else None
        assert take_screenshot(thema_services, out, size=(1000, 700), page=page_name,
                               edition=edition, theme=theme) == 0
        with Image.open(out) as image:
            assert image.size == (1000, 700)
            pixel = image.convert("RGB").getpixel((500, 690))
            colours = image.convert("RGB").getcolors(maxcolors=1 << 20) or []
        assert len(colours) > 200
        assert (sum(pixel) < 200) == (theme == "dark")  # the status bar's palette
    assert qapp.palette().color(qapp.palette().ColorRole.Window).lightness() > 200


@pytest.mark.qt_log_ignore(OFFSCREEN_NOISE, r"^This plugin does not support raise\(\)$")
def test_hovering_the_plot_shows_a_crosshair(qtbot: QtBot, page: ThemaPage) -> None:
    chart = page.chart
    area = chart.chart().plotArea()
    inside = chart.mapFromScene(chart.chart().mapToScene(area.center()))
    qtbot.mouseMove(chart.viewport(), inside)
    qtbot.waitUntil(chart.crosshair.isVisible, timeout=5_000)
    line = chart.crosshair.line()
    assert line.x1() == line.x2() and abs(line.x1() - area.center().x()) < area.width() / 300
    qtbot.mouseMove(chart.viewport(), QPoint(2, 2))  # (0, 0) would mean the centre
    qtbot.waitUntil(lambda: not chart.crosshair.isVisible(), timeout=5_000)


def test_an_offline_catalogue_is_shown_with_a_retry(
    qtbot: QtBot, thema_services: Application, pool: QThreadPool
) -> None:
    from app.errors import UpstreamError

    class Offline:
        def __init__(self) -> None:
            self.ranks_ok = False

        def dynamic_thema_ranks(self) -> list[dict[str, Any]]:
            if not self.ranks_ok:
                raise UpstreamError("The catalogue server cannot be reached (offline)")
            return thema_services.catalogue.dynamic_thema_ranks()

        def dynamic_thema_history(self, *args: Any) -> list[dict[str, Any]]:
            raise UpstreamError("The catalogue server cannot be reached (offline)")

    offline = Offline()
    page = ThemaPage(offline, pool, today=lambda: THEMA_END)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: page.loaded, timeout=10_000)
    assert page.stack.currentWidget() is page.empty
    assert "offline" in page.empty.text.text() and page.empty.button.text() == "Try again"
    offline.ranks_ok = True
    qtbot.mouseClick(page.empty.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.controls.error.isVisible(), timeout=10_000)
    assert page.stack.currentWidget() is page.splitter
    assert "offline" in page.controls.error.text()


def test_generated_history_is_marked_and_ends_at_the_card_pages_values(
        qtbot: QtBot, page: ThemaPage, thema_services: Application) -> None:
    """The banner says GENERATED; the last day is the stored score."""
    assert page.panel.banner.isVisible()
    assert "GENERATED" in page.panel.banner.text()
    history = page.panel.history
    assert history is not None and history.generated
    edition = history.request.edition_uuid
    card = next(c for c in (thema_services.catalogue.card(e["slug"])
                            for e in thema_services.catalogue.dynamic_thema_ranks()[:1]))
    stored = next(e for e in card["editions"] if e["uuid"] == edition)
    assert history.entries[-1]["thema_total"] == stored["thema_foil"]
    assert page.panel.default_name("csv").startswith("thema-" + card["name"].split(",")[0]
                                                     .lower())
    assert edition not in page.panel.default_name("csv")
