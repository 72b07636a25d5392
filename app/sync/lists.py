"""The small lists a sync fetches whole every time: featured set groups (endpoint 4),
``/option/search`` and the dynamic Thema ranks (endpoint 6). A server that does not offer
one (404), or answers that the held one is current (304 to a conditional request), leaves
the stored one as it is."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.model import RecordProblem
from app.net import endpoints
from app.net.validators import NOT_MODIFIED
from app.sync.context import Context
from app.sync.records import check_featured, check_options, run_all
from app.sync.staging import Staging, Unit
from app.sync.thema import fetch_ranks

Check = Callable[[Any, str], tuple[Any, list[RecordProblem]]]


async def fetch_lists(ctx: Context) -> None:
    """Stage the featured set groups, the options and the ranks (phase ``lists``), the three
    requests at once; on a resume, lists staged by the interrupted sync are not fetched
    again."""
    ctx.tracker.phase("lists", 3)

    async def one(key: str, endpoint: str, check: Check) -> None:
        if ctx.staging.meta(f"done:{key}") is None:
            source = endpoints.path(endpoint)
            body = await ctx.client.json(endpoint, key=source)
            if body is not None and body is not NOT_MODIFIED:
                value, problems = check(body, source)
                ctx.staging.commit(Unit(problems=ctx.reject(problems)))
                if value is not None:
                    ctx.staging.set_blob(key, value)
                if problems or value is None:  # not held as it came: ask in full next time
                    ctx.client.validators.forget(source)
            ctx.staging.set_meta({f"done:{key}": "1"})
        ctx.tracker.advance()

    async def ranks() -> None:
        await fetch_ranks(ctx)
        ctx.tracker.advance()

    await run_all([one("featured", "featured_sets", check_featured),
                   one("options", "option_search", check_options), ranks()])


def featured_prefixes(staging: Staging) -> list[str]:
    """Set prefixes of the staged featured set groups (where the crawl starts)."""
    groups = staging.blob("featured") or []
    return list(dict.fromkeys(s["prefix"] for g in groups for s in g["sets"]))
