"""File ▸ Settings… (app/gui/sync/settings_dialog.py) and the sync settings in the ini file
(app/gui/kit/settings.py): URL validation, the round trip, sync on start."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.gui.kit.settings import SyncPrefs, load_sync_prefs, open_settings, save_sync_prefs
from app.gui.shell.main_window import MainWindow
from app.gui.sync.settings_dialog import SettingsDialog
from app.sync.common import api_url_problem
from tests.sync.conftest import fast_options
from tests.sync.servers import free_port


@pytest.mark.parametrize("text", ["ftp://x", "not a url", "", "http://", "https://a b.com",
                                  "http://host:port", "https://api.gatcg.com/?x=1"])
def test_unusable_api_urls_are_rejected(text: str) -> None:
    assert api_url_problem(text) is not None


@pytest.mark.parametrize("text", ["https://api.gatcg.com", "http://127.0.0.1:8000",
                                  "HTTPS://mirror.example/api/", " https://api.gatcg.com "])
def test_usable_api_urls_are_accepted(text: str) -> None:
    assert api_url_problem(text) is None


def test_the_dialog_refuses_ok_until_the_url_is_usable(qtbot: QtBot) -> None:
    dialog = SettingsDialog(SyncPrefs())
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.ok_button.isEnabled() and not dialog.url_problem.isVisible()
    for bad, says in (("ftp://x", "http:// or https://"), ("not a url", "no spaces")):
        dialog.api_url.setText(bad)
        assert not dialog.ok_button.isEnabled()
        assert dialog.url_problem.isVisible() and says in dialog.url_problem.text()
        dialog.accept()  # (Enter in the field) does not close it either
        assert dialog.isVisible()
    dialog.api_url.setText("http://127.0.0.1:8000/")
    assert dialog.ok_button.isEnabled() and not dialog.url_problem.isVisible()
    assert dialog.prefs().api_url == "http://127.0.0.1:8000"


def test_settings_round_trip_through_the_window_and_the_ini_file(
    qtbot: QtBot, empty_services: Application
) -> None:
    window = MainWindow(empty_services, open_settings(empty_services.paths), dialogs=False)
    qtbot.addWidget(window)
    window.show()
    assert window.sync.prefs == SyncPrefs()
    names = [a.text() for a in window.file_menu.actions() if a.text()]
    assert [n for n in names if n in ("&Sync now", "Se&ttings…", "&Quit")] == \
        ["&Sync now", "Se&ttings…", "&Quit"]  # (other items may come between)
    assert window.sync.sync_action.shortcut().toString() == "Ctrl+R"
    assert window.sync.settings_action.shortcut().toString() == "Ctrl+,"
    dialog = window.sync.open_settings()
    assert dialog.isVisible() and dialog.api_url.text() == "https://api.gatcg.com"
    assert dialog.image_buttons["missing"].isChecked() and not dialog.sync_on_start.isChecked()
    dialog.api_url.setText("http://192.168.1.20:8000")
    dialog.image_buttons["none"].setChecked(True)
    dialog.sync_on_start.setChecked(True)
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    wanted = SyncPrefs("http://192.168.1.20:8000", "none", True)
    assert window.sync.prefs == wanted
    assert window.sync.indicator.text() == "Never synced · 192.168.1.20:8000 · offline"
    assert load_sync_prefs(open_settings(empty_services.paths)) == wanted

    again = window.sync.open_settings()
    assert again.prefs() == wanted
    again.buttons.button(again.buttons.StandardButton.RestoreDefaults).click()
    again.reject()
    assert window.sync.prefs == wanted  # Cancel keeps what was stored
    window.shutdown()


def test_invalid_stored_values_fall_back_to_the_defaults(tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "x.ini"), QSettings.Format.IniFormat)
    settings.setValue("sync/api_url", "ftp://nope")
    settings.setValue("sync/images", "some")
    assert load_sync_prefs(settings) == SyncPrefs()
    save_sync_prefs(settings, SyncPrefs("http://h:1", "all", True))
    again = QSettings(str(tmp_path / "x.ini"), QSettings.Format.IniFormat)
    assert load_sync_prefs(again) == SyncPrefs("http://h:1", "all", True)
    assert load_sync_prefs(None) == SyncPrefs()  # screenshots and tests: never sync on start


def test_sync_on_start_runs_a_sync_after_the_first_paint(
    qtbot: QtBot, empty_services: Application
) -> None:
    settings = open_settings(empty_services.paths)
    save_sync_prefs(settings, SyncPrefs(f"http://127.0.0.1:{free_port()}", "none", True))
    window = MainWindow(empty_services, settings, dialogs=False)
    qtbot.addWidget(window)
    window.sync.options_factory = lambda prefs: fast_options(prefs.api_url)
    with qtbot.waitSignal(window.firstPainted, timeout=10_000):
        window.show()
    qtbot.waitUntil(lambda: window.sync.running, timeout=10_000)
    assert not window.sync.dialog.isVisible()  # in the background; the indicator shows it
    qtbot.waitUntil(lambda: not window.sync.running, timeout=30_000)
    assert window.statusBar().currentMessage().startswith("Sync failed: ")
    assert "The catalogue is unchanged." in window.statusBar().currentMessage()
    assert window.sync.indicator.reach == "offline"
    window.shutdown()


def test_without_settings_the_window_never_syncs_on_its_own(
    qtbot: QtBot, empty_services: Application
) -> None:
    window = MainWindow(empty_services, None, dialogs=False)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.firstPainted, timeout=10_000):
        window.show()
    qtbot.wait(50)
    assert not window.sync.running and window.sync.indicator.reach == "unknown"
    window.shutdown()
