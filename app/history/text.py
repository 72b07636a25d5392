"""Patch notes as plain text, as ``archivist changes`` and ``archivist history`` print them.

A word diff is written like ``git diff --word-diff``: ``[-removed words-]{+added words+}``.
"""

from __future__ import annotations

from collections.abc import Iterable

from app.model.history import GROUPS, CardChange, CardVersion, Note, Revision


def revision_line(revision: Revision) -> str:
    """``Revision 2 · 2026-04-04T10:00:00.000Z · import from FILES: 350 new, 428 changed``."""
    if not revision.at:  # its record is missing: nothing but the number is known
        return f"Revision {revision.number} · unreadable: {revision.unreadable}"
    counts = f"{revision.added} new, {revision.changed} changed, {revision.removed} removed"
    return (f"Revision {revision.number} · {revision.at} · {revision.kind} from "
            f"{revision.source}: {counts}")


def note_lines(notes: Iterable[Note], indent: str = "    ") -> list[str]:
    """One line per note with text (a word diff on the next line, indented)."""
    lines = []
    for note in notes:
        if not note.text:
            continue
        lines.append(f"{indent}- {note.text}")
        if note.words:
            lines.append(f"{indent}  {words_text(note)}")
    return lines


def words_text(note: Note) -> str:
    """The note's word diff on one line: ``[-old-]{+new+}`` marks, line breaks as ``⏎``."""
    marks = {"same": "{}", "removed": "[-{}-]", "added": "{{+{}+}}"}
    return "".join(marks[op].format(text) for op, text in note.words).replace("\n", "⏎")


def revision_text(revision: Revision, changes: list[CardChange]) -> str:
    """A revision's patch notes: its line, then each group with its cards and notes."""
    lines = [revision_line(revision)]
    if revision.unreadable and revision.at:
        lines.append(f"  Unreadable: {revision.unreadable}")
    keys = [key for key, _ in GROUPS]
    for key, title in [*GROUPS, ("", "Unreadable")]:
        members = [c for c in changes if key in c.groups] if key else [
            c for c in changes if c.unreadable and not set(c.groups) & set(keys)]
        if not members:
            continue
        lines.append(f"  {title} ({len(members)})")
        for change in members:
            lines.append(f"    {change.name} ({change.slug})" + unreadable_mark(change))
            if key not in ("new", "removed"):
                lines += note_lines((n for n in change.notes if n.group == key), "      ")
    if revision.kept_out:
        lines.append(f"  Kept out ({len(revision.kept_out)})")
        lines += [f"    {line}" for line in revision.kept_out]
    return "\n".join(lines)


def history_text(slug: str, versions: list[CardVersion]) -> str:
    """One card's versions, newest first, each with its notes."""
    lines = [f"History of {slug}: {len(versions)} version(s)"]
    for version in versions:
        name = version.card["name"] if version.card else "(removed)"
        lines.append(f"  {revision_line(version.revision)}")
        if version.unreadable:
            lines.append(f"    {version.kind}: unreadable: {version.unreadable}")
            continue
        lines.append(f"    {version.kind}: {name}")
        lines += note_lines(version.notes, "      ")
    return "\n".join(lines)


def unreadable_mark(change: CardChange) -> str:
    """`` — unreadable: WHY`` for a change whose stored row cannot be read, else ""."""
    return f" — unreadable: {change.unreadable}" if change.unreadable else ""
