"""Colours and small widgets of the detail pane, taken from the palette (light or dark).

The pane's HTML carries classes, not colours (:mod:`app.gui.card.detail_html`); this module
turns the widget palette into that style sheet and into the effect box's Qt style sheet,
so both themes read well.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QToolButton, QWidget

from app.gui.kit.theme import is_dark

LIGHT_BOX = ("#f7f4ec", "#e2dccb")
"""The effect box's background and border in a light theme (warm paper)."""

_ARROWS = {  # drawn by the style in the palette's button-text colour: visible in both
    # themes (the standard arrow icons are black pixmaps, lost on the dark theme)
    "back": Qt.ArrowType.LeftArrow,
    "forward": Qt.ArrowType.RightArrow,
}


def _mix(a: QColor, b: QColor, t: float) -> str:
    """``a`` moved ``t`` (0..1) of the way to ``b``, as ``#rrggbb``."""
    return QColor(round(a.red() + (b.red() - a.red()) * t),
                  round(a.green() + (b.green() - a.green()) * t),
                  round(a.blue() + (b.blue() - a.blue()) * t)).name()


def box_colours(palette: QPalette) -> tuple[str, str]:
    """``(background, border)`` of the effect box: paper in light, a lifted grey in dark."""
    if not is_dark(palette):
        return LIGHT_BOX
    window = palette.color(QPalette.ColorRole.Window)
    text = palette.color(QPalette.ColorRole.WindowText)
    return _mix(window, text, 0.07), _mix(window, text, 0.18)


def pane_colours(palette: QPalette) -> dict[str, str]:
    """The colours of :func:`app.gui.card.detail_html.stylesheet` for ``palette``."""
    text = palette.color(QPalette.ColorRole.WindowText)
    window = palette.color(QPalette.ColorRole.Window)
    box, border = box_colours(palette)
    return {
        "text": text.name(),
        "muted": _mix(text, window, 0.42),
        "link": palette.color(QPalette.ColorRole.Link).name(),
        "border": border,
        "box": box,
        "accent": "#f0b45a" if is_dark(palette) else "#a85d00",  # amber: not a link
        # word diffs of the History section: red and green tints that keep text readable
        "removed": "#5e2b2e" if is_dark(palette) else "#ffd9d6",
        "added": "#1f4d2e" if is_dark(palette) else "#d4f4da",
    }


def pane_css(palette: QPalette) -> str:
    """The CSS of the pane's rich-text blocks for ``palette``."""
    from app.gui.card.detail_html import stylesheet  # with the first card shown

    return stylesheet(pane_colours(palette))


def effect_style(palette: QPalette) -> str:
    """The Qt style sheet of the effect box (``QFrame#effectBox``) for ``palette``."""
    background, border = box_colours(palette)
    return (f"QFrame#effectBox {{ background: {background}; border: 1px solid {border};"
            " border-radius: 8px; }")


def tool_button(parent: QWidget, name: str, tip: str, slot: Callable[[], None],
                text: str = "") -> QToolButton:
    """A flat tool button: the style's arrow for ``back``/``forward``, else text."""
    button = QToolButton(parent)
    button.setObjectName(name)
    button.setToolTip(tip)
    button.setAutoRaise(True)
    if name in _ARROWS:
        button.setArrowType(_ARROWS[name])
        button.setText(name.title())
    else:
        button.setText(text or name.title())
    button.clicked.connect(lambda: slot())  # not clicked(bool): slots take no flag
    return button
