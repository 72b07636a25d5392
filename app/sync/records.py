"""Validating what the upstream answered, exactly like an import.

Invalid records are returned as :class:`~app.model.RecordProblem` and never staged; a whole
response of the wrong shape (a page that is not a page) is an :class:`UpstreamError`.
Sources are named by their URL path, e.g. ``/cards/search?page=3``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Iterable
from typing import Any, TypeVar

from pydantic import ValidationError

from app.errors import ArchivistError, UpstreamError
from app.model import FeaturedSetGroup, RecordProblem, fill_neutral
from app.model.checker import card_problem
from app.model.hostile import hostile_value

T = TypeVar("T")


def check_cards(
    records: Iterable[Any], source: str
) -> tuple[list[dict[str, Any]], list[str], list[RecordProblem]]:
    """Fill and validate raw Card objects (``app.ingest`` rules).

    Returns:
        ``(valid cards as received and filled, uuids of every record that has one,
        problems of the invalid records)``.
    """
    cards: list[dict[str, Any]] = []
    seen: list[str] = []
    problems: list[RecordProblem] = []
    for index, raw in enumerate(records):
        if isinstance(raw, dict):
            if isinstance(raw.get("uuid"), str):
                seen.append(raw["uuid"])
            fill_neutral(raw)
        problem = card_problem(raw, source, index)
        if problem is not None:
            problems.append(problem)
        else:
            cards.append(raw)
    return cards, seen, problems


def check_page(value: Any, source: str) -> dict[str, Any]:
    """A ``/cards/search`` page object (official OpenAPI document), checked for its keys.

    Raises:
        UpstreamError: not a page object (``data`` array and integer ``total_cards``).
    """
    if (
        isinstance(value, dict) and isinstance(value.get("data"), list)
        and isinstance(value.get("total_cards"), int)
    ):
        return value
    raise UpstreamError(f"{source}: the answer is not a /cards/search page object")


def check_featured(
    value: Any, source: str
) -> tuple[list[dict[str, Any]] | None, list[RecordProblem]]:
    """The valid groups of a ``/featured-sets`` answer (endpoint 4), or None when the answer
    is not an array at all."""
    if not isinstance(value, list):
        return None, [RecordProblem(source, None, None, None, "(response)", "not an array")]
    groups: list[dict[str, Any]] = []
    problems: list[RecordProblem] = []
    for index, raw in enumerate(value):
        bad = hostile_value(raw)
        if bad is not None:
            problems.append(RecordProblem(source, index, None, None, *bad))
            continue
        try:
            FeaturedSetGroup.model_validate(raw)
        except ValidationError as exc:
            error = exc.errors()[0]
            where = ".".join(str(p) for p in error["loc"]) or "(record)"
            uuid = raw.get("uuid") if isinstance(raw, dict) else None
            problems.append(RecordProblem(source, index, uuid if isinstance(uuid, str) else None,
                                          None, where, str(error["msg"])))
            continue
        groups.append(raw)
    return groups, problems


def check_options(value: Any, source: str) -> tuple[dict[str, Any] | None, list[RecordProblem]]:
    """An ``/option/search`` answer: an object whose values are arrays, or a problem."""
    bad = hostile_value(value)
    if bad is not None:
        return None, [RecordProblem(source, None, None, None, *bad)]
    if isinstance(value, dict) and value and all(isinstance(v, list) for v in value.values()):
        return value, []
    return None, [RecordProblem(source, None, None, None, "(response)",
                                "not an object of option arrays")]


async def run_all(jobs: Iterable[Awaitable[T]]) -> list[T]:
    """Run ``jobs`` concurrently (the client bounds the requests); on the first failure the
    others are cancelled and that failure is raised (not an exception group)."""
    async def wrap(job: Awaitable[T]) -> T:
        return await job

    try:
        async with asyncio.TaskGroup() as group:
            tasks = [group.create_task(wrap(job)) for job in jobs]
    except BaseExceptionGroup as failures:
        raise first_error(failures) from None
    return [task.result() for task in tasks]


def first_error(group: BaseExceptionGroup[BaseException]) -> BaseException:
    """The most telling exception of a group: an Archivist error first, else the first one."""
    flat: list[BaseException] = []
    stack: list[BaseException] = [group]
    while stack:
        item = stack.pop(0)
        if isinstance(item, BaseExceptionGroup):
            stack = list(item.exceptions) + stack
        else:
            flat.append(item)
    return next((e for e in flat if isinstance(e, ArchivistError)), flat[0])
