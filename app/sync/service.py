"""The application object's ``sync`` part: a sync of the catalogue, its sync state and
whether an API answers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.errors import InvalidRequest

if TYPE_CHECKING:
    from app.model.status import SyncStatus
    from app.paths import Paths
    from app.store import Store
    from app.sync.context import SyncOptions
    from app.sync.engine import SyncEngine


class Sync:
    """Syncs one catalogue.

    Args:
        store: the SQLite catalogue synced into.
        paths: the installation's folders (None: a catalogue built from parts, which
            cannot be synced: there is no staging place).
    """

    def __init__(self, store: Store, paths: Paths | None) -> None:
        self._store = store
        self._paths = paths

    def sync_status(self) -> SyncStatus:
        """The catalogue's sync state (reads SQLite: call it off the GUI thread).

        Raises:
            sqlite3.Error: the catalogue cannot be read.
        """
        from app.sync.status import read_status

        return read_status(self._store)

    def api_problem(self, api_url: str) -> str | None:
        """Ask ``api_url`` whether it answers (blocks up to about 3 s: off the GUI thread).

        Returns:
            None when it answered; otherwise why it is not usable (one line).
        """
        from app.sync.status import probe

        return probe(api_url)

    def sync_engine(self, options: SyncOptions | None = None) -> SyncEngine:
        """A sync of this catalogue from ``options.api_url`` (the engine, httpx and the models
        load on the first call, not at start-up).

        Raises:
            InvalidRequest: the catalogue was built without its folders (no staging place).
        """
        if self._paths is None:
            raise InvalidRequest("This catalogue has no data folder to sync into")
        from app.sync.engine import SyncEngine

        return SyncEngine(self._paths, self._store, options)
