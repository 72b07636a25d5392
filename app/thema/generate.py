"""Generated (not real) dynamic Thema history, for demos and tests.

No public capture of endpoints 6 and 7 exists (``../shared/data/gatcg/README.md``), so this
module makes up a plausible history: every element score of every dynamic edition follows
a bounded random walk, one step per day, ending at the edition's own stored scores (so the
last day agrees with what the card page shows) — except where several editions of a kind
share a stored total (the real data's dynamic champions all stand at its 2,000 cap): one of
them ends there, the others a little below it, each at a total of its own, so the ranking
has no tie at the top (:func:`spread_ties`).
Everything it returns is generated, deterministically: the same editions, days, end date and
seed give identical output on every machine and Python run (``random.Random`` seeded with a
string, BLAKE2b uuids; nothing depends on ``PYTHONHASHSEED``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from datetime import date, timedelta
from typing import Any

from app.model.vocabulary import CIRCULATION_KINDS, THEMA_ELEMENTS
from app.thema.derive import Entry, derive, derived_uuid

KIND_SUFFIX = {k.value: k.suffix for k in CIRCULATION_KINDS}
"""Circulation kind → suffix of the edition's static score keys (``thema_charm_foil``)."""

MAX_STEP = 12
"""Largest daily move of one element score, in score points."""
SPREAD = 150
"""How far a score may wander from its starting value, in score points (never below 0)."""
TIE_GAP = (4, 20)
"""The least and most points between two editions' last-day totals where their stored
totals tie."""


def generated_kinds(edition: Mapping[str, Any]) -> list[str]:
    """The circulation kinds whose scores are dynamic for ``edition`` (FOIL first)."""
    return [k.value for k in CIRCULATION_KINDS if edition.get(k.dynamic_key) is True]


def generated_start(edition: Mapping[str, Any], kind: str, rng: random.Random) -> list[int]:
    """Day-one element scores: the edition's static ``thema_<element>_<foil|nonfoil>`` values,
    with a plausible made-up value (300..500) for each that is null or not a number."""
    out = []
    for element in THEMA_ELEMENTS:
        value = edition.get(f"thema_{element.name}_{KIND_SUFFIX[kind]}")
        if isinstance(value, int | float) and not isinstance(value, bool):
            out.append(int(value))
        else:
            out.append(rng.randint(300, 500))
    return out


def spread_ties(starts: dict[str, list[int]], seed: int, kind: str) -> dict[str, list[int]]:
    """The last-day scores of one kind's editions (uuid → element scores), with no two
    totals alike: where stored totals tie, a seeded draw keeps one edition's scores and
    lowers each other's total by 4–20 points more than the one before (the five scores
    scaled alike); a total that then meets another edition's is lowered past it."""
    rng = random.Random(f"generated-thema-ties:{seed}:{kind}")
    by_total: dict[int, list[str]] = {}
    for uuid in sorted(starts):
        by_total.setdefault(sum(starts[uuid]), []).append(uuid)
    targets: dict[str, int] = {}
    for total, uuids in by_total.items():
        rng.shuffle(uuids)
        drop = 0
        for uuid in uuids:
            targets[uuid] = max(0, total - drop)
            drop += rng.randint(*TIE_GAP)
    taken: set[int] = set()
    for uuid in sorted(targets, key=lambda u: (-sum(starts[u]), -targets[u], u)):
        while targets[uuid] in taken and targets[uuid] > 0:
            targets[uuid] -= 1
        taken.add(targets[uuid])
    return {uuid: _scaled(starts[uuid], targets[uuid]) for uuid in starts}


def _scaled(scores: list[int], total: int) -> list[int]:
    """``scores`` scaled to sum to ``total`` (largest remainders to the largest scores)."""
    current = sum(scores)
    if current <= 0 or current == total:
        return list(scores)
    out = [s * total // current for s in scores]
    for i in sorted(range(len(scores)), key=lambda i: -scores[i])[:total - sum(out)]:
        out[i] += 1
    return out


def generated_walk(start: list[int], days: int, rng: random.Random) -> list[list[int]]:
    """``days`` daily score lists: ``start``, then a bounded random walk of integer steps."""
    lows = [max(0, s - SPREAD) for s in start]
    highs = [s + SPREAD for s in start]
    scores, out = list(start), []
    for _ in range(days):
        out.append(list(scores))
        scores = [
            min(hi, max(lo, s + rng.randint(-MAX_STEP, MAX_STEP)))
            for s, lo, hi in zip(scores, lows, highs, strict=True)
        ]
    return out


def generate_history(
    editions: Iterable[Mapping[str, Any]],
    days: int = 400,
    *,
    end: date,
    seed: int = 2026,
) -> list[Entry]:
    """Generated daily history of every dynamic edition, ranked and with changes derived.

    The last day's scores of each edition and kind are its stored static scores
    (``thema_<element>_<foil|nonfoil>``; their sum, ``thema_total``, is ``thema_foil`` or
    ``thema_nonfoil`` in the real data), but for editions whose stored total ties with
    another's: those end a little below it, each at its own total (:func:`spread_ties`).

    Args:
        editions: Edition objects (as in a Card's ``editions``); those with neither
            ``thema_foil_dynamic`` nor ``thema_nonfoil_dynamic`` true are ignored.
        days: how many consecutive days, ending with ``end`` (inclusive).
        end: the last day.
        seed: the generated history's seed; another seed gives other scores and uuids.

    Returns:
        One entry per dynamic edition, dynamic kind and day, ordered by edition (input
        order), kind, day: the spec's history entry keys (``created_at`` like
        ``2026-04-04T00:00:00+00:00``, integer scores, ``thema_total`` = the sum of the five)
        plus ``edition_uuid``. Ranks are per kind and day (:mod:`app.thema.derive`).

    Raises:
        ValueError: ``days`` is below 1.
    """
    if days < 1:
        raise ValueError("days must be at least 1")
    first = end - timedelta(days=days - 1)
    walks: list[tuple[str, str, random.Random]] = []
    starts: dict[str, dict[str, list[int]]] = {}
    for edition in editions:
        uuid = str(edition["uuid"])
        for kind in generated_kinds(edition):
            rng = random.Random(f"generated-thema:{seed}:{uuid}:{kind}")
            starts.setdefault(kind, {})[uuid] = generated_start(edition, kind, rng)
            walks.append((uuid, kind, rng))
    ends = {kind: spread_ties(scores, seed, kind) for kind, scores in starts.items()}
    entries: list[Entry] = []
    for uuid, kind, rng in walks:
        # walked back from today's stored scores: the last day is what the card shows
        walk = generated_walk(ends[kind][uuid], days, rng)[::-1]
        for offset, scores in enumerate(walk):
            day = (first + timedelta(days=offset)).isoformat()
            entries.append({
                "uuid": derived_uuid("generated-thema", seed, uuid, kind, day),
                "kind": kind,
                "thema_total": sum(scores),
                **{e.key: s for e, s in zip(THEMA_ELEMENTS, scores, strict=True)},
                "created_at": f"{day}T00:00:00+00:00",
                "rank": None,
                "rank_change": None,
                "change": None,
                "edition_uuid": uuid,
            })
    return derive(entries)
