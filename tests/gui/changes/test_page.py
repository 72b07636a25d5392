"""The Changes page and the card page's History section (generated cards, no real data)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QSize, Qt, QThreadPool
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from app.bootstrap import Application, build
from app.gui.card.detail_html import sections_html
from app.gui.changes.page import ChangesPage
from app.gui.kit.detail_data import load_detail
from app.gui.kit.thumbnails import ThumbnailProvider
from app.gui.shell.main_window import MainWindow
from app.ingest import import_paths
from tests.helpers.cards import make_card

THUMB = QSize(146, 204)


@pytest.fixture
def pool() -> Iterator[QThreadPool]:
    made = QThreadPool()
    yield made
    made.waitForDone()


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Application]:
    """Two imports: the second makes an erratum, a ban and a new card (generated)."""
    made = build(str(tmp_path / "data"))
    first = [make_card(effect_raw="Draw a card."), make_card("genCard002", "Steady Card")]
    second = [make_card(effect_raw="Draw two cards."),
              make_card("genCard002", "Steady Card", legality={"STANDARD": {"limit": 0}}),
              make_card("genCard003", "Fresh Card")]
    for name, cards in (("a.json", first), ("b.json", second)):
        (tmp_path / name).write_text(json.dumps(cards), encoding="utf-8")
        import_paths(made.store, [tmp_path / name])
    yield made
    made.store.close()


def open_page(qtbot: QtBot, services: Application, pool: QThreadPool) -> ChangesPage:
    provider = ThumbnailProvider(services.catalogue.card_image_path, services.paths.thumbnails)
    page = ChangesPage(services.catalogue, services.history, pool, provider, THUMB,
                       confirm=lambda *_: True)
    qtbot.addWidget(page)
    page.resize(1000, 700)
    page.show()
    qtbot.waitUntil(lambda: page.loaded and not page.busy, timeout=10_000)
    return page


def _names(page: ChangesPage) -> list[str]:
    model = page.tiles
    return [model.data(model.index(r)) for r in range(model.rowCount())]


def test_the_newest_revision_is_shown_grouped_with_counts(
    qtbot: QtBot, services: Application, pool: QThreadPool, qtmodeltester: ModelTester,
) -> None:
    page = open_page(qtbot, services, pool)
    assert page.revision_model.rowCount() == 2
    assert page.revision_model.item(0).text().startswith("Revision 2 ")
    assert "Revision 2" in page.heading.text()
    assert page.filter_buttons[""].text() == "All (3)"
    assert page.filter_buttons["errata"].text() == "Errata (1)"
    assert page.filter_buttons["legality"].text() == "Legality (1)"
    assert not page.filter_buttons["renamed"].isVisibleTo(page)
    assert _names(page) == ["Fresh Card", "Generated Card", "Steady Card"]
    qtbot.mouseClick(page.filter_buttons["legality"], Qt.MouseButton.LeftButton)
    assert _names(page) == ["Steady Card"]
    qtmodeltester.check(page.tiles)


def test_clicking_a_tile_opens_the_card(
    qtbot: QtBot, services: Application, pool: QThreadPool,
) -> None:
    page = open_page(qtbot, services, pool)
    page.show_group("errata")
    rect = page.grid.visualRect(page.tiles.index(0))
    with qtbot.waitSignal(page.cardRequested) as opened:
        qtbot.mouseClick(page.grid.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert opened.args == ["generated-card"]


def test_an_older_revision_and_revert(
    qtbot: QtBot, services: Application, pool: QThreadPool,
) -> None:
    page = open_page(qtbot, services, pool)
    page.reload(1)
    qtbot.waitUntil(lambda: not page.busy and page.view_data.shown is not None
                    and page.view_data.shown.number == 1, timeout=10_000)
    assert page.tiles.rowCount() == 0  # it filled an empty catalogue: no card is news
    assert "first import · 2 cards" in page.heading.text()
    page.reload(2)
    qtbot.waitUntil(lambda: not page.busy and page.view_data.shown is not None
                    and page.view_data.shown.number == 2, timeout=10_000)
    with qtbot.waitSignal(page.reverted, timeout=10_000) as done:
        qtbot.mouseClick(page.revert_button, Qt.MouseButton.LeftButton)
    assert done.args[0].number == 3
    qtbot.waitUntil(lambda: page.revision_model.rowCount() == 3, timeout=10_000)
    assert services.catalogue.card("generated-card")["effect_raw"] == "Draw a card."


def test_each_card_says_what_changed_in_both_views_and_the_view_is_remembered(
    qtbot: QtBot, services: Application, pool: QThreadPool, tmp_path: Path,
) -> None:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    provider = ThumbnailProvider(services.catalogue.card_image_path, services.paths.thumbnails)
    page = ChangesPage(services.catalogue, services.history, pool, provider, THUMB,
                       settings=settings)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: page.loaded and not page.busy, timeout=10_000)
    assert _texts(page) == {"Fresh Card": "new card",
                            "Generated Card": "effect text changed: a card. → two cards.",
                            "Steady Card": "now banned in Standard"}
    assert page.view == "tiles"
    qtbot.mouseClick(page.view_buttons["list"], Qt.MouseButton.LeftButton)
    assert page.views.currentWidget() is page.rows and page.rows.isVisible()
    again = ChangesPage(services.catalogue, services.history, pool, provider, THUMB,
                        settings=settings)
    qtbot.addWidget(again)
    assert again.view == "list"


def _texts(page: ChangesPage) -> dict[str, str]:
    model = page.tiles
    return {model.data(model.index(r)): model.data(model.index(r), model.ChangeTextRole)
            for r in range(model.rowCount())}


@pytest.mark.realdata
def test_a_newer_real_catalogue_with_errata_ban_rename_chinese_printing_and_reordered_editions(
    qtbot: QtBot, newer_catalogue_dir: Path, pool: QThreadPool,
) -> None:
    """The real snapshot, then a newer catalogue made from it (tests/helpers/
    newer_catalogue.py): the page lists exactly the six changed cards, each saying what
    changed; the 25 cards whose editions were only reordered are not there."""
    services = build(str(newer_catalogue_dir), writing=False)
    page = open_page(qtbot, services, pool)
    assert page.filter_buttons[""].text() == "All (6)"
    assert _texts(page) == {
        "Nascent Blast": "effect text changed: memory. → graveyard.",
        "Tether in Flames": "now banned in Standard",
        "Dire Wolf": "renamed from “Direwolf” to “Dire Wolf”; slug direwolf → dire-wolf",
        "Trump Set": "new printing: SLC 099 Rare, Chinese",
        "Dire Requiem": "refers to Dire Wolf, renamed from Direwolf",
        "Direwolf Alpha": "refers to Dire Wolf, renamed from Direwolf",
    }
    assert page.kept_toggle.isHidden()  # the newer file has no invalid records
    page.reload(1)
    qtbot.waitUntil(lambda: not page.busy and page.view_data.shown is not None
                    and page.view_data.shown.number == 1, timeout=10_000)
    assert page.tiles.rowCount() == 0 and "first import · 2,235 cards" in page.heading.text()
    assert page.kept_toggle.text().startswith("33 records of the input were kept out")
    qtbot.mouseClick(page.kept_toggle, Qt.MouseButton.LeftButton)
    assert page.kept_details.isVisible()
    assert len(page.kept_details.toPlainText().splitlines()) == 33
    services.store.close()


def test_an_empty_catalogue_says_how_to_begin(
    qtbot: QtBot, tmp_path: Path, pool: QThreadPool,
) -> None:
    empty = build(str(tmp_path / "empty"))
    page = open_page(qtbot, empty, pool)
    assert page.stack.currentWidget() is page.empty


def test_the_card_page_history_marks_the_changed_words(services: Application) -> None:
    detail = load_detail(services.catalogue, "generated-card",
                         services.history, services.collection)
    assert [v.revision.number for v in detail.history] == [2, 1]
    html = sections_html(detail)
    assert "<h3>History</h3>" in html
    assert '<span class="removed">a card.</span> <span class="added">two cards.</span>' in html


def test_the_window_has_a_changes_tab_that_opens_cards(
    qtbot: QtBot, services: Application,
) -> None:
    window = MainWindow(services, settings=None, dialogs=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.first_painted, timeout=10_000)
    model = window.model

    def badges() -> dict[str, object]:
        return {model.data(model.index(r)): model.data(model.index(r), model.ChangedRole)
                for r in range(model.rowCount())}

    qtbot.waitUntil(lambda: badges().get("Fresh Card") == ("new",), timeout=10_000)
    assert badges() == {"Fresh Card": ("new",), "Generated Card": ("errata",),
                        "Steady Card": ("legality",)}
    window.show_page("changes")
    assert window.tabs.tabText(window.tabs.currentIndex()) == "Changes"
    qtbot.waitUntil(lambda: window.changes.loaded and not window.changes.busy, timeout=10_000)
    window.changes.cardRequested.emit("fresh-card")
    assert window.current_page() == "search"
    qtbot.waitUntil(lambda: window.detail.slug == "fresh-card", timeout=10_000)
    window.shutdown()
