"""What the Meta page shows, built in a worker thread (no Qt here): the meta of the stored
decklists in a scope (:func:`app.meta.summary`), the choices of the filters, and the weekly
champion share of the top lineages as chart points.

A point is ``(x, share)``: x the week's Monday as a ``YYYY-MM-DD`` day (the chart turns it
into milliseconds), share a fraction (0–1) of that week's decklists.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from app.meta import Scope, summary

TOP_LINEAGES = 8
"""How many lineages the chart draws by name; the rest are summed as :data:`OTHER`."""
OTHER = "Other"
NO_CHAMPION = "No champion"
"""How a decklist without a champion is named (its lineage is null)."""


class EventsSource(Protocol):
    """The part of the application object the Meta page reads (``app.events``)."""

    def event_store(self) -> Any: ...

    def import_paths(self, paths: Iterable[Path]) -> Any: ...

    def decklists_playing(self, scope: Scope, name: str | None) -> list[Any]: ...

    def decklists(self, event_id: int) -> list[Any]: ...


def import_text(report: Any) -> str:
    """What an events import did, in one line (``report``: its ``ImportReport``)."""
    events, skipped = len(report.events), len(report.skipped)
    text = (f"Imported {events:,} event{'' if events == 1 else 's'} "
            f"({report.decklists:,} decklists)")
    if skipped:
        text += f"; {skipped:,} file{'' if skipped == 1 else 's'} skipped: {report.skipped[0]}"
    return text


@dataclass(frozen=True)
class MetaView:
    """The meta of one scope, ready to show.

    Attributes:
        scope: the filters it was read with.
        stored: how many events are stored at all (0: the page shows how to get some).
        formats, categories: the stored events' formats and categories (the filters'
            choices), sorted.
        meta: :func:`app.meta.summary`'s answer, every card with its movement
            (``movers`` holds every card when both halves hold decklists).
        series: lineage name → its weekly share points, the top :data:`TOP_LINEAGES` by
            decks then :data:`OTHER` (only when more lineages were played).
        trend: card key (its slug, or its name when it has none) → the change of its
            inclusion between the two halves of the range (a fraction, −1 to 1).
        days: the first and last day (``YYYY-MM-DD``) of the stored events, None when
            none is stored.
    """

    scope: Scope
    stored: int
    formats: list[str] = field(default_factory=list)
    categories: list[str] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    series: dict[str, list[tuple[str, float]]] = field(default_factory=dict)
    trend: dict[str, float] = field(default_factory=dict)
    days: tuple[str, str] | None = None


def lineage_name(lineage: str | None) -> str:
    """A lineage as the page names it (:data:`NO_CHAMPION` for null)."""
    return lineage if lineage else NO_CHAMPION


def card_key(card: dict[str, Any]) -> str:
    """What joins a card of the meta to its movement: its slug, else its name."""
    return str(card.get("slug") or "?" + str(card.get("name") or ""))


def share_series(meta: dict[str, Any], top: int = TOP_LINEAGES
                 ) -> dict[str, list[tuple[str, float]]]:
    """The weekly share of the ``top`` lineages (by decks over the range) and of the rest.

    Returns:
        Lineage name → ``[(week, share), …]`` in week order, one point per week (0 when
        the lineage was not played that week); :data:`OTHER` last, only when some lineage
        falls outside the top.
    """
    names = [lineage_name(c["lineage"]) for c in meta.get("champions", [])]
    chosen, rest = names[:top], set(names[top:])
    series: dict[str, list[tuple[str, float]]] = {name: [] for name in chosen}
    if rest:
        series[OTHER] = []
    for week in meta.get("trend", []):
        shares = {lineage_name(c["lineage"]): float(c["share"]) for c in week["champions"]}
        for name in chosen:
            series[name].append((week["week"], shares.get(name, 0.0)))
        if rest:
            series[OTHER].append((week["week"], sum(v for k, v in shares.items() if k in rest)))
    return series


def overall_shares(meta: dict[str, Any], names: list[str]) -> dict[str, float]:
    """Each of ``names`` (the chart's lines) → its share of every decklist in range;
    :data:`OTHER` the share of the lineages not among ``names``."""
    shares = {lineage_name(c["lineage"]): float(c["share"]) for c in meta.get("champions", [])}
    found = {name: shares.get(name, 0.0) for name in names if name != OTHER}
    if OTHER in names:
        found[OTHER] = sum(v for k, v in shares.items() if k not in found)
    return found


def load_meta(events: EventsSource, scope: Scope) -> MetaView:
    """Read the stored events and the meta of ``scope`` (worker side).

    Raises:
        InvalidRequest: the catalogue has no data folder. StoreError: the events file
            cannot be read.
    """
    store = events.event_store()
    stored = store.events()
    if not stored:
        return MetaView(scope, 0)
    meta = summary(store, scope, movers=1 << 30)  # every card's movement, for its trend
    return MetaView(
        scope, len(stored),
        sorted({e.format for e in stored if e.format}, key=str.casefold),
        sorted({e.category for e in stored if e.category}, key=str.casefold),
        meta, share_series(meta),
        {card_key(m): float(m["change"]) for m in meta.get("movers", [])},
        (min(days), max(days)) if (days := [e.start_at[:10] for e in stored if e.start_at])
        else None)


def heading_text(view: MetaView) -> str:
    """``101 events · 2,933 decklists · 2026-04-25 to 2026-05-14``, or why nothing shows."""
    meta = view.meta
    if not meta.get("decklists"):
        return "No decklist of the stored events falls within these filters."
    events, decks = meta["events"], meta["decklists"]
    return (f"{events:,} event{'' if events == 1 else 's'} · {decks:,} decklist"
            f"{'' if decks == 1 else 's'} · {meta['from']} to {meta['to']}")
