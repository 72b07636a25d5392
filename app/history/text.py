"""Patch notes as plain text, as ``archivist changes`` and ``archivist history`` print them.

A word diff is written like ``git diff --word-diff``: ``[-removed words-]{+added words+}``.
"""

from __future__ import annotations

from collections.abc import Iterable

from app.model.history import (
    GROUPS,
    KEPT_OUT_UNREADABLE,
    CardChange,
    CardVersion,
    Note,
    Revision,
)


def revision_line(revision: Revision) -> str:
    """``Revision 2 · 2026-04-04 10:00 UTC · import from FILES: 350 new, 428 changed,
    0 removed``; the first revision, which filled an empty catalogue, says
    ``first import from FILES: 1,885 cards``; a revision whose record is missing says
    ``Revision 3 · unreadable: its record is missing``."""
    if not revision.at:  # its record is missing: nothing but the number is known
        return f"Revision {revision.number} · unreadable: {revision.unreadable}"
    if revision.first:
        return (f"Revision {revision.number} · {revision.when} · first {revision.kind} from "
                f"{revision.source}: {revision.added:,} cards")
    counts = (f"{revision.added:,} new, {revision.changed:,} changed, "
              f"{revision.removed:,} removed")
    return (f"Revision {revision.number} · {revision.when} · {revision.kind} from "
            f"{revision.source}: {counts}")


def kept_out_lines(revision: Revision, verbose: bool = False) -> list[str]:
    """The revision's kept-out records: one count line, or with ``verbose`` the count and
    one line per record (a damaged stored list: one line saying so)."""
    if not revision.kept_out:
        return []
    if revision.kept_out_unreadable:  # no count to give: say so without --verbose too
        return [f"  Kept out: {KEPT_OUT_UNREADABLE.strip('()')}"]
    count = len(revision.kept_out)
    if verbose:
        return [f"  Kept out ({count})", *(f"    {line}" for line in revision.kept_out)]
    return [f"  Kept out: {count} records of the input were not stored "
            "(archivist changes --verbose lists them)"]


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


def revision_text(revision: Revision, changes: list[CardChange], verbose: bool = False) -> str:
    """A revision's patch notes: its line, then each group with its cards and notes, then
    the count of kept-out records (``verbose``: each of them). The first revision lists no
    cards (every card is in it, none is news) but those whose stored row is damaged; such a
    card says ``— unreadable: WHY`` where it stands."""
    lines = [revision_line(revision)]
    if revision.unreadable and revision.at:
        lines.append(f"  Unreadable: {revision.unreadable}")
    keys = [key for key, _ in GROUPS]
    # the first revision's cards are no news, but a damaged row of it still says so
    for key, title in [*(GROUPS if not revision.first else ()), ("", "Unreadable")]:
        members = [c for c in changes if key in c.groups] if key else [
            c for c in changes
            if c.unreadable and (revision.first or not set(c.groups) & set(keys))]
        if not members:
            continue
        lines.append(f"  {title} ({len(members)})")
        for change in members:
            lines.append(f"    {change.name} ({change.slug})" + unreadable_mark(change))
            if key not in ("new", "removed"):
                lines += note_lines((n for n in change.notes if n.group == key), "      ")
    lines += kept_out_lines(revision, verbose)
    return "\n".join(lines)


def history_text(slug: str, versions: list[CardVersion]) -> str:
    """One card's versions, newest first, each with its notes (``slug``: as asked, a slug
    or a name; the heading names the card by its current name and slug)."""
    card = next((v.card for v in versions if v.card), None)
    if card is not None:
        slug = f"{card.get('name')} ({card.get('slug')})"
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
