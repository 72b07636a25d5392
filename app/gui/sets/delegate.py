"""Painting of the "Featured sets" page: group rows as banners with the group's logo, or a
drawn banner (its code and name on a gradient) when the logo is absent, the usual case."""

from __future__ import annotations

import zlib

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QLinearGradient, QPainter
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem

from app.gui.kit.card_paint import scaled_font
from app.gui.sets.model import FeaturedGroup, FeaturedSetsModel
from app.safetext import escape_controls

BANNER = QSize(180, 64)
PAD = 10


def _group(index: QModelIndex | QPersistentModelIndex) -> FeaturedGroup | None:
    """The group of a group row, asked of the Python model directly: ``index.data(role)``
    of PySide6 6.12 drops a reference to None whenever the answer is None, which adds up
    to a crash when done on every paint."""
    model = index.model()
    group = model.data(index, FeaturedSetsModel.GroupRole) if model is not None else None
    return group if isinstance(group, FeaturedGroup) else None


def paint_banner(painter: QPainter, rect: QRectF, group: FeaturedGroup) -> None:
    """The group's logo scaled into ``rect``, or a rounded banner with its code and name."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    if group.logo is not None:
        size = group.logo.size().scaled(rect.size().toSize(), Qt.AspectRatioMode.KeepAspectRatio)
        target = QRectF(rect.x(), rect.y() + (rect.height() - size.height()) / 2,
                        size.width(), size.height())
        painter.drawImage(target, group.logo)
        painter.restore()
        return
    hue = zlib.crc32(group.name.encode()) % 360
    gradient = QLinearGradient(rect.topLeft(), rect.bottomRight())
    gradient.setColorAt(0, QColor.fromHsl(hue, 110, 92))
    gradient.setColorAt(1, QColor.fromHsl((hue + 40) % 360, 120, 58))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(gradient)
    painter.drawRoundedRect(rect, 12, 12)
    painter.setPen(QColor("white"))
    painter.setFont(scaled_font(painter.font(), 1.7, bold=True))
    code = rect.adjusted(10, 4, -10, -rect.height() * 0.38)
    painter.drawText(code, Qt.AlignmentFlag.AlignCenter, escape_controls(group.code))
    painter.setFont(scaled_font(painter.font(), 0.45, bold=False))
    name = rect.adjusted(8, rect.height() * 0.58, -8, -4)
    text = painter.fontMetrics().elidedText(escape_controls(group.name),
                                            Qt.TextElideMode.ElideRight,
                                            int(name.width()))
    painter.drawText(name, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


class GroupDelegate(QStyledItemDelegate):
    """Paints group rows as banners (logo, name, number of sets); set rows as usual."""

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
                 ) -> QSize:
        """Group rows are as tall as the banner; set rows a little roomier than text."""
        base = super().sizeHint(option, index)
        if _group(index) is not None:
            return QSize(base.width(), BANNER.height() + 2 * PAD)
        return QSize(base.width(), base.height() + 8)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        """Draw a banner for a group row, the default item for a set row."""
        group = _group(index)
        if group is None:
            super().paint(painter, option, index)
            return
        rect = option.rect
        palette = option.palette
        painter.fillRect(rect, palette.alternateBase())
        banner = QRectF(rect.x() + PAD, rect.y() + PAD, BANNER.width(), BANNER.height())
        paint_banner(painter, banner, group)
        painter.save()
        left = int(banner.right()) + 2 * PAD
        text = rect.adjusted(left - rect.x(), PAD, -PAD, -PAD)
        painter.setPen(palette.text().color())
        painter.setFont(scaled_font(option.font, 1.35, bold=True))
        top = text.adjusted(0, 0, 0, -text.height() // 2)
        painter.drawText(top, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom,
                         escape_controls(group.name))
        painter.setFont(option.font)
        painter.setPen(palette.placeholderText().color())
        count = len(group.sets)
        bottom = text.adjusted(0, text.height() // 2 + 4, 0, 0)
        painter.drawText(bottom, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                         f"{count} set{'' if count == 1 else 's'}")
        painter.restore()
