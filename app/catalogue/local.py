"""``LocalCatalogue``: the API's endpoints answered from the SQLite catalogue."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.catalogue.card_cache import CardBodyCache
from app.catalogue.shapes import card_response, card_text
from app.errors import NotFound
from app.images.cache import RoundedCache
from app.images.store import ImageStore
from app.model.query import Per, QueryResult, SortKey
from app.paths import Paths, resolve_paths
from app.store import Reader, Store

# The official API's modules (its search, options, other endpoints) load on first use: a
# one-shot command such as ``archivist search`` needs none of them; the search language's
# neither: ``archivist get /`` reads one row.
if TYPE_CHECKING:
    from app.catalogue.base import Catalogue
    from app.catalogue.thema import ThemaEndpoints
    from app.catalogue.typing_help import TypingHelp
    from app.store.reads.sets import SetsReader


class LocalCatalogue:
    """The :class:`~app.catalogue.base.Catalogue` over a local :class:`Store`: the API's
    endpoints, the official search, the search language, options, counts and status.
    What acts on the catalogue (sync, export, import, decks, collection, history) is a
    service beside it (:mod:`app.bootstrap`).

    Safe to call from several threads: each thread reads through its own connection.

    Args:
        store: the SQLite catalogue.
        images: the image store of card images.
        logos: the store of featured-set-group logos.
        rounded: the disk cache of rounded card images.
        paths: the installation's folders (None for a catalogue built from parts).
    """

    def __init__(
        self, store: Store, images: ImageStore, logos: ImageStore, rounded: RoundedCache,
        paths: Paths | None = None,
    ) -> None:
        self.store = store
        self._paths = paths
        self._images = images
        self.logos = logos
        self.rounded = rounded
        self._reader = Reader(store)
        self._sets_reader: SetsReader | None = None
        self._thema_endpoints: ThemaEndpoints | None = None
        self._options: tuple[Any, dict[str, Any]] | None = None
        self._card_bodies = CardBodyCache()
        self._typing_help: TypingHelp | None = None

    @property
    def _sets(self) -> SetsReader:
        if self._sets_reader is None:
            from app.store.reads.sets import SetsReader

            self._sets_reader = SetsReader(self.store)
        return self._sets_reader

    @property
    def _typing(self) -> TypingHelp:
        if self._typing_help is None:
            from app.catalogue.typing_help import TypingHelp

            self._typing_help = TypingHelp(self.store)
        return self._typing_help

    @property
    def _thema(self) -> ThemaEndpoints:
        if self._thema_endpoints is None:
            from app.catalogue.thema import ThemaEndpoints

            self._thema_endpoints = ThemaEndpoints(self.store)
        return self._thema_endpoints

    @classmethod
    def from_paths(cls, paths: Paths, store: Store | None = None) -> LocalCatalogue:
        """The catalogue of an Archivist installation's folders."""
        return cls(
            store or Store(paths.catalogue_file), ImageStore(paths.card_images),
            ImageStore(paths.logos), RoundedCache(paths.rounded), paths,
        )

    @classmethod
    def open(cls, data_dir: Path | str) -> LocalCatalogue:
        """Open (creating if needed) the catalogue of an Archivist data folder."""
        return cls.from_paths(resolve_paths(data_dir))

    # Endpoints 1 and 2 -------------------------------------------------------------
    def card(self, slug: str) -> dict[str, Any]:
        """Endpoint 1. See :meth:`Catalogue.card`."""
        row = self._reader.card_by_slug(slug)
        if row is None:
            raise NotFound(f"Card not found: no card has the slug {slug!r}")
        return card_response(row.body)

    def card_json(self, slug: str) -> bytes:
        """Endpoint 1 as UTF-8 JSON bytes, built without parsing (see :func:`card_text`) and
        kept until the catalogue file changes (:mod:`app.catalogue.card_cache`).

        Raises:
            NotFound: no card has this slug.
        """
        return self._card_bodies.get(self.store.connection(), slug, self._build_card_json)

    def _build_card_json(self, slug: str) -> bytes:
        from app.store.official.endpoints import card_texts

        found = card_texts(self.store, slug)
        if found is None:
            raise NotFound(f"Card not found: no card has the slug {slug!r}")
        return card_text(*found).encode("utf-8")

    def card_by_number(self, set_prefix: str, collector_number: str) -> dict[str, Any]:
        """Endpoint 2. See :meth:`Catalogue.card_by_number`."""
        rows = self._reader.cards_by_number(set_prefix, collector_number)
        if not rows:
            raise NotFound(
                f"Card not found: no edition has the set prefix {set_prefix!r} "
                f"and collector number {collector_number!r}"
            )

        def matches(edition: dict[str, Any]) -> bool:
            return bool(
                edition["set"]["prefix"] == set_prefix
                and edition["collector_number"] == collector_number
            )

        return card_response(rows[0].body, matches)

    # Endpoints 3 and 5 -------------------------------------------------------------
    def card_image(self, filename: str, rounded: bool = False) -> bytes:
        """Endpoint 3. The stored bytes, or with ``rounded`` a PNG with transparent corners."""
        if not rounded:
            return self.images.read(filename)
        source = self.images.find(filename)
        if source is None:
            self.images.path_for(filename)  # InvalidRequest for a name that is not plain
            raise NotFound(f"Image not found: {filename}")
        return self.rounded.rounded(source)

    def featured_set_logo(self, filename: str) -> bytes:
        """Endpoint 5 ``GET /featured-sets/images/{filename}``: a logo PNG's bytes.

        Raises:
            NotFound: no such logo. InvalidRequest: not a plain file name.
        """
        return self.logos.read(filename)

    # Endpoint 4 and options --------------------------------------------------------
    def featured_sets(self) -> list[dict[str, Any]]:
        """Endpoint 4 ``GET /featured-sets``: the groups as received, in received order."""
        return self._sets.featured_groups()

    def option_search(self, field: str | None = None) -> dict[str, Any]:
        """``GET /option/search[?field=]``: the stored response plus the catalogue's own
        values (computed once per catalogue state). Raises InvalidRequest for a bad field."""
        from app.catalogue.api_endpoints import option_field
        from app.catalogue.options import current_options
        from app.store.official.endpoints import catalogue_stamp

        state = catalogue_stamp(self.store)
        if self._options is None or self._options[0] != state:
            self._options = (state, current_options(self._sets))
        return option_field(self._options[1], field)

    # Endpoints 6 and 7 -------------------------------------------------------------
    def dynamic_thema_ranks(self) -> list[dict[str, Any]]:
        """Endpoint 6 ``GET /cards/edition/dynamic-thema-ranks``."""
        return self._thema.dynamic_thema_ranks()

    def dynamic_thema_history(
        self, edition_uuid: str, kind: str | None = None,
        from_: str | None = None, to: str | None = None,
    ) -> list[dict[str, Any]]:
        """Endpoint 7 ``GET /cards/edition/{edition_uuid}/dynamic-thema`` (rule 3)."""
        return self._thema.dynamic_thema_history(edition_uuid, kind, from_, to)

    # Search ------------------------------------------------------------------------
    def cards_search(
        self, page: str | int | None = None, page_size: str | int | None = None,
        prefix: Sequence[str] = (), name: str | None = None, last_update: str | None = None,
        sort: str | None = None, order: str | None = None, **more: str | Sequence[str],
    ) -> dict[str, Any]:
        """``GET /cards/search`` (official API): one page object; ``more`` holds the other
        parameters of the OpenAPI document (a list for a repeated one). Raises
        InvalidRequest."""
        pairs = [(k, str(v)) for k, v in (("page", page), ("page_size", page_size),
                 ("name", name), ("last_update", last_update), ("sort", sort),
                 ("order", order)) if v is not None]
        pairs += [("prefix", p) for p in ([prefix] if isinstance(prefix, str) else prefix)]
        for key, value in more.items():
            pairs += [(key, str(v)) for v in ([value] if isinstance(value, str | int | bool)
                                              else value)]
        return self.api_search(pairs)[0]

    def api_search(self, pairs: Sequence[tuple[str, str]]) -> tuple[dict[str, Any], list[str]]:
        """``GET /cards/search`` from raw query pairs: ``(page object, ignored names)``."""
        from app.catalogue.official_search import official_search_page
        from app.catalogue.search_params import parse_api_query

        query, ignored = parse_api_query(pairs, self.option_search())
        return official_search_page(self.store, query), ignored

    # The official API's other catalogue endpoints ----------------------------------------
    def cards_all(self) -> list[dict[str, str]]:
        """``GET /cards/all``."""
        from app.catalogue.api_endpoints import cards_all

        return cards_all(self.store)

    def cards_autocomplete(self, name: str | None) -> list[dict[str, Any]]:
        """``GET /cards/autocomplete?name=``."""
        from app.catalogue.api_endpoints import autocomplete

        return autocomplete(self.store, name)

    def cards_random(self, amount: str | None = None, seed: str | None = None) -> list[Any]:
        """``GET /cards/random?amount=&seed=``. Raises InvalidRequest."""
        from app.catalogue.api_endpoints import random_cards

        return random_cards(self.store, amount, seed)

    def card_by_edition(self, edition_slug_or_uuid: str) -> dict[str, Any]:
        """``GET /cards/edition/{edition_slug_or_uuid}``. Raises NotFound."""
        from app.catalogue.api_endpoints import card_by_edition

        return card_by_edition(self.store, edition_slug_or_uuid)

    def service_info(self) -> dict[str, Any]:
        """``GET /``: service information."""
        from app.catalogue.api_endpoints import service_info

        return service_info(self.store)

    # The search language and what the local catalogue knows of itself --------------------
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
        from app.store.language.start_page import stored_hits

        # the window's first search, answered without loading the search language
        stored = stored_hits(self.store, text, per, sort, descending, limit)
        if stored is not None:
            return QueryResult(text, per, stored, len(stored))
        from app.catalogue.typing_help import query_help
        from app.search.parser import parse
        from app.store.language.query import run_query

        collection = self.paths.collection_file if self.paths is not None else None
        parsed = parse(text) if text.strip() else None  # once: the run and its help read it
        result = run_query(self.store, text, per, sort, descending, limit, collection, parsed)
        if result.total or parsed is None:
            return result
        return replace(result, help=query_help(self.store, text, parsed))

    def card_names(self, prefix: str, limit: int = 20) -> list[str]:
        """Card names completing ``prefix`` (:mod:`app.catalogue.typing_help`)."""
        return self._typing.card_names(prefix, limit)

    def counts(self) -> dict[str, int]:
        """Numbers of ``cards``, ``editions``, ``sets`` and ``images`` in the catalogue."""
        return self._reader.counts()

    def card_image_path(self, filename: str) -> Path | None:
        """The local file of a stored card image, or None when it is not stored."""
        return self.images.find(filename)

    def thema_generated(self) -> bool:
        """True while the stored Thema history is GENERATED demo data."""
        from app.store.history.thema import history_is_generated

        return history_is_generated(self.store.connection())

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


if TYPE_CHECKING:  # mypy checks that the local catalogue implements the protocol
    def _local_is_a_catalogue(local: LocalCatalogue) -> Catalogue:
        return local
