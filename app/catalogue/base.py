"""What the window, the CLI and the server read: the :class:`Catalogue` protocol.

:class:`Endpoints` is the part every catalogue answers, local (SQLite) or remote (HTTP): the
seven endpoints of ``../shared/spec/catalogue-api.md`` plus ``/cards/search`` and
``/option/search``, named after them and returning their JSON shapes as plain Python values
(``dict``/``list``), exactly as the API would send them. :class:`Catalogue` adds what only
a local catalogue answers (the search language, counts, image files, the data folder);
:class:`~app.catalogue.local.LocalCatalogue` implements all of it,
:class:`~app.net.remote.RemoteCatalogue` the endpoints.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from app.model.query import CardSummary, Per, QueryResult, SortKey

if TYPE_CHECKING:
    from app.images.store import ImageStore
    from app.paths import Paths

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
    """What the window, the CLI and the server read of the catalogue; the methods below the
    endpoints are answered by a local catalogue only. What acts on the catalogue (sync,
    export, import, decks, collection, history) is a part of the application object
    (:class:`app.bootstrap.Application`)."""

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

    def card_names(self, prefix: str, limit: int = 20) -> list[str]:
        """Card names completing ``prefix`` (:mod:`app.catalogue.typing_help`)."""
        ...

    @property
    def data_dir(self) -> Path | None:
        """The catalogue's data folder, when it has one."""
        ...

    def data_dir_args(self) -> list[str]:
        """``["--data-dir", FOLDER]`` for command lines, ``[]`` for the default folder."""
        ...
