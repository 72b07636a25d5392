"""The card page's History section: each recorded version with its date and its diff to the
version before, text differences marked ``span.removed`` / ``span.added`` (the pane's style
sheet tints them red and green, readable in light and dark themes)."""

from __future__ import annotations

import html
from collections.abc import Sequence

from app.gui.kit.notes_html import notes_html, words_html
from app.model.history import CardVersion, Note

__all__ = ["history_html", "version_html", "words_html"]

MAX_NOTES = 12
"""Notes shown per version; the rest are counted."""


def version_html(version: CardVersion) -> str:
    """One version: ``2026-04-04 10:00 UTC · revision 2 · import`` and its notes (a damaged
    one: ``unreadable: WHY``)."""
    revision = version.revision
    head = html.escape(f"{revision.when} · revision {revision.number} · {revision.kind}"
                       if revision.at else f"revision {revision.number}")
    lines = [f'<span class="muted">{head}</span>']
    notes = list(version.notes)
    if version.unreadable:  # a damaged history row: say so where it stands
        notes = [Note("other", "", f"unreadable: {version.unreadable}")]
    elif version.kind == "added":
        notes = [Note("new", "", "first recorded")]
    lines += notes_html(notes, MAX_NOTES)
    return "<p>" + "<br>".join(lines) + "</p>"


def history_html(versions: Sequence[CardVersion]) -> str:
    """The History section (newest version first)."""
    return "<h3>History</h3>" + "".join(version_html(v) for v in versions)
