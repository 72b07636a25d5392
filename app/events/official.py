"""The stored events at the official API's paths (``/omnidex/events/{event_id}`` and its
``/decklists`` and ``/standings``), for ``archivist serve``.

An event synced from the API answers its stored answers byte for byte. An event imported
from a file answers what the file holds: the event's own fields (``decklists`` then says
``true``, as the API does for an event with public decklists) and its decklists in the
official shape (``{"decklist": {zone: [{"card": <name>, "quantity": N}]}, "player",
"visible": true}``, ``player`` as the file gave it, else 0: the files name no player). Its
standings are not in a file: a 404.
"""

from __future__ import annotations

import json
from typing import Any

from app.errors import InvalidRequest, NotFound
from app.events.storage import EventStore

ENDPOINTS = ("event", "decklists", "standings")
"""The official endpoints an event answers (``event`` is ``/omnidex/events/{event_id}``)."""
LARGEST_ID = 2**53 - 1
"""The largest event id (the API's ids are JSON numbers: whole numbers beyond 2^53 are not
exact)."""


def check_event_id(event_id: int) -> None:
    """Refuse an id no event can have.

    Raises:
        InvalidRequest: ``event_id`` is not between 1 and :data:`LARGEST_ID`.
    """
    if not 0 < event_id <= LARGEST_ID:
        raise InvalidRequest(f"The event id must be a whole number from 1 to {LARGEST_ID}")


def official_answer(store: EventStore, event_id: int, endpoint: str) -> bytes:
    """The JSON body (UTF-8) the official API answers for ``endpoint`` of a stored event.

    Args:
        endpoint: one of :data:`ENDPOINTS`.

    Raises:
        InvalidRequest: an id no event can have. NotFound: no such event stored, or it has
        no stored answer of that endpoint. StoreError: the events file cannot be read.
    """
    check_event_id(event_id)
    stored = store.answer(event_id, endpoint)
    if stored is not None:
        return stored
    raw = store.raw(event_id)
    if raw is None:
        raise NotFound(f"No event {event_id} is stored on this server")
    data = json.loads(raw)
    if not isinstance(data, dict) or endpoint == "standings":
        raise NotFound(f"No {endpoint} of event {event_id} are stored on this server")
    if endpoint == "event":
        return _encode({**{k: v for k, v in data.items() if k != "decklists"},
                        "decklists": bool(data.get("decklists"))})
    return _encode([_official_decklist(item) for item in data.get("decklists") or []])


def _official_decklist(item: Any) -> Any:
    if not isinstance(item, dict) or isinstance(item.get("decklist"), dict):
        return item  # already the official shape
    player = item.get("player")
    zones = {zone: [{"card": e.get("name"), "quantity": e.get("qty", e.get("quantity"))}
                    if isinstance(e, dict) else e for e in entries]
             for zone, entries in item.items() if isinstance(entries, list)}
    return {"decklist": zones, "player": player if isinstance(player, int) else 0,
            "visible": True}


def _encode(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
