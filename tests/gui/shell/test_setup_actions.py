"""A first run without a terminal: the first-run page's buttons sync from
a mirror or import files; the Featured sets and Thema empty states offer the same; the Thema
page generates demo history."""

from __future__ import annotations

import json
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.catalogue import LocalCatalogue
from app.gui.shell.main_window import MainWindow
from app.sync.common import DEFAULT_API
from tests.sync.generated import generated_cards
from tests.sync.servers import ServerProcess


@pytest.fixture(scope="module")
def real_mirror(real_catalogue_dir: Path) -> Iterator[ServerProcess]:
    """``archivist serve`` over the real 2026-04-04 catalogue with its images, on loopback."""
    process = ServerProcess(real_catalogue_dir, faulty=False).start()
    yield process
    process.stop()


def first_run_window(qtbot: QtBot, services: Application) -> MainWindow:
    window = MainWindow(services, None, dialogs=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.pages.currentWidget() is window.first_run, timeout=10_000)
    return window


@pytest.mark.realdata
def test_a_new_user_browses_the_real_catalogue_with_images_using_only_the_window(
    qtbot: QtBot, empty_services: Application, real_mirror: ServerProcess,
    real_catalogue: LocalCatalogue,
) -> None:
    window = first_run_window(qtbot, empty_services)
    buttons = window.first_run.setup.buttons
    assert [b.text() for b in buttons.values()] == [
        "Sync from the official catalogue", "Sync from a mirror on this network…",
        "Import files or a folder…"]
    asked: list[str] = []
    window.setup.ask_mirror = lambda remembered: asked.append(remembered) or real_mirror.url
    qtbot.mouseClick(buttons["mirror"], Qt.MouseButton.LeftButton)
    dialog = window.sync.dialog
    assert dialog.isVisible() and dialog.button.text() == "Cancel"
    qtbot.waitUntil(lambda: dialog.state == "ended", timeout=240_000)
    assert dialog.title.text() == f"Synced from 127.0.0.1:{real_mirror.port}"
    qtbot.waitUntil(lambda: window.count_label.text() == "2,235 cards", timeout=30_000)
    assert window.pages.currentWidget() is window.browser
    assert empty_services.catalogue.counts() == real_catalogue.counts()
    row = next(r for r in range(window.model.rowCount()) if window.model.hit(r).has_image)
    index = window.model.index(row)
    qtbot.waitUntil(lambda: window.model.data(index, Qt.ItemDataRole.DecorationRole)
                    is not None, timeout=10_000)
    assert window.setup.mirror == real_mirror.url and asked == [""]
    window.shutdown()


def _zip_of_seven_cards(folder: Path) -> Path:
    archive = folder / "cards.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("export/cards.json", json.dumps(generated_cards(7)))
    return archive


def _imported_and_shown(window: MainWindow) -> bool:
    """The catalogue page is shown with the imported cards counted. The page switches when
    the counts answer, the label when the search answers: after an import both run at once
    in the pool, in either order, so a test waits for both (the status line is said before
    either starts)."""
    return window.pages.currentWidget() is window.browser \
        and window.count_label.text() == "7 cards"


