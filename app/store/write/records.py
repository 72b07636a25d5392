"""What a write takes and gives: the card records it stores and the report of what changed.

They sit apart from the writer (:mod:`app.store.write.writer`) so that what one write
receives and removes (:mod:`app.store.write.batch`) can name them without importing the
writer back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.store.write.guard import Refusal


@dataclass(frozen=True)
class CardRecord:
    """A validated Card object ready to store.

    Attributes:
        raw: the JSON dict as received (and filled).
        body: its stored form (:func:`app.store.write.writer.encode_body`) when the caller
            already has it (a sync encodes each card once, into its staging file); None: the
            writer encodes it.
        filled: keys the source lacked and validation filled with their neutral value
            (:func:`app.store.write.guard.filled_paths`): such a record does not replace a stored
            one that has real values there, unless it is newer.
    """

    raw: dict[str, Any]
    body: str | None = None
    filled: frozenset[str] = frozenset()

    @property
    def uuid(self) -> str:
        return str(self.raw["uuid"])


@dataclass
class WriteReport:
    """What one write changed. Counts are of cards unless named otherwise.

    Attributes:
        new, changed, unchanged: cards of the input, by what the write did with them.
        removed: cards deleted on request (``remove``), not counting replaced slugs.
        editions: editions written (those of new and changed cards).
        editions_new, editions_changed, editions_unchanged, editions_removed: editions of
            the input's cards (and of removed cards) compared by uuid with the stored ones.
        sets: set records inserted or changed. images: image entries written.
        replaced_slugs: slugs whose old card (another uuid, removed in the same write) was
            deleted for a new one.
        refused: incoming cards not stored because they would destroy another card (a slug
            or an edition uuid another card holds).
        kept_out: incoming cards not stored because they are older than the stored record
            (or lack its data without being newer); see :mod:`app.store.write.guard`.
    """

    new: int = 0
    changed: int = 0
    unchanged: int = 0
    removed: int = 0
    editions: int = 0
    editions_new: int = 0
    editions_changed: int = 0
    editions_unchanged: int = 0
    editions_removed: int = 0
    sets: int = 0
    images: int = 0
    replaced_slugs: list[str] = field(default_factory=list)
    refused: list[Refusal] = field(default_factory=list)
    kept_out: list[Refusal] = field(default_factory=list)
