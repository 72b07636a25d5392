"""Generated (not real) dynamic Thema history, for demos and tests.

No public capture of endpoints 6 and 7 exists (``../shared/data/gatcg/README.md``), so this
module makes up a plausible history: every element score of every dynamic edition follows
a bounded random walk, one step per day, ending at the edition's own stored scores (so the
last day agrees with what the card page shows).
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
    ``thema_nonfoil`` in the real data).

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
    entries: list[Entry] = []
    for edition in editions:
        uuid = str(edition["uuid"])
        for kind in generated_kinds(edition):
            rng = random.Random(f"generated-thema:{seed}:{uuid}:{kind}")
            # walked back from today's stored scores: the last day is what the card shows
            walk = generated_walk(generated_start(edition, kind, rng), days, rng)[::-1]
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
