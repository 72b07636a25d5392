"""Dynamic Thema scores (spec: endpoints 6 and 7): request parameters, derived ranks and
changes, and a generator of (generated, not real) history. No I/O here."""

from app.catalogue.thema_dates import (
    KINDS,
    resolve_range,
    shift_years,
    validate_edition_uuid,
    validate_kind,
)
from app.thema.derive import HISTORY_KEYS, Entry, derive, derived_uuid
from app.thema.generate import generate_history

__all__ = [
    "HISTORY_KEYS",
    "KINDS",
    "Entry",
    "derive",
    "derived_uuid",
    "generate_history",
    "resolve_range",
    "shift_years",
    "validate_edition_uuid",
    "validate_kind",
]
