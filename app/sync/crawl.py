"""Enumerating cards with only the seven documented endpoints (spec: Endpoints 1, 2, 4, 6).

Against a server without ``/cards/search`` the sync crawls:

- every set prefix of the featured set groups (endpoint 4), and every set prefix seen in a
  fetched card's editions, is probed with endpoint 2 ``/cards/{prefix}/{number}`` from
  ``000`` upward; a prefix stops after ``miss_run`` missing numbers past the highest number
  known for it (from its hits and from every fetched card's editions), and starts again when
  a later card reveals a higher number;
- every slug reached through a card's ``references`` and ``referenced_by`` and through the
  dynamic Thema ranks (endpoint 6) is fetched with endpoint 1 ``/cards/{slug}``.

Limits (the crawl's reachable set): it cannot reach a card that appears nowhere else and

- shares every set prefix + collector number with other cards (``AMBDP 001`` belongs to 15
  real cards; endpoint 2 returns one of them), or
- has only collector numbers with a letter suffix (``005A``; ``PRXY 001B``), or
- has only numbers beyond a run of ``miss_run`` missing numbers past the highest number
  known for its prefixes (a sparse ``1st`` edition set),

unless a reference or the ranks reach it. Letter-suffixed variants are not probed: that
would double the probes of every prefix for a handful of cards. A card already stored
locally is still kept: after the crawl every stored card it did not reach is asked for by
slug (:func:`app.sync.cards.confirm_removals`). On the 2026-04-04 snapshot the crawl reaches
2,217 of 2,235 cards with about 7,000 probes (``miss_run`` 10); the 18 others are 14 of the
15 cards of ``AMBDP 001`` and 4 cards numbered only ``044A``/``139A``/``001B``/``002B``.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from app.sync.cards import fetch_card
from app.sync.context import Context
from app.sync.records import first_error

log = logging.getLogger("app.sync")
_NUMBER = re.compile(r"\d+")


def number_of(collector_number: str) -> int | None:
    """The leading number of a collector number (``"038KS"`` → 38), or None."""
    match = _NUMBER.match(collector_number)
    return int(match.group()) if match else None


class Crawl:
    """One crawl over a server's endpoints 1 and 2, staging every valid card it reaches."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.probes = ctx.staging.marks("probe")
        self.slugs_done = set(ctx.staging.marks("slug")) | set(ctx.staging.card_slugs().values())
        self.known_max: dict[str, int] = defaultdict(lambda: -1)
        self.last_hit: dict[str, int] = defaultdict(lambda: -1)
        self.next_number: dict[str, int] = defaultdict(int)
        self.prefixes: set[str] = set()
        self.running: set[str] = set()
        self._group: asyncio.TaskGroup | None = None

    async def run(self, prefixes: Iterable[str], slugs: Iterable[str]) -> None:
        """Crawl from these set prefixes and card slugs until nothing new is reached.

        Raises:
            UpstreamError: a request failed for good (the other requests are cancelled).
        """
        self.ctx.tracker.phase("cards")
        try:
            async with asyncio.TaskGroup() as group:
                self._group = group
                for card in self.ctx.staging.cards():
                    self._learn(card)
                for prefix in prefixes:
                    self._add_prefix(prefix)
                for slug in slugs:
                    self._add_slug(slug)
        except BaseExceptionGroup as failures:
            raise first_error(failures) from None
        log.info("crawl: %d prefixes, %d probes", len(self.prefixes), len(self.probes))

    def _limit(self, prefix: str) -> int:
        return max(self.known_max[prefix], self.last_hit[prefix]) + self.ctx.options.miss_run

    def _learn(self, card: dict[str, Any]) -> None:
        self.slugs_done.add(card["slug"])
        for edition in card["editions"]:
            prefix = edition["set"]["prefix"]
            number = number_of(edition["collector_number"])
            if number is not None and number > self.known_max[prefix]:
                self.known_max[prefix] = number
            self._add_prefix(prefix)
            self._start(prefix)
        for reference in [*card["references"], *card["referenced_by"]]:
            self._add_slug(reference["slug"])

    def _add_prefix(self, prefix: str) -> None:
        if prefix not in self.prefixes:
            self.prefixes.add(prefix)
            self._start(prefix)

    def _start(self, prefix: str) -> None:
        if (self._group is not None and prefix not in self.running
                and self.next_number[prefix] <= self._limit(prefix)):
            self.running.add(prefix)
            self._group.create_task(self._probe_prefix(prefix))

    def _add_slug(self, slug: str) -> None:
        if slug and slug not in self.slugs_done and self._group is not None:
            self.slugs_done.add(slug)
            self._group.create_task(self._fetch_slug(slug))

    async def _probe_prefix(self, prefix: str) -> None:
        try:
            while self.next_number[prefix] <= self._limit(prefix):
                number = self.next_number[prefix]
                self.next_number[prefix] += 1
                key = f"{prefix}\x1f{number:03d}"
                outcome = self.probes.get(key)
                if outcome is None:
                    parts = {"set_prefix": prefix, "collector_number": f"{number:03d}"}
                    outcome, card = await fetch_card(self.ctx, "card_by_number", parts,
                                                     [("probe", key, "")])
                    self.probes[key] = outcome
                    self.ctx.tracker.advance()
                    if card is not None:
                        self._learn(card)
                if outcome != "miss":
                    self.last_hit[prefix] = max(self.last_hit[prefix], number)
        finally:
            self.running.discard(prefix)

    async def _fetch_slug(self, slug: str) -> None:
        _, card = await fetch_card(self.ctx, "card", {"slug": slug}, [("slug", slug, "")])
        self.ctx.tracker.advance()
        if card is not None:
            self._learn(card)
