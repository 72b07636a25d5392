"""The application: icon files, ``run_window`` (app/gui/shell/app.py)."""

from __future__ import annotations

from PIL import Image
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.bootstrap import Services
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
    qapp: QApplication, qtbot: QtBot, empty_services: Services
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
