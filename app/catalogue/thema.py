"""Endpoints 6 and 7, dynamic Thema ranks and history, answered from the local catalogue.

Spec: "Dynamic Thema rank entry", "Dynamic Thema history entry", endpoints 6 and 7 and their
rules 3, 4 and 8. Entries are served from table ``thema_history``; the card-like part of a
rank entry comes from the stored body of the edition's parent card.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import Any

from app.catalogue.thema_dates import resolve_range, validate_edition_uuid, validate_kind
from app.errors import NotFound
from app.model.vocabulary import THEMA_SCORE_KEYS
from app.store.db.connection import Store
from app.store.history.thema import ThemaReader, ThemaRow

log = logging.getLogger("app.store")

RANK_CARD_KEYS = (
    "classes", "cost", "cost_memory", "cost_reserve", "created_at", "durability", "effect",
    "effect_raw", "element", "elements", "flavor", "last_update", "level", "life", "name",
    "power", "slug", "speed", "subtypes", "types", "uuid",
)
"""The card-like keys of a rank entry, in the spec's order (then ``kind, score, edition``)."""

RANK_SCORE_KEYS = ("change", *THEMA_SCORE_KEYS, "rank", "rank_change")
"""The keys of a rank entry's ``score`` object, in the spec's order."""

RANK_EDITION_KEYS = (
    "card_id", "collaborators", "collector_number", "configuration", "created_at", "effect",
    "effect_raw", "flavor", "illustrator", "image", "last_update", "orientation", "rarity",
    "set", "slug", "thema_foil_dynamic", "thema_nonfoil_dynamic", "uuid",
)
"""The keys of a rank entry's ``edition`` object, in the spec's order."""


def utc_today() -> date:
    """The current date in UTC."""
    return datetime.now(UTC).date()


def rank_entry(card: dict[str, Any], edition: dict[str, Any], row: ThemaRow) -> dict[str, Any]:
    """Build one Dynamic Thema rank entry from a stored card, one of its editions and a row.

    Keys the stored objects lack (none after a validated import) are served as null.
    """
    scores = row.entry()
    return {
        **{key: card.get(key) for key in RANK_CARD_KEYS},
        "kind": row.kind,
        "score": {key: scores[key] for key in RANK_SCORE_KEYS},
        "edition": {key: edition.get(key) for key in RANK_EDITION_KEYS},
    }


class ThemaEndpoints:
    """Endpoints 6 and 7 over a local :class:`Store`; safe to call from several threads.

    Args:
        store: the SQLite catalogue.
        today: the current date (UTC by default), for endpoint 7's default range.
    """

    def __init__(self, store: Store, today: Callable[[], date] = utc_today) -> None:
        self._reader = ThemaReader(store)
        self._today = today

    def _edition(self, edition_uuid: str) -> tuple[dict[str, Any], dict[str, Any]] | None:
        body = self._reader.card_body_for_edition(edition_uuid)
        if body is None:
            return None
        card: dict[str, Any] = json.loads(body)
        for edition in card.get("editions", []):
            if edition.get("uuid") == edition_uuid:
                return card, edition
        return None

    def dynamic_thema_ranks(self) -> list[dict[str, Any]]:
        """Endpoint 6 ``GET /cards/edition/dynamic-thema-ranks``: the latest rankings.

        Returns:
            One Dynamic Thema rank entry per edition and circulation kind stored for the
            newest stored day of that kind, sorted by kind, then rank (nulls last), then
            edition uuid (the spec leaves the order "not shown", rule 8). Entries are served as
            stored, whatever the edition's current ``thema_*_dynamic`` flags; an entry whose
            edition is not in the catalogue is skipped (its card-like keys are unknown).
            ``[]`` when no history is stored.
        """
        out: list[dict[str, Any]] = []
        for row in self._reader.latest_entries():
            found = self._edition(row.edition_uuid)
            if found is None:
                log.warning("thema ranks: edition %s is not in the catalogue", row.edition_uuid)
                continue
            out.append(rank_entry(*found, row))
        return out

    def dynamic_thema_history(
        self, edition_uuid: str, kind: str | None, from_: str | None, to: str | None
    ) -> list[dict[str, Any]]:
        """Endpoint 7 ``GET /cards/edition/{edition_uuid}/dynamic-thema``.

        Args:
            edition_uuid: the path parameter, 10 alphanumerics.
            kind: the ``kind`` query parameter, FOIL or NONFOIL in any letter case; required.
            from_: the ``from`` query parameter (YYYY-MM-DD) or None.
            to: the ``to`` query parameter (YYYY-MM-DD) or None.

        Returns:
            The edition's Dynamic Thema history entries of that kind from ``from`` to ``to``
            (both inclusive, rule 3; at most one year, rule 4), in date order, with the spec's
            keys. ``[]`` for a known edition without stored history in the range, such as an
            edition whose scores are not dynamic.

        Raises:
            InvalidRequest: a malformed uuid, a missing or unknown kind, a malformed or
                impossible date, ``from`` after ``to``, or a range above one year.
            NotFound: no edition has this uuid.
        """
        validate_edition_uuid(edition_uuid)
        circulation = validate_kind(kind)
        start, end = resolve_range(from_, to, self._today())
        if self._reader.card_body_for_edition(edition_uuid) is None:
            raise NotFound(f"Edition not found: no edition has the uuid {edition_uuid!r}")
        return [row.entry() for row in self._reader.history(edition_uuid, circulation, start, end)]
