"""The cost curve of the deck open (QtCharts, as the Thema page's chart): copies per cost,
the main deck by reserve cost and the material deck by memory cost, side by side."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from PySide6.QtCharts import QBarCategoryAxis, QBarSeries, QBarSet, QChart, QChartView, QValueAxis
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QWidget

from app.decks import Breakdown, Zone, curve_axis
from app.gui.kit.theme import is_dark

SETS = ((Zone.MAIN, "Main (reserve)", ("#1c7ed6", "#74c0fc")),
        (Zone.MATERIAL, "Material (memory)", ("#e8590c", "#ff922b")))
"""The bar sets: zone, legend label, colour (on light, on dark)."""


class CostCurve(QChartView):
    """Bars of copies per cost; :meth:`counts` gives what the bars show.

    Args:
        parent: the owning widget.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(QChart(), parent)
        chart = self.chart()
        chart.setBackgroundRoundness(0)
        chart.setMargins(chart.margins() * 0)
        chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
        chart.setTitle("Cost curve")
        self.series = QBarSeries()
        self.sets: dict[Zone, QBarSet] = {}
        for zone, label, _colours in SETS:
            bars = QBarSet(label)
            self.series.append(bars)
            self.sets[zone] = bars
        chart.addSeries(self.series)
        self.x_axis, self.y_axis = QBarCategoryAxis(), QValueAxis()
        self.y_axis.setLabelFormat("%d")
        chart.addAxis(self.x_axis, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(self.y_axis, Qt.AlignmentFlag.AlignLeft)
        self.series.attachAxis(self.x_axis)
        self.series.attachAxis(self.y_axis)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setMinimumHeight(170)
        self.setAccessibleName("Cost curve")
        self.categories: list[str] = []
        self.apply_palette()

    def show_parts(self, parts: Sequence[Breakdown]) -> None:
        """Draw the curves of ``parts`` (:func:`app.decks.breakdowns`)."""
        curves = {part.zone: part.curve for part in parts}
        costs: set[str] = set()
        for zone, _label, _colours in SETS:
            costs.update(curves.get(zone, Counter()))
        self.categories = curve_axis(costs)
        self.x_axis.clear()
        self.x_axis.append(self.categories or ["—"])
        top = 1
        for zone, bars in self.sets.items():
            values = [float(curves.get(zone, Counter()).get(c, 0)) for c in self.categories]
            bars.remove(0, bars.count())
            bars.append(values)
            top = max([top, *[int(v) for v in values]])
        self.y_axis.setRange(0, top)
        self.y_axis.setTickCount(min(top, 4) + 1)

    def counts(self, zone: Zone) -> dict[str, int]:
        """Cost → copies as the bars of ``zone`` show them (nonzero bars only)."""
        bars = self.sets[zone]
        return {c: int(bars.at(i)) for i, c in enumerate(self.categories) if bars.at(i)}

    def apply_palette(self) -> None:
        """Colour the chart for the widget's palette (light or dark)."""
        palette, dark = self.palette(), is_dark(self.palette())
        chart = self.chart()
        chart.setBackgroundBrush(palette.base())
        chart.setTitleBrush(palette.text())
        chart.legend().setLabelColor(palette.text().color())
        grid = QColor(palette.text().color())
        grid.setAlpha(40)
        for axis in (self.x_axis, self.y_axis):
            axis.setLabelsBrush(palette.text())
            axis.setLinePen(QPen(grid))
            axis.setGridLinePen(QPen(grid))
        for zone, _label, colours in SETS:
            self.sets[zone].setColor(QColor(colours[int(dark)]))
            self.sets[zone].setBorderColor(QColor(colours[int(dark)]))
