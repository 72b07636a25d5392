"""The "Collection" page: the cards owned as rows or tiles with the totals above them, set
completion per set prefix beside them, and the missing editions of the chosen set as a grid
(double-click a tile to open its card). Import CSV… (add the copies of a file, or replace
the collection with it), Add from photos… (or photos dropped onto the page:
:mod:`~app.gui.collection.photo_actions`), Export CSV… and Undo (Ctrl+Z) act on
``collection.sqlite3``; every
read and write runs in the pool (:func:`~app.gui.kit.operations.run_operation`). A replace
is all or nothing: when rows are reported, the page asks before replacing the collection
with the rows taken.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QModelIndex, QSize, Qt, QThreadPool, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListView,
    QMenu,
    QMessageBox,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.collection import CollectionEditions, CsvImportReport
from app.gui.collection.data import (
    CollectionSource,
    CollectionView,
    SetsView,
    collection_file,
    export_file,
    import_file,
    load_sets,
    load_view,
    undo,
)
from app.gui.collection.delegate import CollectionTileDelegate
from app.gui.collection.models import EntriesModel, MissingModel, SetsModel, SlugRole
from app.gui.kit.empty_state import EmptyState
from app.gui.kit.file_problem import RESTORE, problem_text, unreadable_note
from app.gui.kit.operations import run_operation
from app.gui.kit.thumbnails import ThumbnailProvider

if TYPE_CHECKING:
    from app.gui.collection.photo_actions import ChoosePhotos, PhotoActions
    from app.gui.collection.scan_task import ScanSource

THUMB = QSize(126, 176)


def totals_text(view: CollectionView) -> str:
    """``1,234 copies · 980 editions · 640 cards`` (or how to start a collection)."""
    t = view.totals
    if not t.copies:
        return ("No cards owned yet — Import CSV…, or add copies on a card's page with + "
                "beside each edition")
    return f"{t.copies:,} copies · {t.editions:,} editions · {t.cards:,} cards"


class CollectionPage(QWidget):
    """The collection; read when first shown and after each change: the entries and totals
    first (one statement), then set completion (every edition of the catalogue, read once).

    Signals:
        cardRequested(str): the slug of a card to open.
        changed(): the collection changed (an import, an undo).
        loaded(): a reading of the collection's entries and totals is shown.
        setsLoaded(): set completion of that reading is shown.
        message(str): a line for the status bar.
        failed(str, object): what failed (``"collection"``) and the error.
        downloadImagesRequested(): the person asked to download the card images (a
            scan found none to match photos against).

    Args:
        catalogue: the collection and the catalogue's editions (``app.collection``).
        pool: the thread pool for file and SQLite work.
        provider: the shared thumbnail provider.
        choose_file: asks for a file name (tests pass their own): ``(parent, title, save)``
            → a path or None.
        ask_replace: asks whether to replace the collection with the rows taken of a file
            with rows reported (tests pass their own): ``(parent, report)`` → yes or no.
        scan: the scanner (``app.scan``); None: no Add from photos….
        choose_photos: asks for photos or a folder (tests pass their own).
    """

    cardRequested = Signal(str)
    changed = Signal()
    loaded = Signal()
    setsLoaded = Signal()
    message = Signal(str)
    failed = Signal(str, object)
    downloadImagesRequested = Signal()

    def __init__(self, catalogue: CollectionSource, pool: QThreadPool,
                 provider: ThumbnailProvider, choose_file: Any = None,
                 ask_replace: Any = None, scan: ScanSource | None = None,
                 choose_photos: ChoosePhotos | None = None) -> None:
        super().__init__()
        self.setObjectName("collection-page")
        self._catalogue, self._pool = catalogue, pool
        self._choose = choose_file or _choose_file
        self._ask_replace = ask_replace or _ask_replace
        self._view: CollectionView | None = None
        self._editions: CollectionEditions | None = None
        self._readings = 0  # readings shown; set completion of an older one is dropped
        self._sets_shown = -1  # the reading whose set completion is shown
        self._busy = False
        self.totals = QLabel("Reading the collection…")
        self.totals.setObjectName("collection-totals")
        self.tiles_button = QToolButton()
        self.tiles_button.setText("Tiles")
        self.tiles_button.setCheckable(True)
        self.tiles_button.setToolTip("Show the owned cards as tiles instead of rows")
        self.import_button = QPushButton("Import CSV…")
        menu = QMenu(self.import_button)
        self.add_action = menu.addAction("Add the copies of a CSV file…")
        self.replace_action = menu.addAction("Replace the collection with a CSV file…")
        self.import_button.setMenu(menu)
        self.export_button = QPushButton("Export CSV…")
        self.undo_button = QPushButton("Undo")
        self.undo_button.setEnabled(False)
        self.note = QLabel(wordWrap=True, textFormat=Qt.TextFormat.PlainText)
        self.note.setObjectName("collection-note")
        self.note.hide()
        self.problem = EmptyState()
        self.problem.actionRequested.connect(lambda: self.refresh())
        self.photos = self._photo_actions(scan, provider, choose_photos)
        top = QHBoxLayout()
        top.addWidget(self.totals, 1)
        for widget in (self.tiles_button, self.import_button, self.export_button,
                       self.undo_button):
            top.addWidget(widget)
        if self.photos is not None:
            top.insertWidget(3, self.photos.button)

        self.entries = EntriesModel(provider, THUMB, self)
        self.rows = QTableView()
        self.rows.setModel(self.entries)
        self.rows.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        _columns(self.rows, (48, 0, 84, 64, 56, 72, 80, 76, 72))
        self.tiles = _grid(CollectionTileDelegate(THUMB, self))
        self.tiles.setModel(self.entries)
        self.owned_stack = QStackedWidget()
        self.owned_stack.addWidget(self.rows)
        self.owned_stack.addWidget(self.tiles)

        self.sets = SetsModel(self)
        self.sets_view = QTableView()
        self.sets_view.setModel(self.sets)
        self.sets_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.sets_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        _columns(self.sets_view, (84, 190, 84, 72, 0))
        self.missing_title = QLabel("Reading set completion…")
        self.missing = MissingModel(provider, THUMB, self)
        self.missing_view = _grid(CollectionTileDelegate(THUMB, self))
        self.missing_view.setModel(self.missing)
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(self.sets_view)
        holder = QWidget()
        column = QVBoxLayout(holder)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.missing_title)
        column.addWidget(self.missing_view)
        right.addWidget(holder)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.owned_stack)
        self.splitter.addWidget(right)
        self.splitter.setSizes([600, 500])
        self.content = QStackedWidget()
        self.content.addWidget(self.splitter)
        self.content.addWidget(self.problem)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.note)
        layout.addWidget(self.content, 1)

        self.tiles_button.toggled.connect(lambda on: self.owned_stack.setCurrentIndex(int(on)))
        self.add_action.triggered.connect(lambda: self.import_csv())
        self.replace_action.triggered.connect(lambda: self.import_csv(replace=True))
        self.export_button.clicked.connect(self.export_csv)
        self.undo_button.clicked.connect(self.undo)
        undo_key = QShortcut(QKeySequence.StandardKey.Undo, self, self.undo)
        undo_key.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.sets_view.selectionModel().currentRowChanged.connect(self._show_set)
        for view in (self.rows, self.tiles, self.missing_view):
            view.doubleClicked.connect(self._open)

    def _photo_actions(self, scan: ScanSource | None, provider: ThumbnailProvider,
                       choose: ChoosePhotos | None) -> PhotoActions | None:
        """Add from photos… and photos dropped onto the page (None without a scanner)."""
        if scan is None:
            return None
        from app.gui.collection.photo_actions import PhotoActions

        actions = PhotoActions(self, self._catalogue, scan, self._pool, provider,
                               self._catalogue_editions, choose)
        actions.added.connect(self._changed)
        actions.message.connect(self.message.emit)
        actions.failed.connect(self._fail)
        actions.downloadRequested.connect(self.downloadImagesRequested.emit)
        return actions

    def shutdown(self) -> None:
        """Stop a scan of photos (the window closes)."""
        if self.photos is not None:
            self.photos.shutdown()

    def _catalogue_editions(self) -> CollectionEditions:
        """The catalogue's editions, read once (worker thread)."""
        return self._editions or self._catalogue.collection_editions()

    @property
    def view(self) -> CollectionView | None:
        """The reading shown (None before the first)."""
        return self._view

    @property
    def reading_failed(self) -> bool:
        """True while the page shows why the collection cannot be read."""
        return self.content.currentWidget() is self.problem

    @property
    def sets_shown(self) -> bool:
        """True once the set completion of the latest reading is shown (every set, at 0 %
        too)."""
        return self._view is not None and self._sets_shown == self._readings

    def showEvent(self, event: Any) -> None:
        """Read the collection when first shown."""
        super().showEvent(event)
        if self._view is None and not self._busy:
            self.refresh()

    def refresh(self, catalogue_changed: bool = False) -> None:
        """Read the collection again (``catalogue_changed``: the editions too)."""
        if catalogue_changed:
            self._editions = None
        self._busy = True
        run_operation(self._pool, lambda: load_view(self._catalogue), self._on_view,
                      self._fail_reading, owner=self)

    def _on_view(self, view: CollectionView) -> None:
        self._busy = False
        self._view = view
        self._show_problem(None)
        note, rows = unreadable_note(view.unreadable, "the collection file")
        self.note.setText(note)
        self.note.setToolTip(rows)
        self.note.setVisible(bool(view.unreadable))
        self.totals.setText(totals_text(view))
        self.entries.set_entries(view.entries)
        self.undo_button.setEnabled(view.undo is not None)
        self.undo_button.setToolTip(f"Undo {view.undo} (Ctrl+Z)" if view.undo else "")
        self.loaded.emit()
        self._readings += 1
        reading, editions = self._readings, self._editions
        owned = {row.edition_uuid for row in view.entries}
        # After the rows are painted (the paint request is queued already): the worker
        # reading every edition would hold the GIL while the rows' cells are asked for.
        QTimer.singleShot(0, self, lambda: run_operation(
            self._pool, lambda: load_sets(self._catalogue, owned, editions),
            lambda done: self._on_sets(done, reading), lambda error: self._fail(error),
            owner=self))

    def _on_sets(self, done: SetsView, reading: int) -> None:
        self._editions = done.editions
        if reading != self._readings:
            return
        chosen = self.sets_view.currentIndex().row()
        prefix = self.sets.completion(chosen).prefix if chosen >= 0 else None
        self.sets.set_sets(done.sets)
        rows = [row for row, one in enumerate(done.sets) if one.prefix == prefix] or [
            row for row, one in enumerate(done.sets) if one.owned and one.missing] or [0]
        if done.sets:
            self.sets_view.selectRow(rows[0])
        else:
            self.missing_title.setText("No set in the catalogue yet: sync or import it")
        self._sets_shown = reading
        self.setsLoaded.emit()

    def _show_set(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not current.isValid():
            return
        done = self.sets.completion(current.row())
        self.missing_title.setText(f"{done.prefix}: {done.owned} of {done.total} editions "
                                   f"owned — {len(done.missing)} missing")
        self.missing.set_editions(done.missing)

    def _open(self, index: QModelIndex) -> None:
        slug = index.siblingAtColumn(0).data(SlugRole) if index.isValid() else ""
        if slug:
            self.cardRequested.emit(str(slug))

    def import_csv(self, path: Path | None = None, replace: bool = False,
                   partial: bool = False) -> None:
        """Import a collection CSV (asks for the file when ``path`` is None); ``replace``:
        make it the collection — all or nothing, unless ``partial`` or the player says so
        when asked."""
        title = "Replace the collection with a CSV" if replace else "Import a collection CSV"
        path = path or self._choose(self, title, False)
        if path is None:
            return
        chosen = Path(path)
        run_operation(self._pool,
                      lambda: import_file(self._catalogue, chosen, replace, partial),
                      lambda report: self._on_imported(report, chosen, replace),
                      lambda error: self._fail(error), owner=self)

    def _on_imported(self, report: CsvImportReport, path: Path, replace: bool) -> None:
        first = f" — {report.problems[0].text()}" if report.problems else ""
        if replace and not report.replaced:
            if report.rows > len(report.problems) and self._ask_replace(self, report):
                self.import_csv(path, replace=True, partial=True)
                return
            self.message.emit(f"Nothing was replaced: {len(report.problems)} of {report.rows} "
                              f"rows of {path.name} were reported{first}")
            return
        held = "held now" if replace else "added"
        text = (f"Imported {report.imported} of {report.rows} rows ({report.copies} copies "
                f"{held}){report.capped_text()}")
        if report.problems:
            text += f"; {len(report.problems)} rows reported{first}"
        self.message.emit(text)
        self._changed()

    def export_csv(self, path: Path | None = None) -> None:
        """Export the collection as CSV (asks for the file when ``path`` is None)."""
        path = path or self._choose(self, "Export the collection as CSV", True)
        if path is None:
            return
        run_operation(self._pool, lambda: export_file(self._catalogue, Path(path)),
                      lambda rows: self.message.emit(f"Wrote {rows} entries to {path}"),
                      lambda error: self._fail(error), owner=self)

    def undo(self) -> None:
        """Undo the latest change of the collection (Ctrl+Z)."""
        run_operation(self._pool, lambda: undo(self._catalogue), self._on_undone,
                      lambda error: self._fail(error), owner=self)

    def _on_undone(self, what: str | None) -> None:
        self.message.emit(f"Undid {what}" if what else "Nothing to undo")
        if what:
            self._changed()

    def _changed(self) -> None:
        self.refresh()
        self.changed.emit()

    def _fail(self, error: Exception) -> None:
        self._busy = False
        self.failed.emit("collection", error)

    def _fail_reading(self, error: Exception) -> None:
        """The collection could not be read: say so in place of the page, not only in the
        status bar (the page would otherwise wait on "Reading the collection…")."""
        self._show_problem(error)
        self._fail(error)

    def _show_problem(self, error: Exception | None) -> None:
        """Show ``error`` in place of the entries (None: the entries again)."""
        if error is not None:
            self.problem.set_state("The collection cannot be read",
                                   problem_text(error, collection_file(self._catalogue)),
                                   RESTORE, "Try again")
            self.totals.setText("The collection file needs attention")
            self.note.hide()
        self.content.setCurrentWidget(self.splitter if error is None else self.problem)
        for button in (self.tiles_button, self.import_button, self.export_button):
            button.setEnabled(error is None)
        if error is not None:
            self.undo_button.setEnabled(False)


def _columns(table: QTableView, widths: tuple[int, ...]) -> None:
    """Fixed column widths (fast with 10,000 rows); the column of width 0 stretches."""
    table.verticalHeader().hide()
    table.setWordWrap(False)
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)
    header = table.horizontalHeader()
    for column, width in enumerate(widths):
        if width:
            header.resizeSection(column, width)
        else:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)


