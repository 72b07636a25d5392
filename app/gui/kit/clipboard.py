"""Copy an edition's image to the clipboard, and drag it out of a view into a folder or
another application.

Both offer the stored original under a readable name (``FTC-001-spirit-of-serene-fire.jpg``,
a link or copy in the cache's ``drag`` folder) as a file URL; the clipboard also gets the
image itself, decoded in a worker.
"""

from __future__ import annotations

import logging
import os
import shutil
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import (
    QEvent,
    QMimeData,
    QModelIndex,
    QObject,
    QPoint,
    Qt,
    QThreadPool,
    QUrl,
    Signal,
    Slot,
)
from PySide6.QtGui import QDrag, QGuiApplication, QImage, QMouseEvent, QPixmap
from PySide6.QtWidgets import QAbstractItemView, QApplication

from app.files import replacing
from app.gui.kit.card_mime import add_card
from app.gui.kit.operations import LatestRequest

log = logging.getLogger("app.gui")
DRAG_WIDTH = 120
"""Width in pixels of the picture under the pointer while dragging."""

TileSource = Callable[[QModelIndex], tuple[Path, str] | None]
CardSource = Callable[[QModelIndex], tuple[str, str | None] | None]
"""Maps a tile to ``(card slug, edition uuid or None)`` (dropped onto a deck), or None."""
"""Maps a view's index to ``(stored image file, readable file name)``, or None."""


def named_copy(source: Path, name: str, folder: Path) -> Path:
    """``source`` under ``name`` in ``folder`` (a hard link, else a copy written through
    :func:`app.files.replacing`, so a full disk leaves no half image to drag out); older
    files there are removed first, so the folder holds only the latest.

    Raises:
        OSError: neither a link nor a copy could be made (``WriteFailed`` for the copy).
    """
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():
        if old.is_file():
            old.unlink(missing_ok=True)
    target = folder / name
    try:
        os.link(source, target)
    except OSError:
        with replacing(target, own=True) as tmp:  # the folder is in Archivist's cache
            shutil.copyfile(source, tmp)
    return target


def image_mime(image: QImage | None, file: Path | None) -> QMimeData:
    """Mime data holding ``image`` (if any) and ``file``'s URL (if any)."""
    mime = QMimeData()
    if image is not None and not image.isNull():
        mime.setImageData(image)
    if file is not None:
        mime.setUrls([QUrl.fromLocalFile(str(file))])
    return mime


class ImageCopier(QObject):
    """Puts an image on the clipboard: decoded in ``pool``, set in the GUI thread.

    Signals:
        copied(str): a status message once the clipboard holds it.
        failed(str): why it could not be copied.
    """

    copied = Signal(str)
    failed = Signal(str)

    def __init__(self, pool: QThreadPool, folder: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._folder = folder
        self._mime: QMimeData | None = None  # what this copier last put on the clipboard
        self._request = LatestRequest(pool, self)
        self._request.finished.connect(self._on_loaded)
        self._request.failed.connect(lambda error: self.failed.emit(str(error)))

    def copy(self, source: Path, name: str) -> None:
        """Copy the image file ``source``, offered as ``name``."""
        folder = self._folder

        def load() -> tuple[QImage, Path, str]:
            image = QImage(str(source))
            if image.isNull():
                raise OSError(f"cannot read the image {source.name}")
            return image, named_copy(source, name, folder), name

        self._request.submit(load)

    @Slot(object)
    def _on_loaded(self, result: tuple[QImage, Path, str]) -> None:
        image, file, name = result
        mime = image_mime(image, file)
        QGuiApplication.clipboard().setMimeData(mime)
        self._mime = mime
        self.copied.emit(f"Copied {name} to the clipboard")

    def release(self) -> None:
        """Before the application quits: hand the clipboard a copy Qt made itself.

        Mime data made from Python and still held by the clipboard when QApplication is
        destroyed crashes the process at exit (PySide6 6.11, seen offscreen). The image
        stays on the clipboard (for clipboard managers); the file link does not.
        """
        clipboard = QGuiApplication.clipboard()
        if self._mime is None or clipboard.mimeData() is not self._mime:
            return
        image = clipboard.image()
        if image.isNull():
            clipboard.clear()
        else:
            clipboard.setImage(image)
        self._mime = None


class DragOut(QObject):
    """Lets tiles of ``view`` be dragged out as image files.

    Args:
        view: the grid or gallery view.
        source: maps an index to its image file and readable name.
        folder: where the readably named link or copy is made.
        card: maps an index to its card, carried for a drop onto a deck (optional).
    """

    def __init__(self, view: QAbstractItemView, source: TileSource, folder: Path,
                 card: CardSource | None = None) -> None:
        super().__init__(view)
        self._view, self._source, self._folder = view, source, folder
        self._card = card
        self._press: tuple[QPoint, QModelIndex] | None = None
        view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Start a drag when the pointer moves far enough with the left button held."""
        if not isinstance(event, QMouseEvent):
            return False
        kind = event.type()
        if kind == QEvent.Type.MouseButtonPress and event.button() == Qt.MouseButton.LeftButton:
            index = self._view.indexAt(event.position().toPoint())
            self._press = (event.position().toPoint(), index) if index.isValid() else None
        elif kind == QEvent.Type.MouseButtonRelease:
            self._press = None
        elif (kind == QEvent.Type.MouseMove and self._press is not None
              and event.buttons() & Qt.MouseButton.LeftButton):
            moved = (event.position().toPoint() - self._press[0]).manhattanLength()
            if moved >= QApplication.startDragDistance():
                index = self._press[1]
                self._press = None
                self.start_drag(index)
                return True
        return False

    def start_drag(self, index: QModelIndex) -> Qt.DropAction:
        """Drag the image of ``index`` out (returns what the drop did); the drag also
        carries the tile's card (:mod:`app.gui.kit.card_mime`) when ``card`` was given."""
        found = self._source(index)
        card = self._card(index) if self._card is not None else None
        if found is None and card is None:
            return Qt.DropAction.IgnoreAction
        file = None
        if found is not None:
            source, name = found
            try:
                file = named_copy(source, name, self._folder)
            except OSError as error:
                log.warning("cannot drag %s: %s", name, error)
                if card is None:
                    return Qt.DropAction.IgnoreAction
        mime = image_mime(None, file)
        if card is not None:
            add_card(mime, *card)
        drag = QDrag(self._view)
        drag.setMimeData(mime)
        thumbnail = index.data(Qt.ItemDataRole.DecorationRole)
        if isinstance(thumbnail, QImage) and not thumbnail.isNull():
            drag.setPixmap(QPixmap.fromImage(thumbnail).scaledToWidth(
                DRAG_WIDTH, Qt.TransformationMode.SmoothTransformation))
        return drag.exec(Qt.DropAction.CopyAction)
