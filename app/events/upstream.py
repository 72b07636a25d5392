"""The official API's event answers checked against the shapes of its OpenAPI document
(``openapi-v1.1.0.json``: ``OmnidexEvent``, ``OmnidexEventPlayerDecklist``,
``OmnidexEventStandings``), before anything of them is kept.

Only what the document makes required and Archivist reads is checked, so a field the API
adds later does not refuse an event; a wrong type or a missing required key does.
"""

from __future__ import annotations

from typing import Any

from app.errors import InvalidData

_NUMBER = (int, float)


def _is_number(value: Any) -> bool:
    return isinstance(value, _NUMBER) and not isinstance(value, bool)


def check_event(value: Any, event_id: int) -> None:
    """Check an ``OmnidexEvent`` answer for event ``event_id``.

    Raises:
        InvalidData: not an object, its ``id`` is not ``event_id``, or ``name``,
            ``startAt``, ``format``, ``decklists`` are missing or of the wrong type.
    """
    where = f"event {event_id}"
    if not isinstance(value, dict):
        raise InvalidData(f"{where}: the answer is not an event object")
    if not _is_number(value.get("id")) or value["id"] != event_id:
        raise InvalidData(f"{where}: the answer is the event {value.get('id')!r}")
    for key, kind, name in (("name", str, "text"), ("startAt", str, "text"),
                            ("format", str, "text"), ("decklists", bool, "true or false")):
        if not isinstance(value.get(key), kind):
            raise InvalidData(f"{where}: '{key}' is missing or not {name}")


def check_decklists(value: Any, event_id: int) -> None:
    """Check an array of ``OmnidexEventPlayerDecklist``.

    Raises:
        InvalidData: not an array, or an item without ``decklist`` (``main``, ``material``,
            ``sideboard``: arrays of ``{"card": text, "quantity": number}``), a numeric
            ``player`` and ``visible: true``.
    """
    if not isinstance(value, list):
        raise InvalidData(f"event {event_id}: the decklists answer is not an array")
    for n, item in enumerate(value):
        where = f"event {event_id}: decklist {n + 1}"
        if not isinstance(item, dict) or not isinstance(item.get("decklist"), dict):
            raise InvalidData(f"{where}: no 'decklist' object")
        if not _is_number(item.get("player")) or item.get("visible") is not True:
            raise InvalidData(f"{where}: 'player' is not a number or 'visible' is not true")
        for zone in ("main", "material", "sideboard"):
            cards = item["decklist"].get(zone)
            if not isinstance(cards, list) or not all(
                    isinstance(c, dict) and isinstance(c.get("card"), str)
                    and _is_number(c.get("quantity")) for c in cards):
                raise InvalidData(f"{where}: '{zone}' is not a list of cards and quantities")


def check_standings(value: Any, event_id: int) -> None:
    """Check an ``OmnidexEventStandings`` answer.

    Raises:
        InvalidData: not an object with ``id``, ``rounds`` (``latest``, ``total``), a
            ``standings`` array, ``status`` and ``type``.
    """
    where = f"event {event_id}: the standings"
    if not isinstance(value, dict) or not _is_number(value.get("id")):
        raise InvalidData(f"{where} are not an object with an id")
    rounds = value.get("rounds")
    if not isinstance(rounds, dict) or not all(_is_number(rounds.get(k))
                                               for k in ("latest", "total")):
        raise InvalidData(f"{where}: 'rounds' lacks 'latest' or 'total'")
    if not isinstance(value.get("standings"), list):
        raise InvalidData(f"{where}: 'standings' is not an array")
    if not isinstance(value.get("status"), str) or not isinstance(value.get("type"), str):
        raise InvalidData(f"{where}: 'status' or 'type' is missing")
