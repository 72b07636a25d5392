"""Collection ▸ Add from photos…: the photos scanned in the pool (the card index first),
then reviewed in a table before anything is added: each photo beside its card, the
candidates one click away, finish and copies per row; Accept selected / Accept all add
the chosen editions as one undo step (the Collection page writes them). The window stays
usable meanwhile (the review is not modal) and Cancel stops the scan.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSize, Qt, QThreadPool, Signal
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.collection import CollectionEditions
from app.errors import ArchivistError
from app.gui.collection.scan_delegate import ReviewDelegate
from app.gui.collection.scan_model import (
    CARD,
    COPIES,
    EDITION,
    FINISH,
    FOUND,
    PHOTO,
    ReviewModel,
)
from app.gui.collection.scan_task import ScannedPhoto, ScanOutcome, ScanSource, ScanTask
from app.gui.kit.thumbnails import ThumbnailProvider

CARD_THUMB = QSize(107, 150)
NO_IMAGES = ("This catalogue has no card images stored, so there is nothing to recognise "
             "the photos against. Download the card images (a sync; it can take a while), "
             "then add the photos again.")


@dataclass(frozen=True)
class Additions:
    """What to add: the review's ``rows`` and, for each, (edition uuid, foil, copies)."""

    rows: list[int]
    items: list[tuple[str, bool, int]]


