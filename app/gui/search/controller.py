"""The window's questions to the catalogue, asked off the GUI thread.

:class:`SearchController` turns "run this query", "load this card", "how big is the
catalogue" and "which filter values are there" into :class:`~app.gui.kit.operations.LatestRequest`
submissions and reports the answers by signal. Queries run through ``Catalogue.query``
in a worker; a malformed query comes back as a :class:`QueryProblem` (data, not an
exception crossing threads). The catalogue is thread-safe (one SQLite connection per thread).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, QThreadPool, Signal, Slot

from app.gui.kit.operations import LatestRequest
from app.model.query import Per, QueryResult, SortKey
from app.search import QuerySyntaxError

if TYPE_CHECKING:  # the card's detail loads with the first card shown, after the first paint
    from app.gui.kit.detail_data import CardDetail


class CatalogueReader(Protocol):
    """The catalogue calls the window makes (``LocalCatalogue`` satisfies it; ``card`` and
    ``card_image_path`` are what :func:`~app.gui.kit.detail_data.load_detail` reads)."""

    def card(self, slug: str) -> dict[str, Any]: ...

    def card_image_path(self, filename: str) -> Any: ...

    def query(
        self, text: str, per: Per = "card", sort: SortKey | str = "name",
        descending: bool = False, limit: int | None = None,
    ) -> QueryResult: ...

    def counts(self) -> dict[str, int]: ...

    def option_search(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class SearchRequest:
    """One search as the search page asks it.

    Attributes:
        text: the query in the search language ("" lists everything).
        per: ``card`` (one hit per card) or ``edition`` (one hit per matching edition).
        sort: one of :data:`app.model.query.QUERY_SORTS`.
        descending: reverse the order.
    """

    text: str
    per: str = "card"
    sort: str = "name"
    descending: bool = False


@dataclass(frozen=True)
class QueryProblem:
    """Why a query could not be read (a :class:`~app.search.QuerySyntaxError` as data).

    Attributes:
        query: the query text. message: what is wrong.
        position: 0-based character index of the problem (``len(query)`` at the end).
        hint: what to write instead, or "".
    """

    query: str
    message: str
    position: int
    hint: str


class SearchController(QObject):
    """Searches, card loads, counts and filter options in a thread pool; newest answer wins.

    Signals:
        resultsReady(object, object): the :class:`SearchRequest` and its
            :class:`~app.model.query.QueryResult` (every hit, in the asked order).
        queryRejected(object, object): the :class:`SearchRequest` and the
            :class:`QueryProblem` of a malformed query.
        cardReady(object): the :class:`CardDetail` of the newest card load.
        countsReady(dict): ``{"cards", "editions", "sets", "images"}``.
        optionsReady(dict): ``GET /option/search``: option name → ``{"text", "value"}`` items.
        suggested(str): after each search, a "did you mean" query for one that found
            nothing because of a misspelt name ("" otherwise).
        explained(str): after resultsReady, why a right query found nothing, when the
            catalogue can say (``is:legality`` after the first import: "no revision has
            changed legality yet. …").
        failed(str, object): what failed (``"search"``, ``"card"``, ``"counts"``,
            ``"options"``) and the error.

    Args:
        catalogue: what answers (``app.catalogue``).
        pool: the thread pool for catalogue work.
        parent: the owning QObject.
        history: a card's recorded versions for its detail (``app.history``; None: none).
        collection: the copies owned for a card's detail (``app.collection``; None: none).
    """

    resultsReady = Signal(object, object)
    queryRejected = Signal(object, object)
    cardReady = Signal(object)
    countsReady = Signal(object)
    optionsReady = Signal(object)
    suggested = Signal(str)
    explained = Signal(str)
    failed = Signal(str, object)

    def __init__(
        self, catalogue: CatalogueReader, pool: QThreadPool, parent: QObject | None = None,
        history: Any = None, collection: Any = None,
    ) -> None:
        super().__init__(parent)
        self._catalogue = catalogue
        self._history, self._collection = history, collection
        self._search = LatestRequest(pool, self)
        self._card = LatestRequest(pool, self)
        self._counts = LatestRequest(pool, self)
        self._options = LatestRequest(pool, self)
        self._search.finished.connect(self._on_answer)
        self._card.finished.connect(self.cardReady)
        self._counts.finished.connect(self.countsReady)
        self._options.finished.connect(self.optionsReady)
        for kind, request in (("search", self._search), ("card", self._card),
                              ("counts", self._counts), ("options", self._options)):
            request.failed.connect(lambda error, kind=kind: self.failed.emit(kind, error))

    @property
    def busy(self) -> bool:
        """True while a search, card load or count has not answered yet."""
        return self._search.busy or self._card.busy or self._counts.busy

    @property
    def searching(self) -> bool:
        """True while the newest search has not answered yet."""
        return self._search.busy

    @Slot(object)
    def search(self, request: SearchRequest | str) -> None:
        """Run ``request`` (a bare string: by name, per card); answers with resultsReady
        or, for a malformed query, queryRejected. Older searches' answers are dropped."""
        if isinstance(request, str):
            request = SearchRequest(request)
        catalogue = self._catalogue
        asked = request

        def work() -> tuple[SearchRequest, QueryResult | QueryProblem, str, str]:
            try:
                outcome = catalogue.query(asked.text, per=asked.per,  # type: ignore[arg-type]
                                          sort=asked.sort, descending=asked.descending)
            except QuerySyntaxError as error:
                return asked, QueryProblem(asked.text, error.message, error.position,
                                           error.hint), "", ""
            helped = outcome.help  # why nothing was found, as the catalogue decided it
            if helped is None:
                return asked, outcome, "", ""
            if helped.problem and not helped.mistake:  # a right query: the results, and why
                hint = helped.hint[:1].upper() + helped.hint[1:]
                return asked, outcome, "", f"{helped.problem}. {hint}."
            if helped.problem:
                return asked, QueryProblem(asked.text, helped.problem, helped.position,
                                           helped.hint), "", ""
            return asked, outcome, helped.suggestion or "", ""

        self._search.submit(work)

    def load_card(self, slug: str) -> None:
        """Load one card for the detail pane; answers with cardReady (or failed)."""
        catalogue, history, collection = self._catalogue, self._history, self._collection

        def work() -> CardDetail:
            from app.gui.kit.detail_data import load_detail  # loaded in the worker

            return load_detail(catalogue, slug, history, collection)

        self._card.submit(work)

    def load_counts(self) -> None:
        """Count cards, editions, sets and images; answers with countsReady."""
        self._counts.submit(self._catalogue.counts)

    def load_options(self) -> None:
        """Read the filter values (``GET /option/search``); answers with optionsReady."""
        self._options.submit(self._catalogue.option_search)

    @Slot(object)
    def _on_answer(self, answer: Any) -> None:
        request, outcome, suggestion, why = answer
        self.suggested.emit(suggestion)
        if isinstance(outcome, QueryProblem):
            self.queryRejected.emit(request, outcome)
        else:
            self.resultsReady.emit(request, outcome)
            if why:
                self.explained.emit(why)
