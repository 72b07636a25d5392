"""What a page says when a file of the user's own data (the collection, the kept decks)
cannot be read: what is wrong, where the file is, and what to do — shown in place of the
page's content, so the page does not wait forever and the other pages go on working."""

from __future__ import annotations

from pathlib import Path

RESTORE = "archivist backup restore latest"
"""The terminal command that puts the newest backup back."""


def problem_text(error: object, path: Path | None) -> str:
    """The body of the page's problem state: the error's own words (whatever the opening
    raised), the file, and how to get the data back.

    Args:
        error: the exception reading the file raised (its ``message`` when it has one).
        path: the file, when known (named unless the error names it already).
    """
    said = str(getattr(error, "message", "") or error or type(error).__name__)
    where = f"\n\nThe file: {path}" if path is not None and str(path) not in said else ""
    return (f"{said}{where}\n\nRestore a backup with File ▸ Backups…, or in a terminal: "
            f"{RESTORE} (a file written by a newer Archivist needs that version instead). "
            "The other pages work as usual.")


NOTED = 10
"""How many unreadable rows the note's tooltip names (the rest are counted)."""


def unreadable_note(rows: list[str], what: str) -> tuple[str, str]:
    """A short note on the rows of ``what`` left out as unreadable, and its tooltip naming
    them (``("", "")`` when none): ``2 rows of the collection file cannot be read and are
    left out (kept in the file)``."""
    if not rows:
        return "", ""
    named = "\n".join(rows[:NOTED]) + (f"\n… and {len(rows) - NOTED} more"
                                        if len(rows) > NOTED else "")
    count = "1 row" if len(rows) == 1 else f"{len(rows)} rows"
    return (f"{count} of {what} cannot be read and {'is' if len(rows) == 1 else 'are'} left "
            "out (kept in the file)", named)
