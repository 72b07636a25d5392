"""Enumerating cards through ``GET /cards/search`` (the official API; ``archivist serve``).

Pages of ``page_size`` cards are fetched concurrently after the first one gave the total.
Each page's cards are validated and staged with a marker, so a resumed sync fetches only the
pages it lacks. If the total moves while walking (the upstream changed mid-walk, pages
shifted), the walk starts again, keeping what it staged; after three moves it gives up.
"""

from __future__ import annotations

import logging
import math
from typing import Any

from app.errors import InvalidRequest, UpstreamError
from app.net import endpoints
from app.net.validators import NOT_MODIFIED
from app.sync.context import Context
from app.sync.records import check_cards, check_page, run_all
from app.sync.staging import Unit

log = logging.getLogger("app.sync")
WALK_ATTEMPTS = 3


async def probe(ctx: Context) -> dict[str, Any] | None:
    """``GET /cards/search?page=1&page_size=1``: the page object, or None when the server
    does not offer the search (404, or an answer that is not a page: a card named "search").
    """
    params = {"page": 1, "page_size": 1}
    key = endpoints.source("cards_search", params)
    try:
        body = await ctx.client.cards_search(params, key=key)
        if body is NOT_MODIFIED:
            total = ctx.client.validators.memo(key).get("total_cards")
            if isinstance(total, int):
                return {"data": [], "total_cards": total}
            ctx.client.validators.forget(key)
            body = await ctx.client.cards_search(params)
    except InvalidRequest:
        return None
    if isinstance(body, dict) and isinstance(body.get("total_cards"), int):
        ctx.client.validators.note(key, total_cards=body["total_cards"])
    if isinstance(body, dict) and isinstance(body.get("data"), list) and isinstance(
        body.get("total_cards"), int
    ):
        return body
    return None


async def walk(ctx: Context, key: str, last_update: str | None = None,
               conditional: bool = False, total: int | None = None) -> None:
    """Stage every card of the search (with ``last_update``: only cards changed since then).

    Args:
        ctx: the running sync.
        key: names the walk's progress markers (``full`` or ``since``).
        last_update: the ``last_update`` filter, a timestamp; a server that refuses it (400)
            is asked again with its date part, as the official API documents a date.
        conditional: ask for the first page with the validators of the previous sync's
            first page of this walk (its ``last_update`` was another); a 304 says the page
            is byte for byte the one that sync stored, so nothing of it is staged again.
        total: the card count the probe just saw (a walk without ``last_update``): the
            first pass then asks for page 1 together with the others instead of before
            them; a count that moved in between makes the walk start again like any move.

    Raises:
        UpstreamError: the server failed, or its card count kept moving.
    """
    for _attempt in range(WALK_ATTEMPTS):
        try:
            if await _walk_once(ctx, key, last_update, conditional, total):
                return
        except InvalidRequest:
            if not last_update or len(last_update) <= 10:
                raise
            log.info("the server refused last_update=%s; asking with the date", last_update)
            last_update = last_update[:10]
            continue
        log.info("the card count moved during the %s walk; walking again", key)
        total = None
        ctx.staging.clear_marks(f"page:{key}")
    raise UpstreamError(
        "The upstream catalogue kept changing during the sync (its card count moved "
        f"{WALK_ATTEMPTS} times); run the sync again later"
    )


async def _walk_once(ctx: Context, key: str, last_update: str | None,
                     conditional: bool = False, known: int | None = None) -> bool:
    """One pass over the pages; False when the total moved during it. With ``known`` (the
    probe's count, no ``last_update``), page 1 is asked for with the others."""
    kind = f"page:{key}"
    size = ctx.options.page_size
    extra = {"last_update": last_update} if last_update else {}
    done = ctx.staging.marks(kind)
    ctx.tracker.phase("cards")
    first = endpoints.source("cards_search", {"page": 1, "page_size": size,
                                              "last_update": f"({key})"}) if conditional else None
    at_once = "1" not in done and known is not None and first is None and not extra
    if "1" in done:
        total = int(done["1"])
    elif at_once and known is not None:
        total = known
    else:
        total = await _page(ctx, kind, 1, size, extra, first)
    pages = max(1, math.ceil(total / size))
    ctx.tracker.set_total(pages)
    ctx.tracker.advance(len([p for p in done if int(p) <= pages]) or 1)
    pending = [p for p in range(1 if at_once else 2, pages + 1) if str(p) not in done]
    totals = await run_all(_page(ctx, kind, page, size, extra) for page in pending)
    seen_totals = {total, *totals, *(int(v) for p, v in done.items() if int(p) <= pages)}
    return len(seen_totals) == 1


async def _page(ctx: Context, kind: str, page: int, size: int, extra: dict[str, str],
                cache_key: str | None = None) -> int:
    params: dict[str, Any] = {"page": page, "page_size": size, **extra}
    source = endpoints.source("cards_search", params)
    body = await ctx.client.cards_search(params, key=cache_key)
    if body is NOT_MODIFIED and cache_key is not None:
        total = ctx.client.validators.memo(cache_key).get("total_cards")
        if isinstance(total, int):
            ctx.staging.commit(Unit(marks=[(kind, str(page), str(total))]))
            return total
        ctx.client.validators.forget(cache_key)
        body = await ctx.client.cards_search(params)
    if body is None:
        raise UpstreamError(f"{ctx.client.base_url}{source}: the search page was not found")
    found = check_page(body, source)
    cards, seen, problems = check_cards(found["data"], source)
    ctx.staging.commit(Unit(cards=cards, seen=seen, problems=ctx.reject(problems),
                            marks=[(kind, str(page), str(found["total_cards"]))]))
    if cache_key is not None:
        if problems:  # rejected records are reported again next time
            ctx.client.validators.forget(cache_key)
        else:
            ctx.client.validators.note(cache_key, total_cards=int(found["total_cards"]))
    if page > 1:
        ctx.tracker.advance()
    return int(found["total_cards"])
