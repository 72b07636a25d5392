"""The champion share chart: its lines, legend and hover text."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from app.gui.meta.chart import ShareChart, legend_name, point_text, week_msecs
from app.gui.meta.data import OTHER


def test_each_lineage_is_a_line_named_with_its_share_in_the_legend(qtbot: QtBot) -> None:
    chart = ShareChart()
    qtbot.addWidget(chart)
    chart.show_series({"Lorraine": [("2026-04-20", 0.5), ("2026-04-27", 0.25)],
                       OTHER: [("2026-04-20", 0.5), ("2026-04-27", 0.75)]},
                      {"Lorraine": 0.375, OTHER: 0.625})
    assert [s.name() for s in chart.chart().series()] == ["Lorraine 38 %", "Other 62 %"]
    assert [(p.x(), p.y()) for p in chart.series["Lorraine"].points()] == [
        (week_msecs("2026-04-20"), 50.0), (week_msecs("2026-04-27"), 25.0)]
    chart.show_series({"Jin": [("2026-04-20", 1.0)]})  # drawn again: the old lines go
    assert [s.name() for s in chart.chart().series()] == ["Jin"]
    assert chart.y_axis.max() >= 100


def test_a_hovered_point_names_its_lineage_week_and_share() -> None:
    assert point_text("Lorraine", week_msecs("2026-04-27"), 10.42) == (
        "Lorraine · week of 27 Apr 2026: 10.4 %")
    assert legend_name("Jin", None) == "Jin"
