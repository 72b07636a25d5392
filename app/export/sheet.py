"""What a proxy sheet holds: each copy's image, or its text proxy when no image is to be had.

The sheet keeps every copy in order: a card whose image is neither stored nor fetched is
a text proxy (:mod:`app.export.proxy`) in its place, never a hole or an unnamed block. The
drawing is the PDF writer's (:mod:`app.gui.export.proxy_sheet`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from app.export.fetch import NOT_STORED, Fetcher, resolve_sources
from app.export.plan import ExportItem
from app.export.proxy import ProxyText, proxy_texts
from app.export.report import Problem
from app.images.store import ImageStore
from app.store import Store

NAMES_LISTED = 8
"""Card names a summary line lists before "… and N more"."""


@dataclass(frozen=True)
class SheetEntry:
    """One copy on the sheet: its edition, and its ``image`` file or its ``proxy`` text."""

    item: ExportItem
    image: Path | None
    proxy: ProxyText | None = None


@dataclass
class SheetPlan:
    """A proxy sheet's copies and what was missing.

    Attributes:
        entries: every copy, in order.
        missing: each edition without an image once, with the reason.
        fetched: images fetched from the API for it.
    """

    entries: list[SheetEntry] = field(default_factory=list)
    missing: list[Problem] = field(default_factory=list)
    fetched: int = 0

    @property
    def proxied(self) -> int:
        """Copies drawn as text proxies."""
        return sum(entry.image is None for entry in self.entries)

    def summary(self) -> str:
        """One line naming the cards drawn as text proxies ("" when none was), e.g.
        ``2 cards without an image were drawn as text proxies: Engulf; Fracturize``."""
        if not self.missing:
            return ""
        names = list(dict.fromkeys(problem.item.name for problem in self.missing))
        listed = "; ".join(names[:NAMES_LISTED])  # names hold commas ("Jin, Fate Defiant")
        if len(names) > NAMES_LISTED:
            listed += f" … and {len(names) - NAMES_LISTED} more"
        count, copies = len(names), self.proxied
        extra = f" ({copies} copies)" if copies > count else ""
        if count == 1:
            return f"1 card without an image was drawn as a text proxy{extra}: {listed}"
        return f"{count} cards without an image were drawn as text proxies{extra}: {listed}"


def plan_sheet(
    store: Store, images: ImageStore, copies: Sequence[ExportItem],
    fetch: Fetcher | None = None, *, unfetched: str = NOT_STORED,
    on_fetch: Callable[[ExportItem], None] | None = None,
    cancel: threading.Event | None = None,
) -> SheetPlan:
    """Find (or fetch) the image of each edition in ``copies``; the others get text proxies.

    Args:
        store: the catalogue (the cards' texts).
        images: the image store.
        copies: the sheet's cards in order, an edition repeated for each copy.
        fetch: fetches an image not stored (None: such cards are text proxies).
        unfetched: why an image is missing when ``fetch`` is None.
        on_fetch: called before each fetch (progress).
        cancel: when set, fetching stops (the cards not fetched are text proxies).

    Raises:
        StoreError: the catalogue cannot be read.
    """
    editions = list(dict.fromkeys(copies))
    found, missing, fetched = resolve_sources(editions, images, fetch, on_fetch, cancel,
                                              unfetched)
    paths = {item.uuid: path for item, path in found}
    seen = set(paths) | {problem.item.uuid for problem in missing}
    missing += [Problem(item, "not fetched (cancelled)") for item in editions
                if item.uuid not in seen]
    texts = proxy_texts(store, [problem.item for problem in missing])
    entries = [SheetEntry(item, paths.get(item.uuid),
                          None if item.uuid in paths else texts.get(item.uuid))
               for item in copies]
    return SheetPlan(entries, missing, fetched)
