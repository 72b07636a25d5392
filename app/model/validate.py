"""Validation of raw card records, with problems a person can act on.

Source: spec "Resources and their fields". A record that lacks a key the spec makes
required is filled with the spec's neutral value when the key has one (``null`` for a
nullable field, ``[]`` for a list, ``false`` for the ``thema_*_dynamic`` flags, which
the API added after 2026-02); any other problem rejects the record.
"""

from __future__ import annotations

import dataclasses
import types
from dataclasses import dataclass
from typing import Any, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from app.model.card import Card, Edition, OtherOrientation, OtherOrientationEdition
from app.model.hostile import hostile_value

DYNAMIC_FLAGS = ("thema_foil_dynamic", "thema_nonfoil_dynamic")


@dataclass(frozen=True)
class RecordProblem:
    """Why one input record was rejected.

    Attributes:
        source: the file (or URL) the record came from.
        index: the record's position in that source's array (0-based), or None.
        uuid: the record's ``uuid`` if it has one.
        slug: the record's ``slug`` if it has one.
        field: dotted path of the first offending field, e.g. ``editions.0.image``.
        reason: what is wrong with it.
        more: the other offending fields, as ``"path: reason"`` strings.
    """

    source: str
    index: int | None
    uuid: str | None
    slug: str | None
    field: str
    reason: str
    more: tuple[str, ...] = dataclasses.field(default=())

    def __str__(self) -> str:
        where = self.source if self.index is None else f"{self.source}[{self.index}]"
        who = self.uuid or self.slug or "?"
        extra = f" (+{len(self.more)} more: {', '.join(self.more[:3])})" if self.more else ""
        return f"{where} {who}: {self.field}: {self.reason}{extra}"


def _neutral(model: type[BaseModel], name: str) -> tuple[bool, Any]:
    annotation = model.model_fields[name].annotation
    if name in DYNAMIC_FLAGS:
        return True, False
    args = get_args(annotation)
    origin = get_origin(annotation)
    if origin in (Union, types.UnionType) and type(None) in args:
        return True, None
    if origin is list:
        return True, []
    return False, None


def _fill(record: Any, model: type[BaseModel], path: str, filled: list[str]) -> None:
    if not isinstance(record, dict):
        return
    for name in model.model_fields:
        if name in record:
            continue
        ok, value = _neutral(model, name)
        if ok:
            record[name] = value
            filled.append(f"{path}{name}")


def fill_neutral(card: dict[str, Any]) -> list[str]:
    """Add the spec's neutral value for every fillable required key a raw card lacks.

    Args:
        card: a raw Card object as decoded from JSON; changed in place (new keys go last).

    Returns:
        The dotted paths of the keys that were added, e.g. ``editions.0.thema_foil_dynamic``.
    """
    filled: list[str] = []
    _fill(card, Card, "", filled)
    for key in ("editions", "result_editions"):
        editions = card.get(key)
        if not isinstance(editions, list):
            continue
        for i, edition in enumerate(editions):
            _fill(edition, Edition, f"{key}.{i}.", filled)
            others = edition.get("other_orientations") if isinstance(edition, dict) else None
            for j, other in enumerate(others if isinstance(others, list) else []):
                base = f"{key}.{i}.other_orientations.{j}."
                _fill(other, OtherOrientation, base, filled)
                if isinstance(other, dict):
                    _fill(other.get("edition"), OtherOrientationEdition, base + "edition.", filled)
    return filled


def _reason(error: Any) -> tuple[str, str]:
    path = ".".join(str(p) for p in error["loc"]) or "(record)"
    if error["type"] == "missing":
        return path, "required field is missing"
    return path, str(error["msg"])


def _clean(text: str | None) -> str | None:
    """``text`` with lone surrogates escaped, so a problem report can be printed and logged."""
    if text is None:
        return None
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def validate_card(raw: Any, source: str, index: int | None = None) -> Card | RecordProblem:
    """Validate one raw Card object (after :func:`fill_neutral`).

    Args:
        raw: the decoded JSON value.
        source: where it came from, for the problem report.
        index: its position in the source array.

    Returns:
        The validated :class:`Card`, or a :class:`RecordProblem` naming the record and field;
        a value the catalogue cannot keep (:func:`app.model.hostile.hostile_value`: a lone
        surrogate, an integer beyond 64 bits, ``NaN``, deep nesting) is such a problem.
    """
    uuid = raw.get("uuid") if isinstance(raw, dict) else None
    slug = raw.get("slug") if isinstance(raw, dict) else None
    uuid = uuid if isinstance(uuid, str) else None
    slug = slug if isinstance(slug, str) else None
    if not isinstance(raw, dict):
        kind = type(raw).__name__
        return RecordProblem(source, index, None, None, "(record)", f"not an object but {kind}")
    hostile = hostile_value(raw)
    if hostile is not None:
        return RecordProblem(source, index, _clean(uuid), _clean(slug), *hostile)
    try:
        return Card.model_validate(raw)
    except ValidationError as exc:
        problems = [_reason(e) for e in exc.errors()]
        first, reason = problems[0]
        more = tuple(f"{p}: {r}" for p, r in problems[1:])
        return RecordProblem(source, index, uuid, slug, first, reason, more)
