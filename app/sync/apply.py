"""The end of a sync: everything staged goes into the catalogue in ONE writer transaction
(cards, removals, featured set groups, options, Thema history, image and logo entries, the
sync's watermark), so readers see the previous catalogue or the new one, never a mix."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from app.store import Store, Writer, WriteReport
from app.store.history.revisions import RevisionRecorder
from app.store.history.thema import META_GENERATED
from app.store.reads.sync_listing import card_keys, edition_keys
from app.store.write.writer import utc_stamp
from app.sync.common import (
    META_API,
    META_COMPLETE,
    META_FINISHED,
    META_REJECTED,
    META_VALIDATORS,
    META_WATERMARK,
)
from app.sync.staging import Staging
from app.sync.thema import thema_to_write


@dataclass(frozen=True)
class Outcome:
    """What the apply wrote, for the report."""

    write: WriteReport
    thema_entries: int


def final_editions(staging: Staging, store: Store, removals: set[str]) -> list[dict[str, Any]]:
    """Every edition the catalogue will hold after the apply: ``uuid``, ``image`` and the
    ``thema_*_dynamic`` flags (staged cards replace stored ones; removed cards are gone)."""
    staged = staging.card_slugs()
    out: list[dict[str, Any]] = []
    for card in staging.cards():
        out += [{k: e.get(k) for k in ("uuid", "image", "thema_foil_dynamic",
                                       "thema_nonfoil_dynamic")} for e in card["editions"]]
    for key in edition_keys(store):
        if key.card_uuid not in staged and key.card_uuid not in removals:
            out.append({"uuid": key.uuid, "image": key.image,
                        "thema_foil_dynamic": key.foil_dynamic,
                        "thema_nonfoil_dynamic": key.nonfoil_dynamic})
    return out


def rejected_uuids(
    staging: Staging, store: Store, previous: str | None, complete: bool
) -> set[str]:
    """uuids the upstream lists that are neither staged nor stored (invalid records)."""
    known = set(staging.card_slugs()) | set(card_keys(store))
    fresh = staging.seen() - known
    if complete or not previous:
        return fresh
    return fresh | (set(json.loads(previous)) - known)


def apply(
    staging: Staging, store: Store, *, api_url: str, watermark: str, complete: bool,
    previous_rejected: str | None, allow_older: bool = False, validators: str | None = None,
) -> Outcome:
    """Write the staged sync into the catalogue in one transaction.

    ``validators`` (compact JSON, :meth:`app.net.validators.Validators.to_json`) become the
    held answers' validators in the same transaction, so a failed sync changes none of them.

    Raises:
        StoreError: the write failed; the catalogue is unchanged and the staging file kept.
    """
    removals = set(staging.removals())
    editions = {e["uuid"] for e in final_editions(staging, store, removals)}
    thema = thema_to_write(staging, store, editions)
    now = utc_stamp()
    meta = {META_API: api_url, META_WATERMARK: watermark, META_FINISHED: now,
            META_REJECTED: json.dumps(sorted(rejected_uuids(
                staging, store, previous_rejected, complete)))}
    if complete:
        meta[META_COMPLETE] = now
    if validators is not None:
        meta[META_VALIDATORS] = validators
    if staging.meta("thema_generated") == "1":
        meta[META_GENERATED] = "1"  # else real history replaces generated history
    history = RevisionRecorder(api_url, "sync", staging.problems())
    write = Writer(store, history).write(
        staging.records(),
        [(f, size) for f, size, _ in staging.images("cards")],
        featured=staging.blob("featured"), options=staging.blob("options"),
        logos=[(f, size) for f, size, _ in staging.images("logos")],
        thema=thema, remove=sorted(removals), meta=meta,
        allow_older=allow_older,
    )
    return Outcome(write, len(thema))
