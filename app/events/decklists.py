"""A stored event's decklists read back as the deck reader reads an event file, so they
can be kept or shown as decks (named after the event, checked as of its start); and which
stored decklists play a card, to choose one."""

from __future__ import annotations

from app.decks.model import Zone
from app.decks.parse import ParsedList, RawLine
from app.errors import NotFound
from app.events.official import check_event_id
from app.events.reads import DeckRow, Scope, card_decks, decklists
from app.events.storage import EventStore


def stored_decklists(store: EventStore, event_id: int) -> list[ParsedList]:
    """The decklists of stored event ``event_id`` in file order, each with the event's
    name and ``startAt`` and its lines as written (the names resolve again as read).

    Raises:
        InvalidRequest: an id no event can have. NotFound: no such event stored, or it
        holds no decklist. StoreError: the events file cannot be read.
    """
    check_event_id(event_id)
    with store.reading() as conn:
        event = None if conn is None else conn.execute(
            "SELECT name, start_at FROM events WHERE id = ?", (event_id,)).fetchone()
        if conn is None or event is None:
            raise NotFound(f"No event {event_id} is stored (archivist events list)")
        rows = conn.execute(
            "SELECT d.position, n.zone, n.quantity, n.name FROM decklists d "
            "LEFT JOIN entries n ON n.decklist_id = d.id WHERE d.event_id = ? "
            "ORDER BY d.position, n.position", (event_id,)).fetchall()
    lists: dict[int, ParsedList] = {}
    for position, zone, quantity, name in rows:
        parsed = lists.setdefault(position, ParsedList(
            source=f"event {event_id}", index=position, event=event[0], started=event[1]))
        if zone is not None:
            parsed.lines.append(RawLine(Zone(zone), quantity, name, f"{quantity} {name}",
                                        len(parsed.lines) + 1))
    if not lists:
        raise NotFound(f"Event {event_id} ({event[0]}) holds no decklist")
    return [lists[position] for position in sorted(lists)]


def decklists_playing(store: EventStore, scope: Scope, name: str | None) -> list[DeckRow]:
    """The decklists in ``scope`` (by day, event and position) that play the card named
    ``name`` in their material or main deck (as the meta names it: the card's name, or
    the name as written when it did not resolve); None: every decklist in scope.

    Raises:
        StoreError: the events file cannot be read.
    """
    with store.reading() as conn:
        if conn is None:
            return []
        rows = decklists(conn, scope)
        if name is None:
            return rows
        keys = [key for (key,) in conn.execute(
            "SELECT DISTINCT card_key FROM event_cards WHERE name = ?", (name,))]
        playing: set[int] = set()
        for key in keys:
            playing.update(card_decks(conn, scope, key))
    return [row for row in rows if row.id in playing]
