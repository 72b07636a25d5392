"""``archivist events sync``: events fetched from the official API (``/omnidex/events/{id}``,
its ``/decklists`` and ``/standings``) through the one polite client (:mod:`app.net`: its
retry policy, a few requests at a time, ``If-None-Match`` from the stored ETags).

Each answer is checked against the document's shapes (:mod:`app.events.upstream`) and kept
byte for byte. An event the API does not have (404), or whose decklists are not public
(``decklists: false``, or 403/404 on them) is skipped and counted; an event whose answers
fail (403, 5xx and timeouts after the retries, a body that is not JSON or not of the
shape) is counted with its reason, and the rest are kept. Events are kept a batch at a
time, each batch one transaction: a sync stopped midway leaves every stored event whole,
and the next run goes on (the events it already holds answer ``304`` and cost nothing).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app.decks.cards import DeckCard, DeckCards
from app.errors import ArchivistError, InvalidData, Unreachable, UpstreamError
from app.events.model import Event
from app.events.reading import event_of, resolve_event
from app.events.storage import EventStore
from app.events.upstream import check_decklists, check_event, check_standings
from app.model.hostile import hostile_value
from app.net.client import Counters, UpstreamClient
from app.net.endpoints import path
from app.net.policy import ClientSettings
from app.net.validators import NOT_MODIFIED, Validators

BATCH = 16
"""Events fetched together and kept in one transaction."""
MAX_IDS = 100_000
"""The most event ids one sync asks for."""
ENDPOINTS = {"event": "omnidex_event", "decklists": "omnidex_decklists",
             "standings": "omnidex_standings"}


@dataclass
class EventSyncReport:
    """What one events sync did.

    Attributes:
        synced: ids of the events fetched and kept (new or changed).
        unchanged: ids whose stored answers are current (304 on each).
        not_found: ids the API has no event for.
        not_public: ids whose decklists are not public.
        failed: id → why its answers could not be kept (one line).
        decklists: decklists of the kept events.
        unresolved: ``(event id, name)`` per entry name that is no card (kept as written).
        requests: HTTP requests sent (retries included).
    """

    synced: list[int] = field(default_factory=list)
    unchanged: list[int] = field(default_factory=list)
    not_found: list[int] = field(default_factory=list)
    not_public: list[int] = field(default_factory=list)
    failed: dict[int, str] = field(default_factory=dict)
    decklists: int = 0
    unresolved: list[tuple[int, str]] = field(default_factory=list)
    requests: int = 0


class _Skip(Exception):  # a control-flow signal: an event skipped, not an error
    def __init__(self, kind: str) -> None:
        self.kind = kind


def sync_events(store: EventStore, cards: DeckCards, api_url: str, ids: list[int],
                settings: ClientSettings | None = None, batch: int = BATCH,
                progress: Callable[[int], None] | None = None) -> EventSyncReport:
    """Fetch the events ``ids`` from the API at ``api_url`` and keep them in ``store``,
    ``batch`` events to a transaction; ``progress`` is told the number of ids done after
    each batch is kept.

    Raises:
        Unreachable: the API cannot be reached at all (nothing more is asked).
        StoreError: the events file cannot be written (the batches before are kept).
    """
    return asyncio.run(_sync(store, cards, api_url, ids, settings or ClientSettings(), batch,
                             progress or (lambda _done: None)))


async def _sync(store: EventStore, cards: DeckCards, api_url: str, ids: list[int],
                settings: ClientSettings, size: int,
                progress: Callable[[int], None]) -> EventSyncReport:
    report = EventSyncReport()
    counters = Counters()
    found: dict[tuple[str, str | None], DeckCard | None] = {}
    async with UpstreamClient(api_url, settings, counters, validators=Validators()) as client:
        for start in range(0, len(ids), size):
            batch = ids[start:start + size]
            held = store.etags(batch)
            client.validators.known = {_key(i, e): {"etag": tag}
                                       for (i, e), (tag, _body) in held.items()}
            results = await asyncio.gather(*(_fetch(client, i, held) for i in batch),
                                           return_exceptions=True)
            kept = []
            for event_id, result in zip(batch, results, strict=True):
                if isinstance(result, Unreachable):
                    raise result
                if isinstance(result, _Skip):
                    getattr(report, result.kind).append(event_id)
                elif isinstance(result, ArchivistError):
                    report.failed[event_id] = result.message
                elif isinstance(result, BaseException):
                    raise result
                elif result is None:
                    report.unchanged.append(event_id)
                else:
                    kept.append(resolve_event(result, cards, found))
            store.keep(kept)
            report.synced.extend(e.id for e in kept)
            report.decklists += sum(len(e.decklists) for e in kept)
            report.unresolved.extend((e.id, n) for e in kept for n in e.unresolved)
            progress(start + len(batch))
    report.requests = counters.requests
    return report


def _key(event_id: int, endpoint: str) -> str:
    return path(ENDPOINTS[endpoint], event_id=str(event_id))


async def _fetch(client: UpstreamClient, event_id: int,
                 held: dict[tuple[int, str], tuple[str, bytes]]) -> Event | None:
    """The event's answers, checked and read (None: all three unchanged)."""
    answers: dict[str, bytes] = {}
    values: dict[str, Any] = {}
    fresh = False
    for endpoint, check in (("event", check_event), ("decklists", check_decklists),
                            ("standings", check_standings)):
        try:
            got = await client.json_bytes(ENDPOINTS[endpoint], key=_key(event_id, endpoint),
                                          event_id=str(event_id))
        except UpstreamError as exc:
            if isinstance(exc, Unreachable) or " answered 403" not in exc.message:
                raise
            if endpoint == "standings":
                continue
            raise _Skip("not_public") from None  # refused: a private event
        if got is None:
            if endpoint == "standings":
                continue  # no Swiss stage: the event is kept without
            raise _Skip("not_found" if endpoint == "event" else "not_public")
        if got is NOT_MODIFIED:
            body = held[(event_id, endpoint)][1]
            value = _decode(body)
        else:
            fresh = True
            body, value = got
        hostile = hostile_value(value)
        if hostile is not None:  # SQLite and served JSON could not keep it
            raise InvalidData(f"event {event_id}: the {endpoint} answer at {hostile[0]} "
                              f"{hostile[1]}")
        check(value, event_id)
        if endpoint == "event" and value.get("decklists") is False:
            raise _Skip("not_public")
        answers[endpoint], values[endpoint] = body, value
    if not fresh:
        return None
    source = client.base_url + _key(event_id, "event")
    event = event_of({**values["event"], "decklists": values["decklists"]}, answers["event"],
                     source)
    event.answers = answers
    learned = {e: client.validators.learned.get(_key(event_id, e), {}) for e in answers}
    event.etags = {e: str(v["etag"]) for e, v in learned.items() if v.get("etag")}
    return event


def _decode(body: bytes) -> Any:
    try:
        return json.loads(body)
    except ValueError as exc:
        raise InvalidData("a stored answer is not JSON") from exc
