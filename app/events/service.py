"""The application object's ``events`` part: the stored events and importing them."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from app.errors import InvalidRequest

if TYPE_CHECKING:
    from app.decks.parse import ParsedList
    from app.decks.service import Decks
    from app.events.importing import ImportReport
    from app.events.reads import DeckRow, Scope
    from app.events.storage import EventStore
    from app.events.sync import EventSyncReport
    from app.net.policy import ClientSettings
    from app.paths import Paths


class Events:
    """Events beside one catalogue: kept in ``events.sqlite3`` (a file of its own), their
    names resolved with the cards as decks see them.

    Args:
        decks: the application's decks part (the cards names resolve to).
        paths: the installation's folders (None: no data folder, no events).
    """

    def __init__(self, decks: Decks, paths: Paths | None) -> None:
        self._decks = decks
        self._paths = paths

    def event_store(self) -> EventStore:
        """The stored events (``events.sqlite3`` in the data folder).

        Raises:
            InvalidRequest: a catalogue without a data folder. StoreError: unreadable file.
        """
        from app.events.storage import EVENTS_FILE, EventStore

        if self._paths is None:
            raise InvalidRequest("This catalogue has no data folder to keep events in")
        return EventStore(self._paths.data / EVENTS_FILE)

    def official(self, event_id: int, endpoint: str) -> bytes:
        """The official API's JSON body of ``endpoint`` (``event``, ``decklists``,
        ``standings``) for a stored event (:func:`app.events.official.official_answer`).

        Raises:
            InvalidRequest: an id no event can have, or no data folder. NotFound: no such
            event or answer stored. StoreError: the events file cannot be read.
        """
        from app.events.official import official_answer

        return official_answer(self.event_store(), event_id, endpoint)

    def sync(self, api_url: str, ids: list[int], settings: ClientSettings | None = None,
             progress: Callable[[int], None] | None = None) -> EventSyncReport:
        """Fetch the events ``ids`` from the official API at ``api_url`` and keep them
        (:func:`app.events.sync.sync_events`; ``progress``: told the ids done).

        Raises:
            Unreachable: the API cannot be reached. StoreError: the events file cannot be
            written (the events kept before stay).
        """
        from app.events.sync import sync_events

        return sync_events(self.event_store(), self._decks.deck_cards(), api_url, ids,
                           settings, progress=progress)

    def import_paths(self, paths: Iterable[Path]) -> ImportReport:
        """Import event files and folders of them (:func:`app.events.importing.import_events`).

        Raises:
            InvalidRequest: a path does not exist. StoreError: the events file cannot be written.
        """
        from app.events.importing import import_events

        return import_events(self.event_store(), self._decks.deck_cards(), paths)

    def decklists(self, event_id: int) -> list[ParsedList]:
        """A stored event's decklists as the deck reader reads its file
        (:func:`app.events.decklists.stored_decklists`): to keep or show as decks.

        Raises:
            InvalidRequest: an id no event can have, or no data folder. NotFound: no such
            event stored. StoreError: the events file cannot be read.
        """
        from app.events.decklists import stored_decklists

        return stored_decklists(self.event_store(), event_id)

    def decklists_playing(self, scope: Scope, name: str | None) -> list[DeckRow]:
        """The stored decklists in ``scope`` that play the card ``name`` (None: all of them;
        :func:`app.events.decklists.decklists_playing`), by day, event and position.

        Raises:
            InvalidRequest: no data folder. StoreError: the events file cannot be read.
        """
        from app.events.decklists import decklists_playing

        return decklists_playing(self.event_store(), scope, name)
