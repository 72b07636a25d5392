"""Deriving ``rank``, ``rank_change`` and ``change`` of dynamic Thema history entries.

Spec: "Dynamic Thema rank entry", score semantics. The spec defines the values but not how
ties or a missing history are handled; Archivist's choices:

- ``rank``: 1 is the highest ``thema_total`` of the day among all dynamic editions *of the
  same circulation kind* (FOIL and NONFOIL are ranked separately). Ties share the better
  rank ("competition ranking": 1, 2, 2, 4). A null total ranks below every number.
- ``rank_change``: previous rank − current rank (a rise is positive); 0 on an edition's first
  entry. "Previous" is the edition's latest earlier entry of that kind, whatever its day.
- ``change``: percent change of ``thema_total`` versus the previous entry, rounded to 2
  decimals (100 → 110 is ``10.0``); ``0.0`` on the first entry or when either total is 0
  or null.

Values the source sent are kept; only absent or null ones are derived.

An *entry* here is a dict with the spec's history entry keys (:data:`HISTORY_KEYS`) plus
``edition_uuid``, the edition it belongs to (endpoint 7's path parameter).
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from app.model.vocabulary import THEMA_SCORE_KEYS

Entry = dict[str, Any]
Key = tuple[str, str, str]

HISTORY_KEYS = ("uuid", "kind", *THEMA_SCORE_KEYS, "created_at", "rank", "rank_change", "change")
"""The keys of a Dynamic Thema history entry, in the spec's order."""

_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def derived_uuid(*parts: object) -> str:
    """A deterministic 10-character alphanumeric uuid from ``parts`` (BLAKE2b, base 62).

    Used for entries whose source gave no uuid: generated history and rank entries turned
    into history rows.
    """
    text = "\x1f".join(str(p) for p in parts)
    number = int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest())
    chars = []
    for _ in range(10):
        number, digit = divmod(number, 62)
        chars.append(_ALPHABET[digit])
    return "".join(chars)


def entry_day(entry: Entry) -> str:
    """The ``YYYY-MM-DD`` day of an entry: the first 10 characters of its ``created_at``."""
    return str(entry["created_at"])[:10]


def entry_key(entry: Entry) -> Key:
    """``(edition_uuid, kind, day)``: at most one entry per edition, kind and day."""
    return str(entry["edition_uuid"]), str(entry["kind"]), entry_day(entry)


def competition_ranks(totals: list[Any]) -> list[int]:
    """Rank totals, highest first; equal totals share the better rank; None ranks last.

    >>> competition_ranks([10, 30, 30, None, 5])
    [3, 1, 1, 5, 4]
    """
    numbers = [t for t in totals if t is not None]
    return [
        len(numbers) + 1 if t is None else 1 + sum(1 for n in numbers if n > t) for t in totals
    ]


def percent_change(previous: Any, current: Any) -> float:
    """Percent change from ``previous`` to ``current``, 2 decimals; 0.0 when undefined."""
    if previous is None or current is None or previous == 0:
        return 0.0
    return float(round((current - previous) / previous * 100, 2)) + 0.0  # + 0.0: no -0.0


def derive(entries: Iterable[Entry], context: Iterable[Entry] = ()) -> list[Entry]:
    """Fill the missing ``rank``, ``rank_change`` and ``change`` of ``entries``.

    Args:
        entries: entries to complete (with ``edition_uuid``); when several share an edition,
            kind and day the last one wins.
        context: already stored entries (same shape) that take part in the ranking of their
            day and serve as previous entries, but are not returned or changed. An entry in
            ``entries`` replaces a context entry with the same key.

    Returns:
        Copies of the kept entries, in input order, with every derivable value set.
    """
    wanted: dict[Key, Entry] = {}
    for entry in entries:
        key = entry_key(entry)
        wanted.pop(key, None)
        wanted[key] = dict(entry)
    pool: dict[Key, Entry] = {entry_key(e): e for e in context}
    pool.update(wanted)

    by_day: dict[tuple[str, str], list[Key]] = defaultdict(list)
    by_edition: dict[tuple[str, str], list[Key]] = defaultdict(list)
    for key in pool:
        by_day[key[1], key[2]].append(key)
        by_edition[key[0], key[1]].append(key)

    rank: dict[Key, int] = {}
    for keys in by_day.values():
        ranks = competition_ranks([pool[k]["thema_total"] for k in keys])
        for key, derived in zip(keys, ranks, strict=True):
            received = pool[key].get("rank")
            rank[key] = derived if received is None else received
            if key in wanted and received is None:
                wanted[key]["rank"] = derived

    for keys in by_edition.values():
        previous: Key | None = None
        for key in sorted(keys, key=lambda k: k[2]):
            target = wanted.get(key)
            if target is not None:
                if target.get("rank_change") is None:
                    target["rank_change"] = 0 if previous is None else rank[previous] - rank[key]
                if target.get("change") is None:
                    before = None if previous is None else pool[previous]["thema_total"]
                    target["change"] = percent_change(before, target["thema_total"])
            previous = key
    return list(wanted.values())
