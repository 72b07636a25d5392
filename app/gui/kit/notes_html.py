"""Patch notes as rich text, shared by the card page's History and the Changes page's list:
word diffs marked ``span.removed`` (struck) and ``span.added``, tinted by :func:`diff_css`
so they read in light and dark themes. Control characters and bidirectional overrides of
the card's text show as visible escapes (:func:`app.safetext.escape_controls`)."""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtGui import QPalette

from app.gui.kit.theme import is_dark
from app.model.history import Note
from app.safetext import escape_controls


def diff_css(palette: QPalette) -> str:
    """The CSS of ``span.removed`` (red tint, struck) and ``span.added`` (green tint)."""
    dark = is_dark(palette)
    return (f"span.removed {{ background-color: {'#5e2b2e' if dark else '#ffd9d6'}; "
            "text-decoration: line-through; }"
            f" span.added {{ background-color: {'#1f4d2e' if dark else '#d4f4da'}; }}")


def words_html(note: Note) -> str:
    """A note's word diff as rich text: removed words struck through on red, added on green."""
    out = []
    previous = "same"
    for op, text in note.words:
        escaped = html.escape(escape_controls(text)).replace("\n", "<br>")
        if previous == "removed" and op == "added":
            out.append(" ")  # "your" struck, then "its owner's": not "yourits owner's"
        previous = op
        out.append(escaped if op == "same" else f'<span class="{op}">{escaped}</span>')
    return "".join(out)


def notes_html(notes: Sequence[Note], limit: int = 12) -> list[str]:
    """One rich-text line per note with text (``• now banned in Standard``), its word diff
    on the next line; at most ``limit`` notes, the rest counted."""
    shown = [n for n in notes if n.text]
    lines = []
    for note in shown[:limit]:
        lines.append("• " + html.escape(escape_controls(note.text)))
        if note.words:
            lines.append(f"&nbsp;&nbsp;{words_html(note)}")
    if len(shown) > limit:
        lines.append(html.escape(f"… and {len(shown) - limit} more changes"))
    return lines
