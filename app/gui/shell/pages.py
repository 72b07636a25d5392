"""The window's tabs: Search, then the pages built the first time they are shown or reached
(:class:`~app.gui.kit.lazy_page.LazyPage`): which module each comes from and how it is wired
to the window (DESIGN.md: the shell imports the pages; pages never import each other)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from PySide6.QtCore import QSize
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QTabWidget, QWidget

from app.gui.kit.failures import STATUS_MS
from app.gui.kit.lazy_page import LazyPage
from app.gui.kit.settings import restore_thema_split

TITLES = {"search": "Search", "sets": "Featured sets", "thema": "Thema", "decks": "Decks",
          "changes": "Changes", "collection": "Collection", "meta": "Meta"}
"""Each page's tab title."""


def build_tabs(window: QWidget, search: QWidget, names: Sequence[str],
               build: Callable[[str], QWidget],
               show: Callable[[str], None]) -> tuple[QTabWidget, dict[str, LazyPage]]:
    """The window's tabs: ``search`` first, then a :class:`LazyPage` for each other name.

    Args:
        window: where the Ctrl+1, Ctrl+2, … shortcuts live.
        search: the Search tab's widget.
        names: the pages in tab order, ``search`` first (``MainWindow``'s ``PAGES``).
        build: builds the page of a name the first time it is needed.
        show: shows the page of a name (the shortcuts call it).

    Returns:
        The tab widget and the placeholders of the pages after Search, by name.
    """
    lazy = {name: LazyPage(partial(build, name)) for name in names[1:]}
    tabs = QTabWidget(documentMode=True)
    for number, name in enumerate(names, 1):
        title = TITLES[name]
        tabs.addTab(search if name == "search" else lazy[name], title)
        tabs.setTabToolTip(number - 1, f"{title} (Ctrl+{number})")
        QShortcut(QKeySequence(f"Ctrl+{number}"), window, partial(show, name))
    return tabs, lazy


def build_page(window: Any, name: str, thumb_size: QSize) -> QWidget:
    """Import, build and wire the page ``name`` (``sets``, ``thema``, ``decks`` or
    ``changes``) of ``window`` (a :class:`~app.gui.shell.main_window.MainWindow`; typed
    loosely so that this module need not import it); ``thumb_size``: the tiles' size."""
    services = window._services
    catalogue = services.catalogue
    status = window.statusBar()
    page: QWidget
    if name == "sets":
        from app.gui.sets.page import SetsPage
        sets = SetsPage(catalogue, window._pool, catalogue.data_dir_args())
        sets.empty.setupRequested.connect(window.setup.request)
        sets.setRequested.connect(window.show_set)
        sets.failed.connect(window._on_failed)
        page = sets
    elif name == "thema":
        from app.gui.thema.page import ThemaPage
        thema = ThemaPage(catalogue, window._pool)
        restore_thema_split(window._settings, thema.splitter)
        for empty in (thema.empty, thema.panel.empty):
            empty.setupRequested.connect(window.setup.request)
        thema.failed.connect(window._on_failed)
        thema.message.connect(lambda text: status.showMessage(text, STATUS_MS))
        thema.cardRequested.connect(window.open_card)
        window.menus.attach_thema(thema.table)
        page = thema
    elif name == "decks":
        # "Add to deck" on a search tile (context menu, Ctrl+D); tiles dragged from the
        # grid carry their card (see ExportActions) and drop onto a deck
        from app.gui.decks.page import DecksPage
        decks = DecksPage(services, window._pool, window.provider,
                          export=window.deck_actions.export_deck)
        decks.failed.connect(window._on_failed)
        decks.message.connect(lambda text: status.showMessage(text, STATUS_MS))
        page = decks
    elif name == "collection":
        from app.gui.collection.page import CollectionPage
        collection = CollectionPage(services.collection, window._pool, window.provider,
                                    scan=services.scan)
        collection.downloadImagesRequested.connect(window.sync.download_images)
        collection.failed.connect(window._on_failed)
        collection.message.connect(lambda text: status.showMessage(text, STATUS_MS))
        collection.cardRequested.connect(window.open_card)
        collection.changed.connect(window.collection_actions.refresh)
        collection.changed.connect(window.collection_actions.load_badges)
        collection.changed.connect(
            lambda: window.decks.need.refresh() if window.page_built("decks") else None)
        page = collection
    elif name == "meta":
        from app.gui.meta.page import MetaPage
        meta = MetaPage(services.events, window._pool)
        meta.failed.connect(window._on_failed)
        meta.cardRequested.connect(window.open_card)
        meta.message.connect(lambda text: status.showMessage(text, STATUS_MS))
        meta.decklistRequested.connect(
            lambda parsed: (window.show_page("decks"), window.decks.show_decklist(parsed)))
        page = meta
    else:
        from app.gui.changes.page import ChangesPage
        changes = ChangesPage(catalogue, services.history, window._pool, window.provider,
                              thumb_size, settings=window._settings)
        changes.failed.connect(window._on_failed)
        changes.cardRequested.connect(window.open_card)
        changes.reverted.connect(window.refresh_catalogue)
        page = changes
    return page

