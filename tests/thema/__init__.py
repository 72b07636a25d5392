"""Tests of app/thema, and small generated (not real) dynamic-Thema fixtures shared by the
Thema tests of tests/store, tests/catalogue and tests/ingest."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.store import CardRecord, Store, Writer
from app.thema.derive import Entry, derived_uuid
from tests.helpers.cards import make_card, make_edition

ELEMENTS = ("charm", "ferocity", "grace", "mystique", "valor")

FOIL_ONLY = "genEdA0001"
"""A generated edition whose foil scores are dynamic (foil scores 400 each)."""
BOTH = "genEdB0001"
"""A generated edition whose foil and non-foil scores are dynamic (non-foil scores null)."""
STATIC = "genEdC0001"
"""A generated edition without dynamic scores."""


def _scores(kind: str, values: list[int | None]) -> dict[str, Any]:
    return {f"thema_{e}_{kind}": v for e, v in zip(ELEMENTS, values, strict=True)}


def generated_cards() -> list[dict[str, Any]]:
    """Three generated cards, one edition each: foil-dynamic, foil+non-foil dynamic, static."""
    a = make_card("genCardA01", "Generated Alpha", editions=[make_edition(
        "genCardA01", FOIL_ONLY, **_scores("foil", [400] * 5), thema_foil=2000,
        thema_foil_dynamic=True)])
    b = make_card("genCardB01", "Generated Beta", editions=[make_edition(
        "genCardB01", BOTH, **_scores("foil", [300, 350, 400, 450, 500]), thema_foil=2000,
        thema_foil_dynamic=True, thema_nonfoil_dynamic=True)])
    c = make_card("genCardC01", "Generated Gamma", editions=[make_edition(
        "genCardC01", STATIC, **_scores("foil", [100] * 5), thema_foil=500)])
    return [a, b, c]


def generated_store(folder: Path) -> Store:
    """A catalogue file in ``folder`` holding :func:`generated_cards`."""
    store = Store(folder / "catalogue.sqlite3")
    Writer(store).write([CardRecord(card) for card in generated_cards()])
    return store


def entry(
    edition_uuid: str, day: str, total: int | None, kind: str = "FOIL", **extra: Any
) -> Entry:
    """A generated history entry (plus ``edition_uuid``) with rank and changes not yet set."""
    parts = [None if total is None else total // 5] * 5
    return {
        "uuid": derived_uuid("test", edition_uuid, kind, day), "kind": kind,
        "thema_total": total, **{f"thema_{e}": p for e, p in zip(ELEMENTS, parts, strict=True)},
        "created_at": f"{day}T00:00:00+00:00", "rank": None, "rank_change": None,
        "change": None, "edition_uuid": edition_uuid, **extra,
    }
