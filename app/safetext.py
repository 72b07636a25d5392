"""Outside text shown to a person as text, never as control codes (issue 10, item 9;
issue 20, item 5): the one function the command line and the window both use.

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
