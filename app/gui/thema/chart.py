"""The one-year history chart of an edition's dynamic Thema scores (QtCharts).

Six score lines (the total and the five elements) on the left axis, the rank on a second,
inverted axis on the right (rank 1 at the top), days on a ``QDateTimeAxis``. A click on a
legend marker hides or shows its line; hovering shows the day's values and a crosshair.
"""

from __future__ import annotations

import math
from datetime import date
from functools import partial

from PySide6.QtCharts import (
    QChart,
    QChartView,
    QDateTimeAxis,
    QLegendMarker,
    QLineSeries,
    QValueAxis,
)
from PySide6.QtCore import QDateTime, QEvent, QLineF, QPointF, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen, QResizeEvent
from PySide6.QtWidgets import QGraphicsLineItem, QToolTip, QWidget

from app.gui.kit.theme import is_dark
from app.gui.thema.data import SERIES, History, day_msecs, tooltip_text

COLOURS = {  # key: (on light, on dark)
    "total": ("#1c7ed6", "#74c0fc"), "charm": ("#d6336c", "#f783ac"),
    "ferocity": ("#e8590c", "#ff922b"), "grace": ("#2f9e44", "#69db7c"),
    "mystique": ("#7048e8", "#b197fc"), "valor": ("#e0a800", "#ffd43b"),
    "rank": ("#868e96", "#adb5bd"),
}
SHORT_SPAN_DAYS = 100  # up to this span the axis names days, beyond it months


