"""The deck-building rules of each format, as data (spec/decks.md, Format rules).

A new format or a rule change is a change of :data:`FORMATS`, not of the checker. Format
codes are the API's (``/option/search`` ``gameFormat``); the catalogue's ``legality``
limits are read per card, not written here. Format names and the card types that decide
deck zones come from :mod:`app.model.vocabulary` (one table each).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.model.vocabulary import FORMATS as FORMAT_TERMS
from app.model.vocabulary import names

FORMAT_NAMES = names(FORMAT_TERMS)


@dataclass(frozen=True)
class FormatRules:
    """The rules of one format (comprehensive rules, Format Conventions).

    Attributes:
        code: the API's format code (its name, how a player says it, is :attr:`name`).
        main_min: the fewest main-deck cards.
        main_copies: the most copies of one name across main deck and sideboard (None:
            no rule, as in Draft).
        material_max: the most material-deck cards.
        material_exact: True when the material deck must hold exactly ``material_max``.
        material_copies: the most copies of one name across material deck and sideboard.
        needs_level_0: the material deck must hold a level 0 champion.
        sideboard_max: the most sideboard cards (None: no limit; 0: no sideboard).
        sideboard_points: the point budget of the sideboard (None: no point rule).
        boons: one Lesser and one Greater Boon are presented (Pantheon).
    """

    code: str
    main_min: int
    main_copies: int | None
    material_max: int
    material_exact: bool
    material_copies: int
    needs_level_0: bool
    sideboard_max: int | None
    sideboard_points: int | None
    boons: bool = False

    @property
    def name(self) -> str:
        """How a player names the format (``Standard``), from the vocabulary's table."""
        return FORMAT_NAMES.get(self.code, self.code.title())


SIDEBOARD_POINTS_MAIN = 1
SIDEBOARD_POINTS_MATERIAL = 3
"""Points of a sideboard card: main-deck cards 1, regalia and champions 3."""

FORMATS: dict[str, FormatRules] = {
    "STANDARD": FormatRules(
        code="STANDARD", main_min=60, main_copies=4, material_max=12,
        material_exact=False, material_copies=1, needs_level_0=True, sideboard_max=15,
        sideboard_points=15,
    ),
    "DRAFT": FormatRules(
        code="DRAFT", main_min=30, main_copies=None, material_max=10,
        material_exact=False, material_copies=1, needs_level_0=True, sideboard_max=None,
        sideboard_points=None,
    ),
    "PANTHEON": FormatRules(
        code="PANTHEON", main_min=60, main_copies=1, material_max=12,
        material_exact=True, material_copies=1, needs_level_0=True, sideboard_max=0,
        sideboard_points=None, boons=True,
    ),
}


def format_rules(code: str) -> FormatRules:
    """The rules of ``code`` (any case: ``standard`` = ``STANDARD``).

    Raises:
        KeyError: no such format (the message lists the known ones).
    """
    try:
        return FORMATS[code.upper()]
    except KeyError:
        known = ", ".join(rules.name for rules in FORMATS.values())
        raise KeyError(f"Unknown format {code!r}: choose {known}") from None
