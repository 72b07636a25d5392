"""What an export did: files written, kept, renamed; editions missing or failed."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from app.export.plan import ExportItem


@dataclass(frozen=True)
class Progress:
    """How far an export is.

    Attributes:
        done: editions finished (written, skipped, missing or failed).
        total: editions asked for.
        current: what was just finished or is being done (a file name or a step).
    """

    done: int
    total: int
    current: str = ""


@dataclass(frozen=True)
class Problem:
    """An edition that was not exported, and why (``reason`` is a sentence for a person)."""

    item: ExportItem
    reason: str

    def __str__(self) -> str:
        return f"{self.item.label}: {self.reason}"


@dataclass
class ExportReport:
    """The outcome of :func:`app.export.run_export`.

    Attributes:
        total: editions asked for.
        written: files written in the folder (full paths), in the order they finished.
        zipped: images written into the ZIP file.
        zip_path: the ZIP file written (None: none asked for, skipped, or cancelled).
        kept: existing files left alone (collision policy ``skip``).
        replaced: existing files replaced (policy ``replace``).
        renamed: files written under a numbered name because the name was taken
            (policy ``rename``, or two editions rendering to the same name).
        fetched: images fetched from the API because they were not stored.
        missing: editions whose image is neither stored nor could be fetched.
        failed: editions whose image could not be read, rendered or written.
        cancelled: the export was cancelled (everything written so far is whole).
        seconds: wall-clock time.
    """

    total: int = 0
    written: list[Path] = field(default_factory=list)
    zipped: int = 0
    zip_path: Path | None = None
    kept: list[Path] = field(default_factory=list)
    replaced: int = 0
    renamed: int = 0
    fetched: int = 0
    missing: list[Problem] = field(default_factory=list)
    failed: list[Problem] = field(default_factory=list)
    cancelled: bool = False
    seconds: float = 0.0

    @property
    def complete(self) -> bool:
        """True when every edition was exported (or kept) and nothing was cancelled."""
        return not (self.cancelled or self.missing or self.failed)

    def summary(self) -> str:
        """One or two lines for a person, e.g. ``Exported 12 images in 0.8 s; 3 missing.``"""
        done = max(len(self.written), self.zipped)
        parts = [f"Exported {done} of {self.total} image{'s' if self.total != 1 else ''}"
                 f" in {self.seconds:.1f} s"]
        if self.zip_path is not None:
            parts.append(f"{self.zipped} into {self.zip_path.name}")
        for count, what in (
            (len(self.kept), "kept (already there)"), (self.replaced, "replaced"),
            (self.renamed, "renamed"), (self.fetched, "fetched from the API"),
            (len(self.missing), "missing (not stored)"), (len(self.failed), "failed"),
        ):
            if count:
                parts.append(f"{count} {what}")
        line = "; ".join(parts) + "."
        if self.cancelled:
            line = "Cancelled. " + line + " Every file written is whole."
        return line
