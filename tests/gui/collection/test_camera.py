"""Collection ▸ Scan with camera is offered only where Qt Multimedia loads and a camera
is connected."""

from __future__ import annotations

import sys
import types

import pytest

from app.gui.collection.camera import NO_CAMERA, camera_problem


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
