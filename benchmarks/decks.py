"""Deck checks per second over every real decklist, on the real 2026-04-04 snapshot.

Run: ``python -m benchmarks.decks``. Prints figures; asserts nothing.

- load: milliseconds to read every card for decks (``LocalCatalogue.deck_cards``);
- resolve + check: the 84 real decklists (events 50170 and 50623) read from their JSON,
  resolved and checked in Standard, repeated to at least 10,000 checks; decks per second;
- check only: the same with the decks already resolved;
- paste-and-check in the window: see PASTE_AND_CHECK_IN_THE_WINDOW below.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from app.bootstrap import build
from app.decks import check_deck, read_decklists, resolve
from app.ingest import import_paths
from benchmarks.common import SHARED_DATA, SNAPSHOT_0404, figure

EVENTS = [SHARED_DATA / "decklists" / "50170.json", SHARED_DATA / "decklists" / "50623.json"]
CHECKS = 10_000


def main() -> None:
    """Import the snapshot into a temporary folder, then time loading, resolving, checking."""
    with tempfile.TemporaryDirectory() as tmp:
        services = build(tmp)
        import_paths(services.store, [SNAPSHOT_0404], None, None)
        started = time.perf_counter()
        cards = services.catalogue.deck_cards()
        load_ms = (time.perf_counter() - started) * 1000
        parsed = [p for event in EVENTS for p in read_decklists(Path(event))]
        rounds = -(-CHECKS // len(parsed))

        started = time.perf_counter()
        for _ in range(rounds):
            for item in parsed:
                check_deck(resolve(item, cards).deck, cards, "STANDARD")
        both = time.perf_counter() - started

        decks = [resolve(item, cards).deck for item in parsed]
        started = time.perf_counter()
        for _ in range(rounds):
            for deck in decks:
                check_deck(deck, cards, "STANDARD")
        only = time.perf_counter() - started
        services.store.close()
    total = rounds * len(parsed)
    print(f"Decks: {len(parsed)} real decklists × {rounds} rounds = {total} checks "
          f"({len(cards)} cards)")
    figure("load the cards for decks", load_ms, "ms")
    figure("resolve + check (decks per second)", total / both, "decks/s")
    figure("check only (decks per second)", total / only, "decks/s")
    # PASTE_AND_CHECK_IN_THE_WINDOW: the time from pasting a decklist into the Decks page
    # to its findings painted belongs here once the page exists (issue 13, item 4).


if __name__ == "__main__":
    main()
