"""Champion share over time (QtCharts): one line per lineage of the top ones and one for
the rest, share of each week's decklists in percent, weeks on a ``QDateTimeAxis``."""

from __future__ import annotations

from datetime import date
from functools import partial

from PySide6.QtCharts import QChart, QChartView, QDateTimeAxis, QLineSeries, QValueAxis
from PySide6.QtCore import QDate, QDateTime, QEvent, QPointF, Qt, QTime
from PySide6.QtGui import QColor, QCursor, QPainter, QPen
from PySide6.QtWidgets import QToolTip, QWidget

from app.gui.kit.theme import is_dark
from app.gui.meta.data import OTHER

COLOURS = (  # (on light, on dark), one per lineage of the top ones in order
    ("#1c7ed6", "#74c0fc"), ("#e8590c", "#ff922b"), ("#2f9e44", "#69db7c"),
    ("#d6336c", "#f783ac"), ("#7048e8", "#b197fc"), ("#e0a800", "#ffd43b"),
    ("#0c8599", "#66d9e8"), ("#795548", "#d7a98c"))
OTHER_COLOUR = ("#868e96", "#adb5bd")
DAY_MS = 86_400_000


def point_text(name: str, x: float, share: float) -> str:
    """The hover text of a point: ``Lorraine · week of 27 Apr 2026: 10.4 %`` (``x`` in ms
    since the epoch, ``share`` in percent)."""
    day = QDateTime.fromMSecsSinceEpoch(int(x)).date()
    return f"{name} · week of {day.toString('d MMM yyyy')}: {share:.1f} %"


def legend_name(name: str, share: float | None) -> str:
    """A line's name in the legend, with its share of the whole range (a fraction)."""
    return name if share is None else f"{name} {share * 100:.0f} %"


def week_msecs(day: str) -> float:
    """Local midnight of ``day`` (``YYYY-MM-DD``) in ms since the epoch."""
    value = date.fromisoformat(day[:10])
    return float(QDateTime(QDate(value.year, value.month, value.day),
                           QTime(0, 0)).toMSecsSinceEpoch())


class ShareChart(QChartView):
    """The weekly champion share of the lineages of a
    :class:`~app.gui.meta.data.MetaView`.

    Args:
        parent: the owning widget.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(QChart(), parent)
        chart = self.chart()
        chart.setBackgroundRoundness(0)
        chart.setTitle("Champion share by week")
        chart.legend().setAlignment(Qt.AlignmentFlag.AlignRight)  # names with shares: a column
        self.x_axis, self.y_axis = QDateTimeAxis(), QValueAxis()
        self.x_axis.setFormat("d MMM")
        self.y_axis.setTitleText("Share of the week's decklists")
        self.y_axis.setLabelFormat("%d %%")
        chart.addAxis(self.x_axis, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(self.y_axis, Qt.AlignmentFlag.AlignLeft)
        self.series: dict[str, QLineSeries] = {}
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setAccessibleName("Champion share by week")

    def show_series(self, series: dict[str, list[tuple[str, float]]],
                    shares: dict[str, float] | None = None) -> None:
        """Draw one line per lineage (each filled with one ``replace()``), in order; the
        legend names each with its share of the whole range (``shares``, fractions)."""
        chart = self.chart()
        for line in self.series.values():
            chart.removeSeries(line)
            line.deleteLater()
        self.series = {}
        xs: list[float] = []
        top = 0.0
        for name, points in series.items():
            line = QLineSeries()
            line.setName(legend_name(name, (shares or {}).get(name)))
            line.hovered.connect(partial(self._hover, name))
            values = [QPointF(week_msecs(week), share * 100) for week, share in points]
            line.replace(values)
            line.setPointsVisible(len(values) < 12)
            chart.addSeries(line)
            line.attachAxis(self.x_axis)
            line.attachAxis(self.y_axis)
            self.series[name] = line
            xs += [p.x() for p in values]
            top = max([top, *[p.y() for p in values]])
        if xs:
            low, high = min(xs), max(xs)
            if high - low < DAY_MS:  # one week: a range around it
                low, high = low - 3 * DAY_MS, high + 3 * DAY_MS
            self.x_axis.setRange(QDateTime.fromMSecsSinceEpoch(int(low)),
                                 QDateTime.fromMSecsSinceEpoch(int(high)))
            self.x_axis.setTickCount(max(2, min(8, len(set(xs)))))
        self.y_axis.setRange(0, max(10.0, top * 1.1))
        self.y_axis.applyNiceNumbers()
        self.apply_palette()

    def apply_palette(self) -> None:
        """Colour the chart, axes, legend and lines for the widget's palette."""
        palette, dark = self.palette(), is_dark(self.palette())
        chart = self.chart()
        chart.setBackgroundBrush(palette.base())
        chart.setPlotAreaBackgroundVisible(False)
        text = palette.text().color()
        chart.setTitleBrush(text)
        grid = QColor(text)
        grid.setAlpha(40)
        for axis in (self.x_axis, self.y_axis):
            axis.setLabelsBrush(text)
            axis.setTitleBrush(text)
            axis.setLinePen(QPen(grid))
            axis.setGridLinePen(QPen(grid, 1))
        chart.legend().setLabelColor(text)
        for at, (name, line) in enumerate(self.series.items()):
            colours = OTHER_COLOUR if name == OTHER else COLOURS[at % len(COLOURS)]
            pen = QPen(QColor(colours[dark]), 2.2)
            if name == OTHER:
                pen.setStyle(Qt.PenStyle.DashLine)
            line.setPen(pen)

    def _hover(self, name: str, point: QPointF, state: bool) -> None:
        if state:
            QToolTip.showText(QCursor.pos(), point_text(name, point.x(), point.y()), self)
        else:
            QToolTip.hideText()

    def changeEvent(self, event: QEvent) -> None:
        """Follow palette changes (light ↔ dark)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.apply_palette()
