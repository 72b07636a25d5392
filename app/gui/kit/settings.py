"""Window settings (geometry, splitter sizes, last query and page), search settings (tiles
per card or edition, sort, filter panel shown) and sync settings (API URL, image policy, sync
on start) in an ini file in the data folder.

Keeping them inside ``Paths.data`` means a test's or a USB stick's data folder carries its
own settings and never touches the user's.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QSplitter, QTabWidget, QWidget

from app.gui.kit.settings_file import (
    DEFAULT_SIZE,
    SETTINGS_FILE,
    DataFolder,
    open_settings,
    restore_geometry,
)
from app.model.query import QUERY_SORTS
from app.sync import DEFAULT_API, IMAGE_MODES, ImagesMode, api_url_problem

__all__ = ["DEFAULT_SIZE", "SETTINGS_FILE", "DataFolder", "open_settings", "restore_geometry"]
DEFAULT_SPLIT = (780, 500)
DEFAULT_THEMA_SPLIT = (590, 690)


def restore_browser(settings: QSettings | None, splitter: QSplitter) -> str:
    """Restore the search page's splitter sizes (defaults when unknown); returns the last
    query."""
    state = settings.value("window/splitter") if settings is not None else None
    if not isinstance(state, QByteArray) or not splitter.restoreState(state):
        splitter.setSizes(list(DEFAULT_SPLIT))
    return str(settings.value("search/query", "") or "") if settings is not None else ""


def save_window(settings: QSettings, window: QWidget, splitter: QSplitter, query: str) -> None:
    """Write geometry, splitter sizes and the query, and flush them to the file."""
    settings.setValue("window/geometry", window.saveGeometry())
    settings.setValue("window/splitter", splitter.saveState())
    settings.setValue("search/query", query)
    settings.sync()


def restore_pages(settings: QSettings | None, tabs: QTabWidget) -> None:
    """Restore the last page (tab)."""
    page = settings.value("window/page") if settings is not None else None
    if isinstance(page, str | int) and str(page).isdigit() and int(page) < tabs.count():
        tabs.setCurrentIndex(int(page))


def restore_thema_split(settings: QSettings | None, thema: QSplitter) -> None:
    """Restore the Thema page's splitter sizes (defaults if unknown), when the page is built."""
    state = settings.value("thema/splitter") if settings is not None else None
    if not isinstance(state, QByteArray) or not thema.restoreState(state):
        thema.setSizes(list(DEFAULT_THEMA_SPLIT))


def save_pages(settings: QSettings, tabs: QTabWidget, thema: QSplitter | None) -> None:
    """Write the current page and the Thema splitter sizes (:func:`save_window` syncs);
    ``thema`` None (the page was never built) keeps the sizes stored."""
    settings.setValue("window/page", tabs.currentIndex())
    if thema is not None:
        settings.setValue("thema/splitter", thema.saveState())


@dataclass(frozen=True)
class SyncPrefs:
    """The sync settings (File ▸ Settings…).

    Attributes:
        api_url: the API root to sync from (an http or https URL).
        images: card images a sync fetches: ``none``, ``missing`` or ``all``.
        sync_on_start: sync shortly after the window first shows the catalogue.
    """

    api_url: str = DEFAULT_API
    images: ImagesMode = "missing"
    sync_on_start: bool = False


def load_sync_prefs(settings: QSettings | None) -> SyncPrefs:
    """The stored sync settings; defaults for missing or invalid values (and without settings,
    so screenshots and tests never sync on start)."""
    if settings is None:
        return SyncPrefs()
    url = str(settings.value("sync/api_url", DEFAULT_API) or "").strip()
    images = str(settings.value("sync/images", "missing"))
    on_start = str(settings.value("sync/on_start", "false")).lower() in ("true", "1")
    return SyncPrefs(url if api_url_problem(url) is None else DEFAULT_API,
                     next((m for m in IMAGE_MODES if m == images), "missing"), on_start)


def save_sync_prefs(settings: QSettings, prefs: SyncPrefs) -> None:
    """Write the sync settings and flush them to the file."""
    settings.setValue("sync/api_url", prefs.api_url)
    settings.setValue("sync/images", prefs.images)
    settings.setValue("sync/on_start", prefs.sync_on_start)
    settings.sync()


@dataclass(frozen=True)
class SearchPrefs:
    """How the search page searches and shows hits (the query itself is in ``search/query``).

    Attributes:
        per: ``card`` or ``edition`` (one tile per card or per edition).
        sort: a sort key of :data:`app.model.query.QUERY_SORTS`.
        descending: reverse the order.
        filters_visible: the filter panel is shown.
    """

    per: str = "card"
    sort: str = "name"
    descending: bool = False
    filters_visible: bool = True


def load_search_prefs(settings: QSettings | None) -> SearchPrefs:
    """The stored search settings; defaults for missing or unknown values."""
    if settings is None:
        return SearchPrefs()
    per = str(settings.value("search/per", "card"))
    sort = str(settings.value("search/sort", "name"))
    return SearchPrefs(
        per if per in ("card", "edition") else "card", sort if sort in QUERY_SORTS else "name",
        str(settings.value("search/descending", "false")).lower() in ("true", "1"),
        str(settings.value("search/filters", "true")).lower() in ("true", "1"),
    )


def save_search_prefs(settings: QSettings, prefs: SearchPrefs) -> None:
    """Write the search settings (:func:`save_window` syncs the file)."""
    settings.setValue("search/per", prefs.per)
    settings.setValue("search/sort", prefs.sort)
    settings.setValue("search/descending", prefs.descending)
    settings.setValue("search/filters", prefs.filters_visible)
