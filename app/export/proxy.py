"""Text proxies: what a proxy sheet prints for a card whose image is not to be had.

Players make such proxies by hand: the card's name, its cost, its type line and its
effect text on a card-sized piece of paper. :func:`proxy_texts` reads them from the
catalogue for the editions of a sheet; the drawing is the PDF writer's
(:mod:`app.gui.export.proxy_sheet`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.export.plan import ExportItem
from app.store import Store
from app.store.reads.export_editions import card_bodies

STATS = (("level", "Level"), ("power", "Power"), ("life", "Life"), ("durability", "Durability"))
"""The card's numbers a proxy shows, in this order, with their names."""


@dataclass(frozen=True)
class ProxyText:
    """The text of one card's proxy.

    Attributes:
        name: the card's name (``Jin, Fate Defiant``).
        edition: the edition's label (``Jin, Fate Defiant — AMB 004``).
        cost: ``Memory 1``, ``Reserve 6`` or "" (no cost).
        type_line: element, classes and types, then subtypes:
            ``Water · Cleric Action — Cleric Spell Reaction``.
        stats: ``Level 1 · Life 20``, ``Fast`` … ("" when none).
        effect: the effect text, paragraphs separated by blank lines ("" when none).
    """

    name: str
    edition: str
    cost: str = ""
    type_line: str = ""
    stats: str = ""
    effect: str = ""


def _words(values: Any) -> str:
    if not isinstance(values, list):
        return ""
    return " ".join(str(v).replace("_", " ").title() for v in values if v)


def _number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def proxy_text(card: Mapping[str, Any], edition: str) -> ProxyText:
    """The proxy of ``card`` (its stored JSON as a dict), labelled with ``edition``."""
    cost = card.get("cost")
    cost_line = ""
    if isinstance(cost, Mapping) and cost.get("type") in ("memory", "reserve"):
        value = cost.get("value")
        cost_line = f"{str(cost['type']).title()} {'' if value is None else value}".strip()
    element = str(card.get("element") or "").title()
    kinds = " ".join(w for w in (_words(card.get("classes")), _words(card.get("types"))) if w)
    head = " · ".join(w for w in (element, kinds) if w)
    subtypes = _words(card.get("subtypes"))
    type_line = f"{head} — {subtypes}" if head and subtypes else head or subtypes
    stats = [f"{name} {_number(card[key])}" for key, name in STATS
             if card.get(key) is not None]
    if card.get("speed") is not None:
        stats.append("Fast" if card.get("speed") else "Slow")
    effect = str(card.get("effect_raw") or card.get("effect") or "").strip()
    return ProxyText(str(card.get("name") or ""), edition, cost_line, type_line,
                     " · ".join(stats), effect)


def proxy_texts(store: Store, items: Sequence[ExportItem]) -> dict[str, ProxyText]:
    """The proxy of each item's card, by edition uuid (an item whose card is gone, or whose
    stored record cannot be read, gets a proxy with its name only).

    Raises:
        StoreError: the catalogue cannot be read.
    """
    bodies = card_bodies(store, [item.uuid for item in items])
    out: dict[str, ProxyText] = {}
    for item in items:
        try:
            card = json.loads(bodies.get(item.uuid, "{}"))
        except ValueError:
            card = {}
        if not isinstance(card, dict):
            card = {}
        card.setdefault("name", item.name)
        out[item.uuid] = proxy_text(card, item.label)
    return out
