"""The Collection page's "Add from photos…" button: photos or a folder chosen, or photo
files dropped onto the page, open the scan's review
(:class:`~app.gui.collection.scan_review.ScanReview`); what the person accepts there is
added to the collection in the pool as one undo step."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QMimeData, QObject, Qt, QThreadPool, Signal
from PySide6.QtGui import QAction, QDropEvent, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMenu, QPushButton, QWidget

from app.collection import CollectionEditions, Entry
from app.gui.collection.camera import camera_problem
from app.gui.collection.data import CollectionSource
from app.gui.collection.scan_review import Additions, ScanReview
from app.gui.collection.scan_task import ScannedPhoto, ScanSource
from app.gui.kit.operations import run_operation
from app.gui.kit.thumbnails import ThumbnailProvider
from app.scan import PHOTO_SUFFIXES

if TYPE_CHECKING:
    from app.gui.collection.camera_dialog import CameraScan

ADD_KEYS = "Ctrl+Shift+P"
"""Collection ▸ Add from photos…: choose photos."""
ChoosePhotos = Callable[[QWidget, bool], list[Path]]
"""Asks for photos (``False``) or a folder (``True``): the paths chosen, [] for none."""


def dropped_photos(mime: QMimeData) -> list[Path]:
    """The photo files and folders among what is dragged (other files left out)."""
    found = []
    for url in mime.urls() if mime.hasUrls() else []:
        if not url.isLocalFile():
            continue
        path = Path(url.toLocalFile())
        if path.suffix.lower() in PHOTO_SUFFIXES or path.is_dir():
            found.append(path)
    return found


def add_scanned(source: CollectionSource, items: list[tuple[str, bool, int]]) -> int:
    """Add each (edition uuid, foil, copies) as one undo step; the copies added (worker
    thread). Raises StoreError."""
    deltas = [(Entry(uuid, foil, 1).key, copies) for uuid, foil, copies in items]
    noun = "card" if len(items) == 1 else "cards"
    return source.collection_store().change_counted(
        deltas, f"add {len(items)} {noun} from photos").copies


class PhotoActions(QObject):
    """The button, its menu and the review of the Collection page.

    Signals:
        added(): the collection changed (accepted photos were added).
        message(str): a line for the status bar.
        failed(object): adding failed (the error).
        downloadRequested(): the person asked to download the card images.

    Args:
        page: the Collection page (parents the review, holds the shortcut).
        collection: the collection part. scan: the scanner. pool: the operations pool.
        provider: the shared thumbnail provider. editions: the catalogue's editions
            (worker thread). choose: asks for photos (tests pass their own).
    """

    added = Signal()
    message = Signal(str)
    failed = Signal(object)
    downloadRequested = Signal()

    def __init__(self, page: QWidget, collection: CollectionSource, scan: ScanSource,
                 pool: QThreadPool, provider: ThumbnailProvider,
                 editions: Callable[[], CollectionEditions],
                 choose: ChoosePhotos | None = None) -> None:
        super().__init__(page)
        self._page, self._collection, self._scan = page, collection, scan
        self._pool, self._provider, self._editions = pool, provider, editions
        self._choose = choose or _choose_photos
        self.review: ScanReview | None = None
        """The review (made on first use)."""
        self.button = QPushButton("Add from photos…")
        self.button.setToolTip("Recognise the cards in photos (offline) and add them "
                               f"({QKeySequence(ADD_KEYS).toString()}; or drop photos here)")
        menu = QMenu(self.button)
        self.photos_action = QAction("Photos…", page, shortcut=QKeySequence(ADD_KEYS))
        self.photos_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.photos_action.triggered.connect(lambda: self.choose(folder=False))
        page.addAction(self.photos_action)
        self.folder_action = menu.addAction("A folder of photos…")
        self.folder_action.triggered.connect(lambda: self.choose(folder=True))
        menu.insertAction(self.folder_action, self.photos_action)
        menu.addSeparator()
        self.camera_action = menu.addAction("Scan with camera…")
        self.camera_action.setEnabled(False)  # until a camera is looked for
        self.camera_action.triggered.connect(self.open_camera)
        self.camera: CameraScan | None = None
        """The camera's live picture (while open)."""
        menu.setToolTipsVisible(True)
        menu.aboutToShow.connect(self.check_camera)  # not before: Qt Multimedia is heavy
        self.button.setMenu(menu)
        page.setAcceptDrops(True)
        page.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Photos (or folders of them) dragged over the page may be dropped; dropped, they
        are scanned and shown for review."""
        kind = event.type()
        if watched is self._page and kind in _DRAGS and isinstance(event, QDropEvent):
            photos = dropped_photos(event.mimeData())
            if photos:
                event.acceptProposedAction()
                if kind == QEvent.Type.Drop:
                    self.scan(photos)
                return True
        return super().eventFilter(watched, event)

    def check_camera(self) -> bool:
        """Enable Scan with camera when a camera is found, else say why in its tooltip;
        True when enabled."""
        problem = camera_problem()
        self.camera_action.setEnabled(problem is None)
        self.camera_action.setToolTip(problem or "Hold a card still in front of the camera")
        return problem is None

    def shutdown(self) -> None:
        """Stop a running scan and close the review (the window closes)."""
        if self.camera is not None:
            self.camera.close()
        if self.review is not None:
            self.review.close()  # drops the scan: it stops after the image in hand

    def open_camera(self) -> None:
        """Show the camera's live picture; each card held still is offered in the review."""
        if self.camera is not None or not self.check_camera():
            return
        from app.gui.collection.camera_dialog import CameraScan

        review = self._review()
        review.show()
        camera = self.camera = CameraScan(lambda: review.scanning, self._page)
        camera.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        camera.stillTaken.connect(lambda still: review.start([still], keep=True))
        camera.destroyed.connect(lambda: setattr(self, "camera", None))
        camera.show()

    def _tell_camera(self, photo: ScannedPhoto) -> None:
        result = photo.result
        if self.camera is None or Path(result.path).parent != self.camera.folder:
            return  # no camera, or a photo chosen or dropped meanwhile
        self.camera.recognised(result.candidates[0].name if result.status == "matched"
                               else None, result.status == "uncertain")

    def choose(self, folder: bool = False) -> None:
        """Ask for photos (or a folder of them) and scan them."""
        chosen = self._choose(self._page, folder)
        if chosen:
            self.scan(chosen)

    def scan(self, photos: list[Path]) -> ScanReview:
        """Show the review and scan ``photos`` (files and folders); returns the review."""
        review = self._review()
        if review.isVisible():  # behind the window: bring it forward
            review.raise_()
        review.show()
        review.start(photos)
        return review

    def _review(self) -> ScanReview:
        if self.review is None:
            self.review = ScanReview(self._scan, self._editions, self._pool, self._provider,
                                     self._page)
            self.review.additionsRequested.connect(self._add)
            self.review.downloadRequested.connect(self.downloadRequested.emit)
            self.review.failed.connect(self.failed.emit)
            self.review.photoScanned.connect(self._tell_camera)
        return self.review

    def _add(self, additions: Additions) -> None:
        review = self.review
        run_operation(self._pool, lambda: add_scanned(self._collection, additions.items),
                      lambda copies: self._on_added(review, additions, copies),
                      self.failed.emit, owner=self)

    def _on_added(self, review: ScanReview | None, additions: Additions, copies: int) -> None:
        if review is not None:
            review.mark_added(additions)
        photos = len(additions.rows)
        self.message.emit(f"Added {copies:,} {'copy' if copies == 1 else 'copies'} from "
                          f"{photos} photo{'s' if photos != 1 else ''} (Ctrl+Z undoes it)")
        self.added.emit()


def _choose_photos(parent: QWidget, folder: bool) -> list[Path]:
    if folder:
        name = QFileDialog.getExistingDirectory(parent, "Add cards from a folder of photos")
        return [Path(name)] if name else []
    patterns = " ".join(f"*{suffix}" for suffix in PHOTO_SUFFIXES)
    names, _ = QFileDialog.getOpenFileNames(parent, "Add cards from photos", "",
                                            f"Photos ({patterns});;All files (*)")
    return [Path(name) for name in names]


_DRAGS = (QEvent.Type.DragEnter, QEvent.Type.DragMove, QEvent.Type.Drop)
