"""What the window, the CLI and the server read: the :class:`Catalogue` protocol.

:class:`Endpoints` is the part every catalogue answers, local (SQLite) or remote (HTTP): the
seven endpoints of ``../shared/spec/catalogue-api.md`` plus ``/cards/search`` and
``/option/search``, named after them and returning their JSON shapes as plain Python values
(``dict``/``list``), exactly as the API would send them. :class:`Catalogue` adds what only
a local catalogue answers (the search language, counts, image files, export plans, sync
state, the data folder); :class:`~app.catalogue.local.LocalCatalogue` implements all of it,
:class:`~app.net.remote.RemoteCatalogue` the endpoints.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from app.model.query import CardSummary, Hit, Per, QueryResult, SortKey

if TYPE_CHECKING:
    import threading

    from app.catalogue.collection import CollectionEditions
    from app.catalogue.decks import DeckCards
    from app.collection.storage import CollectionStore
    from app.decks.storage import DeckStore
    from app.export.fetch import ApiFetcher
    from app.export.plan import ExportItem
    from app.export.proxy import ProxyText
    from app.images.store import ImageStore
    from app.ingest.report import ImportReport
    from app.model.history import CardChange, CardVersion, Revision
    from app.model.status import SyncStatus
    from app.paths import Paths
    from app.store.reads.collection_entries import OwnedRow
    from app.sync.context import SyncOptions
    from app.sync.engine import SyncEngine

__all__ = ["CardSummary", "Catalogue", "Endpoints"]


class Endpoints(Protocol):
    """The API's endpoints, answered by local and remote catalogues alike."""

    def card(self, slug: str) -> dict[str, Any]:
        """Endpoint 1 ``GET /cards/{slug}``: one Card, ``result_editions`` = all editions.

        Raises:
            NotFound: no card has this slug.
        """
        ...

    def card_by_number(self, set_prefix: str, collector_number: str) -> dict[str, Any]:
        """Endpoint 2 ``GET /cards/{set_prefix}/{collector_number}``: one Card whose
        ``result_editions`` are its editions with that set prefix and collector number.

        Raises:
            NotFound: no edition has this set prefix and collector number.
        """
        ...

    def card_image(self, filename: str, rounded: bool = False) -> bytes:
        """Endpoint 3 ``GET /cards/images/{filename}``: the stored image's bytes; with
        ``rounded`` a PNG with transparent corners.

        Raises:
            NotFound: no such image. InvalidRequest: not a plain file name.
        """
        ...

    def featured_sets(self) -> list[dict[str, Any]]:
        """Endpoint 4 ``GET /featured-sets``: the groups as received, in received order."""
        ...

    def featured_set_logo(self, filename: str) -> bytes:
        """Endpoint 5 ``GET /featured-sets/images/{filename}``: a logo PNG's bytes.

        Raises:
            NotFound: no such logo. InvalidRequest: not a plain file name.
        """
        ...

    def dynamic_thema_ranks(self) -> list[dict[str, Any]]:
        """Endpoint 6 ``GET /cards/edition/dynamic-thema-ranks``: the latest rank entries."""
        ...

    def dynamic_thema_history(
        self, edition_uuid: str, kind: str | None = None,
        from_: str | None = None, to: str | None = None,
    ) -> list[dict[str, Any]]:
        """Endpoint 7 ``GET /cards/edition/{edition_uuid}/dynamic-thema``: history entries.

        Raises:
            InvalidRequest: a malformed uuid, kind or date range. NotFound: no such edition.
        """
        ...

    def option_search(self) -> dict[str, Any]:
        """``GET /option/search``: option name → list of ``{"text", "value", ...}`` items."""
        ...

    def cards_search(
        self, page: str | int | None = None, page_size: str | int | None = None,
        prefix: Sequence[str] = (), name: str | None = None, last_update: str | None = None,
        sort: str | None = None, order: str | None = None,
    ) -> dict[str, Any]:
        """``GET /cards/search`` (official API): one page object.

        Raises:
            InvalidRequest: a parameter is out of range or not an allowed value.
        """
        ...


