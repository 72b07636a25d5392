"""The export dialog's background work: plan, fetch, render (over the cores), write, PDF.

:class:`ExportTask` runs one :class:`ExportRequest` as an
:class:`~app.gui.kit.operations.Operation` in its own thread pool; progress and the outcome
reach the GUI thread by queued signal. The image rendering itself runs in the
export engine's process pool (:func:`app.export.run_export`).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, QThreadPool, Signal

from app.errors import ArchivistError
from app.export import (
    ApiFetcher,
    ExportItem,
    ExportOptions,
    ExportReport,
    Fetcher,
    Problem,
    ProxyText,
    SheetEntry,
    SheetPlan,
    resolve_sources,
    run_export,
)
from app.gui.kit.operations import Operation
from app.images import ImageStore

log = logging.getLogger("app.gui")


@dataclass(frozen=True)
class ExportScope:
    """Something the dialog can export: ``title`` (``Every edition of the search …``) and
    ``plan``, which lists its editions (called in the worker: it may read the catalogue)."""

    title: str
    plan: Callable[[], list[ExportItem]]


@dataclass(frozen=True)
class SheetOptions:
    """A proxy sheet: the PDF file, the page (``A4``/``Letter``), cut marks, bleed in mm."""

    out: Path
    page: str = "A4"
    cut_marks: bool = True
    bleed_mm: float = 0.0


@dataclass(frozen=True)
class ExportRequest:
    """One run of the dialog: the scope, and image files (``files``) or a sheet; whether
    images not stored are fetched from the API (``fetch``, when one is known)."""

    scope: ExportScope
    files: ExportOptions | None = None
    sheet: SheetOptions | None = None
    fetch: bool = True


NO_API = ("the image is not stored, and no API is set to fetch it from "
          "(choose one in File ▸ Settings…)")
NOT_FETCHED = "the image is not stored (not fetched: “Fetch missing images” was off)"
ProxyTexts = Callable[[Sequence[ExportItem]], dict[str, ProxyText]]
"""The text proxies of items, by edition uuid (``app.export.proxy_texts``)."""


@dataclass
class ExportOutcome:
    """What a run did: the files' report, or the sheet's pages and missing editions."""

    report: ExportReport | None = None
    sheet: Path | None = None
    pages: int = 0
    missing: list[Problem] = field(default_factory=list)
    cancelled: bool = False
    plan: SheetPlan | None = None

    def summary(self) -> str:
        """A line for the dialog's status (the sheet's text proxies named in it)."""
        if self.report is not None:
            return self.report.summary()
        if self.cancelled:
            return "Cancelled: no PDF was written."
        if self.sheet is None:
            return "Nothing to put on a proxy sheet."
        line = f"Wrote {self.sheet.name}: {self.pages} page{'s' if self.pages != 1 else ''}."
        told = self.plan.summary() if self.plan is not None else ""
        return f"{line} {told}." if told else line

    def problems(self) -> list[Problem]:
        """Every edition not exported, with the reason."""
        if self.report is not None:
            return [*self.report.missing, *self.report.failed]
        return list(self.missing)


class ExportTask(QObject):
    """Runs export requests one at a time in a worker thread.

    Signals:
        progressed(int, int, str): done, total, the current file or step.
        finished(object): the :class:`ExportOutcome`.
        failed(object): the exception that stopped the run.

        api_found(object): the API images would be fetched from (a str), or None: the
            answer to :meth:`find_api`.

    Args:
        images: the image store. fetcher: ``app.export.image_fetcher`` (an API → a fetcher of
            missing images that tells the catalogue about them).
        api: returns the API to fetch missing images from, or None (called in the worker).
        parent: the owning QObject.
        proxies: the text proxies of cards without an image (None: their labels alone).
    """

    progressed = Signal(int, int, str)
    finished = Signal(object)
    failed = Signal(object)
    api_found = Signal(object)

    def __init__(self, images: ImageStore, fetcher: Callable[[str], ApiFetcher],
                 api: Callable[[], str | None], parent: QObject | None = None, *,
                 proxies: ProxyTexts | None = None) -> None:
        super().__init__(parent)
        self._images, self._fetcher, self._api = images, fetcher, api
        self._proxies = proxies
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._cancel = threading.Event()
        self._running = False

    @property
    def running(self) -> bool:
        """True from :meth:`start` until finished or failed was emitted."""
        return self._running

    @property
    def cancelling(self) -> bool:
        """True once :meth:`cancel` was called for the current run."""
        return self._cancel.is_set()

    def start(self, request: ExportRequest) -> None:
        """Run ``request`` in the worker thread."""
        self._cancel = threading.Event()
        self._running = True
        cancel = self._cancel
        operation = Operation(self._on_finished, self._on_failed, self._on_progress, owner=self)
        operation.start(self._pool, lambda: self.work(request, cancel, operation.report))

    def find_api(self) -> None:
        """Look up the API missing images would come from (in the worker; it may read the
        catalogue); :attr:`api_found` answers."""
        operation = Operation(self.api_found.emit, self._on_api_failed, owner=self)
        operation.start(self._pool, self._api)

    def _on_api_failed(self, error: Exception) -> None:
        log.debug("cannot tell the API images are fetched from: %s", error)
        self.api_found.emit(None)

    def cancel(self) -> None:
        """Ask the run to stop after the image being finished (files written stay whole)."""
        self._cancel.set()

    def shutdown(self) -> None:
        """Cancel and wait for the worker (idempotent)."""
        self.cancel()
        self._pool.waitForDone()

    def _on_finished(self, outcome: ExportOutcome) -> None:
        self._running = False
        self.finished.emit(outcome)

    def _on_failed(self, error: Exception) -> None:
        if not isinstance(error, ArchivistError):
            log.error("export failed", exc_info=error)
        self._running = False
        self.failed.emit(error)

    def _on_progress(self, step: tuple[int, int, str]) -> None:
        self.progressed.emit(*step)

    def work(self, request: ExportRequest, cancel: threading.Event,
             tell: Callable[[tuple[int, int, str]], None]) -> ExportOutcome:
        """The run itself (in the worker thread); ``tell((done, total, step))`` reports
        the progress."""
        items = request.scope.plan()
        api = self._api()
        fetch: Fetcher | None = self._fetcher(api) if api and request.fetch else None
        unfetched = NOT_FETCHED if api else NO_API
        try:
            if request.files is not None:
                report = run_export(items, request.files, self._images, fetch=fetch,
                                    progress=lambda step: tell(
                                        (step.done, step.total, step.current)),
                                    cancel=cancel, unfetched=unfetched)
                return ExportOutcome(report=report, cancelled=report.cancelled)
            assert request.sheet is not None
            return self._sheet(items, request.sheet, fetch, cancel, tell, unfetched)
        finally:
            if isinstance(fetch, ApiFetcher):
                fetch.close()

    def _sheet(self, items: list[ExportItem], options: SheetOptions, fetch: Fetcher | None,
               cancel: threading.Event, tell: Callable[[tuple[int, int, str]], None],
               unfetched: str) -> ExportOutcome:
        from app.gui.export.proxy_sheet import SheetCard, write_proxy_sheet

        if not items:
            return ExportOutcome()
        found, missing, fetched = resolve_sources(list(dict.fromkeys(items)), self._images,
                                                  fetch, cancel=cancel, unfetched=unfetched)
        paths = {item.uuid: path for item, path in found}
        texts = self._proxies([p.item for p in missing]) if missing and self._proxies else {}
        plan = SheetPlan([SheetEntry(item, paths.get(item.uuid), texts.get(item.uuid))
                          for item in items], missing, fetched)
        cards = [SheetCard(e.item.label, e.image, e.proxy) for e in plan.entries]
        pages = write_proxy_sheet(
            cards, options.out, page=options.page, cut_marks=options.cut_marks,
            bleed_mm=options.bleed_mm, cancel=cancel,
            progress=lambda done, total: tell((done, total, "proxy sheet")),
        )
        if cancel.is_set() and pages == 0:
            return ExportOutcome(missing=missing, cancelled=True)
        return ExportOutcome(sheet=options.out, pages=pages, missing=missing, plan=plan)
