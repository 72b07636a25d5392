"""The edition gallery: every edition of a card as a rounded image, set and number below.

:class:`GalleryDialog` is a non-modal window (the detail pane's Gallery button or Ctrl+G).
Its ``QListView`` in icon mode shows a :class:`~app.gui.card.gallery_model.GalleryModel`
painted by :class:`GalleryDelegate`; an edition without a stored image is a drawn
placeholder. A click or Enter opens the :class:`~app.gui.card.large_view.LargeView`.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRectF, QSize, Qt, Slot
from PySide6.QtGui import QFontMetrics, QImage, QPainter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QLabel,
    QListView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from app.gui.card.gallery_model import GalleryModel
from app.gui.card.large_view import LargeView
from app.gui.kit.card_paint import (
    paint_loading,
    paint_placeholder,
    paint_selection,
    paint_thumbnail,
    scaled_font,
)
from app.gui.kit.detail_data import CardDetail
from app.gui.kit.rounded_images import RoundedImages, RoundedReader
from app.gui.kit.thumbnails import ThumbState

TILE = QSize(180, 252)
"""The logical size of a gallery image (a card's 63:88 proportions)."""
PADDING = 10
_DONE = (ThumbState.READY, ThumbState.MISSING)


def bring_up(window: QWidget) -> None:
    """Show ``window``, or raise it over the others when it is shown already (a newly shown
    window is on top anyway), and give it the focus."""
    if window.isVisible():
        window.raise_()
    else:
        window.show()
    window.activateWindow()


class GalleryDelegate(QStyledItemDelegate):
    """Paints one edition: its rounded image (or a placeholder) and the caption below."""

    def sizeHint(self, option: QStyleOptionViewItem,
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        """The image, padding and one line of caption."""
        line = QFontMetrics(option.font).lineSpacing()
        return QSize(TILE.width() + 2 * PADDING, TILE.height() + 2 * PADDING + line + 4)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        """Paint the edition of ``index`` into ``option.rect``."""
        rect, palette = option.rect, option.palette
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_selection(painter, option)
        image_rect = QRectF(rect.x() + (rect.width() - TILE.width()) / 2, rect.y() + PADDING,
                            TILE.width(), TILE.height())
        image = index.data(GalleryModel.ImageRole)
        caption = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        model = index.model()
        name = model.card_name if isinstance(model, GalleryModel) else ""
        if isinstance(image, QImage) and not image.isNull():
            paint_thumbnail(painter, image_rect, image)
        elif index.data(GalleryModel.StateRole) == ThumbState.MISSING:
            paint_placeholder(painter, image_rect, name, caption)
        else:
            paint_loading(painter, image_rect, palette.midlight().color())
        metrics = QFontMetrics(option.font)
        painter.setFont(option.font)
        painter.setPen(palette.text().color())
        box = QRectF(rect.x() + 4, image_rect.bottom() + 4, rect.width() - 8,
                     metrics.lineSpacing())
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, metrics.elidedText(
            caption, Qt.TextElideMode.ElideMiddle, int(box.width())))
        painter.restore()


class GalleryDialog(QDialog):
    """Every edition of one card; click or Enter shows one large.

    Args:
        read: reads an image's rounded variant (``catalogue.card_image(f, rounded=True)``).
        parent: the main window.
    """

    def __init__(self, read: RoundedReader, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Gallery")
        scale = parent.devicePixelRatioF() if parent is not None else self.devicePixelRatioF()
        self.images = RoundedImages(read, scale=scale, parent=self)
        self.model = GalleryModel(self.images, TILE, self)
        self.title = QLabel(textFormat=Qt.TextFormat.PlainText)  # catalogue text: never rich
        self.title.setObjectName("galleryTitle")
        self.title.setFont(scaled_font(self.font(), 1.3, bold=True))
        self.view = QListView()
        self.view.setObjectName("gallery")
        self.view.setViewMode(QListView.ViewMode.IconMode)
        self.view.setResizeMode(QListView.ResizeMode.Adjust)
        self.view.setMovement(QListView.Movement.Static)
        self.view.setUniformItemSizes(True)
        self.view.setSpacing(4)
        self.view.setMouseTracking(True)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setItemDelegate(GalleryDelegate(self.view))
        self.view.setModel(self.model)
        self.large = LargeView(self.images, self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 12)
        layout.addWidget(self.title)
        layout.addWidget(self.view, 1)
        self.view.clicked.connect(self._on_activated)
        self.view.activated.connect(self._on_activated)
        self.resize(920, 680)

    @Slot(object, int)
    def show_card(self, detail: CardDetail, row: int = -1, current: int = -1) -> None:
        """Show the editions of ``detail``; ``row`` ≥ 0 also opens that edition large;
        ``current`` ≥ 0 (with ``row`` -1) makes that edition the current tile (the one the
        detail pane shows)."""
        if detail.editions != [self.model.edition(r) for r in range(self.model.rowCount())]:
            self.model.set_editions(detail.name, detail.editions)
        count = len(detail.editions)
        self.title.setText(f"{detail.name} — {count} edition" + ("" if count == 1 else "s"))
        self.setWindowTitle(f"Gallery — {detail.name}")
        bring_up(self)
        if 0 <= row < count:
            self.view.setCurrentIndex(self.model.index(row))
            self.show_large(row)
        elif 0 <= current < count:
            self.view.setCurrentIndex(self.model.index(current))
            self.view.scrollTo(self.model.index(current))

    def show_large(self, row: int) -> None:
        """Open the large view at the edition of ``row``."""
        editions = [self.model.edition(r) for r in range(self.model.rowCount())]
        self.large.show_editions(self.model.card_name, editions, row)
        bring_up(self.large)

    def settled(self) -> bool:
        """True when every tile's image is made or known missing (and the large view's)."""
        for row in range(self.model.rowCount()):
            self.model.data(self.model.index(row), GalleryModel.ImageRole)  # asks for it
            if self.model.state(row) not in _DONE:
                return False
        return not self.large.isVisible() or self.large.settled()

    def shutdown(self) -> None:
        """Stop the image workers (the window is closing)."""
        self.large.close()
        self.close()
        self.images.shutdown()

    @Slot(QModelIndex)
    def _on_activated(self, index: QModelIndex) -> None:
        if index.isValid():
            self.show_large(index.row())
