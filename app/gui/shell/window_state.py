"""What the window restores from and saves to the settings once it is over a catalogue:
the splitter, the page shown, the Search page's options and query (the geometry is restored
with the frame, :func:`~app.gui.kit.settings_file.restore_geometry`)."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QSplitter, QTabWidget, QWidget

from app.gui.kit.settings import (
    SearchPrefs,
    load_search_prefs,
    restore_browser,
    restore_pages,
    save_pages,
    save_search_prefs,
    save_window,
)
from app.gui.search.page import BrowserPage


def restore_state(settings: QSettings | None, browser: BrowserPage, tabs: QTabWidget) -> None:
    """Restore the splitter, the page shown, the search options and the query (typed in
    without searching: the window asks for the first results itself); None: the defaults."""
    query = restore_browser(settings, browser.splitter)
    restore_pages(settings, tabs)
    prefs = load_search_prefs(settings)
    browser.set_search_options(prefs.per, prefs.sort, prefs.descending, prefs.filters_visible)
    browser.search.blockSignals(True)
    browser.search.setText(query)
    browser.search.blockSignals(False)


def save_state(settings: QSettings, window: QWidget, browser: BrowserPage, tabs: QTabWidget,
               thema_splitter: QSplitter | None) -> None:
    """Write the geometry of ``window``, the splitters (the Thema page's when it was built),
    the page shown, the search options and the query."""
    save_pages(settings, tabs, thema_splitter)
    request = browser.request()
    save_search_prefs(settings, SearchPrefs(
        request.per, request.sort, request.descending,
        browser.filters_button.isChecked() or browser.fold.folded))
    save_window(settings, window, browser.splitter, browser.search.text())
