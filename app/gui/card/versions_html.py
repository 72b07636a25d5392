"""The card page's History section: each recorded version with its date and its diff to the
version before, text differences marked ``span.removed`` / ``span.added`` (the pane's style
sheet tints them red and green, readable in light and dark themes)."""

from __future__ import annotations

import html
from collections.abc import Sequence

from app.model.history import CardVersion, Note

MAX_NOTES = 12
"""Notes shown per version; the rest are counted."""


def words_html(note: Note) -> str:
    """A note's word diff as rich text: removed words struck through on red, added on green."""
    out = []
    previous = "same"
    for op, text in note.words:
        escaped = html.escape(text).replace("\n", "<br>")
        if previous == "removed" and op == "added":
            out.append(" ")  # "your" struck, then "its owner's": not "yourits owner's"
        previous = op
        out.append(escaped if op == "same" else f'<span class="{op}">{escaped}</span>')
    return "".join(out)


def version_html(version: CardVersion) -> str:
    """One version: ``2026-04-04 · revision 2 · import`` and its notes."""
    revision = version.revision
    head = html.escape(f"{revision.at[:10]} · revision {revision.number} · {revision.kind}"
                       if revision.at else f"revision {revision.number}")
    lines = [f'<span class="muted">{head}</span>']
    notes = [n for n in version.notes if n.text]
    if version.unreadable:  # a damaged history row (issue 20): say so where it stands
        notes = [Note("other", "", f"unreadable: {version.unreadable}")]
    elif version.kind == "added":
        notes = [Note("new", "", "first recorded")]
    for note in notes[:MAX_NOTES]:
        lines.append("• " + html.escape(note.text))
        if note.words:
            lines.append(f"&nbsp;&nbsp;{words_html(note)}")
    if len(notes) > MAX_NOTES:
        lines.append(html.escape(f"… and {len(notes) - MAX_NOTES} more changes"))
    return "<p>" + "<br>".join(lines) + "</p>"


def history_html(versions: Sequence[CardVersion]) -> str:
    """The History section (newest version first)."""
    return "<h3>History</h3>" + "".join(version_html(v) for v in versions)
