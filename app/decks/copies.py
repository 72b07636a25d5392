"""Copies per card name, counted within the zone a rule names (spec/decks.md).

The comprehensive rules cap copies per name within the main deck (four in Standard) and
within the material deck (one); a copy in the wrong zone counts in the zone it is written
in (that it does not belong there is a ``zone`` finding of its own). Copies split between
a deck and the sideboard are not limited by the comprehensive rules: 34 real registered
decks carry a material card in each. That is for the tournament rules, so it is an
advisory that says so, never an error.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from app.decks.cards import DeckCard
from app.decks.finding import ADVISORY, ERROR, Finding
from app.decks.formats import FormatRules
from app.decks.model import Entry, Zone
from app.model.vocabulary import MATERIAL_TYPES


def _copies_of(n: int) -> str:
    return f"{n} {'copy' if n == 1 else 'copies'}"


def copy_findings(rules: FormatRules,
                  placed: Sequence[tuple[Entry, DeckCard | None]]) -> list[Finding]:
    """The ``copies`` and ``material-copies`` errors (within the main and the material
    deck) and the ``copies-split`` advisories (a deck and its sideboard together)."""
    by_zone: dict[Zone, Counter[str]] = {zone: Counter() for zone in Zone}
    material_names: set[str] = set()
    for entry, card in placed:
        name = card.name if card is not None else entry.name
        by_zone[entry.zone][name] += entry.quantity
        if card is not None and MATERIAL_TYPES.intersection(card.types):
            material_names.add(name)
    out = []
    for zone, rule, cap in ((Zone.MAIN, "copies", rules.main_copies),
                            (Zone.MATERIAL, "material-copies", rules.material_copies)):
        for name, n in by_zone[zone].items():
            if cap is not None and n > cap:
                out.append(Finding(rule, ERROR, (name,), f"{_copies_of(n)} of {name} in the "
                                   f"{zone.heading.lower()}; {rules.name} allows {cap}.",
                                   {"count": n, "maximum": cap}))
    for name, side in by_zone[Zone.SIDEBOARD].items():
        zone = Zone.MATERIAL if name in material_names else Zone.MAIN
        cap = rules.material_copies if zone is Zone.MATERIAL else rules.main_copies
        deck = by_zone[zone][name]
        if cap is None or not deck or deck > cap or deck + side <= cap:
            continue
        out.append(Finding(
            "copies-split", ADVISORY, (name,),
            f"{deck} {name} in the {zone.heading.lower()} and {side} in the sideboard: the "
            f"comprehensive rules cap copies within the {zone.heading.lower()} only "
            f"({cap}); whether the sideboard counts is for the tournament rules — the "
            "organiser decides.", {"deck": deck, "sideboard": side, "maximum": cap}))
    return out
