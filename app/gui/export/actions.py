"""The window's export, copy, drag-out and About actions, in one place.

:class:`ExportActions` adds File ▸ Export… (Ctrl+E), Copy image (Ctrl+C on the grid),
dragging tiles out of the grid (and editions out of the edition views: the detail pane's
list and the gallery, where Ctrl+C copies too), and Help ▸ About Archivist to a main
window. What to export is offered as scopes: the selected tiles, the card in the detail
pane, every edition the search finds (a set, when the search is ``s:"PREFIX"``). It reads
these through a :class:`~app.gui.kit.selection.Selection`, never the window's pages. Other
views can call :meth:`ExportActions.export_editions` or :meth:`ExportActions.copy_file`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QModelIndex, QObject, QStandardPaths, Qt, QThreadPool, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QAbstractItemView, QMainWindow, QMenu

from app.catalogue import Catalogue
from app.gui.kit.clipboard import DragOut, ImageCopier
from app.gui.kit.edition_data import EditionInfo
from app.gui.kit.failures import STATUS_MS
from app.gui.kit.operations import LatestRequest
from app.gui.kit.selection import Selection
from app.model.query import QUERY_SORTS, EditionHit
from app.model.vocabulary import rarity_by_number

if TYPE_CHECKING:  # the dialog (and its proxy sheet) loads on first File ▸ Export…, the
    # export machinery on first use too
    from app.gui.export.dialog import ExportDialog
    from app.gui.export.task import ExportScope



class Exporting(Protocol):
    """What the actions use to export (the application object's ``export``)."""

    def export_plan(self, *, query: str | None = None, set_prefix: str | None = None,
                    card: str | None = None, editions: Sequence[str] = (),
                    hits: Any = (), sort: str = "set", descending: bool = False,
                    limit: int | None = None) -> list[Any]: ...

    def image_fetcher(self, api_url: str) -> Any: ...

    def proxy_texts(self, items: Sequence[Any]) -> dict[str, Any]: ...

    def configured_api(self) -> str | None: ...


EDITION_ROLE = Qt.ItemDataRole.UserRole + 1
"""The role of the ``EditionInfo`` in the detail pane's and the gallery's edition models."""


def _menu(window: QMainWindow, title: str) -> QMenu:
    """The window's menu called ``title`` (``&File``), made when it has none."""
    for action in window.menuBar().actions():
        menu = action.menu()
        if isinstance(menu, QMenu) and action.text().replace("&", "") == title.replace("&", ""):
            return menu
    return window.menuBar().addMenu(title)


class ExportActions(QObject):
    """Export, copy, drag and About for ``window`` over ``catalogue``.

    Args:
        window: the main window (its menus and status bar).
        selection: the selected tiles, the card shown, the current search.
        catalogue: image files, the cache folder, counts.
        export: export plans, image fetchers, text proxies, the API synced from
            (``app.export``).
        grid: the tile view (Ctrl+C, drag out).
        edition_views: views whose rows hold an ``EditionInfo`` at :data:`EDITION_ROLE`
            (Ctrl+C, drag out).
        api: the API chosen in File ▸ Settings… ("" or None: the one synced from).
        about: opens the About dialog for the catalogue's source and counts.
    """

    def __init__(self, window: QMainWindow, selection: Selection, catalogue: Catalogue,
                 export: Exporting, *,
                 grid: QAbstractItemView, edition_views: Sequence[QAbstractItemView] = (),
                 api: Callable[[], str | None] = lambda: None,
                 about: Callable[[str | None, dict[str, int]], object] = lambda *_: None
                 ) -> None:
        super().__init__(window)
        self.window, self.selection, self.catalogue = window, selection, catalogue
        self.export = export
        self.grid, self.edition_views = grid, list(edition_views)
        self._api, self._open_about = api, about
        self.folder = Path(QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.PicturesLocation) or Path.home()) / "Archivist"
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self.export_action = QAction("&Export…", window, shortcut=QKeySequence("Ctrl+E"))
        self.export_action.triggered.connect(lambda: self.open_export())
        self.copy_action = QAction("&Copy image", window,
                                   shortcut=QKeySequence(QKeySequence.StandardKey.Copy))
        self.copy_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.copy_action.triggered.connect(self.copy_current)
        grid.addAction(self.copy_action)
        self.about_action = QAction("&About Archivist", window,
                                    menuRole=QAction.MenuRole.AboutRole)
        self.about_action.triggered.connect(self.show_about)
        file_menu = _menu(window, "&File")  # Sync now, Export…, Settings…, Quit
        before = [a for a in file_menu.actions()
                  if a.isSeparator() or a.menuRole() == QAction.MenuRole.PreferencesRole]
        if before:
            file_menu.insertAction(before[0], self.export_action)
        else:
            file_menu.addAction(self.export_action)
        _menu(window, "&Help").addAction(self.about_action)
        if catalogue.paths is None:
            raise ValueError("ExportActions needs a catalogue with its folders (a cache)")
        cache = catalogue.paths.cache
        self.copier = ImageCopier(self._pool, cache / "clipboard", self)
        self.copier.copied.connect(self._status)
        self.copier.failed.connect(self._status)
        self.drag = DragOut(grid, self._tile_source, cache / "drag", card=self._tile_card)
        self.edition_drags = [DragOut(view, self._edition_source, cache / "drag")
                              for view in self.edition_views]
        for view in self.edition_views:  # Ctrl+C in the detail pane's list, the gallery
            action = QAction("&Copy image", view,
                             shortcut=QKeySequence(QKeySequence.StandardKey.Copy))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.triggered.connect(partial(self._copy_from, view))
            view.addAction(action)
        self._about = LatestRequest(self._pool, self)
        self._about.finished.connect(self._on_about)
        self.dialog: ExportDialog | None = None

    def scopes(self) -> list[ExportScope]:
        """What may be exported now: selected tiles, the card shown, the search's editions."""
        from app.gui.export.task import ExportScope

        export, selection = self.export, self.selection
        scopes: list[ExportScope] = []
        hits = selection.selected_hits()
        if hits:
            what = hits[0].name if len(hits) == 1 else f"the {len(hits)} selected tiles"
            scopes.append(ExportScope(
                f"The image of {what}" if len(hits) == 1 else f"The images of {what}",
                lambda: export.export_plan(hits=hits)))
        slug = selection.shown_card()
        if slug:
            scopes.append(ExportScope(f"Every edition of the card shown ({slug})",
                                      lambda: export.export_plan(card=slug)))
        request = selection.current_query()
        text = request.text.strip()
        sort = request.sort if request.sort in QUERY_SORTS else "set"
        title = (f"Every edition matching the search “{text}”" if text
                 else "Every edition in the catalogue")
        scopes.append(ExportScope(title, lambda: export.export_plan(
            query=text, sort=sort, descending=request.descending)))
        return scopes

    def open_export(self, scopes: Sequence[ExportScope] | None = None) -> ExportDialog:
        """Open the export dialog for ``scopes`` (default: :meth:`scopes`)."""
        from app.gui.export.dialog import ExportDialog
        from app.gui.export.task import ExportTask

        task = ExportTask(self.catalogue.images, self.export.image_fetcher, self.fetch_api,
                          proxies=self.export.proxy_texts)
        dialog = ExportDialog(task, scopes or self.scopes(), self.folder, self.window)
        task.setParent(dialog)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.destroyed.connect(lambda: setattr(self, "dialog", None))
        self.dialog = dialog
        dialog.show()
        return dialog

    def fetch_api(self) -> str | None:
        """Where images not stored are fetched from: the API of File ▸ Settings…, else the
        one the catalogue was synced from (called in the export's worker)."""
        api = self._api()
        return api if isinstance(api, str) and api else self.export.configured_api()

    def export_editions(self, uuids: Sequence[str], title: str) -> ExportDialog:
        """Open the export dialog for the editions ``uuids`` (a gallery, the detail pane)."""
        export, wanted = self.export, list(uuids)
        return self.open_export([ExportScope(title,
                                             lambda: export.export_plan(editions=wanted))])

    @Slot()
    def copy_current(self) -> None:
        """Copy the image of the current tile (Ctrl+C on the grid)."""
        found = self._tile_source(self.grid.currentIndex())
        if found is None:
            self._status("No stored image to copy")
            return
        self.copy_file(*found)

    def copy_file(self, source: Path, name: str) -> None:
        """Copy the image file ``source`` to the clipboard, offered as ``name``."""
        self.copier.copy(source, name)

    @Slot()
    def show_about(self) -> None:
        """Help ▸ About Archivist (the data source and counts are read in a worker)."""
        catalogue, export = self.catalogue, self.export
        self._about.submit(lambda: (export.configured_api(), catalogue.counts()))

    def shutdown(self) -> None:
        """Cancel a running export, wait for the workers, release the clipboard."""
        if self.dialog is not None and self.dialog.task.running:
            self.dialog.task.shutdown()
        self._pool.waitForDone()
        self.copier.release()

    @Slot(object)
    def _on_about(self, found: tuple[str | None, dict[str, int]]) -> None:
        self._open_about(found[0], found[1])

    def copy_edition(self, view: QAbstractItemView) -> None:
        """Copy the image of ``view``'s current edition row (Ctrl+C, its context menu)."""
        self._copy_from(view)

    def _copy_from(self, view: QAbstractItemView) -> None:
        found = self._edition_source(view.currentIndex())
        if found is None:
            self._status("No stored image to copy")
        else:
            self.copy_file(*found)

    def _edition_source(self, index: QModelIndex) -> tuple[Path, str] | None:
        """The image file and readable name of an edition row (its ``EditionInfo`` at
        ``UserRole + 1``, as the detail pane's and the gallery's models give it)."""
        from app.export import DEFAULT_TEMPLATE, render_name

        edition = index.data(EDITION_ROLE) if index.isValid() else None
        if not isinstance(edition, EditionInfo) or not edition.image_file:
            return None
        path = self.catalogue.card_image_path(edition.image_file)
        if path is None:
            return None
        values = {"set_prefix": edition.set_prefix, "collector_number": edition.collector_number,
                  "slug": self.selection.shown_card() or edition.slug, "name": "",
                  "rarity": edition.rarity_code, "uuid": edition.uuid}
        return path, render_name(DEFAULT_TEMPLATE, values, path.suffix.lower() or ".jpg")

    def _tile_source(self, index: QModelIndex) -> tuple[Path, str] | None:
        from app.export import DEFAULT_TEMPLATE, render_name

        if not index.isValid():
            return None
        hit = self.selection.hit_at(index.row())
        path = self.catalogue.card_image_path(hit.image_file)
        if path is None:
            return None
        known = rarity_by_number(hit.rarity) if isinstance(hit, EditionHit) else None
        values = {"set_prefix": hit.set_prefix, "collector_number": hit.collector_number,
                  "slug": hit.slug, "name": hit.name, "rarity": known.code if known else "",
                  "uuid": ""}
        return path, render_name(DEFAULT_TEMPLATE, values, path.suffix.lower() or ".jpg")

    def _tile_card(self, index: QModelIndex) -> tuple[str, str | None] | None:
        """The card of a tile, carried by its drag (a drop onto a deck adds it)."""
        if not index.isValid():
            return None
        hit = self.selection.hit_at(index.row())
        return hit.slug, (hit.uuid if isinstance(hit, EditionHit) else None)

    def _status(self, text: str) -> None:
        self.window.statusBar().showMessage(text, STATUS_MS)
