"""Discoverable features: Help ▸ Search syntax (F1), Edit and Go menus that list
the window's keyboard shortcuts, right-click menus on grid tiles, edition rows (the detail
pane's list and the gallery) and Thema rows, and Ctrl+E (Export…) while the search field has
focus (a line edit takes it as "end of line" otherwise).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPoint, Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLineEdit,
    QMainWindow,
    QMenu,
    QStatusBar,
    QTableView,
)

from app.gui.card.detail_pane import DetailPane
from app.gui.export.actions import EDITION_ROLE, ExportActions
from app.gui.kit.detail_data import CardDetail
from app.gui.kit.edition_data import EditionInfo
from app.gui.search.controller import SearchController
from app.gui.search.result_model import ResultModel
from app.gui.shell.collection_actions import CollectionActions

if TYPE_CHECKING:  # built or read on first use
    from app.gui.card.gallery import GalleryDialog
    from app.gui.search.syntax_help import SyntaxHelp

GO = (("&Search", "Ctrl+1", "search"), ("&Featured sets", "Ctrl+2", "sets"),
      ("&Thema", "Ctrl+3", "thema"), ("&Decks", "Ctrl+4", "decks"),
      ("C&hanges", "Ctrl+5", "changes"), ("Co&llection", "Ctrl+6", "collection"),
      ("&Meta", "Ctrl+7", "meta"))
"""The Go menu's pages: (text, shortcut, page name)."""


class Host(Protocol):
    """What the menus need of the main window (read-only members)."""

    @property
    def search(self) -> QLineEdit: ...

    @property
    def grid(self) -> QAbstractItemView: ...

    @property
    def model(self) -> ResultModel: ...

    @property
    def detail(self) -> DetailPane: ...

    @property
    def gallery(self) -> GalleryDialog: ...

    @property
    def export(self) -> ExportActions: ...

    @property
    def add_to_deck_action(self) -> QAction: ...

    @property
    def controller(self) -> SearchController: ...

    @property
    def collection_actions(self) -> CollectionActions: ...

    def statusBar(self) -> QStatusBar: ...

    def set_query(self, text: str) -> None: ...

    def show_page(self, name: str) -> None: ...

    def select_card(self, slug: str) -> None: ...

    def show_thema(self, edition_uuid: str, kind: str | None = None) -> None: ...


def hinted(text: str, keys: str, parent: QObject, slot: Callable[[], object]) -> QAction:
    """A menu action that shows ``keys`` as its shortcut without claiming it (the window's
    own shortcut does the work; claiming it twice would make both ambiguous)."""
    native = QKeySequence(keys).toString(QKeySequence.SequenceFormat.NativeText)
    action = QAction(f"{text}\t{native}", parent)
    action.triggered.connect(lambda: slot())
    return action


def _menu(window: QMainWindow, title: str, before: QMenu | None = None) -> QMenu:
    """The window's menu ``title`` (``&Go``; the window may have made it empty, so that the
    menu bar looks whole from the first paint), else a new one inserted before ``before``
    (or last)."""
    for action in window.menuBar().actions():
        menu = action.menu()
        if isinstance(menu, QMenu) and action.text().replace("&", "") == title.replace("&", ""):
            return menu
    menu = QMenu(title, window)
    if before is not None:
        window.menuBar().insertMenu(before.menuAction(), menu)
    else:
        window.menuBar().addMenu(menu)
    return menu


