"""What only a local catalogue answers: the search language, counts, image files, export
plans, sync state and the data folder (the ``LocalCatalogue``-only part of the protocol).

:class:`LocalExtras` is mixed into :class:`~app.catalogue.local.LocalCatalogue`; it reads
the attributes ``store``, ``_images`` and ``_paths`` that the catalogue sets.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from app.catalogue.setup import SetupOps
from app.catalogue.typing_help import TypingHelp, query_help
from app.errors import InvalidRequest
from app.images.store import ImageStore
from app.model.query import Hit, Per, QueryResult, SortKey
from app.paths import Paths, resolve_paths
from app.search.parser import parse
from app.store import Reader, Store
from app.store.language.query import run_query

if TYPE_CHECKING:  # the export machinery loads when an export is planned, not to read
    from app.export.fetch import ApiFetcher
    from app.export.plan import ExportItem
    from app.export.proxy import ProxyText
    from app.model.status import SyncStatus
    from app.sync.context import SyncOptions
    from app.sync.engine import SyncEngine


class LocalExtras(SetupOps, TypingHelp):
    """The local-only methods of :class:`~app.catalogue.base.Catalogue`."""

    store: Store
    _images: ImageStore
    _paths: Paths | None
    _reader: Reader

    @property
    def images(self) -> ImageStore:
        """The store of card image files (what an export copies and renders)."""
        return self._images

    @property
    def paths(self) -> Paths | None:
        """The installation's folders, or None for a catalogue built from parts."""
        return self._paths

    def query(
        self, text: str, per: Per = "card", sort: SortKey | str = "name",
        descending: bool = False, limit: int | None = None,
    ) -> QueryResult:
        """Run ``text``, a query of the search language (:mod:`app.search`).

        Args:
            text: the query; empty matches every card.
            per: ``"card"`` (hits are ``CardSummary``) or ``"edition"`` (``EditionHit``).
            sort: one of :data:`~app.model.query.QUERY_SORTS`; ties go by name, then uuid.
            descending: reverse the key's order. limit: at most this many hits (None: all).

        Returns:
            The hits; a query that found nothing carries its help (why, what to try:
            :func:`~app.catalogue.typing_help.query_help`).

        Raises:
            QuerySyntaxError: a malformed query (an InvalidRequest).
            InvalidRequest: an unknown ``per`` or ``sort``, a negative ``limit``.
            StoreError: the catalogue cannot be read.
        """
        collection = self.paths.collection_file if self.paths is not None else None
        parsed = parse(text) if text.strip() else None  # once: the run and its help read it
        result = run_query(self.store, text, per, sort, descending, limit, collection, parsed)
        if result.total or parsed is None:
            return result
        return replace(result, help=query_help(self.store, text, parsed))

    def counts(self) -> dict[str, int]:
        """Numbers of ``cards``, ``editions``, ``sets`` and ``images`` in the catalogue."""
        return self._reader.counts()

    def card_image_path(self, filename: str) -> Path | None:
        """The local file of a stored card image, or None when it is not stored."""
        return self.images.find(filename)

    def export_plan(
        self, *, query: str | None = None, set_prefix: str | None = None,
        card: str | None = None, editions: Sequence[str] = (), hits: Iterable[Hit] = (),
        sort: SortKey | str = "set", descending: bool = False, limit: int | None = None,
    ) -> list[ExportItem]:
        """The editions to export for one selection, one item per edition, in a stable order.

        Give exactly one of: ``query`` (every edition it matches, in ``sort`` order),
        ``set_prefix`` (by collector number), ``card`` (a slug: its editions in order),
        ``editions`` (uuids, in that order) or ``hits`` (the editions search hits show).

        Raises:
            InvalidRequest: no or several selections; a bad sort or limit.
            QuerySyntaxError: a malformed query.
            NotFound: an unknown set prefix, card slug or edition uuid.
        """
        from app.export.plan import plan_card, plan_editions, plan_hits, plan_query, plan_set

        hits = list(hits)
        chosen = [query is not None, set_prefix is not None, card is not None,
                  bool(editions), bool(hits)]
        if sum(chosen) != 1:
            raise InvalidRequest("Export one selection: a query, a set, a card, editions or hits")
        if query is not None:
            return plan_query(self.store, query, sort=sort, descending=descending, limit=limit)
        if set_prefix is not None:
            return plan_set(self.store, set_prefix)
        if card is not None:
            return plan_card(self.store, card)
        if editions:
            return plan_editions(self.store, editions)
        return plan_hits(self.store, hits)

    def configured_api(self) -> str | None:
        """The API the catalogue was last synced from, or None (an imported catalogue)."""
        from app.export.fetch import configured_api

        return configured_api(self.store)

    def thema_generated(self) -> bool:
        """True while the stored Thema history is GENERATED demo data."""
        from app.store.history.thema import history_is_generated

        return history_is_generated(self.store.connection())

    def image_fetcher(self, api_url: str) -> ApiFetcher:
        """Fetches card images missing from the store from ``api_url`` (for an export)."""
        from app.export.fetch import ApiFetcher

        return ApiFetcher(api_url, self.images, self.store)

    def proxy_texts(self, items: Sequence[ExportItem]) -> dict[str, ProxyText]:
        """The text proxy of each item's card, by edition uuid (where a proxy sheet has
        no image to print). Raises StoreError."""
        from app.export.proxy import proxy_texts

        return proxy_texts(self.store, items)

    def sync_status(self) -> SyncStatus:
        """The catalogue's sync state (reads SQLite: call it off the GUI thread).

        Raises:
            sqlite3.Error: the catalogue cannot be read.
        """
        from app.sync.status import read_status

        return read_status(self.store)

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
        if self.paths is None:
            raise InvalidRequest("This catalogue has no data folder to sync into")
        from app.sync.engine import SyncEngine

        return SyncEngine(self.paths, self.store, options)

    @property
    def data_dir(self) -> Path | None:
        """The data folder of this catalogue (None when built without :class:`Paths`)."""
        return self.paths.data if self.paths is not None else None

    def data_dir_args(self) -> list[str]:
        """``["--data-dir", FOLDER]`` for ``archivist`` command lines naming this catalogue,
        or ``[]`` when its folder is the one ``archivist`` uses by default."""
        folder = self.data_dir
        if folder is None or resolve_paths(None).data == folder:
            return []
        return ["--data-dir", str(folder)]
