"""The status bar's messages stop before its permanent labels."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QMainWindow
from pytestqt.qtbot import QtBot

from app.gui.kit.status_bar import ElidingStatusBar


def test_a_long_message_ends_in_an_ellipsis_before_the_permanent_labels(qtbot: QtBot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    bar = ElidingStatusBar()
    window.setStatusBar(bar)
    label = QLabel("2,235 cards · Synced 21 Nov 2026 15:04 · api.gatcg.com · online")
    bar.addPermanentWidget(label)
    window.resize(640, 200)
    window.show()
    qtbot.waitExposed(window)
    text = "Sync failed: api.gatcg.com cannot be reached — this computer seems offline. " * 3
    bar.showMessage(text)
    shown = bar.currentMessage()
    assert shown.endswith("…") and len(shown) < len(text)
    assert bar.fontMetrics().horizontalAdvance(shown) <= label.x() - 6
    assert bar.full_message == text and bar.toolTip() == text
    bar.showMessage("Done.")
    assert bar.currentMessage() == "Done."
