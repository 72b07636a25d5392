"""The "Changes" page: the catalogue's revisions, newest first, and the cards of one
revision as tiles or as a list (the choice is remembered), each saying what changed, filtered
by patch-note group (New cards · Errata · Legality · Renamed · New printings · Removed ·
Other, each with its count). Clicking a card opens it; "Revert" undoes the shown revision
(itself recorded as a revision). Records an import kept out are a count with a details
toggle.

Loads run in the pool through :class:`~app.gui.kit.operations.LatestRequest`; the revert
through :func:`~app.gui.kit.operations.run_operation`.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QModelIndex, QSettings, QSize, Qt, QThreadPool, Signal, Slot
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QHBoxLayout,
    QLabel,
    QListView,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.errors import ArchivistError
from app.gui.changes.data import ChangesSource, RevisionView, TileSource, load_revision
from app.gui.changes.model import ChangeRowDelegate, ChangeTileDelegate, ChangeTilesModel
from app.gui.kit.empty_state import EmptyState, page_stack
from app.gui.kit.operations import LatestRequest, run_operation
from app.gui.kit.thumbnails import ThumbnailProvider
from app.model.history import GROUPS, KEPT_OUT_UNREADABLE, Revision
from app.safetext import escape_controls

NumberRole = Qt.ItemDataRole.UserRole + 1
VIEW_KEY = "changes/view"
"""Settings key of the chosen view: ``tiles`` or ``list``."""


def revision_title(revision: Revision) -> str:
    """``Revision 2 · 2026-04-04 10:00 UTC`` and, below, ``import · 350 new, 428 changed``
    (the first revision: ``first import · 2,235 cards``)."""
    counts = ", ".join(f"{n:,} {word}" for n, word in (
        (revision.added, "new"), (revision.changed, "changed"), (revision.removed, "removed"))
        if n) or "no change of content"
    if not revision.at:  # its record is missing: the number and its card rows are known
        return f"Revision {revision.number} · unreadable\n{counts}"
    if revision.first:
        return (f"Revision {revision.number} · {revision.when}\n"
                f"first {revision.kind} · {revision.added:,} cards")
    return f"Revision {revision.number} · {revision.when}\n{revision.kind} · {counts}"


def unreadable_note(view: RevisionView) -> str:
    """What of the shown revision cannot be read (its record, card rows), "" when all can;
    such a revision is shown but not reverted."""
    cards = [c for c in view.changes if c.unreadable]
    parts = [view.shown.unreadable] if view.shown is not None and view.shown.unreadable \
        else []
    if cards:
        parts.append(f"the stored history of {len(cards)} card"
                     f"{'' if len(cards) == 1 else 's'} is damaged ({cards[0].name}: "
                     f"{cards[0].unreadable})")
    return "; ".join(parts)


def _ask(parent: QWidget, revision: Revision) -> bool:
    answer = QMessageBox.question(
        parent, "Revert revision",
        f"Put the {revision.total} cards of revision {revision.number} back as they were "
        "before it? The revert is recorded as a new revision, so it can be undone too.")
    return answer == QMessageBox.StandardButton.Yes


class ChangesPage(QWidget):
    """The revisions and one revision's cards; loaded when first shown.

    Signals:
        cardRequested(str): the slug of the card the person clicked.
        reverted(object): the :class:`Revision` a revert recorded (None: nothing changed).
        failed(str, object): ``"changes"`` or ``"revert"`` and the error.

    Args:
        catalogue: the search hits of the tiles (``app.catalogue``).
        history: revisions, changes and revert (``app.history``).
        pool: the thread pool for catalogue work.
        provider: the shared thumbnail provider.
        thumb: the logical size of a tile's thumbnail.
        confirm: asks before a revert (tests pass ``lambda *_: True``).
        settings: where the chosen view (tiles or list) is remembered (None: not kept).
    """

    cardRequested = Signal(str)
    reverted = Signal(object)
    failed = Signal(str, object)

    def __init__(self, catalogue: TileSource, history: ChangesSource, pool: QThreadPool,
                 provider: ThumbnailProvider, thumb: QSize, parent: QWidget | None = None,
                 confirm: Callable[[QWidget, Revision], bool] = _ask,
                 settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self._catalogue, self._pool, self._confirm = catalogue, pool, confirm
        self._history = history
        self._settings = settings
        self._loaded = False
        self.view_data = RevisionView([], None)
        self.revisions = QListView()
        self.revisions.setAccessibleName("Revisions")
        self.revisions.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.revisions.setSpacing(3)
        self.revision_model = QStandardItemModel(self)
        self.revisions.setModel(self.revision_model)
        self.revisions.clicked.connect(self._on_revision_clicked)
        self.heading = QLabel()
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.heading.setWordWrap(True)
        self.revert_button = QPushButton("Revert this revision…")
        self.revert_button.clicked.connect(self.revert_shown)
        self.filters = QButtonGroup(self)
        self.filters.setExclusive(True)
        self.filter_bar = QHBoxLayout()
        self.filter_bar.setSpacing(4)
        self.filter_buttons: dict[str, QToolButton] = {}
        for key, title in (("", "All"), *GROUPS):
            button = QToolButton()
            button.setCheckable(True)
            button.setAutoRaise(True)
            button.setProperty("group", key)
            button.setText(title)
            self.filters.addButton(button)
            self.filter_bar.addWidget(button)
            self.filter_buttons[key] = button
        self.filter_bar.addStretch(1)
        self.view_buttons: dict[str, QToolButton] = {}
        views = QButtonGroup(self)
        for key, title, tip in (("tiles", "Tiles", "Show the changed cards as tiles"),
                                ("list", "List", "Show the changed cards as a list, with "
                                                 "every change in words")):
            button = QToolButton()
            button.setCheckable(True)
            button.setAutoRaise(True)  # framed when chosen, as the filters: clear in both themes
            button.setText(title)
            button.setToolTip(tip)
            button.clicked.connect(lambda _=False, k=key: self.show_view(k))
            views.addButton(button)
            self.filter_bar.addWidget(button)
            self.view_buttons[key] = button
        self.filter_buttons[""].setChecked(True)
        self.filters.buttonClicked.connect(self._on_filter)
        self.tiles = ChangeTilesModel(provider, thumb, self)
        self.grid = QListView()
        self.grid.setAccessibleName("Changed cards")
        self.grid.setViewMode(QListView.ViewMode.IconMode)
        self.grid.setResizeMode(QListView.ResizeMode.Adjust)
        self.grid.setMovement(QListView.Movement.Static)
        self.grid.setUniformItemSizes(True)
        self.grid.setSpacing(4)
        self.grid.setModel(self.tiles)
        self.grid.setItemDelegate(ChangeTileDelegate(thumb, self.grid))
        self.grid.clicked.connect(self._open)
        self.grid.activated.connect(self._open)
        self.rows = QListView()
        self.rows.setAccessibleName("Changed cards, as a list")
        self.rows.setResizeMode(QListView.ResizeMode.Adjust)
        self.rows.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.rows.setModel(self.tiles)
        self.rows.setItemDelegate(ChangeRowDelegate(self.rows))
        self.rows.clicked.connect(self._open)
        self.rows.activated.connect(self._open)
        self.views = QStackedWidget()
        self.views.addWidget(self.grid)
        self.views.addWidget(self.rows)
        self.kept_toggle = QToolButton()
        self.kept_toggle.setCheckable(True)
        self.kept_toggle.setAutoRaise(True)
        self.kept_details = QPlainTextEdit()
        self.kept_details.setReadOnly(True)
        self.kept_details.setAccessibleName("Records kept out")
        self.kept_details.setMaximumHeight(140)
        self.kept_details.hide()
        self.kept_toggle.toggled.connect(self.kept_details.setVisible)
        right = QWidget()
        column = QVBoxLayout(right)
        top = QHBoxLayout()
        top.addWidget(self.heading, 1)
        top.addWidget(self.revert_button, 0, Qt.AlignmentFlag.AlignTop)
        column.addLayout(top)
        column.addWidget(self.kept_toggle, 0, Qt.AlignmentFlag.AlignLeft)
        column.addWidget(self.kept_details)
        column.addLayout(self.filter_bar)
        column.addWidget(self.views, 1)
        self.splitter = QSplitter()
        self.splitter.addWidget(self.revisions)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([260, 900])
        self.empty = EmptyState()
        self.empty.actionRequested.connect(self.reload)
        self.stack = page_stack(self, self.splitter, self.empty)
        self._request = LatestRequest(pool, self)
        self._request.finished.connect(self._on_loaded)
        self._request.failed.connect(self._on_failed)
        chosen = settings.value(VIEW_KEY, "tiles") if settings is not None else "tiles"
        self.show_view("list" if chosen == "list" else "tiles")

    @property
    def view(self) -> str:
        """The shown view: ``tiles`` or ``list``."""
        return "list" if self.views.currentWidget() is self.rows else "tiles"

    def show_view(self, key: str) -> None:
        """Show the cards as ``tiles`` or as a ``list``; the choice is remembered."""
        self.view_buttons[key].setChecked(True)
        self.views.setCurrentWidget(self.rows if key == "list" else self.grid)
        if self._settings is not None:
            self._settings.setValue(VIEW_KEY, key)

    @property
    def busy(self) -> bool:
        """True while a revision is being loaded."""
        return self._request.busy

    @property
    def loaded(self) -> bool:
        """True once a load has answered."""
        return self._loaded

    def showEvent(self, event: Any) -> None:
        """The first time the page is shown, load the newest revision."""
        super().showEvent(event)
        if not self._loaded and not self._request.busy:
            self.reload()

    @Slot()
    def reload(self, number: int | None = None) -> None:
        """Load the revisions and the cards of revision ``number`` (None: the newest)."""
        catalogue, history = self._catalogue, self._history
        self._request.submit(lambda: load_revision(history, catalogue, number))

    def show_group(self, key: str) -> None:
        """Filter the tiles by patch-note group key ("" for all)."""
        self.filter_buttons[key].setChecked(True)
        self.tiles.set_group(key or None)

    @Slot()
    def revert_shown(self) -> None:
        """Ask, then revert the shown revision in the pool; reload when it is done."""
        shown = self.view_data.shown
        if shown is None or not self._confirm(self, shown):
            return
        history = self._history
        self.revert_button.setEnabled(False)
        run_operation(self._pool, lambda: history.revert(shown.number), self._on_reverted,
                      lambda error: self._on_revert_failed(error), owner=self)

    def _on_reverted(self, revision: object) -> None:
        self.reverted.emit(revision)
        self.reload()

    def _on_revert_failed(self, error: Exception) -> None:
        self.revert_button.setEnabled(True)
        self.failed.emit("revert", error)

    @Slot(QModelIndex)
    def _on_revision_clicked(self, index: QModelIndex) -> None:
        number = index.data(NumberRole)
        if isinstance(number, int):
            self.reload(number)

    @Slot(object)
    def _on_filter(self, button: QToolButton) -> None:
        self.tiles.set_group(str(button.property("group") or "") or None)

    @Slot(QModelIndex)
    def _open(self, index: QModelIndex) -> None:
        change = self.tiles.change(index.row())
        if change.kind != "removed":
            self.cardRequested.emit(change.slug)

    @Slot(object)
    def _on_loaded(self, view: RevisionView) -> None:
        self._loaded = True
        self.view_data = view
        if view.shown is None:
            self.empty.set_state(
                "No changes recorded yet",
                "Every import or sync that changes the catalogue is recorded here as a "
                "revision, with what changed on each card. Import or sync to begin.",
                "", "Check again")
            self.stack.setCurrentWidget(self.empty)
            return
        self.stack.setCurrentWidget(self.splitter)
        self.revision_model.clear()
        for revision in view.revisions:
            item = QStandardItem(revision_title(revision))
            item.setData(revision.number, NumberRole)
            item.setToolTip(f"{revision.kind} from {revision.source}")
            self.revision_model.appendRow(item)
            if revision.number == view.shown.number:
                self.revisions.setCurrentIndex(item.index())
        shown = view.shown
        title, summary = revision_title(shown).split("\n", 1)
        first = ("<br>It filled an empty catalogue, so no card is listed as new: changes "
                 "are listed from the next import or sync on.") if shown.first else ""
        self.heading.setText(escape_controls(
            f"<b>{html.escape(title)}</b><br>{html.escape(summary)}"
            + (f"<br>from {html.escape(shown.source)}{first}" if shown.at else "")))
        count = len(shown.kept_out)
        self.kept_toggle.setText(
            KEPT_OUT_UNREADABLE.strip("()").capitalize() if shown.kept_out_unreadable
            else f"{count:,} records of the input were kept out · details")
        self.kept_toggle.setVisible(count > 0)
        self.kept_toggle.setChecked(False)
        self.kept_details.setPlainText(escape_controls("\n".join(shown.kept_out)))
        damage = unreadable_note(view)
        if damage:
            self.heading.setText(f"{self.heading.text()}<br>"
                                 f"<b>Unreadable:</b> {html.escape(escape_controls(damage))}")
        self.revert_button.setEnabled(not damage)
        self.revert_button.setToolTip(
            f"This revision cannot be reverted: {damage}" if damage else "")
        counts = view.counts()
        self.filter_buttons[""].setText(f"All ({len(view.changes)})")
        for key, title in GROUPS:
            self.filter_buttons[key].setText(f"{title} ({counts[key]})")
            self.filter_buttons[key].setVisible(counts[key] > 0)
        self.filter_buttons[""].setChecked(True)
        self.tiles.set_view(view)

    @Slot(object)
    def _on_failed(self, error: object) -> None:
        self._loaded = True
        message = error.message if isinstance(error, ArchivistError) else str(error)
        self.empty.set_state("The changes could not be loaded", message, "", "Try again")
        self.stack.setCurrentWidget(self.empty)
        self.failed.emit("changes", error)
