"""Dynamic Thema rank and history entries (spec: "Dynamic Thema rank entry", "Dynamic Thema
history entry"; endpoints 6 and 7).

Like :mod:`app.model.card`: strict (no string is coerced to a number), unknown keys kept
(``extra="allow"``). Thema score values are integers, decimals or null (their type is "not
shown"). ``rank``, ``rank_change`` and ``change`` may be absent or null in input: the importer
derives them (:mod:`app.thema.derive`) and serves integers and a decimal.
"""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from pydantic import BaseModel, Field, ValidationError

from app.model.card import Cost, Number, Score, Set, Timestamp, Uuid, _Resource
from app.model.hostile import hostile_value
from app.model.validate import RecordProblem
from app.model.vocabulary import THEMA_ELEMENTS

CirculationKind = Literal["FOIL", "NONFOIL"]
"""The circulation kinds of ``/option/search`` (``circulation``), as the API spells them."""

ELEMENTS = tuple(e.key for e in THEMA_ELEMENTS)
"""The five per-element score keys of rank-entry scores and history entries."""

GENERATED_HEADER = "X-Archivist-Generated"
"""Response header of an Archivist server whose dynamic Thema history is GENERATED demo
data; its value is :data:`GENERATED_VALUE`. A sync that sees it keeps the history marked."""
GENERATED_VALUE = "thema-history"


class _Derivable(_Resource):
    rank: int | None = None
    rank_change: int | None = None
    change: Number | None = None


class _Scores(_Derivable):
    """The total and the five element scores shared by rank scores and history entries."""

    thema_total: Score
    thema_charm: Score
    thema_ferocity: Score
    thema_grace: Score
    thema_mystique: Score
    thema_valor: Score


class RankScore(_Scores):
    """The ``score`` object of a rank entry: totals, element scores, rank, changes."""


class RankEdition(_Resource):
    """The ``edition`` object of a rank entry (a subset of :class:`~app.model.card.Edition`)."""

    card_id: Uuid
    collaborators: list[str]
    collector_number: str
    configuration: str
    created_at: Timestamp
    effect: str | None
    effect_raw: str | None
    flavor: str | None
    illustrator: str | None
    image: str = Field(min_length=1)
    last_update: Timestamp
    orientation: str | None
    rarity: Number
    set: Set
    slug: str
    thema_foil_dynamic: bool
    thema_nonfoil_dynamic: bool
    uuid: Uuid


class RankEntry(_Resource):
    """One item of endpoint 6: card-like keys (as in Card), ``kind``, ``score``, ``edition``."""

    classes: list[str]
    cost: Cost
    cost_memory: Number | None
    cost_reserve: Number | None = Field(ge=-1)
    created_at: Timestamp
    durability: Number | None
    effect: str | None
    effect_raw: str | None
    element: str
    elements: list[str]
    flavor: str | None
    last_update: Timestamp
    level: Number | None
    life: Number | None
    name: str
    power: Number | None
    slug: str = Field(min_length=1)
    speed: bool | None
    subtypes: list[str]
    types: list[str]
    uuid: Uuid
    kind: CirculationKind
    score: RankScore
    edition: RankEdition


class HistoryEntry(_Scores):
    """One item of endpoint 7: one day's scores of one edition and circulation kind.

    The entry does not name its edition (endpoint 7's path does); Archivist's own files add
    an ``edition_uuid`` key, kept as an extra key.
    """

    uuid: Uuid
    kind: CirculationKind
    created_at: Timestamp


M = TypeVar("M", bound=BaseModel)


def validate_thema_record(
    model: type[M], raw: Any, source: str, index: int | None = None
) -> M | RecordProblem:
    """Validate one raw rank entry (``RankEntry``) or history entry (``HistoryEntry``).

    Args:
        model: :class:`RankEntry` or :class:`HistoryEntry`.
        raw: the decoded JSON value.
        source: where it came from, for the problem report.
        index: its position in the source array.

    Returns:
        The validated model, or a :class:`RecordProblem` naming the record and first field.
    """
    if not isinstance(raw, dict):
        kind = type(raw).__name__
        return RecordProblem(source, index, None, None, "(record)", f"not an object but {kind}")
    uuid, slug = raw.get("uuid"), raw.get("slug")
    bad = hostile_value(raw)
    if bad is not None:
        return RecordProblem(source, index, None, None, *bad)
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        problems = []
        for error in exc.errors():
            path = ".".join(str(p) for p in error["loc"]) or "(record)"
            missing = error["type"] == "missing"
            problems.append((path, "required field is missing" if missing else str(error["msg"])))
        (first, reason), rest = problems[0], problems[1:]
        return RecordProblem(
            source, index, uuid if isinstance(uuid, str) else None,
            slug if isinstance(slug, str) else None, first, reason,
            tuple(f"{p}: {r}" for p, r in rest),
        )
