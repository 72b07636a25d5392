"""What the detail pane shows of a card, built in a worker thread (no Qt here).

:func:`load_detail` asks the catalogue for the card (``GET /cards/{slug}``, endpoint 1),
renders its effect with :mod:`app.gui.effect_html` and checks which edition images are in
the image store, so the GUI thread only has to set texts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from app.catalogue.base import CardSummary
from app.gui.effect_html import render_effect

RARITIES: dict[int, str] = {
    1: "Common", 2: "Uncommon", 3: "Rare", 4: "Super Rare", 5: "Ultra Rare",
    6: "Promotional Rare", 7: "Collector Super Rare", 8: "Collector Ultra Rare",
    9: "Collector Promo Rare",
}
"""Rarity numbers of the API and their names (``GET /option/search``, ``rarity``)."""


class DetailSource(Protocol):
    """The part of the catalogue :func:`load_detail` needs."""

    def card(self, slug: str) -> dict[str, Any]: ...

    def card_image_path(self, filename: str) -> Any: ...


@dataclass(frozen=True)
class EditionInfo:
    """One edition row of the detail pane.

    Attributes:
        slug: the edition's slug.
        set_prefix: e.g. ``DOA 1st``; set_name: e.g. ``Dawn of Ashes First Edition``.
        collector_number: zero-padded, e.g. ``001``.
        rarity: the rarity's name (``Common``), or "" when unknown.
        illustrator: or "" when the API gives null.
        image_file: the API file name of the edition image (``<uuid>.jpg``), or "".
        has_image: whether that image is in the local image store.
    """

    slug: str
    set_prefix: str
    set_name: str
    collector_number: str
    rarity: str
    illustrator: str
    image_file: str
    has_image: bool


@dataclass(frozen=True)
class CardDetail:
    """A card as the detail pane shows it.

    Attributes:
        slug, name: the card's.
        type_line: ``Champion — Spirit`` (types, then subtypes), title case.
        facts: ``(label, value)`` pairs in display order (Cost, Element, Class, Level, …);
            fields the card lacks are left out.
        effect_html: the rendered effect (see :func:`app.gui.effect_html.render_effect`).
        flavor: the card's flavor text, stripped ("" when none).
        editions: in the API's order.
    """

    slug: str
    name: str
    type_line: str
    facts: list[tuple[str, str]]
    effect_html: str
    flavor: str
    editions: list[EditionInfo]


def image_name(path: str | None) -> str:
    """The file name of an edition ``image`` path (``/cards/images/x.jpg`` → ``x.jpg``)."""
    return (path or "").rsplit("/", 1)[-1]


def _words(values: Any) -> str:
    if not values:
        return ""
    return ", ".join(str(v).replace("_", " ").title() for v in values)


def _facts(card: dict[str, Any]) -> list[tuple[str, str]]:
    facts: list[tuple[str, str]] = []
    cost = card.get("cost") or {}
    if cost.get("type") in ("memory", "reserve") and cost.get("value") is not None:
        facts.append(("Cost", f"{cost['value']} {cost['type'].title()}"))
    for one, many, key in (("Element", "Elements", "elements"), ("Class", "Classes", "classes")):
        if card.get(key):
            facts.append((many if len(card[key]) > 1 else one, _words(card[key])))
    for label, key in (("Level", "level"), ("Power", "power"), ("Life", "life"),
                       ("Durability", "durability")):
        if card.get(key) is not None:
            facts.append((label, str(card[key])))
    if card.get("speed") is not None:
        facts.append(("Speed", "Fast" if card["speed"] else "Slow"))
    return facts


def _edition(edition: dict[str, Any], source: DetailSource) -> EditionInfo:
    file = image_name(edition.get("image"))
    rarity = edition.get("rarity")
    return EditionInfo(
        slug=str(edition.get("slug") or ""),
        set_prefix=str(edition["set"].get("prefix") or ""),
        set_name=str(edition["set"].get("name") or ""),
        collector_number=str(edition.get("collector_number") or ""),
        rarity=RARITIES.get(rarity, "") if isinstance(rarity, int) else "",
        illustrator=str(edition.get("illustrator") or ""),
        image_file=file,
        has_image=bool(file) and source.card_image_path(file) is not None,
    )


def detail_from_card(card: dict[str, Any], source: DetailSource) -> CardDetail:
    """Build the :class:`CardDetail` of an API Card object (see :func:`load_detail`)."""
    types = _words(card.get("types"))
    subtypes = _words(card.get("subtypes"))
    return CardDetail(
        slug=card["slug"],
        name=card["name"],
        type_line=" — ".join(part for part in (types, subtypes) if part),
        facts=_facts(card),
        effect_html=render_effect(card.get("effect"), card["name"]),
        flavor=(card.get("flavor") or "").strip(),
        editions=[_edition(e, source) for e in card.get("editions") or []],
    )


def load_detail(source: DetailSource, slug: str) -> CardDetail:
    """Load and prepare one card for the detail pane (runs in a worker thread).

    Raises:
        NotFound: no card has this slug.
    """
    return detail_from_card(source.card(slug), source)


def caption(summary: CardSummary) -> str:
    """A tile's second line: set prefix and collector number (``DOA 1st · 001``)."""
    return f"{summary.set_prefix} · {summary.collector_number}".strip(" ·")
