"""What a card's ``legality`` means in a format: legal, limited to N copies, or banned.

The one reading of Card ``legality`` (spec/decks.md, "Legality in the catalogue") shared by
the search language (``f:``/``legal:``, ``banned:``, ``restricted:``), the card page and
the deck checker:

- ``null``, ``{}`` or no entry for the format: **legal** (only the format's own copy rule);
- ``{"limit": 0}``: **banned**;
- ``{"limit": N}`` with N ≥ 1: **limited** to N copies.

An entry whose limit is no whole number says nothing and counts as no entry. This module
imports nothing else of the app but the vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from app.model.vocabulary import FORMATS

Status = Literal["legal", "limited", "banned"]


@dataclass(frozen=True)
class Standing:
    """A card's standing in one format.

    Attributes:
        format: the API's format code (``STANDARD``).
        status: ``legal``, ``limited`` or ``banned``.
        limit: the most copies allowed (``0`` banned; None when legal).
    """

    format: str
    status: Status
    limit: int | None

    @property
    def playable(self) -> bool:
        """The card may be played in the format (legal or limited)."""
        return self.status != "banned"

    def describe(self) -> str:
        """``Legal``, ``Limited to 2`` (``Limited to 1 copy``) or ``Banned``."""
        if self.status == "banned":
            return "Banned"
        if self.status == "limited":
            return f"Limited to {self.limit} cop{'y' if self.limit == 1 else 'ies'}"
        return "Legal"


def format_limits(legality: Any) -> dict[str, int]:
    """The limits of a Card ``legality`` value: format code (upper case) → limit.

    Args:
        legality: the Card field as received (``None``, ``{}`` or
            ``{"STANDARD": {"limit": 0}}``); anything else reads as no limits.

    Returns:
        Only the formats with a whole-number limit ≥ 0 (``{"STANDARD": 0}``).
    """
    if not isinstance(legality, dict):
        return {}
    out: dict[str, int] = {}
    for code, rule in legality.items():
        limit = rule.get("limit") if isinstance(rule, dict) else None
        if isinstance(limit, int) and not isinstance(limit, bool) and limit >= 0:
            out[str(code).upper()] = limit
    return out


def standing(limits: dict[str, int], format_code: str) -> Standing:
    """The standing in ``format_code`` of a card with these :func:`format_limits`."""
    code = format_code.upper()
    limit = limits.get(code)
    if limit is None:
        return Standing(code, "legal", None)
    return Standing(code, "banned" if limit == 0 else "limited", limit)


def standings(legality: Any) -> list[Standing]:
    """The card's standing in every known format (:data:`~app.model.vocabulary.FORMATS`
    order), then in the formats only its ``legality`` names."""
    limits = format_limits(legality)
    codes = [f.value for f in FORMATS] + [c for c in limits if c not in {f.value for f in FORMATS}]
    return [standing(limits, code) for code in codes]
