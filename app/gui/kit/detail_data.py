"""What the detail pane shows of a card, built in a worker thread (no Qt here).

:func:`load_detail` asks the catalogue for the card (``GET /cards/{slug}``, endpoint 1),
renders its effect with :mod:`app.gui.kit.effect_html`, reads legality, rules, references and
every edition (:mod:`app.gui.kit.edition_data`), and checks which edition images are in the
image store, so the GUI thread only has to set texts.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from app.catalogue.base import CardSummary
from app.errors import ArchivistError
from app.gui.kit.card_text import FORMATS, RARITIES, facts, image_name, named, title, type_line
from app.gui.kit.edition_data import EditionInfo, edition_info
from app.gui.kit.effect_html import render_effect
from app.model.card import Reference, Rule
from app.model.history import CardVersion
from app.model.legality import standings

__all__ = [
    "RARITIES", "CardDetail", "DetailSource", "EditionInfo", "Reference", "Rule", "caption",
    "detail_from_card", "image_name", "load_detail",
]


class DetailSource(Protocol):
    """The part of the catalogue :func:`load_detail` needs."""

    def card(self, slug: str) -> dict[str, Any]: ...

    def card_image_path(self, filename: str) -> Any: ...


class VersionSource(Protocol):
    """The part of the history :func:`load_detail` reads."""

    def card_history(self, slug: str) -> list[CardVersion]: ...


@dataclass(frozen=True)
class CardDetail:
    """A card as the detail pane shows it.

    Attributes:
        slug, name: the card's.
        type_line: ``Champion — Spirit`` (types, then subtypes), title case.
        facts: ``(label, value)`` pairs in display order (Cost, Element, Class, Level, …);
            fields the card lacks are left out.
        effect_html: the rendered effect (see :func:`app.gui.kit.effect_html.render_effect`).
        flavor: the card's flavor text, stripped ("" when none).
        editions: in the API's order.
        legality: one ``(format, standing)`` pair per format (the known formats, then any
            other the card's ``legality`` names), such as ``("Standard", "Banned")``,
            ``("Draft", "Legal")``, ``("Pantheon", "Limited to 2 copies")``
            (:mod:`app.model.legality`).
        rules: rulings and errata, newest first.
        references: cards this card names; referenced_by: cards naming this one.
        history: the card's recorded versions, newest first, each with its diff to the one
            before (:meth:`app.history.service.History.card_history`); empty when none.
        owned: edition uuid → ``(non-foil, foil)`` copies in the collection (owned ones).
    """

    slug: str
    name: str
    type_line: str
    facts: list[tuple[str, str]]
    effect_html: str
    flavor: str
    editions: list[EditionInfo]
    legality: list[tuple[str, str]] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)
    references: list[Reference] = field(default_factory=list)
    referenced_by: list[Reference] = field(default_factory=list)
    history: tuple[CardVersion, ...] = ()
    owned: dict[str, tuple[int, int]] = field(default_factory=dict)


def _legality(value: Any) -> list[tuple[str, str]]:
    return [(named(FORMATS, s.format), s.describe()) for s in standings(value)]


def _rules(items: Any) -> list[Rule]:
    """The card's rulings as the model's :class:`~app.model.card.Rule`, texts stripped
    (built as read: a ruling missing a key still shows)."""
    rules = [
        Rule.model_construct(
            title=str(item.get("title") or "").strip(),
            date_added=str(item.get("date_added") or ""),
            description=str(item.get("description") or "").strip())
        for item in items or [] if isinstance(item, dict)
    ]
    return sorted(rules, key=lambda rule: rule.date, reverse=True)  # stable for equal dates


def _references(items: Any, direction: str) -> list[Reference]:
    """The model's :class:`~app.model.card.Reference` of each item with a slug; the name
    falls back to the slug and the kind reads as words (``SUMMON`` → ``Summon``)."""
    return [
        Reference.model_construct(
            direction=direction, kind=title(item.get("kind") or ""),
            name=str(item.get("name") or item["slug"]), slug=str(item["slug"]))
        for item in items or [] if isinstance(item, dict) and item.get("slug")
    ]


def detail_from_card(card: dict[str, Any], source: DetailSource) -> CardDetail:
    """Build the :class:`CardDetail` of an API Card object (see :func:`load_detail`)."""
    return CardDetail(
        slug=card["slug"],
        name=card["name"],
        type_line=type_line(card),
        facts=facts(card),
        effect_html=render_effect(card.get("effect"), card["name"]),
        flavor=(card.get("flavor") or "").strip(),
        editions=[edition_info(e, card, source) for e in card.get("editions") or []],
        legality=_legality(card.get("legality")),
        rules=_rules(card.get("rule")),
        references=_references(card.get("references"), "TO"),
        referenced_by=_references(card.get("referenced_by"), "FROM"),
    )


def load_detail(source: DetailSource, slug: str, history: VersionSource | None = None,
                collection: object = None) -> CardDetail:
    """Load and prepare one card for the detail pane (runs in a worker thread).

    Args:
        source: the catalogue (the card and its image files).
        slug: the card's slug.
        history: the card's recorded versions (the application object's ``history``;
            None: no history shown).
        collection: the copies owned (the application object's ``collection``; None: none).

    Raises:
        NotFound: no card has this slug.
    """
    detail = detail_from_card(source.card(slug), source)
    detail = replace(detail, owned=owned_of(collection, [e.uuid for e in detail.editions]))
    if history is not None:
        try:
            return replace(detail, history=tuple(history.card_history(slug)))
        except ArchivistError:  # a history that cannot be read does not hide the card
            return detail
    return detail


def owned_of(source: object, uuids: list[str]) -> dict[str, tuple[int, int]]:
    """Copies owned of ``uuids`` per finish, from the collection ``source`` (``{}``
    without one, or when it cannot be read: the card still shows). Worker thread."""
    store = getattr(source, "collection_store", None)
    if not callable(store):
        return {}
    try:
        return dict(store().owned_of(uuids))
    except (ArchivistError, NotImplementedError):
        return {}


def caption(summary: CardSummary) -> str:
    """A tile's second line: set prefix and collector number (``DOA 1st · 001``)."""
    return f"{summary.set_prefix} · {summary.collector_number}".strip(" ·")