class ThemaChart(QChartView):
    """Score and rank lines of one :class:`~app.gui.thema.data.History`.

    Signals:
        drawn(): the view painted for the first time after :meth:`show_history`.

    Args:
        parent: the owning widget.
    """

    drawn = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(QChart(), parent)
        chart = self.chart()
        chart.setBackgroundRoundness(0)
        chart.setMargins(chart.margins() * 0)
        chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
        self.x_axis = QDateTimeAxis()
        self.y_axis, self.rank_axis = QValueAxis(), QValueAxis()
        for axis, title in ((self.y_axis, "Thema score"), (self.rank_axis, "Rank")):
            axis.setTitleText(title)
            axis.setLabelFormat("%d")
        self.rank_axis.setReverse(True)
        self.rank_axis.setTickType(QValueAxis.TickType.TicksDynamic)
        self.rank_axis.setTickAnchor(1)
        chart.addAxis(self.x_axis, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(self.y_axis, Qt.AlignmentFlag.AlignLeft)
        chart.addAxis(self.rank_axis, Qt.AlignmentFlag.AlignRight)
        self.series: dict[str, QLineSeries] = {}
        for key, label, _name in SERIES:
            series = QLineSeries()
            series.setName(label)
            chart.addSeries(series)
            series.attachAxis(self.x_axis)
            series.attachAxis(self.rank_axis if key == "rank" else self.y_axis)
            self.series[key] = series
        for marker in chart.legend().markers():
            marker.clicked.connect(partial(self._toggle, marker))
        self.crosshair = QGraphicsLineItem()
        self.crosshair.setZValue(10)
        self.crosshair.hide()
        chart.scene().addItem(self.crosshair)
        self.history: History | None = None
        self._max_rank, self._awaiting_paint = 1, False
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setMouseTracking(True)
        self.apply_palette()

    def show_history(self, history: History, max_rank: int = 1) -> None:
        """Draw ``history`` (each series filled with one ``replace()``) over its range.

        Args:
            history: the entries and points of one request.
            max_rank: the lowest rank to make room for on the rank axis.
        """
        self.history = history
        for key, series in self.series.items():
            series.replace(history.points.get(key, []))
        start, end = history.request.start, history.request.end
        self.x_axis.setRange(_stamp(start), _stamp(end))
        short = (end - start).days <= SHORT_SPAN_DAYS
        self.x_axis.setFormat("d MMM" if short else "MMM yyyy")
        ranks = [p.y() for p in history.points.get("rank", [])]
        self._max_rank = max([max_rank, 2, *[int(r) for r in ranks]])
        # headroom at both ends: a line at rank 1 (or the last rank) stays off the frame
        room = min(0.9, max(0.5, (self._max_rank - 1) * 0.06))  # < 1: no tick past a rank
        self.rank_axis.setRange(1 - room, self._max_rank + room)
        self.rank_axis.setTickInterval(max(1, math.ceil((self._max_rank - 1) / 6)))
        self._fit_scores()
        self.crosshair.hide()
        self._awaiting_paint = True
        self.viewport().update()

    @property
    def painted(self) -> bool:
        """True once the newest :meth:`show_history` has been painted (see :attr:`drawn`)."""
        return not self._awaiting_paint

    def set_series_visible(self, key: str, visible: bool) -> None:
        """Show or hide one line (``total``, ``charm``, …, ``rank``); its marker stays, dimmed."""
        self.series[key].setVisible(visible)
        for marker in self.chart().legend().markers(self.series[key]):
            marker.setVisible(True)
            self._dim(marker, not visible)
        self._fit_scores()

    def series_visible(self, key: str) -> bool:
        """True when the line ``key`` is shown."""
        return self.series[key].isVisible()

    def hover_text(self, x: float) -> str:
        """The tooltip for the day nearest to ``x`` (ms since the epoch); "" without data."""
        at = self.history.nearest(x) if self.history is not None else None
        return "" if at is None or self.history is None else tooltip_text(self.history.entries[at])

    def apply_palette(self) -> None:
        """Colour the chart, axes, legend and lines for the widget's palette (light or dark)."""
        palette, dark = self.palette(), is_dark(self.palette())
        chart = self.chart()
        chart.setBackgroundBrush(palette.base())
        chart.setPlotAreaBackgroundVisible(False)
        text = palette.text().color()
        grid = QColor(text)
        grid.setAlpha(40)
        for axis in (self.x_axis, self.y_axis, self.rank_axis):
            axis.setLabelsBrush(text)
            axis.setTitleBrush(text)
            axis.setLinePen(QPen(grid))
            axis.setGridLinePen(QPen(grid, 1))
        self.rank_axis.setGridLineVisible(False)
        chart.legend().setLabelColor(text)
        for key, series in self.series.items():
            pen = QPen(QColor(COLOURS[key][dark]), 2.6 if key == "total" else 1.6)
            if key == "rank":
                pen.setStyle(Qt.PenStyle.DashLine)
            series.setPen(pen)
        for marker in chart.legend().markers():
            self._dim(marker, not marker.series().isVisible())
        self.crosshair.setPen(QPen(grid, 1))

    def changeEvent(self, event: QEvent) -> None:
        """Follow palette changes (light ↔ dark)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.apply_palette()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """As many date labels as fit (about one per 120 pixels, 3 to 8)."""
        super().resizeEvent(event)
        self.x_axis.setTickCount(max(3, min(8, self.width() // 120)))

    def paintEvent(self, event: QPaintEvent) -> None:
        """Paint, and emit :attr:`drawn` on the first paint after new data."""
        super().paintEvent(event)
        if self._awaiting_paint:
            self._awaiting_paint = False
            self.drawn.emit()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        """Show the hovered day's values and a vertical line at that day."""
        super().mouseMoveEvent(event)
        chart, series, area = self.chart(), self.series["total"], self.chart().plotArea()
        at_chart = chart.mapFromScene(self.mapToScene(event.position().toPoint()))
        x_value = chart.mapToValue(at_chart, series).x()
        at = self.history.nearest(x_value) if self.history is not None else None
        if at is None or self.history is None or not area.contains(at_chart):
            self.crosshair.hide()
            QToolTip.hideText()
            return
        x = chart.mapToPosition(QPointF(self.history.xs[at], 0), series).x()
        self.crosshair.setLine(QLineF(chart.mapToScene(QPointF(x, area.top())),
                                      chart.mapToScene(QPointF(x, area.bottom()))))
        self.crosshair.show()
        QToolTip.showText(event.globalPosition().toPoint(), self.hover_text(x_value), self)

    def leaveEvent(self, event: QEvent) -> None:
        """Hide the crosshair when the pointer leaves."""
        super().leaveEvent(event)
        self.crosshair.hide()

    def _toggle(self, marker: QLegendMarker) -> None:
        key = next(k for k, s in self.series.items() if s is marker.series())
        self.set_series_visible(key, not self.series[key].isVisible())

    @staticmethod
    def _dim(marker: QLegendMarker, dim: bool) -> None:
        alpha = 90 if dim else 255
        brushes = ((marker.labelBrush, marker.setLabelBrush), (marker.brush, marker.setBrush))
        for get, put in brushes:
            brush = get()
            colour = brush.color()
            colour.setAlpha(alpha)
            brush.setColor(colour)
            put(brush)
        pen = marker.pen()
        colour = pen.color()
        colour.setAlpha(alpha)
        pen.setColor(colour)
        marker.setPen(pen)

    def _fit_scores(self) -> None:
        values = [p.y() for key, s in self.series.items() if key != "rank" and s.isVisible()
                  for p in (self.history.points.get(key, []) if self.history else [])]
        low, high = (min(values), max(values)) if values else (0.0, 100.0)
        pad = max(10.0, (high - low) * 0.06)
        self.y_axis.setRange(max(0.0, low - pad), high + pad)
        self.y_axis.applyNiceNumbers()


def _stamp(day: date) -> QDateTime:
    return QDateTime.fromMSecsSinceEpoch(int(day_msecs(day)))
