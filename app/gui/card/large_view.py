"""One edition large, with Previous and Next (Left and Right); Esc closes.

The image is the full rounded variant (endpoint 3, ``rounded=true``), fitted into the
window at the screen's resolution; an edition without a stored image is a drawn
placeholder. Previous and Next stop at the first and last edition (the buttons are
disabled there; the keys do nothing) rather than wrap around, so the counter
``3 of 14`` always reads in order.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QRectF, QSize, Qt, Slot
from PySide6.QtGui import QImage, QKeyEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from app.gui.kit.card_paint import paint_loading, paint_placeholder
from app.gui.kit.edition_data import EditionInfo
from app.gui.kit.rounded_images import RoundedImages
from app.gui.kit.thumbnails import ThumbState

CARD_RATIO = 88.0 / 63.0
"""Height over width of a printed card."""


class ImageCanvas(QWidget):
    """Paints one full-size rounded image fitted into the widget, keeping its proportions."""

    def __init__(self, images: RoundedImages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._images = images
        self._file, self._name, self._caption = "", "", ""
        self.setMinimumSize(QSize(180, 252))
        images.ready.connect(self._on_ready)

    def show_image(self, image_file: str, name: str, caption: str) -> None:
        """Show ``image_file`` ("" for a placeholder with ``name`` and ``caption``)."""
        self._file, self._name, self._caption = image_file, name, caption
        if image_file:
            self._images.image(image_file)
        self.update()

    def state(self) -> ThumbState:
        """Where the image is (``MISSING`` for a placeholder)."""
        return self._images.state(self._file) if self._file else ThumbState.MISSING

    def paintEvent(self, event: QPaintEvent) -> None:
        """The image fitted and centred; else the placeholder or a loading outline."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        image = self._images.image(self._file) if self._file else None
        ratio = (image.height() / image.width()) if isinstance(image, QImage) and \
            not image.isNull() and image.width() else CARD_RATIO
        width = min(self.width(), self.height() / ratio)
        target = QRectF((self.width() - width) / 2, (self.height() - width * ratio) / 2,
                        width, width * ratio)
        if isinstance(image, QImage) and not image.isNull():
            painter.drawImage(target, image)
        elif self.state() == ThumbState.MISSING:
            paint_placeholder(painter, target, self._name, self._caption)
        else:
            paint_loading(painter, target, self.palette().midlight().color())
        painter.end()

    @Slot(str)
    def _on_ready(self, key: str) -> None:
        if self._file and key == RoundedImages.key(self._file):
            self.update()


class LargeView(QDialog):
    """One edition of a card large, with Previous/Next through the card's editions.

    Args:
        images: makes the full-size rounded images.
        parent: the gallery.
    """

    def __init__(self, images: RoundedImages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._editions: list[EditionInfo] = []
        self._row, self._name = 0, ""
        self.canvas = ImageCanvas(images)
        self.caption = QLabel()
        self.caption.setObjectName("largeCaption")
        self.caption.setTextFormat(Qt.TextFormat.RichText)  # escaped by _esc
        self.caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.caption.setWordWrap(True)
        self.counter = QLabel(textFormat=Qt.TextFormat.PlainText)
        self.counter.setObjectName("largeCounter")
        self.previous_button = QPushButton("◀ Previous")
        self.next_button = QPushButton("Next ▶")
        for button, tip, slot in ((self.previous_button, "Previous edition (Left)", self.previous),
                                  (self.next_button, "Next edition (Right)", self.next)):
            button.setToolTip(tip)
            button.setAutoDefault(False)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # arrows would move the focus
            button.clicked.connect(lambda _=False, go=slot: go())
        bar = QHBoxLayout()
        bar.addWidget(self.previous_button)
        bar.addStretch(1)
        bar.addWidget(self.counter)
        bar.addStretch(1)
        bar.addWidget(self.next_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 12, 12, 10)
        layout.addWidget(self.canvas, 1)
        layout.addWidget(self.caption)
        layout.addLayout(bar)
        self.canvas.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.canvas.setFocus()
        self.resize(560, 860)

    @property
    def row(self) -> int:
        """The index of the edition shown in the list given to :meth:`show_editions`."""
        return self._row

    def show_editions(self, card_name: str, editions: list[EditionInfo], row: int) -> None:
        """Show ``editions[row]`` of the card ``card_name`` (``row`` is clamped)."""
        self._name, self._editions = card_name, list(editions)
        self._show(row)

    @Slot()
    def previous(self) -> None:
        """Show the previous edition; nothing at the first."""
        self._show(self._row - 1)

    @Slot()
    def next(self) -> None:
        """Show the next edition; nothing at the last."""
        self._show(self._row + 1)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Left: previous edition; Right: next; Esc closes (QDialog)."""
        plain = event.modifiers() in (Qt.KeyboardModifier.NoModifier,
                                      Qt.KeyboardModifier.KeypadModifier)  # macOS arrows
        if event.key() == Qt.Key.Key_Left and plain:
            self.previous()
        elif event.key() == Qt.Key.Key_Right and plain:
            self.next()
        else:
            super().keyPressEvent(event)

    def settled(self) -> bool:
        """True when the image shown is made or known missing."""
        return self.canvas.state() in (ThumbState.READY, ThumbState.MISSING)

    def _show(self, row: int) -> None:
        if not self._editions:
            return
        self._row = max(0, min(row, len(self._editions) - 1))
        edition = self._editions[self._row]
        self.canvas.show_image(edition.image_file if edition.has_image else "", self._name,
                               edition.label)
        lines = [f"<b>{_esc(edition.set_prefix)} · {_esc(edition.collector_number)}</b>"
                 f" — {_esc(edition.set_name)}",
                 " · ".join(_esc(p) for p in (edition.rarity_text, edition.illustrator and
                                              f"Illustrated by {edition.illustrator}") if p)]
        self.caption.setText("<br>".join(line for line in lines if line))
        self.counter.setText(f"{self._row + 1} of {len(self._editions)}")
        self.previous_button.setEnabled(self._row > 0)
        self.next_button.setEnabled(self._row < len(self._editions) - 1)
        self.setWindowTitle(f"{self._name} — {edition.label}")


def _esc(text: str) -> str:
    return html.escape(text, quote=True)