def test_import_of_a_zip_from_the_first_run_page_opens_the_catalogue(
    qtbot: QtBot, empty_services: Application, tmp_path: Path
) -> None:
    archive = _zip_of_seven_cards(tmp_path)
    window = first_run_window(qtbot, empty_services)
    window.setup.ask_paths = lambda: [archive]
    qtbot.mouseClick(window.first_run.setup.buttons["import"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: _imported_and_shown(window), timeout=20_000)
    assert window.setup.progress is None
    # the whole line (shown for 10 s, shortened to the room left of the count)
    assert "Catalogue now holds 7 cards" in window.statusBar().full_message  # type: ignore[attr-defined]
    window.shutdown()


def test_an_import_whose_counts_answer_after_its_search_still_opens_the_catalogue(
    qtbot: QtBot, empty_services: Application, tmp_path: Path
) -> None:
    """The order a loaded machine may give: the search answers "7 cards" while the counts
    (which switch the page) are still running."""
    archive = _zip_of_seven_cards(tmp_path)
    catalogue = empty_services.catalogue
    counted, release = catalogue.counts, threading.Event()

    def late_counts() -> dict[str, int]:
        counts = counted()
        if counts.get("cards"):
            release.wait(20)
        return counts

    catalogue.counts = late_counts  # type: ignore[method-assign]
    window = first_run_window(qtbot, empty_services)
    window.setup.ask_paths = lambda: [archive]
    try:
        qtbot.mouseClick(window.first_run.setup.buttons["import"], Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: window.count_label.text() == "7 cards", timeout=20_000)
        assert window.pages.currentWidget() is window.first_run  # the counts are held back
    finally:
        release.set()
    qtbot.waitUntil(lambda: _imported_and_shown(window), timeout=20_000)
    assert window.setup.progress is None
    window.shutdown()


def test_a_file_that_is_not_a_catalogue_says_why_and_keeps_the_first_run_page(
    qtbot: QtBot, empty_services: Application, tmp_path: Path
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("hello", encoding="utf-8")
    window = first_run_window(qtbot, empty_services)
    window.setup.ask_paths = lambda: [notes]
    window.setup.request("import")
    qtbot.waitUntil(lambda: window.setup.progress is None, timeout=10_000)
    assert window.statusBar().currentMessage().startswith("notes.txt: not a JSON file")
    assert window.pages.currentWidget() is window.first_run
    window.shutdown()


def test_the_official_button_syncs_from_api_gatcg_com(
    qtbot: QtBot, empty_services: Application
) -> None:
    window = first_run_window(qtbot, empty_services)
    started: list[str] = []
    window.sync.sync_now = lambda: started.append(window.sync.prefs.api_url)  # type: ignore[method-assign]
    qtbot.mouseClick(window.first_run.setup.buttons["official"], Qt.MouseButton.LeftButton)
    assert started == [DEFAULT_API]
    window.shutdown()


def test_a_mirror_that_is_not_a_url_is_refused_in_plain_words(
    qtbot: QtBot, empty_services: Application
) -> None:
    window = first_run_window(qtbot, empty_services)
    window.setup.ask_mirror = lambda remembered: "my mirror"
    window.setup.request("mirror")
    assert window.statusBar().currentMessage().startswith("my mirror: ")
    assert not window.sync.running
    window.shutdown()


def test_empty_featured_sets_and_thema_pages_offer_the_same_buttons_and_demo_history(
    qtbot: QtBot, empty_services: Application
) -> None:
    window = first_run_window(qtbot, empty_services)
    window.show_page("sets")
    qtbot.waitUntil(lambda: window.sets.stack.currentWidget() is window.sets.empty,
                    timeout=10_000)
    assert window.sets.empty.setup.isVisible()
    assert set(window.sets.empty.setup.buttons) == {"official", "mirror", "import"}
    assert not window.sets.empty.command.isVisible()  # the terminal line is folded away
    window.show_page("thema")
    qtbot.waitUntil(lambda: window.thema.stack.currentWidget() is window.thema.empty,
                    timeout=10_000)
    demo = window.thema.empty.setup.buttons["demo"]
    assert demo.isVisible() and "demo data" in demo.toolTip()
    window.shutdown()


def test_generate_demo_history_fills_the_thema_page(
    qtbot: QtBot, empty_services: Application, tmp_path: Path
) -> None:
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps(generated_cards(8)), encoding="utf-8")
    empty_services.importer.import_sources([cards])
    window = MainWindow(empty_services, None, dialogs=False)
    qtbot.addWidget(window)
    window.show()
    window.show_page("thema")
    qtbot.waitUntil(lambda: window.thema.stack.currentWidget() is window.thema.empty,
                    timeout=10_000)
    qtbot.mouseClick(window.thema.empty.setup.buttons["demo"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.thema.stack.currentWidget() is window.thema.splitter,
                    timeout=20_000)
    assert "GENERATED" in window.statusBar().full_message  # type: ignore[attr-defined]
    window.shutdown()
