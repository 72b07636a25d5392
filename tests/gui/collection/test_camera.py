"""Collection ▸ Scan with camera is offered only where Qt Multimedia loads and a camera
is connected."""

from __future__ import annotations

import sys
import types

import pytest
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

from app.gui.collection.camera import NO_CAMERA, StillFrames, camera_problem


def _multimedia(monkeypatch: pytest.MonkeyPatch, inputs: list[object]) -> None:
    fake = types.ModuleType("PySide6.QtMultimedia")
    fake.QMediaDevices = type("QMediaDevices", (), {  # type: ignore[attr-defined]
        "videoInputs": staticmethod(lambda: inputs)})
    monkeypatch.setitem(sys.modules, "PySide6.QtMultimedia", fake)


def test_without_qt_multimedia_there_is_no_camera(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "PySide6.QtMultimedia", None)  # import fails
    assert camera_problem() == NO_CAMERA == "No camera found"


def test_without_a_video_input_there_is_no_camera(monkeypatch: pytest.MonkeyPatch) -> None:
    _multimedia(monkeypatch, [])
    assert camera_problem() == NO_CAMERA


def test_a_connected_camera_can_be_used(monkeypatch: pytest.MonkeyPatch) -> None:
    _multimedia(monkeypatch, [object()])
    assert camera_problem() is None



def _frame(card: QColor | None, shift: int = 0) -> QImage:
    """A GENERATED frame: a table, and a card (of ``card``'s colour) held up."""
    image = QImage(160, 120, QImage.Format.Format_RGB32)
    image.fill(QColor(90, 70, 50))
    if card is not None:
        painter = QPainter(image)
        painter.fillRect(50 + shift, 20, 60, 84, card)
        painter.end()
    return image


def test_a_card_held_still_is_taken_once_then_the_next_card(qapp: QApplication) -> None:
    frames = StillFrames(still=3)
    white, black = QColor(250, 250, 250), QColor(10, 10, 10)
    moving = [frames.feed(_frame(white, shift)) for shift in (0, 20, 40, 0)]
    assert moving == [False] * 4  # the card moves: nothing taken
    held = [frames.feed(_frame(white)) for _ in range(6)]
    assert held == [False, False, True, False, False, False]  # once, after 3 still frames
    assert [frames.feed(_frame(black)) for _ in range(5)] == [False] * 3 + [True, False]
