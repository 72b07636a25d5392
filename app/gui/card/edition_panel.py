"""The selected edition in the detail pane: its image, its texts, and Flip for flip cards.

:class:`EditionPanel` shows one :class:`~app.gui.kit.edition_data.EditionInfo`: a title (set
prefix and name), the edition image (:class:`CardImage`, from the shared thumbnail
provider, or a drawn placeholder), beside it the edition's facts and artists, and below its
prints and Thema scores. A flip edition (configuration ``flip`` with other orientations)
gets a Flip button that shows the other face — its name, types, effect and image — and back.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, Signal, Slot
from PySide6.QtGui import QImage, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from app.gui.card.edition_html import about_html, face_html, tables_html
from app.gui.card.safe_text import SafeText
from app.gui.kit.card_paint import paint_loading, paint_placeholder, paint_thumbnail, scaled_font
from app.gui.kit.edition_data import EditionInfo
from app.gui.kit.thumbnails import ThumbnailProvider, ThumbState

IMAGE_SIZE = QSize(150, 210)
"""The logical size of the edition image in the panel."""


class CardImage(QWidget):
    """One card image at :data:`IMAGE_SIZE`: the rounded thumbnail, a placeholder, or a
    loading outline. Clicking it emits ``clicked``.

    Args:
        provider: makes the thumbnails (at the screen's pixel ratio).
        parent: the owning widget.
    """

    clicked = Signal()

    def __init__(self, provider: ThumbnailProvider, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._provider = provider
        self._file, self._name, self._caption = "", "", ""
        self.setFixedSize(IMAGE_SIZE)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip("Show large (Enter in the gallery)")
        provider.ready.connect(self._on_ready)

    def show_image(self, image_file: str, has_image: bool, name: str, caption: str) -> None:
        """Show ``image_file`` (asked for now), or a placeholder with ``name`` and ``caption``."""
        self._file = image_file if has_image else ""
        self._name, self._caption = name, caption
        if self._file:
            self._provider.image(self._file, IMAGE_SIZE.width(), IMAGE_SIZE.height())
        self.update()

    def state(self) -> ThumbState:
        """Where the image is (``MISSING`` for a placeholder)."""
        if not self._file:
            return ThumbState.MISSING
        return self._provider.state(self._file, IMAGE_SIZE.width(), IMAGE_SIZE.height())

    def paintEvent(self, event: QPaintEvent) -> None:
        """Paint the image, the placeholder, or the loading outline."""
        painter = QPainter(self)
        rect = QRectF(self.rect())
        image = (self._provider.image(self._file, IMAGE_SIZE.width(), IMAGE_SIZE.height())
                 if self._file else None)
        if isinstance(image, QImage) and not image.isNull():
            paint_thumbnail(painter, rect, image)
        elif self.state() == ThumbState.MISSING:
            paint_placeholder(painter, rect, self._name, self._caption)
        else:
            paint_loading(painter, rect, self.palette().midlight().color())
        painter.end()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        """A left click emits ``clicked``."""
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit()
        super().mouseReleaseEvent(event)

    @Slot(str)
    def _on_ready(self, key: str) -> None:
        if self._file and key == ThumbnailProvider.key(self._file, IMAGE_SIZE.width(),
                                                       IMAGE_SIZE.height()):
            self.update()


class EditionPanel(QWidget):
    """One edition: title, image with its texts beside, prints and Thema below, Flip.

    Signals:
        linkActivated(str): an internal link was clicked (the Thema chart links).
        imageClicked(): the edition image was clicked (show it large).

    Args:
        provider: the shared thumbnail provider.
        parent: the owning widget.
    """

    linkActivated = Signal(str)
    imageClicked = Signal()

    def __init__(self, provider: ThumbnailProvider, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._edition: EditionInfo | None = None
        self._card_name, self._css, self._face = "", "", 0
        self.title = QLabel()
        self.title.setObjectName("editionTitle")
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setWordWrap(True)
        self.title.setFont(scaled_font(self.font(), 1.1, bold=True))
        self.flip_button = QToolButton()
        self.flip_button.setText("Flip")
        self.flip_button.setObjectName("flip")
        self.flip_button.setToolTip("Show the other face of this flip card")
        self.flip_button.clicked.connect(self.flip)
        self.image = CardImage(provider)
        self.image.clicked.connect(self.imageClicked)
        self.side = SafeText("editionSide")
        self.face_text = SafeText("editionFace")  # a flip card's other face, full width
        self.tables = SafeText("editionTables")
        for text in (self.side, self.face_text, self.tables):
            text.linkActivated.connect(self.linkActivated)

        head = QHBoxLayout()
        head.setContentsMargins(0, 0, 0, 0)
        head.addWidget(self.title, 1)
        head.addWidget(self.flip_button, 0, Qt.AlignmentFlag.AlignTop)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(12)
        row.addWidget(self.image, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.side, 1, Qt.AlignmentFlag.AlignTop)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(8)
        column.addLayout(head)
        column.addLayout(row)
        column.addWidget(self.face_text)
        column.addWidget(self.tables)

    @property
    def edition(self) -> EditionInfo | None:
        """The edition shown, or None."""
        return self._edition

    @property
    def face(self) -> int:
        """0 for the edition's own face, ``i`` for ``edition.faces[i - 1]``."""
        return self._face

    def show_edition(self, edition: EditionInfo | None, card_name: str, css: str) -> None:
        """Show ``edition`` (its own face) styled with ``css``; None hides the panel."""
        self._edition, self._card_name, self._css, self._face = edition, card_name, css, 0
        self.setVisible(edition is not None)
        if edition is not None:
            self.title.setText(f"{edition.set_prefix} · {edition.set_name}".strip(" ·"))
            self.flip_button.setVisible(bool(edition.faces))
            self._render()

    def restyle(self, css: str) -> None:
        """Use ``css`` from now on (the palette changed) and render again."""
        self._css = css
        if self._edition is not None:
            self._render()

    @Slot()
    def flip(self) -> None:
        """Show the next face of a flip edition (after the last, the edition's own again)."""
        if self._edition is None or not self._edition.faces:
            return
        self._face = (self._face + 1) % (len(self._edition.faces) + 1)
        self._render()

    def _render(self) -> None:
        edition = self._edition
        assert edition is not None
        self.side.set_html(about_html(edition, self._face), self._css)
        face = face_html(edition.faces[self._face - 1]) if self._face else ""
        self.face_text.set_html(face, self._css)  # the other face laid out like the front
        self.face_text.setVisible(bool(face))
        tables = tables_html(edition)
        self.tables.set_html(tables, self._css)
        self.tables.setVisible(bool(tables))
        if self._face:
            shown = edition.faces[self._face - 1]
            self.image.show_image(shown.image_file, shown.has_image, shown.name, edition.caption)
            self.flip_button.setText("Flip back" if self._face == len(edition.faces) else "Flip")
        else:
            self.image.show_image(edition.image_file, edition.has_image, self._card_name,
                                  edition.caption)
            self.flip_button.setText("Flip")
