"""Rules that keep a write from destroying stored data it has no right to replace.

Three rules, checked per card by :class:`~app.store.write.writer.Writer` before it replaces
anything:

* a card may not take a slug another stored card (another uuid) holds, unless that card leaves
  the slug in the same write (it is renamed or removed): otherwise the other card would vanish;
* a card may not claim an edition uuid another stored card owns, unless that card gives the
  edition up in the same write: otherwise the other card's edition becomes unreachable;
* a record older than the stored one (its newest ``last_update`` of card, editions and
  circulations is earlier), or one that lacks keys or editions the stored one has without
  being newer, does not replace it (an older snapshot or a stale mirror must not roll the
  catalogue back); ``allow_older`` forces it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any


@dataclass(frozen=True)
class Refusal:
    """One incoming card record the writer did not store, and why.

    Attributes:
        uuid: the incoming card's uuid.
        slug: its slug.
        field: what collided: ``slug``, ``editions.N.uuid`` or ``last_update``.
        reason: a sentence a person can act on.
    """

    uuid: str
    slug: str
    field: str
    reason: str

    def __str__(self) -> str:
        return f"{self.uuid} ({self.slug}): {self.field}: {self.reason}"


def _stamp(value: Any) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _stamps(card: dict[str, Any]) -> Iterable[datetime | None]:
    yield _stamp(card.get("last_update"))
    for edition in card.get("editions") or []:
        if not isinstance(edition, dict):
            continue
        yield _stamp(edition.get("last_update"))
        for key in ("circulations", "circulationTemplates"):
            for item in edition.get(key) or []:
                if isinstance(item, dict):
                    yield _stamp(item.get("last_update"))


def newest(card: dict[str, Any]) -> datetime | None:
    """The newest ``last_update`` of a card, its editions and their circulations (None: none)."""
    found = [s for s in _stamps(card) if s is not None]
    return max(found) if found else None


def filled_paths(card: dict[str, Any], paths: Iterable[str]) -> frozenset[str]:
    """Turn :func:`app.model.fill_neutral` paths (``editions.3.thema_foil_dynamic``) into the
    paths :func:`older_than_stored` compares (``editions.<edition uuid>.thema_foil_dynamic``),
    so a key the source lacked and the importer filled counts as lacking."""
    out: set[str] = set()
    for path in paths:
        node: Any = card
        parts: list[str] = []
        for part in path.split("."):
            if isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
                uuid = node.get("uuid") if isinstance(node, dict) else None
                parts.append(str(uuid) if uuid is not None else part)
            else:
                node = node.get(part) if isinstance(node, dict) else None
                parts.append(part)
        out.add(".".join(parts))
    return frozenset(out)


def _lacks(
    incoming: dict[str, Any], stored: dict[str, Any], filled: frozenset[str] = frozenset()
) -> str | None:
    """The first piece of data ``stored`` has and ``incoming`` lacks: a key of the card, an
    edition (by uuid) or a key of an edition; a key only ``filled`` with its neutral value
    counts as lacking. Deeper values are not compared: the real API drops entries (a
    ``legality`` format) without moving any ``last_update``."""
    for key in stored:
        if key != "result_editions" and (key not in incoming or key in filled):
            return f"lacks {key}, which the stored record has"
    editions = {str(e.get("uuid")): e for e in incoming.get("editions") or []
                if isinstance(e, dict)}
    for edition in stored.get("editions") or []:
        if not isinstance(edition, dict):
            continue
        uuid = str(edition.get("uuid"))
        if uuid not in editions:
            return f"lacks the edition {uuid}, which the stored record has"
        for key in edition:
            if key not in editions[uuid] or f"editions.{uuid}.{key}" in filled:
                return f"lacks editions.{uuid}.{key}, which the stored record has"
    return None


def older_than_stored(
    incoming: dict[str, Any], stored: dict[str, Any], filled: frozenset[str] = frozenset()
) -> str | None:
    """Why ``incoming`` must not replace ``stored``, or None when it may.

    Args:
        incoming: the received card (validated).
        stored: the stored card's JSON.
        filled: keys of ``incoming`` the source lacked (see :func:`filled_paths`).

    Returns:
        A reason (the record is older, or lacks data without being newer), or None.
    """
    new, old = newest(incoming), newest(stored)
    if new is not None and old is not None and new < old:
        return (f"its newest last_update {new.isoformat()} is older than the catalogue's "
                f"{old.isoformat()}")
    if new is not None and old is not None and new > old:
        return None
    lack = _lacks(incoming, stored, filled)
    return None if lack is None else f"{lack} and is not newer"


def guard_lines(w: Any) -> list[str]:
    """The summary lines of the records a write did not store (``w``: a ``WriteReport``)."""
    lines = []
    if w.refused:
        lines.append(f"{len(w.refused)} records that would destroy another card were refused "
                     "(listed above).")
    if w.kept_out:
        lines.append(f"{len(w.kept_out)} records older than the catalogue were kept out "
                     "(--allow-older forces them).")
    return lines
