"""An empty catalogue opens on the first-run page (app/gui/shell/first_run.py)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.gui.shell.first_run import import_command
from app.gui.shell.main_window import MainWindow


def test_an_empty_catalogue_shows_how_to_import(qtbot: QtBot, empty_services: Application) -> None:
    window = MainWindow(empty_services, None, dialogs=False)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.firstPainted, timeout=10_000):
        window.show()
    assert window.pages.currentWidget() is window.first_run
    command = window.first_run.findChild(type(window.count_label), "importCommand")
    assert command is not None
    assert "import …/snapshots/2026-04-04" in command.text()
    assert "--images …/images/cards" in command.text()
    assert str(empty_services.paths.data) in command.text()
    window.shutdown()


def test_check_again_opens_the_browser_once_cards_are_there(
    qtbot: QtBot, empty_services: Application
) -> None:
    window = MainWindow(empty_services, None, dialogs=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.pages.currentWidget() is window.first_run)
    window.controller._counts.finished.emit({"cards": 3, "editions": 3, "sets": 1, "images": 0})
    assert window.pages.currentWidget() is window.browser
    window.shutdown()


def test_import_command_names_a_custom_data_folder(tmp_path: Path) -> None:
    command = import_command(["--data-dir", str(tmp_path / "my data")])
    assert command.startswith(f"archivist --data-dir '{tmp_path / 'my data'}' import")
