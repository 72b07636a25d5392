"""The official API's ``GET /cards/search`` request and answer entries, as the search
(:mod:`app.store.official.search`) takes and gives them.

Source: ``openapi-v1.1.0.json``, ``/cards/search``; the request is validated by
``app/catalogue/search_params.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class StatTerm:
    """One ``stats`` term such as ``level>=2``: field, operator, number (-1 for ``=X``)."""

    field: str
    op: str
    value: float


@dataclass(frozen=True)
class ListFilter:
    """Values of a card list parameter and how they combine (``OR`` or ``AND``).

    ``none`` is True when ``"null"`` was among the values (cards with an empty list).
    """

    values: tuple[str, ...] = ()
    logic: str = "OR"
    none: bool = False


@dataclass(frozen=True)
class ApiQuery:
    """A validated ``/cards/search`` request (:mod:`app.store.official.search` says which
    parameters are about the card and which about its editions)."""

    page: int = 1
    page_size: int = 50
    sort: str = "collector_number"
    order: str = "ASC"
    separate_editions: bool = False
    lists: dict[str, ListFilter] = field(default_factory=dict)
    name: str | None = None
    slug: str | None = None
    effect: str | None = None
    flavor: str | None = None
    rule: str | None = None
    rule_title: str | None = None
    last_update: str | None = None
    speed: tuple[str, ...] = ()
    stats: tuple[StatTerm, ...] = ()
    legality_format: str | None = None
    legality_limit: int | None = None
    legality_state: str = "ANY"
    prefix: tuple[str, ...] = ()
    rarity: int | None = None
    illustrator: str | None = None
    collector_number: str | None = None
    edition_slug: str | None = None
    edition_effect: str | None = None
    edition_flavor: str | None = None
    edition_last_update: str | None = None
    language: tuple[str, ...] = ()
    configuration: str | None = None
    collab: bool | None = None


@dataclass(frozen=True)
class ApiHit:
    """One ``data`` entry: the card's stored body and the uuids of its result editions."""

    body: str
    edition_uuids: tuple[str, ...] | None  # None: every edition of the card
