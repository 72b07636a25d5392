"""``archivist screenshot --page scan --photos FOLDER``: the review of Collection ▸ Add
from photos… with the photos scanned, every row's card image in."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap

from app.errors import InvalidRequest
from app.gui.collection.scan_model import CARD
from app.gui.kit.thumbnails import ThumbState
from app.gui.shell.main_window import MainWindow


def check(page: str, photos: Path | None) -> None:
    """Refuse ``--photos`` without ``--page scan`` and the other way round.

    Raises:
        InvalidRequest: one without the other, or a folder or file that is not there.
    """
    if page == "scan" and photos is None:
        raise InvalidRequest("--page scan needs --photos FOLDER (photo files to scan)")
    if page != "scan" and photos is not None:
        raise InvalidRequest("--photos goes with --page scan")
    if photos is not None and not photos.exists():
        raise InvalidRequest(f"No such photo or folder: {photos}")


def prepare(window: MainWindow, photos: Path, size: tuple[int, int]) -> None:
    """Show the Collection page and scan ``photos`` into its review, ``size`` large."""
    window.show_page("collection")
    actions = window.collection.photos
    if actions is None:
        raise InvalidRequest("This catalogue cannot scan photos")
    review = actions.scan([photos])
    review.resize(*size)


def settled(window: MainWindow) -> bool:
    """True when the scan ended and every row's card image is made (or known missing)."""
    actions = window.collection.photos
    review = actions.review if actions is not None else None
    if review is None or review.outcome is None:
        return False
    model = review.model
    for row in range(model.rowCount()):
        image_file = model.shown_image(model.review_row(row))
        model.data(model.index(row, CARD), Qt.ItemDataRole.DecorationRole)  # asks for it
        if image_file and model.card_state(image_file) not in (ThumbState.READY,
                                                               ThumbState.MISSING):
            return False
    return True


def grab(window: MainWindow) -> QPixmap:
    """The review's picture."""
    actions = window.collection.photos
    assert actions is not None and actions.review is not None
    return actions.review.grab()
