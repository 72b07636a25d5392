"""The cost curve (app/gui/decks/curve.py): a continuous axis, over GENERATED counts."""

from __future__ import annotations

from collections import Counter

from pytestqt.qtbot import QtBot

from app.decks import Breakdown, Zone
from app.gui.decks.curve import CostCurve


def test_the_axis_has_every_cost_from_0_to_the_highest_and_empty_costs_are_zero_bars(
    qtbot: QtBot,
) -> None:
    curve = CostCurve()
    qtbot.addWidget(curve)
    main = Counter({"0": 2, "1": 8, "2": 20, "3": 14, "4": 9, "6": 2, "12": 1, "X": 2,
                    "—": 1})
    material = Counter({"0": 4, "1": 2, "3": 1})
    curve.show_parts([Breakdown(Zone.MATERIAL, Counter(), Counter(), Counter(), curve=material),
                      Breakdown(Zone.MAIN, Counter(), Counter(), Counter(), curve=main)])
    axis = [*(str(n) for n in range(13)), "X", "—"]
    assert curve.categories == axis
    assert curve.x_axis.categories() == axis
    bars = curve.sets[Zone.MAIN]
    assert [int(bars.at(i)) for i in range(bars.count())] == [
        2, 8, 20, 14, 9, 0, 2, 0, 0, 0, 0, 0, 1, 2, 1]
    assert curve.counts(Zone.MAIN) == dict(main)
    assert curve.counts(Zone.MATERIAL) == dict(material)
