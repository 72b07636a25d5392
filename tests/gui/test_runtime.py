"""The Qt binding must not corrupt the interpreter: a long session would abort.

PySide6 6.12.0 on CPython 3.11 drops one reference to None on every Qt call that returns
nothing; after enough calls Python aborts with "none_dealloc". pyproject.toml excludes it.
"""

from __future__ import annotations

import sys

from PySide6.QtGui import QColor


def test_void_qt_calls_keep_none_alive() -> None:
    colour = QColor()
    before = sys.getrefcount(None)
    for _ in range(1000):
        colour.setRed(1)
    assert sys.getrefcount(None) >= before - 10
