"""Light and dark palettes: the dark one for ``--theme dark``, the palette tests and a dark
system colour scheme (:func:`follow_system_scheme`), and :func:`is_dark` for widgets that
pick colours of their own (charts, arrows, banners)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette

_DARK = {  # QPalette.ColorRole names: the enum is built on first use, not at import
    "Window": "#2b2d31",
    "WindowText": "#e6e6e6",
    "Base": "#1f2023",
    "AlternateBase": "#292b2f",
    "ToolTipBase": "#32343a",
    "ToolTipText": "#e6e6e6",
    "PlaceholderText": "#8d9096",
    "Text": "#e6e6e6",
    "Button": "#35373c",
    "ButtonText": "#e6e6e6",
    "BrightText": "#ff6b6b",
    "Light": "#4a4d54",
    "Midlight": "#3d4046",
    "Mid": "#303237",
    "Dark": "#1a1b1e",
    "Shadow": "#0c0c0d",
    "Highlight": "#2f7fd8",
    "HighlightedText": "#ffffff",
    "Link": "#6aa8ff",
    "LinkVisited": "#b18cff",
}
_DISABLED = ("#7b7e84", ("WindowText", "Text", "ButtonText"))


def dark_palette() -> QPalette:
    """A dark palette for the Fusion style (all groups; disabled text greyed)."""
    palette = QPalette()
    roles = QPalette.ColorRole
    for name, colour in _DARK.items():
        palette.setColor(getattr(roles, name), QColor(colour))
    grey, disabled = _DISABLED
    for name in disabled:
        palette.setColor(QPalette.ColorGroup.Disabled, getattr(roles, name), QColor(grey))
    return palette


def is_dark(palette: QPalette) -> bool:
    """True when the palette's window colour is darker than its text (a dark theme)."""
    return palette.color(QPalette.ColorRole.Window).lightness() < palette.color(
        QPalette.ColorRole.WindowText).lightness()


def rise_fall_colours(palette: QPalette) -> tuple[QColor, QColor]:
    """``(rise, fall)`` colours (green, red) readable on ``palette``'s base colour."""
    if is_dark(palette):
        return QColor("#5fd17f"), QColor("#ff7a72")
    return QColor("#1f8a3c"), QColor("#c92a2a")


def apply_scheme(app: QGuiApplication, scheme: Qt.ColorScheme) -> None:
    """Use the dark palette for a dark ``scheme``, the style's own one otherwise."""
    palette = dark_palette() if scheme == Qt.ColorScheme.Dark else QPalette()
    app.setPalette(palette)


def follow_system_scheme(app: QGuiApplication) -> None:
    """Match the system's light or dark colour scheme now and whenever it changes.

    Native styles (Windows 11, macOS) already follow it; on Linux the Fusion style needs
    the dark palette set for it. Widgets restyle themselves on the palette change.
    """
    hints = app.styleHints()
    if hints.colorScheme() == Qt.ColorScheme.Dark:
        apply_scheme(app, Qt.ColorScheme.Dark)
    hints.colorSchemeChanged.connect(lambda scheme: apply_scheme(app, scheme))
