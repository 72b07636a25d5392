"""The outcome of one sync and its human summary (``archivist sync`` prints it)."""

from __future__ import annotations

from dataclasses import dataclass, field

from app.store import WriteReport
from app.store.write.guard import guard_lines


def _mb(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB"


@dataclass
class SyncReport:
    """What one sync fetched and changed.

    Attributes:
        api_url: the API synced from.
        method: ``search`` (``/cards/search`` pages) or ``crawl`` (the seven endpoints).
        incremental: only cards changed since the previous sync were asked for.
        complete: every card was enumerated, so cards gone upstream were removed.
        resumed: an interrupted sync's staged work was reused.
        cards_received: valid cards fetched (over resumed attempts too).
        write: what the final transaction changed (cards and editions).
        totals: the catalogue's counts afterwards (cards, editions, sets, images).
        images: card images downloaded; images_adopted: found in the store already;
        images_not_found: images the server does not offer (204/404); image_bytes: their size.
        logos: featured-set-group logos downloaded or adopted.
        thema_entries: dynamic Thema history entries written.
        rejected: invalid records, one line each; they were skipped, never stored.
        requests, retries, bytes: HTTP traffic (bytes as received on the wire).
        not_modified: answers ``304 Not Modified`` to conditional requests: pieces the
            catalogue holds already, kept as they are.
        waited: seconds spent waiting before retries (backoff and ``Retry-After``).
        seconds: wall time; phase_seconds: per phase (see :data:`app.sync.progress.PHASES`).
    """

    api_url: str
    method: str = "search"
    incremental: bool = False
    complete: bool = False
    resumed: bool = False
    cards_received: int = 0
    write: WriteReport = field(default_factory=WriteReport)
    totals: dict[str, int] = field(default_factory=dict)
    images: int = 0
    images_adopted: int = 0
    images_not_found: int = 0
    image_bytes: int = 0
    logos: int = 0
    thema_entries: int = 0
    rejected: list[str] = field(default_factory=list)
    requests: int = 0
    retries: int = 0
    bytes: int = 0
    not_modified: int = 0
    waited: float = 0.0
    seconds: float = 0.0
    phase_seconds: dict[str, float] = field(default_factory=dict)

    @property
    def cards_unchanged(self) -> int:
        """Cards of the catalogue this sync left as they were."""
        return max(0, self.totals.get("cards", 0) - self.write.new - self.write.changed)

    @property
    def editions_unchanged(self) -> int:
        """Editions of the catalogue this sync left as they were."""
        w = self.write
        return max(0, self.totals.get("editions", 0) - w.editions_new - w.editions_changed)

    def summary(self) -> str:
        """A few human lines."""
        w, t = self.write, self.totals
        how = [self.method, "incremental" if self.incremental else "full"]
        if self.resumed:
            how.append("resumed an interrupted sync")
        lines = [
            f"Synced {self.api_url} in {self.seconds:.1f} s ({', '.join(how)}).",
            f"Cards: {self.cards_received} received; {w.new} new, {w.changed} changed, "
            f"{w.removed} removed, {self.cards_unchanged} unchanged.",
            f"Editions: {w.editions_new} new, {w.editions_changed} changed, "
            f"{w.editions_removed} removed, {self.editions_unchanged} unchanged.",
            f"Images: {self.images} downloaded ({_mb(self.image_bytes)}), "
            f"{self.images_adopted} already in the store, {self.images_not_found} not offered "
            f"by the server; logos: {self.logos}. Thema history entries: {self.thema_entries}.",
            f"Requests: {self.requests} ({self.retries} retried); received {_mb(self.bytes)}.",
        ]
        if self.not_modified:
            lines[-1] += f" {self.not_modified} answers not modified (304)."
        if self.rejected:
            lines.append(f"Rejected records (skipped, not stored): {len(self.rejected)}.")
        lines += guard_lines(w)
        if not self.complete:
            lines.append("Removed cards are looked for when every card is enumerated "
                         "(archivist sync --full).")
        lines.append(
            f"Catalogue now holds {t.get('cards', 0)} cards, {t.get('editions', 0)} editions, "
            f"{t.get('sets', 0)} sets, {t.get('images', 0)} images."
        )
        return "\n".join(lines)
