"""The deck open as cards: each zone's entries as card images with quantity badges.

Each entry shows its chosen printing (:meth:`~app.decks.cards.DeckCards.edition`) from
the window's :class:`~app.gui.kit.thumbnails.ThumbnailProvider`; an edition without a stored
image is drawn as the grids draw it (:func:`~app.gui.kit.card_paint.paint_placeholder`), a
name the catalogue does not hold as a placeholder captioned "not in the catalogue". Each
zone is a model/view list in icon mode, as tall as its tiles, under its heading.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QPersistentModelIndex,
    QRectF,
    QSize,
    QSizeF,
    Qt,
)
from PySide6.QtGui import QColor, QPainter, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QListView,
    QScrollArea,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from app.decks import ZONES, Deck, DeckCards, Entry, Zone
from app.gui.decks.models import DataRole
from app.gui.kit.card_paint import TILE_PADDING, paint_tile_card, scaled_font
from app.gui.kit.cells import safe_cells
from app.gui.kit.thumbnails import ThumbnailProvider, ThumbState

THUMB = QSize(90, 126)
"""A card's size in the view (63:88; from 90 pixels wide a placeholder shows the name)."""
MISSING_CAPTION = "not in the catalogue"
AnyIndex = QModelIndex | QPersistentModelIndex


class ZoneImageModel:
    """What one zone's tiles show: per entry its name, caption, image file and quantity."""

    def __init__(self) -> None:
        self.rows: list[tuple[Entry, str, str, str | None]] = []  # entry, name, caption, file

    def set_deck(self, deck: Deck | None, zone: Zone, cards: DeckCards | None) -> None:
        """Take ``zone``'s entries of ``deck`` (None: none)."""
        self.rows = []
        for entry in deck.zone(zone) if deck is not None else []:
            card = cards.get(entry.card_uuid) if cards is not None else None
            if card is None:
                self.rows.append((entry, entry.name, MISSING_CAPTION, None))
                continue
            edition = cards.edition(card, entry.edition_uuid) if cards is not None else None
            caption = f"{edition.set_prefix} · {edition.collector_number}" if edition else ""
            self.rows.append((entry, card.name, caption, edition.image_file if edition and
                              edition.has_image else None))


class ZoneTiles(QAbstractListModel):
    """The tiles of one zone (a Qt list model over :class:`ZoneImageModel`'s rows)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.data_rows = ZoneImageModel()

    def set_deck(self, deck: Deck | None, zone: Zone, cards: DeckCards | None) -> None:
        """Show ``zone`` of ``deck``."""
        self.beginResetModel()
        self.data_rows.set_deck(deck, zone, cards)
        self.endResetModel()

    def copies(self) -> int:
        """The copies the badges add up to."""
        return sum(row[0].quantity for row in self.data_rows.rows)

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """The number of entries (0 under a valid parent)."""
        return 0 if parent.isValid() else len(self.data_rows.rows)

    @safe_cells
    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Display/ToolTip: ``4 × Name``; DataRole: the entry."""
        if not index.isValid() or not 0 <= index.row() < len(self.data_rows.rows):
            return None
        entry, name, caption, _file = self.data_rows.rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{entry.quantity} × {name}"
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{entry.quantity} × {name} ({caption})" if caption else name
        if role == DataRole:
            return entry
        return None


class TileDelegate(QStyledItemDelegate):
    """Paints a card (thumbnail, placeholder or loading outline) and its quantity badge."""

    def __init__(self, tiles: ZoneTiles, provider: ThumbnailProvider | None,
                 parent: Any = None) -> None:
        super().__init__(parent)
        self._tiles, self._provider = tiles, provider

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:
        """The tile: the card and its padding."""
        return THUMB + QSize(2 * TILE_PADDING, 2 * TILE_PADDING)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        """The card, then a round badge with the quantity at its top right."""
        entry, name, caption, filename = self._tiles.data_rows.rows[index.row()]
        image = None
        missing = filename is None or self._provider is None
        if filename is not None and self._provider is not None:
            image = self._provider.image(filename, THUMB.width(), THUMB.height())
            missing = image is None and self._provider.state(
                filename, THUMB.width(), THUMB.height()) is ThumbState.MISSING
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        card = paint_tile_card(painter, option, QSizeF(THUMB), image, missing, name, caption)
        self._badge(painter, card, entry.quantity, option)
        painter.restore()

    @staticmethod
    def _badge(painter: QPainter, card: QRectF, quantity: int,
               option: QStyleOptionViewItem) -> None:
        size = 22.0
        rect = QRectF(card.right() - size - 2, card.top() + 2, size, size)
        painter.setPen(QColor(255, 255, 255, 230))
        painter.setBrush(QColor(20, 20, 20, 215))
        painter.drawEllipse(rect)
        painter.setFont(scaled_font(option.font, 1.0, bold=True))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, f"{quantity}")