class Catalogue(Endpoints, Protocol):
    """Everything the window, the CLI and the server read; the methods below the endpoints
    are answered by a local catalogue only (see :mod:`app.catalogue.local_extras`)."""

    def query(
        self, text: str, per: Per = "card", sort: SortKey | str = "name",
        descending: bool = False, limit: int | None = None,
    ) -> QueryResult:
        """Run a query of the search language (:mod:`app.search`): hits and total, and for a
        query that found nothing its help (:mod:`app.catalogue.typing_help`).

        Raises:
            QuerySyntaxError: a malformed query. InvalidRequest: bad per, sort or limit.
        """
        ...

    def counts(self) -> dict[str, int]:
        """Numbers of ``cards``, ``editions``, ``sets`` and ``images`` in the catalogue."""
        ...

    def card_image_path(self, filename: str) -> Path | None:
        """The local file of a stored card image, or None when it is not stored."""
        ...

    def export_plan(
        self, *, query: str | None = None, set_prefix: str | None = None,
        card: str | None = None, editions: Sequence[str] = (), hits: Iterable[Hit] = (),
        sort: SortKey | str = "set", descending: bool = False, limit: int | None = None,
    ) -> list[ExportItem]:
        """The editions one selection exports (exactly one of query, set_prefix, card,
        editions, hits). Raises InvalidRequest, QuerySyntaxError, NotFound."""
        ...

    def configured_api(self) -> str | None:
        """The API the catalogue was last synced from, or None (an imported catalogue)."""
        ...

    def image_fetcher(self, api_url: str) -> ApiFetcher:
        """Fetches card images missing from the store from ``api_url`` (for an export);
        the caller closes it."""
        ...

    def proxy_texts(self, items: Sequence[ExportItem]) -> dict[str, ProxyText]:
        """The text proxy of each item's card, by edition uuid (a proxy sheet prints it
        where the card has no image). Raises StoreError."""
        ...

    @property
    def images(self) -> ImageStore:
        """The store of card image files (what an export copies and renders)."""
        ...

    @property
    def paths(self) -> Paths | None:
        """The installation's folders (cache, thumbnails, logs), or None for a catalogue
        built from parts."""
        ...

    def thema_generated(self) -> bool:
        """True while the stored dynamic Thema history is GENERATED demo data (``archivist
        demo-thema``, or a sync from a mirror that marks it so); a real sync replaces it."""
        ...

    def sync_status(self) -> SyncStatus:
        """The catalogue's sync state (reads SQLite: off the GUI thread)."""
        ...

    def api_problem(self, api_url: str) -> str | None:
        """None when ``api_url`` answers, else why not (blocks: off the GUI thread)."""
        ...

    def sync_engine(self, options: SyncOptions | None = None) -> SyncEngine:
        """A sync of this catalogue (loads the engine on the first call). Raises
        InvalidRequest for a catalogue without a data folder."""
        ...

    def deck_cards(self) -> DeckCards:
        """Every card as decks need it (:mod:`app.catalogue.decks`; off the GUI thread)."""
        ...

    def deck_store(self) -> DeckStore:
        """The kept decks, ``decks.sqlite3`` in the data folder (a file of its own).
        Raises InvalidRequest for a catalogue without a data folder."""
        ...

    def collection_store(self) -> CollectionStore:
        """The collection, ``collection.sqlite3`` in the data folder (a file of its own).
        Raises InvalidRequest for a catalogue without a data folder."""
        ...

    def collection_editions(self) -> CollectionEditions:
        """Every edition as the collection needs it (:mod:`app.catalogue.collection`; off
        the GUI thread)."""
        ...

    def collection_rows(self) -> list[OwnedRow]:
        """Every entry of the collection with its edition's shown columns, in the
        Collection page's order (:mod:`app.store.reads.collection_entries`; off the GUI thread)."""
        ...

    def revisions(self, since: str | None = None) -> list[Revision]:
        """The catalogue's recorded revisions, newest first (``since``: a UTC date or time,
        those at or after it). See :mod:`app.catalogue.history`."""
        ...

    def revision(self, number: int | None = None) -> Revision:
        """Revision ``number`` (None: the latest). Raises NotFound."""
        ...

    def changes(self, number: int | None = None, notes: bool = True) -> list[CardChange]:
        """The cards revision ``number`` (None: the latest) added, changed or removed, with
        their patch notes when ``notes``. Raises NotFound."""
        ...

    def card_history(self, slug: str) -> list[CardVersion]:
        """One card's versions, newest first, each with its diff to the one before.
        Raises NotFound."""
        ...

    def latest_changes(self) -> dict[str, tuple[str, ...]]:
        """Cards the latest revision added or changed: uuid → patch-note groups."""
        ...

    def revert(self, number: int) -> Revision | None:
        """Put the cards of revision ``number`` back as before it; recorded as a revision
        (returned; None when nothing changed). Raises NotFound, StoreError."""
        ...

    def import_sources(self, paths: Sequence[Path],
                       cancel: threading.Event | None = None) -> ImportReport:
        """Import JSON files, folders (their image folders too) and ZIPs of them, as
        ``archivist import`` does (:mod:`app.catalogue.setup`; blocks: off the GUI thread).
        Raises InvalidData, ImportCancelled (nothing written), StoreError."""
        ...

    def card_names(self, prefix: str, limit: int = 20) -> list[str]:
        """Card names completing ``prefix`` (:mod:`app.catalogue.typing_help`)."""
        ...

    def generate_demo_thema(self, days: int = 400) -> int:
        """Write GENERATED demo Thema history ending today; returns the entries written."""
        ...

    @property
    def data_dir(self) -> Path | None:
        """The catalogue's data folder, when it has one."""
        ...

    def data_dir_args(self) -> list[str]:
        """``["--data-dir", FOLDER]`` for command lines, ``[]`` for the default folder."""
        ...


if TYPE_CHECKING:  # mypy checks that both catalogues implement their protocol's signatures
    from app.catalogue.local import LocalCatalogue
    from app.net.remote import RemoteCatalogue

    def _local_is_a_catalogue(local: LocalCatalogue) -> Catalogue:
        return local

    def _remote_answers_the_endpoints(remote: RemoteCatalogue) -> Endpoints:
        return remote
