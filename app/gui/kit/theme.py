"""Light and dark palettes: the dark one for ``--theme dark``, the palette tests and a dark
system colour scheme (:func:`follow_system_scheme`), and :func:`is_dark` for widgets that
pick colours of their own (charts, arrows, banners)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette

_DARK = {
    QPalette.ColorRole.Window: "#2b2d31",
    QPalette.ColorRole.WindowText: "#e6e6e6",
    QPalette.ColorRole.Base: "#1f2023",
    QPalette.ColorRole.AlternateBase: "#292b2f",
    QPalette.ColorRole.ToolTipBase: "#32343a",
    QPalette.ColorRole.ToolTipText: "#e6e6e6",
    QPalette.ColorRole.PlaceholderText: "#8d9096",
    QPalette.ColorRole.Text: "#e6e6e6",
    QPalette.ColorRole.Button: "#35373c",
    QPalette.ColorRole.ButtonText: "#e6e6e6",
    QPalette.ColorRole.BrightText: "#ff6b6b",
    QPalette.ColorRole.Light: "#4a4d54",
    QPalette.ColorRole.Midlight: "#3d4046",
    QPalette.ColorRole.Mid: "#303237",
    QPalette.ColorRole.Dark: "#1a1b1e",
    QPalette.ColorRole.Shadow: "#0c0c0d",
    QPalette.ColorRole.Highlight: "#2f7fd8",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.Link: "#6aa8ff",
    QPalette.ColorRole.LinkVisited: "#b18cff",
}
_DISABLED = ("#7b7e84", QPalette.ColorRole.WindowText, QPalette.ColorRole.Text,
             QPalette.ColorRole.ButtonText)


def dark_palette() -> QPalette:
    """A dark palette for the Fusion style (all groups; disabled text greyed)."""
    palette = QPalette()
    for role, colour in _DARK.items():
        palette.setColor(role, QColor(colour))
    grey, *roles = _DISABLED
    for role in roles:
        assert isinstance(role, QPalette.ColorRole)
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(str(grey)))
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