class ZoneImages(QListView):
    """One zone's tiles, wrapping, as tall as they need (the page scrolls, not the list)."""

    def __init__(self, zone: Zone, provider: ThumbnailProvider | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.zone = zone
        self.tiles = ZoneTiles(self)
        self.setModel(self.tiles)
        self.setItemDelegate(TileDelegate(self.tiles, provider, self))
        self.setViewMode(QListView.ViewMode.IconMode)
        self.setFlow(QListView.Flow.LeftToRight)
        self.setWrapping(True)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setMovement(QListView.Movement.Static)
        self.setUniformItemSizes(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QListView.Shape.NoFrame)
        self.setAccessibleName(f"{zone.heading} as cards")
        self.setGridSize(THUMB + QSize(2 * TILE_PADDING, 2 * TILE_PADDING))

    def fit_height(self) -> None:
        """Be exactly as tall as the rows of tiles at the current width."""
        grid = self.gridSize()
        per_row = max(1, self.viewport().width() // max(1, grid.width()))
        rows = math.ceil(self.tiles.rowCount() / per_row)
        self.setFixedHeight(rows * grid.height() + 4)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Refit the height to the new width."""
        super().resizeEvent(event)
        self.fit_height()


class DeckImagesView(QScrollArea):
    """The deck's zones as cards, under headings (``Main Deck (60)``).

    Args:
        provider: the window's thumbnails (None: placeholders only).
        parent: the owning widget.
    """

    def __init__(self, provider: ThumbnailProvider | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 0, 0, 0)
        self.zones: dict[Zone, ZoneImages] = {}
        self.headings: dict[Zone, QLabel] = {}
        for zone in ZONES:
            heading = QLabel()
            heading.setStyleSheet("font-weight: bold")
            view = ZoneImages(zone, provider)
            self.headings[zone], self.zones[zone] = heading, view
            layout.addWidget(heading)
            layout.addWidget(view)
        layout.addStretch(1)
        self.setWidget(body)
        self._provider = provider
        if provider is not None:
            provider.ready.connect(self._on_ready)

    def set_deck(self, deck: Deck | None, cards: DeckCards | None) -> None:
        """Show ``deck`` (None: nothing) with printings from ``cards``."""
        for zone, view in self.zones.items():
            view.tiles.set_deck(deck, zone, cards)
            count = deck.quantity(zone) if deck is not None else 0
            self.headings[zone].setText(f"{zone.heading} ({count})")
            self.headings[zone].setVisible(view.tiles.rowCount() > 0)
            view.setVisible(view.tiles.rowCount() > 0)
            view.fit_height()

    def copies(self) -> int:
        """The copies the tiles' badges add up to, over every zone."""
        return sum(view.tiles.copies() for view in self.zones.values())

    def thumbnails_done(self) -> bool:
        """True when every tile's thumbnail is made or known missing (asks for the rest)."""
        provider = self._provider
        if provider is None:
            return True
        done = True
        for view in self.zones.values():
            for _entry, _name, _caption, filename in view.tiles.data_rows.rows:
                if filename is not None and provider.image(
                        filename, THUMB.width(), THUMB.height()) is None:
                    done = done and provider.state(filename, THUMB.width(), THUMB.height()
                                                   ) is ThumbState.MISSING
        return done

    def _on_ready(self, _key: str) -> None:
        for view in self.zones.values():
            if view.isVisible():
                view.viewport().update()
