"""The window's pages other than Search, built the first time they are shown or reached
(:class:`~app.gui.kit.lazy_page.LazyPage`): which module each comes from and how it is wired
to the window (DESIGN.md: the shell imports the pages; pages never import each other)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QWidget

from app.gui.kit.failures import STATUS_MS
from app.gui.kit.settings import restore_thema_split


def build_page(window: Any, name: str, thumb_size: QSize) -> QWidget:
    """Import, build and wire the page ``name`` (``sets``, ``thema``, ``decks`` or
    ``changes``) of ``window`` (a :class:`~app.gui.shell.main_window.MainWindow`; typed
    loosely so that this module need not import it); ``thumb_size``: the tiles' size."""
    catalogue = window._services.catalogue
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
        decks = DecksPage(catalogue, window._pool, window.provider, export=window._export_deck)
        decks.failed.connect(window._on_failed)
        decks.message.connect(lambda text: status.showMessage(text, STATUS_MS))
        page = decks
    else:
        from app.gui.changes.page import ChangesPage
        changes = ChangesPage(catalogue, window._pool, window.provider, thumb_size)
        changes.failed.connect(window._on_failed)
        changes.cardRequested.connect(window.open_card)
        changes.reverted.connect(window.refresh_catalogue)
        page = changes
    return page

