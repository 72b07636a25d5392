"""The outcome of one import, and its human summary."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from app.model import RecordProblem
from app.store import WriteReport
from app.store.write.guard import guard_lines


@dataclass
class ImportReport:
    """What one import read, rejected and changed.

    Attributes:
        files: JSON files read.
        records: card records read (before de-duplication).
        cards: distinct valid cards in the input.
        editions: their editions.
        duplicates: card records skipped because their uuid was already seen.
        rejected: invalid records of any kind, each with its reason.
        filled: how often each missing required key was filled with its neutral value.
        filled_records: the card records in which at least one key was filled.
        featured_groups: valid featured set groups read (they replace the stored ones).
        options: whether an ``/option/search`` response was read.
        thema_entries: valid dynamic Thema history entries read.
        images: card image files now in the image store from ``--images``.
        logos: logo files now in the logo store from ``--logos``.
        write: what the write changed in the catalogue.
        totals: the catalogue's counts after the import.
        revision: the number of the revision the import recorded (None: nothing changed).
        seconds: wall time of the whole import.
    """

    files: int = 0
    records: int = 0
    cards: int = 0
    editions: int = 0
    duplicates: int = 0
    rejected: list[RecordProblem] = field(default_factory=list)
    filled: Counter[str] = field(default_factory=Counter)
    filled_records: int = 0
    featured_groups: int = 0
    options: bool = False
    thema_entries: int = 0
    images: int = 0
    logos: int = 0
    write: WriteReport = field(default_factory=WriteReport)
    totals: dict[str, int] = field(default_factory=dict)
    revision: int | None = None
    seconds: float = 0.0

    def summary(self, verbose: bool = False) -> str:
        """A few human lines, as ``archivist import`` prints them.

        Args:
            verbose: also name each filled key and how often it was filled (else one
                line counts them).
        """
        w, t = self.write, self.totals
        lines = [
            f"Read {self.files} files, {self.records} card records in {self.seconds:.2f} s.",
            f"Cards: {self.cards} ({w.new} new, {w.changed} changed, {w.unchanged} unchanged); "
            f"editions: {self.editions}; images: {self.images}; "
            f"rejected records: {len(self.rejected)}.",
        ]
        extras = []
        if self.featured_groups:
            extras.append(f"featured set groups: {self.featured_groups}")
        if self.logos:
            extras.append(f"logos: {self.logos}")
        if self.options:
            extras.append("option values: yes")
        if self.thema_entries:
            extras.append(f"Thema history entries: {self.thema_entries}")
        if extras:
            lines.append("Also " + "; ".join(extras) + ".")
        lines.append(
            f"Catalogue now holds {t.get('cards', 0)} cards, {t.get('editions', 0)} editions, "
            f"{t.get('sets', 0)} sets, {t.get('images', 0)} images."
        )
        lines += guard_lines(w)
        if self.revision is not None:
            lines.append(f"Recorded as revision {self.revision} (archivist changes).")
        if self.filled:
            fields = len(self.filled)
            lines.append(
                f"Filled {fields} missing field{'s' * (fields != 1)} with the spec's neutral "
                f"values in {self.filled_records} card record"
                f"{'s' * (self.filled_records != 1)}"
                + (":" if verbose else " (which: archivist import --verbose)."))
            if verbose:
                lines += [f"  {k} ×{n}" for k, n in sorted(self.filled.items())]
        return "\n".join(lines)
