"""Dynamic Thema: the latest ranks (endpoint 6) and each dynamic edition's history
(endpoint 7, rule 3), validated and completed like an import (:mod:`app.ingest.thema`).

History is asked for per edition with dynamic scores and circulation kind (FOIL when
``thema_foil_dynamic``, NONFOIL when ``thema_nonfoil_dynamic``, and every edition and kind
of the ranks): one year up to the server's today on the first sync, then only the days after
the last stored day. Stored history older than a year stays. The ranks carry no date; a rank
entry becomes a history entry of the server's today unless the edition's history already
holds it (same day, or a latest entry with the same scores and rank).
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from app.catalogue.thema_dates import shift_years
from app.errors import InvalidData, InvalidRequest
from app.ingest.thema import validate_thema
from app.model import RecordProblem
from app.model.vocabulary import THEMA_SCORE_KEYS
from app.net import endpoints
from app.net.validators import NOT_MODIFIED
from app.store.db.connection import Store
from app.store.history.thema import ThemaReader
from app.sync.context import Context
from app.sync.records import run_all
from app.sync.staging import Staging, Unit
from app.thema.derive import entry_day

RANKS = endpoints.path("thema_ranks")
SAME = (*THEMA_SCORE_KEYS, "rank")


def _validated(
    ctx: Context, body: Any, source: str, edition_uuid: str | None = None
) -> tuple[list[dict[str, Any]], list[str]]:
    if isinstance(body, list) and not body:
        return [], []
    try:
        entries, problems = validate_thema(body, source, edition_uuid=edition_uuid,
                                           today=ctx.today, store=ctx.store)
    except InvalidData as exc:
        problems = [RecordProblem(source, None, edition_uuid, None, "(response)", exc.message)]
        entries = []
    return entries, ctx.reject(problems)


async def fetch_ranks(ctx: Context) -> None:
    """Endpoint 6 into the staging file (blob ``ranks``: card slugs and history entries)."""
    if ctx.staging.blob("ranks") is not None:
        return
    body = await ctx.client.thema_ranks(key=RANKS)
    if body is NOT_MODIFIED:  # the held ranks are current: their entries were written
        held = ctx.client.validators.memo(RANKS)
        ctx.staging.set_blob("ranks", {"slugs": held.get("slugs", []), "entries": [],
                                       "targets": held.get("targets", [])})
        return
    entries, problems = _validated(ctx, body, RANKS) if body is not None else ([], [])
    slugs = [r["slug"] for r in body if isinstance(r, dict) and isinstance(r.get("slug"), str)
             ] if isinstance(body, list) else []
    ctx.staging.commit(Unit(problems=problems))
    ctx.staging.set_blob("ranks", {"slugs": slugs, "entries": entries})
    if problems:
        ctx.client.validators.forget(RANKS)
    else:
        ctx.client.validators.note(RANKS, slugs=slugs, targets=rank_targets(ctx.staging))


def rank_slugs(staging: Staging) -> list[str]:
    """Card slugs of the staged ranks (the crawl follows them)."""
    return list((staging.blob("ranks") or {}).get("slugs", []))


def rank_targets(staging: Staging) -> list[tuple[str, str]]:
    """``(edition uuid, kind)`` of every staged rank entry (of the held ranks when the
    server said they are current)."""
    ranks = staging.blob("ranks") or {}
    held = [(str(u), str(k)) for u, k in ranks.get("targets", [])]
    return held + [(e["edition_uuid"], e["kind"]) for e in ranks.get("entries", [])]


async def fetch_history(ctx: Context, targets: list[tuple[str, str]]) -> None:
    """Endpoint 7 for each ``(edition uuid, kind)``: the days not stored yet, up to today."""
    done = ctx.staging.marks("history")
    reader = ThemaReader(ctx.store)
    year_ago = shift_years(ctx.today, -1)
    todo = []
    for uuid, kind in dict.fromkeys(targets):
        if f"{uuid}\x1f{kind}" in done:
            continue
        rows = reader.history(uuid, kind, year_ago, ctx.today)
        start = year_ago if not rows else max(year_ago, _after(rows[-1].day))
        if start <= ctx.today:
            todo.append((uuid, kind, start.isoformat()))
    ctx.tracker.phase("thema", len(todo))

    async def one(uuid: str, kind: str, start: str) -> None:
        params = {"kind": kind, "from": start, "to": ctx.today.isoformat()}
        source = endpoints.source("thema_history", params, edition_uuid=uuid)
        unit = Unit(marks=[("history", f"{uuid}\x1f{kind}", "done")])
        try:
            body = await ctx.client.thema_history(uuid, params, key=source)
        except InvalidRequest as exc:
            body = None
            unit.problems = ctx.reject([RecordProblem(source, None, uuid, None, "(request)",
                                                      exc.message)])
        if body is not None and body is not NOT_MODIFIED:  # 304: those days are held
            unit.thema, unit.problems = _validated(ctx, body, source, uuid)
            if unit.problems:
                ctx.client.validators.forget(source)
        ctx.staging.commit(unit)
        ctx.tracker.advance()

    await run_all(one(*job) for job in todo)


def _after(day: str) -> date:
    return date.fromisoformat(day) + timedelta(days=1)


def thema_to_write(staging: Staging, store: Store, editions: set[str]) -> list[dict[str, Any]]:
    """The staged history plus the rank entries it does not already hold (see module)."""
    history = staging.thema()
    days = {(e["edition_uuid"], e["kind"], entry_day(e)) for e in history}
    latest: dict[tuple[str, str], dict[str, Any]] = {}
    for entry in history:  # sorted by edition, kind, day: the last one wins
        latest[entry["edition_uuid"], entry["kind"]] = entry
    reader = ThemaReader(store)
    out = list(history)
    for entry in (staging.blob("ranks") or {}).get("entries", []):
        edition, kind = entry["edition_uuid"], entry["kind"]
        if edition not in editions or (edition, kind, entry_day(entry)) in days:
            continue
        before = latest.get((edition, kind))
        if before is None:
            row = reader.entry_before(edition, kind, "9999-12-31")
            before = None if row is None else row.entry_with_edition()
        if before is not None and all(before.get(k) == entry.get(k) for k in SAME):
            continue
        out.append(entry)
    return out
