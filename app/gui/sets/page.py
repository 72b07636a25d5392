"""The "Featured sets" page: every featured set group with its logo (or a drawn banner when
the logo is absent, the usual case) and its sets; choosing a set asks for its cards.

One ``QTreeView`` over :class:`FeaturedSetsModel`: group rows span the row and are painted
as banners by :class:`~app.gui.sets.delegate.GroupDelegate`, set rows are ordinary columns.
Nine groups and a few dozen sets need no more, and the view gives keyboard navigation.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt, QThreadPool, Signal, Slot
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QTreeView, QWidget

from app.errors import ArchivistError
from app.gui.kit.empty_state import EmptyState, page_stack
from app.gui.kit.operations import LatestRequest
from app.gui.kit.setup_buttons import FILL
from app.gui.sets.delegate import GroupDelegate
from app.gui.sets.model import FeaturedGroup, FeaturedSetsModel, FeaturedSource, load_featured


def import_featured_command(data_dir_args: Sequence[str]) -> str:
    """The ``archivist import`` line for ``featured-sets.json`` into a data folder
    (``data_dir_args``: ``Catalogue.data_dir_args()``)."""
    words = ["archivist", *(shlex.quote(word) for word in data_dir_args)]
    return " ".join([*words, "import", "…/featured-sets.json"]) + " \\\n    [--logos DIR]"


class SetsPage(QWidget):
    """The featured set groups and their sets, loaded (once) when the page is first shown.

    Signals:
        setRequested(str): the prefix of the set the person chose (click, Enter).
        failed(str, object): ``"featured sets"`` and the error of a failed load.

    Args:
        catalogue: endpoints 4 and 5 (``services.catalogue``).
        pool: the thread pool for catalogue work.
        data_dir_args: ``catalogue.data_dir_args()`` (for the import command shown when
            there are no groups).
        parent: the owning widget.
    """

    setRequested = Signal(str)
    failed = Signal(str, object)

    def __init__(self, catalogue: FeaturedSource, pool: QThreadPool, data_dir_args: Sequence[str],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._catalogue, self._data_dir_args, self._loaded = catalogue, list(data_dir_args), False
        self.model = FeaturedSetsModel(self)
        self.view = QTreeView()
        self.view.setModel(self.model)
        self.view.setItemDelegate(GroupDelegate(self.view))
        self.view.setRootIsDecorated(False)
        self.view.setIndentation(0)
        self.view.setItemsExpandable(False)
        self.view.setUniformRowHeights(False)
        self.view.setMouseTracking(True)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setAccessibleName("Featured sets")
        header = self.view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, header.ResizeMode.Stretch)
        for column in (1, 2, 3):
            header.setSectionResizeMode(column, header.ResizeMode.ResizeToContents)
        self.empty = EmptyState(offers=FILL)
        self.empty.actionRequested.connect(self.reload)
        self.stack = page_stack(self, self.view, self.empty)
        self._request = LatestRequest(pool, self)
        self._request.finished.connect(self._on_loaded)
        self._request.failed.connect(self._on_failed)
        self.view.clicked.connect(self._open)
        self.view.installEventFilter(self)

    @property
    def busy(self) -> bool:
        """True while the groups are being loaded."""
        return self._request.busy

    @property
    def loaded(self) -> bool:
        """True once a load has answered (with groups, none, or an error)."""
        return self._loaded

    def ensure_loaded(self) -> None:
        """Load the groups unless they were loaded or are being loaded."""
        if not self._loaded and not self._request.busy:
            self.reload()

    @Slot()
    def reload(self) -> None:
        """Ask the catalogue for the groups and their logos again (in a worker)."""
        catalogue = self._catalogue
        self._request.submit(lambda: load_featured(catalogue))

    def showEvent(self, event: Any) -> None:
        """The first time the page is shown, load the groups."""
        super().showEvent(event)
        self.ensure_loaded()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Enter or Return on a set opens it."""
        if (watched is self.view and event.type() == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent)
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)):
            self._open(self.view.currentIndex())
            return True
        return super().eventFilter(watched, event)

    @Slot(QModelIndex)
    def _open(self, index: QModelIndex) -> None:
        prefix = self.model.data(index.siblingAtColumn(0), FeaturedSetsModel.PrefixRole)
        if isinstance(prefix, str) and prefix:
            self.setRequested.emit(prefix)

    @Slot(object)
    def _on_loaded(self, groups: list[FeaturedGroup]) -> None:
        self._loaded = True
        self.model.set_groups(groups)
        for row in range(self.model.rowCount()):
            self.view.setFirstColumnSpanned(row, QModelIndex(), True)
        self.view.expandAll()
        if groups:
            self.stack.setCurrentWidget(self.view)
            return
        self.empty.set_state(
            "No featured sets yet",
            "The featured set groups come with a sync of the catalogue, or with an import "
            "of featured-sets.json (and, if you have them, the group logos).",
            import_featured_command(self._data_dir_args), "Check again", offer=True)
        self.stack.setCurrentWidget(self.empty)

    @Slot(object)
    def _on_failed(self, error: object) -> None:
        self._loaded = True
        message = error.message if isinstance(error, ArchivistError) else str(error)
        self.empty.set_state("The featured sets could not be loaded", message, "", "Try again")
        self.stack.setCurrentWidget(self.empty)
        self.failed.emit("featured sets", error)
