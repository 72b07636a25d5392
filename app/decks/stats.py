"""Breakdowns of a deck for its page: copies per type line, element and cost, per zone.

Each card counts once under its type line (``Regalia Item``: Unique and Item are no card
types of their own), so a zone's type totals equal its resolved cards; a card of two
elements (Apothecary's Harvest: Exalted and Wind) counts under each. Cards the catalogue
does not hold are counted apart (:attr:`Breakdown.unresolved`), markers (tokens,
masteries) too. The cost curve is the main deck's reserve costs and the material deck's
memory costs. Nothing here judges legality (see :mod:`app.decks.check`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from app.decks.cards import DeckCards
from app.decks.model import ZONES, Deck, Zone
from app.model.vocabulary import NON_DECK_TYPES

NO_COST = "—"
"""The cost-curve bucket of a card without a cost of the zone's kind."""
CURVE_COST = {Zone.MAIN: "reserve", Zone.MATERIAL: "memory"}
"""The cost a zone's curve counts (the API's ``cost.type``)."""


@dataclass(frozen=True)
class Breakdown:
    """Copies of one zone by type line, element and cost.

    Attributes:
        zone: the zone.
        by_type: type line (``REGALIA ITEM``) → copies; sums to the zone's resolved cards.
        by_element: element (``WIND``) → copies of cards with it.
        by_cost: cost value (``"2"``, ``"X"``; :data:`NO_COST`) → copies.
        unresolved: copies whose name is no card of the catalogue.
        markers: copies of tokens and masteries (not deck cards).
        curve: the zone's cost curve (:func:`cost_curve`; empty for the sideboard).
    """

    zone: Zone
    by_type: Counter[str]
    by_element: Counter[str]
    by_cost: Counter[str]
    unresolved: int = 0
    markers: int = 0
    curve: Counter[str] = field(default_factory=Counter)

    @property
    def cards(self) -> int:
        """The zone's resolved deck cards (markers left out)."""
        return sum(self.by_type.values())


def breakdowns(deck: Deck, cards: DeckCards) -> list[Breakdown]:
    """One :class:`Breakdown` per zone, in decklist order."""
    out = []
    for zone in ZONES:
        types: Counter[str] = Counter()
        elements: Counter[str] = Counter()
        costs: Counter[str] = Counter()
        unresolved = markers = 0
        for entry in deck.zone(zone):
            card = cards.get(entry.card_uuid)
            if card is None:
                unresolved += entry.quantity
                continue
            if NON_DECK_TYPES.intersection(card.types):
                markers += entry.quantity
                continue
            types[" ".join(card.types) or NO_COST] += entry.quantity
            for element in card.elements or ((card.element,) if card.element else ()):
                elements[element] += entry.quantity
            costs[card.cost or NO_COST] += entry.quantity
        curve = cost_curve(deck, cards, zone) if zone in CURVE_COST else Counter()
        out.append(Breakdown(zone, types, elements, costs, unresolved, markers, curve))
    return out


def cost_curve(deck: Deck, cards: DeckCards, zone: Zone) -> Counter[str]:
    """Copies of ``zone``'s resolved deck cards by the cost its curve counts
    (:data:`CURVE_COST`); a card without that kind of cost is :data:`NO_COST`."""
    kind = CURVE_COST.get(zone)
    curve: Counter[str] = Counter()
    for entry in deck.zone(zone):
        card = cards.get(entry.card_uuid)
        if card is None or NON_DECK_TYPES.intersection(card.types):
            continue
        fits = card.cost is not None and (card.cost_kind is None or card.cost_kind == kind)
        curve[card.cost if fits and card.cost else NO_COST] += entry.quantity
    return curve


def curve_axis(costs: Iterable[str]) -> list[str]:
    """The cost curve's axis for ``costs``: every number from 0 to the highest one (a cost
    no card has is an empty bar, so the curve's shape reads true), then ``X`` and other
    words, then :data:`NO_COST`; ``[]`` for no cost."""
    found = set(costs)
    numbers = [int(c) for c in found if c.isdigit()]
    axis = [str(n) for n in range(max(numbers) + 1)] if numbers else []
    return axis + sorted((c for c in found if not c.isdigit()), key=cost_order)


def cost_order(cost: str) -> tuple[int, int, str]:
    """A sort key: numbers by value, then ``X`` and other words, then :data:`NO_COST`."""
    if cost.isdigit():
        return (0, int(cost), "")
    return (2 if cost == NO_COST else 1, 0, cost)