class ScanReview(QDialog):
    """The scan of photos and its review (see the module's notes).

    Signals:
        additionsRequested(object): the :class:`Additions` the person accepted.
        photoScanned(object): each :class:`ScannedPhoto` as it is answered.
        downloadRequested(): the person asked to download the card images.
        failed(object): the scan failed (the error).

    Args:
        scan: the scanner. editions: reads the catalogue's editions (worker thread).
        pool: the operations pool. provider: the shared thumbnail provider.
    """

    additionsRequested = Signal(object)
    photoScanned = Signal(object)
    downloadRequested = Signal()
    failed = Signal(object)

    def __init__(self, scan: ScanSource, editions: Callable[[], CollectionEditions],
                 pool: QThreadPool, provider: ThumbnailProvider,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scan-review")
        self.setWindowTitle("Add cards from photos")
        self.setModal(False)
        self.resize(1100, 720)
        self.task = ScanTask(scan, editions, pool, self)
        self.task.indexing.connect(self._on_indexing)
        self.task.scanned.connect(self._on_scanned)
        self.task.finished.connect(self._on_finished)
        self.task.failed.connect(self._on_failed)
        self._cards_only = False
        self.outcome: ScanOutcome | None = None
        """How the latest scan ended (None while it runs)."""

        self.progress_text = QLabel("Preparing the card index…")
        self.progress = QProgressBar()
        self.progress.setTextVisible(False)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self.cancel)
        self.notice = QLabel(NO_IMAGES, wordWrap=True)
        self.notice.setObjectName("scan-no-images")
        self.download_button = QPushButton("Download card images")
        self.download_button.clicked.connect(self.downloadRequested.emit)
        self.model = ReviewModel(provider, CARD_THUMB, self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setItemDelegate(ReviewDelegate(self.table))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)  # persistent
        self.table.setWordWrap(True)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(CARD_THUMB.height() + 10)
        header = self.table.horizontalHeader()
        for column, width in ((PHOTO, 124), (CARD, 120), (EDITION, 380), (FINISH, 110),
                              (COPIES, 76)):
            header.resizeSection(column, width)
        header.setSectionResizeMode(FOUND, QHeaderView.ResizeMode.Stretch)
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._update_buttons())
        self.model.dataChanged.connect(lambda *_: self._update_buttons())
        self.summary = QLabel(wordWrap=True)
        self.accept_selected_button = QPushButton("Accept selected")
        self.accept_selected_button.clicked.connect(self.accept_selected)
        self.accept_all_button = QPushButton("Accept all")
        self.accept_all_button.clicked.connect(self.accept_all)
        close = QPushButton("Close")
        close.clicked.connect(self.close)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.close)

        top = QHBoxLayout()
        top.addWidget(self.progress_text, 1)
        top.addWidget(self.progress, 1)
        top.addWidget(self.cancel_button)
        self.notice_row = QWidget()
        notice = QHBoxLayout(self.notice_row)
        notice.setContentsMargins(0, 0, 0, 0)
        notice.addWidget(self.notice, 1)
        notice.addWidget(self.download_button)
        self.notice_row.hide()
        bottom = QHBoxLayout()
        bottom.addWidget(self.summary, 1)
        for button in (self.accept_selected_button, self.accept_all_button, close):
            bottom.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.notice_row)
        layout.addWidget(self.table, 1)
        layout.addLayout(bottom)
        self._update_buttons()

    @property
    def scanning(self) -> bool:
        """True while a scan runs."""
        return self.task.running

    def start(self, photos: list[Path], keep: bool = False) -> None:
        """Scan ``photos`` (files and folders of them) and show the answers as they come;
        ``keep``: after the rows shown, and only the photos with a card (the camera's
        stills: a table seen between two cards is no row)."""
        self._cards_only = keep
        if not keep:
            self.model.clear()
        self.outcome = None
        self.notice_row.hide()
        self.progress_text.setText("Preparing the card index…")
        self.progress.setRange(0, 0)  # busy until the first count
        self.progress.show()
        self.cancel_button.setEnabled(True)
        self.cancel_button.show()
        self.task.start(photos)
        self._update_buttons()

    def cancel(self) -> None:
        """Stop the scan after the image or photo in hand (the answers so far stay)."""
        if self.scanning:
            self.progress_text.setText("Cancelling…")
            self.cancel_button.setEnabled(False)
            self.task.cancel()

    def accept_selected(self) -> None:
        """Add the selected rows that have an edition chosen."""
        rows = [index.row() for index in self.table.selectionModel().selectedRows()]
        self._request(self.model.acceptable_rows(rows))

    def accept_all(self) -> None:
        """Add every row that has an edition chosen."""
        self._request(self.model.acceptable_rows())

    def mark_added(self, additions: Additions) -> None:
        """The collection holds ``additions`` now: their rows are done."""
        self.model.mark_added(additions.rows)
        for row in additions.rows:
            for column in (EDITION, FINISH, COPIES):
                self.table.closePersistentEditor(self.model.index(row, column))
        self._update_buttons()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing drops a running scan."""
        self.task.drop()
        super().closeEvent(event)

    def _request(self, rows: list[int]) -> None:
        if not rows:
            return
        items = []
        for row in rows:
            review = self.model.review_row(row)
            chosen = review.chosen
            assert chosen is not None  # acceptable rows have one
            items.append((chosen.edition_uuid, review.foil, review.quantity))
        self.additionsRequested.emit(Additions(rows, items))

    def _on_indexing(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(done)
        self.progress_text.setText(f"Preparing the card index… {done:,}/{total:,}")

    def _on_scanned(self, done: int, total: int, photo: ScannedPhoto) -> None:
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(done)
        self.progress_text.setText(f"Scanning photo {done:,} of {total:,}…")
        self.photoScanned.emit(photo)
        if self._cards_only and photo.result.status in ("no-card", "unreadable"):
            return
        row = self.model.append(photo)
        if self.model.review_row(row).choosable:
            for column in (EDITION, FINISH, COPIES):
                self.table.openPersistentEditor(self.model.index(row, column))
            copies = self.table.indexWidget(self.model.index(row, COPIES))
            if isinstance(copies, QSpinBox):  # the view selects its text: not focused yet
                copies.lineEdit().deselect()
        self._update_buttons()

    def _on_finished(self, outcome: ScanOutcome) -> None:
        self.outcome = outcome
        self.progress.hide()
        self.cancel_button.hide()
        if outcome.no_images:
            self.progress_text.setText("No card images stored")
            self.notice_row.show()
        elif outcome.cancelled:
            self.progress_text.setText(f"Cancelled after {outcome.photos:,} of "
                                       f"{outcome.total:,} photos" if outcome.photos
                                       else "Cancelled: no photo was scanned")
        elif not outcome.total:
            self.progress_text.setText("No photos found (JPEG, PNG, WebP or HEIC files)")
        else:
            self.progress_text.setText(f"Scanned {outcome.total:,} "
                                       f"photo{'s' if outcome.total != 1 else ''}")
        self._update_buttons()

    def _on_failed(self, error: object) -> None:
        self.progress.hide()
        self.cancel_button.hide()
        text = error.message if isinstance(error, ArchivistError) else str(error)
        self.progress_text.setText(f"The scan stopped: {text}")
        self.failed.emit(error)
        self._update_buttons()

    def _update_buttons(self) -> None:
        model = self.model
        selected = [index.row() for index in self.table.selectionModel().selectedRows()]
        ready = model.acceptable_rows()
        self.accept_all_button.setEnabled(bool(ready))
        self.accept_selected_button.setEnabled(bool(model.acceptable_rows(selected)))
        counts: dict[str, int] = {}
        added = 0
        for row in range(model.rowCount()):
            review = model.review_row(row)
            added += review.added
            counts[review.status] = counts.get(review.status, 0) + 1
        parts = [f"{counts[s]} {label}" for s, label in (
            ("matched", "matched"), ("uncertain", "uncertain"), ("no-card", "without a card"),
            ("unreadable", "unreadable")) if counts.get(s)]
        text = ", ".join(parts)
        waiting = sum(1 for row in range(model.rowCount())
                      if model.review_row(row).choosable and model.review_row(row).choice is None)
        if waiting:
            text += f" — choose the edition of {waiting} uncertain photo" + \
                ("s" if waiting != 1 else "")
        if added:
            text += f" — {added} added to the collection"
        self.summary.setText(text)
