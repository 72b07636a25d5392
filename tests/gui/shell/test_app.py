"""The application: icon files, ``run_window`` (app/gui/shell/app.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from app.bootstrap import Application, build
from app.errors import StoreError
from app.gui.kit.settings import open_settings
from app.gui.shell.app import ICON_PNG, ICON_SVG, app_icon, create_application, run_window
from app.gui.shell.main_window import MainWindow


def test_the_icon_files(qapp: QApplication) -> None:
    assert ICON_SVG.read_text(encoding="utf-8").lstrip().startswith("<?xml")
    with Image.open(ICON_PNG) as image:
        assert image.size == (256, 256) and image.mode == "RGBA"
    icon = app_icon()
    assert not icon.isNull() and not icon.pixmap(64, 64).isNull()


def test_create_application_reuses_the_running_one(qapp: QApplication) -> None:
    assert create_application() is qapp


def test_run_window_shows_the_window_and_returns_the_exit_code(
    qapp: QApplication, qtbot: QtBot, empty_services: Application
) -> None:
    seen: list[MainWindow] = []

    def quit_when_painted() -> None:
        windows = [w for w in qapp.topLevelWidgets() if isinstance(w, MainWindow)]
        if windows and windows[0].first_painted:
            seen.append(windows[0])
            qapp.exit(0)  # (closing the last window inside exec() would post a Quit event)
        else:
            QTimer.singleShot(20, quit_when_painted)

    QTimer.singleShot(0, quit_when_painted)
    assert run_window(empty_services.paths, lambda: empty_services) == 0
    assert seen and seen[0].windowTitle() == "Archivist"
    assert (empty_services.paths.data / "archivist-gui.ini").is_file()
    seen[0].close()
    seen[0].deleteLater()


def test_a_dark_system_scheme_gets_the_dark_palette(qapp: QApplication) -> None:
    from PySide6.QtCore import Qt

    from app.gui.kit.theme import apply_scheme, is_dark

    before = qapp.palette()
    try:
        apply_scheme(qapp, Qt.ColorScheme.Dark)
        assert is_dark(qapp.palette())
        apply_scheme(qapp, Qt.ColorScheme.Light)
        assert not is_dark(qapp.palette())
    finally:
        qapp.setPalette(before)


def test_the_window_shows_its_frame_first_then_opens_the_catalogue_in_it(
    qapp: QApplication, qtbot: QtBot, empty_services: Application
) -> None:
    from PySide6.QtWidgets import QLabel

    window = MainWindow(None, open_settings(empty_services.paths), dialogs=False)
    qtbot.addWidget(window)
    assert not window.opened and window.windowTitle() == "Archivist"
    opening = window.centralWidget()
    assert isinstance(opening, QLabel) and opening.text() == "Opening catalogue…"
    assert window.file_menu.title() == "&File"
    with qtbot.waitSignal(window.framePainted):
        window.show()

    window.open_catalogue(empty_services)
    assert window.opened and window.centralWidget() is window.tabs
    menus = [a.text() for a in window.menuBar().actions()]
    assert menus.index("&File") == 0 and menus.count("&File") == 1  # filled in, not doubled
    assert "&Quit" in [a.text() for a in window.file_menu.actions()]
    qtbot.waitUntil(lambda: window.first_painted)
    assert window.pages.currentWidget() is window.first_run  # an empty catalogue
    window.close()


def test_the_window_closed_before_the_catalogue_opened_keeps_nothing(
    qapp: QApplication, qtbot: QtBot, empty_services: Application
) -> None:
    window = MainWindow(None, open_settings(empty_services.paths), dialogs=False)
    qtbot.addWidget(window)
    window.show()
    window.close()  # no workers to stop, no search state to write
    assert not (empty_services.paths.data / "archivist-gui.ini").exists()


def test_run_window_reports_a_catalogue_that_cannot_be_opened_after_closing_the_window(
    qapp: QApplication, empty_services: Application
) -> None:
    def broken() -> Application:
        raise StoreError("The catalogue file is locked by another program")

    said: list[str] = []

    def read_and_close_the_dialog() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            said.append(box.text())
            box.close()
        else:
            QTimer.singleShot(20, read_and_close_the_dialog)

    QTimer.singleShot(0, read_and_close_the_dialog)
    with pytest.raises(StoreError, match="locked by another program"):
        run_window(empty_services.paths, broken)
    # a person who double-clicked Archivist has no terminal: the window says it first
    assert said and "could not be opened" in said[0] and "locked by another program" in said[0]
    assert not [w for w in qapp.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]


def test_the_window_entry_imports_only_what_the_frame_needs() -> None:
    """`archivist gui` paints its frame before it imports the catalogue, the search stack,
    the other commands and their libraries."""
    code = ("import sys, app.cli.main, app.gui.shell.app; "
            "print(' '.join(sorted(m for m in sys.modules)))")
    loaded = set(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                check=True).stdout.split())
    for module in ("app.catalogue", "app.store", "app.gui.search", "app.gui.card",
                   "app.cli.sync_cmd", "app.cli.deck_cmd", "app.export", "pydantic", "httpx",
                   "PIL"):
        assert module not in loaded, module


_FIRST_RESULTS = r"""
import sys
from PySide6.QtWidgets import QApplication
from app.gui.shell.app import create_application
from app.gui.shell.main_window import MainWindow
app = create_application()
seen = []
def watch(_window):
    for window in QApplication.topLevelWidgets():
        if isinstance(window, MainWindow) and not seen:
            seen.append(window)
            window.firstPainted.connect(painted)
def painted():
    print(" ".join(sorted(sys.modules)))
    built = getattr(seen[0].search_wiring, "_first_run", "always")
    print("first-run page built" if built else "no first-run page")
    QApplication.instance().exit(0)
app.focusWindowChanged.connect(watch)
from app.cli.main import main
sys.exit(main(["gui", "--data-dir", sys.argv[1]]))
"""


def test_the_first_results_are_painted_before_what_they_do_not_show_is_loaded(
    tmp_path: Path
) -> None:
    """`archivist gui` over a catalogue with cards paints its first results before it loads
    the card page's history and copies owned, the import and backup code, the default data
    folder's lookup, or builds the page for an empty catalogue."""
    from app.store import CardRecord, Writer
    from tests.helpers.cards import make_card

    Writer(build(str(tmp_path)).store).write([CardRecord(make_card())])
    done = subprocess.run([sys.executable, "-c", _FIRST_RESULTS, str(tmp_path)],
                          capture_output=True, text=True, timeout=120, check=False,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 0, done.stderr[-800:]
    modules, page = done.stdout.splitlines()[-2:]
    assert page == "no first-run page"
    assert not [m for m in modules.split() if m.startswith((
        "app.history", "app.collection", "app.ingest", "app.backups", "platformdirs",
        "app.gui.shell.backups_dialog", "app.gui.shell.first_run"))]
