"""Deck checks per second over every real decklist, on the real 2026-04-04 snapshot
imported over the 2026-02-10 one (so the history holds each changed card's earlier version).

Run: ``python -m benchmarks.decks``. Prints figures; asserts nothing.

- load: milliseconds to read every card for decks (``app.decks.deck_cards``);
- resolve + check: the 84 real decklists (events 50170 and 50623) read from their JSON,
  resolved and checked in Standard, repeated to at least 10,000 checks; decks per second;
- check only: the same with the decks already resolved;
- check as of a date: the same decks checked as of their event's start (each check makes
  the cards' view at that moment and looks up every card's version in force: the history
  lookups included), beside the same with ``latest``; decks per second;
- ban list: milliseconds to work out Standard's list (latest, and as of a date);
- paste-and-check in the window: milliseconds from pasting the real decklist closest to 75
  cards into the Decks page of a 1280 × 800 main window (offscreen) to its check result
  painted; the first paste and the median of five.
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.bootstrap import build
from app.decks import ban_list, check_deck, parse_moment, read_decklists, resolve
from app.ingest import import_paths
from benchmarks.common import SHARED_DATA, SNAPSHOT_0404, figure

SNAPSHOT_0210 = SHARED_DATA / "snapshots" / "2026-02-10"

EVENTS = [SHARED_DATA / "decklists" / "50170.json", SHARED_DATA / "decklists" / "50623.json"]
CHECKS = 10_000
PASTES = 5
ZONE_KEYS = ("material", "main", "sideboard")
HEADINGS = ("Material Deck", "Main Deck", "Sideboard")


def main() -> None:
    """Import the snapshot into a temporary folder, then time loading, resolving, checking."""
    with tempfile.TemporaryDirectory() as tmp:
        services = build(tmp)
        import_paths(services.store, [SNAPSHOT_0210], None, None)
        import_paths(services.store, [SNAPSHOT_0404], None, None)
        started = time.perf_counter()
        cards = services.decks.deck_cards()
        load_ms = (time.perf_counter() - started) * 1000
        parsed = [p for event in EVENTS for p in read_decklists(Path(event))]
        rounds = -(-CHECKS // len(parsed))

        started = time.perf_counter()
        for _ in range(rounds):
            for item in parsed:
                check_deck(resolve(item, cards).deck, cards, "STANDARD", as_of=None)
        both = time.perf_counter() - started

        decks = [resolve(item, cards).deck for item in parsed]
        started = time.perf_counter()
        for _ in range(rounds):
            for deck in decks:
                check_deck(deck, cards, "STANDARD", as_of=None)
        only = time.perf_counter() - started
        as_of, latest = checks_as_of(decks, cards, rounds)
        banlist_ms = time_ban_list(cards)
        services.store.close()
    total = rounds * len(parsed)
    print(f"Decks: {len(parsed)} real decklists × {rounds} rounds = {total} checks "
          f"({len(cards)} cards, {sum(map(len, cards.versions.values()))} earlier versions "
          f"of {len(cards.versions)} cards in the history)")
    figure("load the cards for decks (with their earlier versions)", load_ms, "ms")
    figure("resolve + check (decks per second)", total / both, "decks/s")
    figure("check only (decks per second)", total / only, "decks/s")
    figure("check as of the event's start, history lookups included (decks per second)",
           total / as_of, "decks/s")
    figure("check as of latest (decks per second)", total / latest, "decks/s")
    figure("as of a date vs latest (time ratio)", as_of / latest, "x")
    figure("ban list for Standard, latest", banlist_ms[0], "ms")
    figure("ban list for Standard, as of 2026-04-25", banlist_ms[1], "ms")
    # PASTE_AND_CHECK_IN_THE_WINDOW: from pasting a decklist into the Decks page to its
    # check result painted, in the main window, offscreen.
    paste_ms = paste_and_check_in_the_window()
    figure("paste-and-check in the window, first (first paint of the result)", paste_ms[0], "ms")
    figure(f"paste-and-check in the window, median of {len(paste_ms)}",
           statistics.median(paste_ms), "ms")


def checks_as_of(decks: list[Any], cards: Any, rounds: int) -> tuple[float, float]:
    """Seconds for ``rounds`` checks of every deck as of its own date (each event deck
    carries its start), then as of ``latest``. The cards of a fresh catalogue view are
    looked up each check (:meth:`DeckCards.as_of` makes a new view: no warm cache)."""
    dated = [d for d in decks if d.as_of]
    assert len(dated) == len(decks), "every real decklist carries its event's start"
    started = time.perf_counter()
    for _ in range(rounds):
        for deck in decks:
            check_deck(deck, cards, "STANDARD")  # as of deck.as_of: the event's start
    as_of = time.perf_counter() - started
    started = time.perf_counter()
    for _ in range(rounds):
        for deck in decks:
            check_deck(deck, cards, "STANDARD", as_of=None)
    return as_of, time.perf_counter() - started


def time_ban_list(cards: Any, runs: int = 20) -> tuple[float, float]:
    """Median milliseconds of Standard's ban list, latest and as of 2026-04-25."""
    out = []
    for moment in (None, parse_moment("2026-04-25")):
        times = []
        for _ in range(runs):
            started = time.perf_counter()
            ban_list(cards.as_of(moment), "STANDARD")
            times.append((time.perf_counter() - started) * 1000)
        out.append(statistics.median(times))
    return out[0], out[1]


def closest_to_75() -> str:
    """The real decklist whose three zones hold closest to 75 cards, as Omnidex text."""
    lists = [d for event in EVENTS
             for d in json.loads(event.read_text(encoding="utf-8"))["decklists"]]
    deck = min(lists, key=lambda d: abs(sum(e["qty"] for z in ZONE_KEYS for e in d[z]) - 75))
    return "\n".join(f"# {heading}\n" + "\n".join(f"{e['qty']} {e['name']}" for e in deck[key])
                     for key, heading in zip(ZONE_KEYS, HEADINGS, strict=True)) + "\n"


def paste_and_check_in_the_window(runs: int = PASTES) -> list[float]:
    """Milliseconds from :meth:`DecksPage.paste` to ``resultPainted``, per paste, in a
    1280 × 800 main window (offscreen) over a temporary copy of the snapshot."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QCoreApplication, QEventLoop

    from app.gui.shell.app import create_application
    from app.gui.shell.main_window import MainWindow

    app = create_application()
    text = closest_to_75()
    times: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        services = build(tmp)
        import_paths(services.store, [SNAPSHOT_0404], None, None)
        window = MainWindow(services, settings=None, dialogs=False)
        window.resize(1280, 800)
        window.show()
        window.show_page("decks")
        page = window.decks
        painted: list[float] = []
        page.checks.resultPainted.connect(lambda: painted.append(time.perf_counter()))

        def wait(condition: Callable[[], bool]) -> None:
            deadline = time.monotonic() + 60
            while not condition() and time.monotonic() < deadline:
                app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)

        wait(lambda: page.loaded)
        for run in range(runs):
            painted.clear()
            started = time.perf_counter()
            page.paste(text, f"Benchmark {run + 1}")
            wait(lambda: bool(painted))
            times.append((painted[0] - started) * 1000)
        window.close()
        window.shutdown()
        QCoreApplication.processEvents()
        services.store.close()
    return times


if __name__ == "__main__":
    main()
