"""The values a person gives for an entry — a quantity, a rarity, a tag, a language — read
one way whether typed on the command line, read from a CSV or given in the window.

Example::

    quantity("3")        # 3
    quantity("١٢")       # ValueError: quantity '١٢' is not a whole number from 1 to 999999 …
    rarity_number("cur") # 7 (the rarity's number)
    note("trade", "tag") # 'trade'
"""

from __future__ import annotations

from app import limits
from app.collection.languages import language_code
from app.collection.storage import MAX_QUANTITY
from app.errors import InvalidRequest
from app.model.vocabulary import RARITIES, rarity_by_code, rarity_by_number
from app.safetext import checked_line

NOTE_CHARS = 64
"""The most characters of a tag or a language (as a deck name: one line of a listing)."""
_RARITY_NAMES = {r.name.casefold(): r.number for r in RARITIES}


def quantity(text: str) -> int:
    """``text`` as a count of copies: 1 to 6 ASCII digits, 1 or more (``"١٢"`` is none).

    Raises:
        ValueError: it is not such a count (the message quotes it).
    """
    found = limits.parse_int(text.strip(), limits.COUNT_DIGITS)
    if found is None or found < 1:
        raise ValueError(f"quantity {limits.quote(text)} is not a whole number from 1 to "
                         f"{MAX_QUANTITY} (digits 0–9)")
    return found


def rarity_number(text: str) -> int | None:
    """The rarity ``text`` names — its code (``CUR``), name (``Collector Ultra Rare``) or
    number — as its number; None for ``""``.

    Raises:
        ValueError: ``text`` names no rarity (the message lists the codes).
    """
    text = text.strip()
    if not text:
        return None
    found = rarity_by_code(text) or (rarity_by_number(int(text)) if text.isascii()
                                     and text.isdigit() and len(text) < 3 else None)
    if found:
        return found.number
    number = _RARITY_NAMES.get(text.casefold())
    if number is None:
        raise ValueError(f"rarity {limits.quote(text)} is not one of "
                         f"{' '.join(r.code for r in RARITIES)} (or their names)")
    return number


def note(text: str, what: str) -> str:
    """A tag or a language note as kept: one line of at most :data:`NOTE_CHARS` characters
    without control or bidirectional characters (the deck-name rules), spaces around
    dropped; a language becomes its code (:func:`~app.collection.languages.language_code`).

    Args:
        text: as typed or read.
        what: ``"tag"`` or ``"language"``.

    Raises:
        ValueError: it breaks a rule, or names no known language.
    """
    try:
        kept = checked_line(text, f"A {what}", what, NOTE_CHARS)
    except InvalidRequest as error:
        raise ValueError(error.message) from None
    return language_code(kept) if what == "language" else kept
