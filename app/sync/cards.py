"""Fetching single cards into the staging file (endpoints 1 and 2), and confirming that
cards a complete enumeration did not list are really gone."""

from __future__ import annotations

import logging
from typing import Any, Literal

from app.net import endpoints
from app.store.reads.sync_listing import card_keys
from app.sync.context import Context
from app.sync.records import check_cards, run_all
from app.sync.staging import Unit

log = logging.getLogger("app.sync")
Outcome = Literal["hit", "miss", "invalid"]


async def fetch_card(
    ctx: Context, endpoint: str, parts: dict[str, str],
    marks: list[tuple[str, str, str]] | None = None,
) -> tuple[Outcome, dict[str, Any] | None]:
    """One Card from endpoint 1 (``card``) or 2 (``card_by_number``); stage it when valid.

    Args:
        ctx: the running sync.
        endpoint: ``card`` or ``card_by_number`` (:data:`app.net.endpoints.ENDPOINTS`).
        parts: its path parts, e.g. ``{"set_prefix": "DOA 1st", "collector_number": "001"}``.
        marks: progress markers committed with the result; each value is replaced by the
            outcome.

    Returns:
        ``("hit", card)`` for a valid card, ``("miss", None)`` when not found (204, 404),
        ``("invalid", None)`` for a record that failed validation (reported, not staged).
    """
    path = endpoints.path(endpoint, **parts)
    body = await ctx.client.json(endpoint, None, **parts)
    outcome: Outcome
    unit = Unit()
    card: dict[str, Any] | None = None
    if body is None:
        outcome = "miss"
    else:
        cards, unit.seen, problems = check_cards([body], path)
        unit.cards, unit.problems = cards, ctx.reject(problems)
        card = cards[0] if cards else None
        outcome = "hit" if card is not None else "invalid"
    unit.marks = [(kind, key, outcome) for kind, key, _ in marks or []]
    ctx.staging.commit(unit)
    return outcome, card


async def confirm_removals(ctx: Context) -> None:
    """After a complete enumeration: ask for every stored card it did not list, by slug.

    A card whose slug is not found (204, 404), or now belongs to another card, is confirmed
    gone and will be removed by the apply; a card that is found after all (a page shifted
    during the walk, a card the crawl cannot reach) is staged like any other.
    """
    seen = ctx.staging.seen()
    done = ctx.staging.marks("verify")
    candidates = [(u, s) for u, s in card_keys(ctx.store).items()
                  if u not in seen and u not in done]
    ctx.tracker.phase("verify", len(candidates))

    async def confirm(uuid: str, slug: str) -> None:
        path = endpoints.path("card", slug=slug)
        body = await ctx.client.card(slug)
        unit = Unit()
        if body is None:
            unit.removals.append(uuid)
        else:
            unit.cards, unit.seen, problems = check_cards([body], path)
            unit.problems = ctx.reject(problems)
            if uuid not in unit.seen:
                unit.removals.append(uuid)
        unit.marks.append(("verify", uuid, "gone" if unit.removals else "found"))
        ctx.staging.commit(unit)
        ctx.tracker.advance()

    await run_all(confirm(u, s) for u, s in candidates)
    log.info("removal check: %d stored cards not listed upstream", len(candidates))
