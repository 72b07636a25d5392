"""Outside text shown to a person as text, never as control codes (a
name must not retitle or clear a terminal): the one function the command line and the
window both use.

A card, set or deck name can hold ``ESC]0;…BEL`` (sets a terminal's title), ``ESC[2J``
(clears the screen) or a bidirectional override (U+202A–U+202E, U+2066–U+2069) that shows
the rest of a line backwards, so a name reads as another card's or spills over the next
column. :func:`escape_controls` writes each such character as a visible ``\\uXXXX``
escape, which is also valid inside a JSON string.

Example::

    escape_controls("Evil" + chr(0x202E) + "Card")   # 'Evil\\u202eCard': shown as is
"""

from __future__ import annotations

import re

from app.errors import InvalidRequest

_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""One character per match (a class, no repetition): no backtracking."""


def escape_controls(text: str) -> str:
    """``text`` with control characters (C0 but ``\\n \\t \\r``, DEL, C1, the line and
    paragraph separators, bidirectional overrides and isolates) written as ``\\uXXXX``."""
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def one_line(text: str) -> str:
    """``text`` as :func:`escape_controls` writes it, and its tabs and line breaks as ``\\t``,
    ``\\n``, ``\\r`` too: a value that must stay one cell of one row (a tab-separated list)."""
    return escape_controls(text).replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def checked_line(text: str, what: str, noun: str, max_chars: int | None = None) -> str:
    """``text`` without surrounding spaces when it is fit to be one line of a listing: no
    line break, tab, other control character or bidirectional override (each would forge a
    row or show the text as something else), and at most ``max_chars`` characters.

    Args:
        text: the text typed or read.
        what: how the message names it, capitalised (``"A deck name"``, ``"A tag"``).
        noun: what to choose instead (``"name"``, ``"tag"``).
        max_chars: the most characters (None: no limit).

    Raises:
        InvalidRequest: it holds such a character (named in the message) or is longer.
    """
    text = text.strip()
    bad = next((c for c in text if one_line(c) != c), None)
    if bad is not None:
        raise InvalidRequest(f"{what} cannot hold a line break, a tab or another control "
                             f"character (U+{ord(bad):04X} in “{one_line(text)[:80]}”); "
                             f"choose another {noun}")
    if max_chars is not None and len(text) > max_chars:
        raise InvalidRequest(f"{what} has at most {max_chars} characters, not {len(text):,} "
                             f"(“{text[:40]}…”); choose a shorter {noun}")
    return text