class WindowMenus(QObject):
    """Installs the Go and Help entries, the context menus and the Ctrl+E fix on ``window``.

    Args:
        window: the main window (a :class:`QMainWindow` with the :class:`Host` members).
    The Thema page's ranking table gets its menu from :meth:`attach_thema` once the page is
    built.
    """

    def __init__(self, window: QMainWindow, host: Host) -> None:
        super().__init__(window)
        self._window, self._host = window, host
        self._thema_table: QTableView | None = None
        self.help: SyntaxHelp | None = None
        self._gallery_for: str | None = None
        help_menu = _menu(window, "&Help")
        edit = _menu(window, "&Edit", before=help_menu)
        edit.addAction(host.export.copy_action)  # Ctrl+C on the grid (its own shortcut)
        edit.addAction(host.add_to_deck_action)  # Ctrl+D on the grid (its own shortcut)
        edit.addAction(hinted("&Undo the collection's last change", "Ctrl+Z", window,
                              host.collection_actions.undo))  # the card and Collection pages'
        go = _menu(window, "&Go", before=help_menu)
        view_menu = _menu(window, "&View", before=help_menu)
        self.owned_badges_action = QAction("&Owned counts on tiles", window, checkable=True,
                                           checked=True)
        self.owned_badges_action.setToolTip("A badge on each search tile with the copies of "
                                            "the card in your collection")
        self.owned_badges_action.toggled.connect(host.collection_actions.show_badges)
        view_menu.addAction(self.owned_badges_action)
        for text, keys, page in GO:
            go.addAction(hinted(text, keys, window, partial(host.show_page, page)))
        go.addSeparator()
        go.addAction(hinted("&Find", "Ctrl+F", window, self._find))
        go.addAction(hinted("&Back", "Alt+Left", window, host.detail.nav.back))
        go.addAction(hinted("F&orward", "Alt+Right", window, host.detail.nav.forward))
        go.addAction(hinted("&Gallery of the card shown", "Ctrl+G", window,
                            host.detail.nav.galleryRequested.emit))
        go.addAction(hinted("&Clear the search", "Esc", window, lambda: host.set_query("")))
        self.syntax_action = QAction("&Search syntax", window, shortcut=QKeySequence("F1"))
        self.syntax_action.triggered.connect(self.show_syntax)
        first = help_menu.actions()[0] if help_menu.actions() else None
        if first is not None:
            help_menu.insertAction(first, self.syntax_action)
        else:
            help_menu.addAction(self.syntax_action)
        host.search.installEventFilter(self)
        for view, slot in ((host.grid, self._tile_menu),
                           *((v, self._edition_menu(v)) for v in host.export.edition_views)):
            view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
            view.customContextMenuRequested.connect(slot)
        host.controller.cardReady.connect(self._on_card)
        self.last_menu: QMenu | None = None
        """The context menu shown last (tests read its actions)."""

    def attach_thema(self, table: QTableView) -> None:
        """Give the Thema page's ranking table (its model may be a sorting proxy) its
        right-click menu."""
        if self._thema_table is table:
            return
        self._thema_table = table
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        table.customContextMenuRequested.connect(self._thema_menu)

    def show_syntax(self) -> SyntaxHelp:
        """Help ▸ Search syntax: the cheat sheet; a clicked example runs on the search page."""
        if self.help is None:
            from app.gui.search.syntax_help import SyntaxHelp

            self.help = SyntaxHelp(self._window)
            self.help.exampleChosen.connect(self._run_example)
        self.help.show()
        if QGuiApplication.platformName() != "offscreen":
            self.help.raise_()
        return self.help

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Leave Ctrl+E to File ▸ Export… while the search field has focus."""
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent) \
                and event.key() == Qt.Key.Key_E \
                and event.modifiers() == Qt.KeyboardModifier.ControlModifier:
            return True  # not accepted: the window's shortcut runs
        return super().eventFilter(watched, event)

    def tile_menu(self, index: QModelIndex) -> QMenu:
        """The right-click menu of the grid tile at ``index``."""
        host = self._host
        hit = host.model.hit(index.row())
        menu = QMenu(self._window)
        menu.addAction("&Open", lambda: host.select_card(hit.slug))
        menu.addAction("&Gallery", lambda: self._open_gallery(hit.slug))
        menu.addSeparator()
        copy = menu.addAction("&Copy image", lambda: self._copy_tile(index))
        copy.setEnabled(hit.has_image)
        menu.addAction("Copy &name", lambda: self._copy_text(hit.name))
        menu.addSeparator()
        menu.addAction("Add to &deck", lambda: self._add_tile_to_deck(index))
        menu.addAction("&Export…", lambda: self._export_tile(index))
        return menu

    def _add_tile_to_deck(self, index: QModelIndex) -> None:
        self._host.grid.setCurrentIndex(index)
        self._host.add_to_deck_action.trigger()

    def edition_menu(self, view: QAbstractItemView, index: QModelIndex) -> QMenu | None:
        """The right-click menu of an edition row (detail pane list, gallery), or None."""
        edition = index.data(EDITION_ROLE) if index.isValid() else None
        if not isinstance(edition, EditionInfo):
            return None
        export = self._host.export
        menu = QMenu(self._window)
        number = f"{edition.set_prefix} {edition.collector_number}"
        copy = menu.addAction("&Copy image", lambda: self._copy_edition(view, index))
        copy.setEnabled(edition.has_image)
        menu.addAction("Copy &name", lambda: self._copy_text(f"{edition.slug} ({number})"))
        menu.addSeparator()
        menu.addAction("&Export…", lambda: export.export_editions(
            [edition.uuid], f"The image of {number}"))
        return menu

    def thema_menu(self, index: QModelIndex) -> QMenu:
        """The right-click menu of a Thema ranking row."""
        from app.gui.thema.models import RankModel  # the Thema page loaded it

        model = index.model()
        uuid = model.data(index, RankModel.EditionRole)
        kind = model.data(index, RankModel.KindRole)
        name = str(model.data(model.index(index.row(), 0)) or "")
        menu = QMenu(self._window)
        menu.addAction("Show the &chart", lambda: self._host.show_thema(uuid, kind))
        menu.addAction("&Open the card", lambda: self._run_example(f'name:"{name}"'))
        menu.addAction("Copy &name", lambda: self._copy_text(name))
        return menu

    def _tile_menu(self, pos: QPoint) -> None:
        index = self._host.grid.indexAt(pos)
        if index.isValid():
            self._popup(self.tile_menu(index), self._host.grid, pos)

    def _edition_menu(self, view: QAbstractItemView) -> Callable[[QPoint], None]:
        def show(pos: QPoint) -> None:
            menu = self.edition_menu(view, view.indexAt(pos))
            if menu is not None:
                self._popup(menu, view, pos)
        return show

    def _thema_menu(self, pos: QPoint) -> None:
        if self._thema_table is None:
            return
        index = self._thema_table.indexAt(pos)
        if index.isValid():
            self._popup(self.thema_menu(index), self._thema_table, pos)

    def _popup(self, menu: QMenu, view: QAbstractItemView, pos: QPoint) -> None:
        self.last_menu = menu
        menu.popup(view.viewport().mapToGlobal(pos))

    def _find(self) -> None:
        self._host.show_page("search")
        self._host.search.setFocus()
        self._host.search.selectAll()

    def _run_example(self, text: str) -> None:
        self._host.show_page("search")
        self._host.set_query(text)

    def _copy_text(self, text: str) -> None:
        QGuiApplication.clipboard().setText(text)
        self._host.statusBar().showMessage(f"Copied “{text}”", 4000)

    def _copy_tile(self, index: QModelIndex) -> None:
        self._host.grid.setCurrentIndex(index)
        self._host.export.copy_current()

    def _copy_edition(self, view: QAbstractItemView, index: QModelIndex) -> None:
        view.setCurrentIndex(index)
        self._host.export.copy_edition(view)

    def _export_tile(self, index: QModelIndex) -> None:
        self._host.grid.setCurrentIndex(index)
        self._host.export.open_export()

    def _open_gallery(self, slug: str) -> None:
        if self._host.detail.slug == slug and self._host.detail.detail is not None:
            self._host.gallery.show_card(self._host.detail.detail)
            return
        self._gallery_for = slug
        self._host.select_card(slug)

    def _on_card(self, detail: CardDetail) -> None:
        if self._gallery_for is not None and detail.slug == self._gallery_for:
            self._gallery_for = None
            self._host.gallery.show_card(detail)