def _grid(delegate: CollectionTileDelegate) -> QListView:
    view = QListView()
    view.setViewMode(QListView.ViewMode.IconMode)
    view.setResizeMode(QListView.ResizeMode.Adjust)
    view.setMovement(QListView.Movement.Static)
    view.setUniformItemSizes(True)
    view.setSpacing(4)
    view.setItemDelegate(delegate)
    delegate.setParent(view)
    return view


def _ask_replace(parent: QWidget, report: CsvImportReport) -> bool:
    """Ask whether to replace the collection with the rows taken of a file with rows
    reported (Cancel is the default)."""
    rejected, taken = len(report.problems), report.rows - len(report.problems)
    box = QMessageBox(QMessageBox.Icon.Question, "Replace the collection",
                      f"{rejected} of {report.rows} rows were rejected, such as "
                      f"{report.problems[0].text()}.\n\nReplace with the {taken} "
                      f"{'row' if taken == 1 else 'rows'} taken?",
                      QMessageBox.StandardButton.Cancel, parent)
    replace = box.addButton("Replace", QMessageBox.ButtonRole.AcceptRole)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    box.exec()
    return box.clickedButton() is replace


def _choose_file(parent: QWidget, title: str, save: bool) -> Path | None:
    pick = QFileDialog.getSaveFileName if save else QFileDialog.getOpenFileName
    name, _ = pick(parent, title, "", "CSV files (*.csv);;All files (*)")
    return Path(name) if name else None
