"""Reading event files: the shape of ``../shared/data/gatcg/events`` (Omnidex event data)
and of the official API's decklists (``{"decklist": {…}, "player", "visible"}`` with
entries ``{"card": <name>, "quantity": N}``), checked before anything is kept.

Every limit is checked before the work (:mod:`app.limits`): a regular file only (a FIFO is
refused at once, never waited on), at most :data:`EVENT_BYTES` bytes, JSON at most
:data:`MAX_DEPTH` deep, at most :data:`MAX_DECKLISTS` decklists of at most
:data:`MAX_DECK_LINES` entries each. Names resolve as the deck reader resolves them
(:func:`app.decks.resolve.find_card`: slug, exact, normalised, squashed; never guessed).
"""

from __future__ import annotations

from datetime import UTC
from pathlib import Path
from typing import Any

from app import limits
from app.decks.cards import DeckCard, DeckCards
from app.decks.champion import deck_champion, lineage
from app.decks.model import Deck, Entry, Zone
from app.decks.moment import parse_moment
from app.decks.parse import parse_event
from app.decks.resolve import find_card
from app.errors import InvalidData, InvalidRequest
from app.events.model import Event, EventDecklist, EventEntry

EVENT_BYTES = 20_000_000
"""The largest event file (the largest real one is under 200 kB; a world championship of
2,000 decks is about 5 MB)."""
MAX_DEPTH = 8
"""The deepest JSON nesting of an event file (an event nests 5 levels, the official
decklists 6)."""
MAX_DECKLISTS = 5_000
"""The most decklists one event may hold."""
MAX_DECK_LINES = limits.DECKLIST_LINES
"""The most entries one decklist may hold (no decklist is that long)."""
FIRST_YEAR, LAST_YEAR = 2000, 2100
"""The years an event's ``startAt`` may fall in (the game's events began in 2023)."""
_TEXT = 200
_ZONES: dict[Zone | None, str] = {zone: zone.value for zone in Zone}
"""A zone's stored name, looked up once per entry (an enum's ``.value`` is slower)."""


def read_event(path: Path) -> Event:
    """The event of the file ``path``, not yet resolved (every entry's card unknown).

    Raises:
        NotRegularFile: ``path`` is a folder, a FIFO, a socket or a device.
        InvalidData: the file cannot be read, is too large, not UTF-8, not JSON, too deep,
            not of an event's shape (no positive integer ``id``, no ``decklists``, a
            decklist of more than :data:`MAX_DECK_LINES` entries, a line with no name or
            quantity), or its ``startAt`` is missing or no moment (one line each).
    """
    raw = limits.read_bounded(path, EVENT_BYTES, "an event file")
    text = limits.decode_text(raw, str(path), "an event file")
    try:
        data = limits.load_json(text, str(path), max_depth=MAX_DEPTH)
    except limits.NotJson as exc:
        raise InvalidData(str(exc)) from None
    return event_of(data, raw, str(path))


def event_of(data: Any, raw: bytes, source: str) -> Event:
    """The event of decoded JSON ``data`` (whose bytes are ``raw``); see :func:`read_event`."""
    if not isinstance(data, dict) or not isinstance(data.get("decklists"), list):
        raise InvalidData(f"{source}: not an event (an object with 'id' and 'decklists')")
    event_id = data.get("id")
    if not isinstance(event_id, int) or isinstance(event_id, bool) or not 0 < event_id < 2**53:
        raise InvalidData(f"{source}: the event's id is not a positive whole number")
    lists = data["decklists"]
    if len(lists) > MAX_DECKLISTS:
        raise InvalidData(f"{source}: {len(lists):,} decklists; an event holds at most "
                          f"{MAX_DECKLISTS:,}")
    started = data.get("startAt")
    if not isinstance(started, str) or not started.strip():
        raise InvalidData(f"{source}: the event has no startAt")
    try:
        moment = parse_moment(started[:40])
    except InvalidRequest as exc:
        raise InvalidData(f"{source}: the event's startAt: {exc.message}") from None
    if moment is None or not FIRST_YEAR <= moment.astimezone(UTC).year <= LAST_YEAR:
        raise InvalidData(f"{source}: the event's startAt {limits.quote(started, 40)} is not "
                          f"a moment between {FIRST_YEAR} and {LAST_YEAR}")
    day = moment.astimezone(UTC).date().isoformat()
    official = [_official(item, source, n) for n, item in enumerate(lists)]
    for n, item in enumerate(official):
        if not isinstance(item, dict):
            raise InvalidData(f"{source}: decklist {n + 1} is not an object")
        lines = sum(len(z) for z in item.values() if isinstance(z, list))
        if lines > MAX_DECK_LINES:
            raise InvalidData(f"{source}: decklist {n + 1} has {lines:,} entries; a decklist "
                              f"has at most {MAX_DECK_LINES:,}")
    parsed = parse_event({**data, "decklists": official}, source) if official else []
    decklists = []
    for item in parsed:
        if item.problems:
            raise InvalidData(f"{source}: decklist {item.index + 1}: entry "
                              f"{item.problems[0]}")
        decklists.append(EventDecklist([
            EventEntry(_ZONES.get(line.zone, "main"), line.quantity, line.name,
                       None, line.name, line.slug) for line in item.lines]))
    return Event(event_id, _text(data, "name"), _text(data, "category"),
                 _text(data, "format"), _text(data, "season"), _text(data, "url"),
                 started, day, raw, decklists, source)


def resolve_event(event: Event, cards: DeckCards,
                  found: dict[tuple[str, str | None], DeckCard | None] | None = None) -> Event:
    """``event`` with every entry resolved to a card by slug or name (unresolved names
    kept as written) and each decklist's champion and lineage.

    Args:
        found: the names already resolved, (name, slug) → card or None; shared by the
            events of one import (a name recurs in most decklists), filled as it goes.
    """
    found = {} if found is None else found
    for decklist in event.decklists:
        resolved = []
        for entry in decklist.entries:
            key = (entry.name, entry.slug)
            if key not in found:
                found[key] = find_card(cards, entry.name, entry.slug)
            card = found[key]
            resolved.append(entry if card is None else EventEntry(
                entry.zone, entry.quantity, entry.name, card.uuid, card.name, card.slug))
        decklist.entries = resolved
        deck = Deck("", [Entry(Zone.MATERIAL, e.quantity, e.name, e.card_uuid, None)
                         for e in resolved if e.zone == "material"])  # the champion's zone
        champion = deck_champion(deck, cards)
        decklist.champion = champion.name if champion else None
        decklist.lineage = lineage(champion.name) if champion else None
    return event


def _official(item: Any, source: str, index: int) -> Any:
    """An official decklist item (``{"decklist": {…}}``, entries ``{"card", "quantity"}``)
    in the shape of the event files; any other item as it is."""
    if isinstance(item, dict) and isinstance(item.get("decklist"), dict):
        item = item["decklist"]
    if not isinstance(item, dict):
        return item
    out: dict[str, Any] = {}
    for zone, entries in item.items():
        if isinstance(entries, list):
            entries = [{"name": e["card"], "qty": e.get("quantity")}
                       if isinstance(e, dict) and "card" in e and "name" not in e else e
                       for e in entries]
        out[zone] = entries
    return out


def _text(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    return value.strip()[:_TEXT] if isinstance(value, str) else ""
