"""The right-hand side of the "Thema" page: one edition's history (endpoint 7) in a chart,
with the circulation kind, the range (presets or a custom from/to) and the exports.

Every catalogue call and file write runs in a worker. Endpoint 7 is always asked with
explicit ``from`` and ``to`` computed from the panel's own ``today`` (injectable), never with
the endpoint's defaults; a range it refuses (rule 3) shows its message inline.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QThreadPool, Signal, Slot
from PySide6.QtWidgets import QFileDialog, QLabel, QStackedWidget, QVBoxLayout, QWidget

from app.catalogue.thema import utc_today
from app.errors import ArchivistError
from app.gui.kit.card_paint import scaled_font
from app.gui.kit.empty_state import EmptyState
from app.gui.kit.image_file import write_png
from app.gui.kit.operations import LatestRequest
from app.gui.thema.chart import ThemaChart
from app.gui.thema.controls import ThemaControls
from app.gui.thema.data import (
    GENERATED_NOTE,
    History,
    HistoryRequest,
    HistorySource,
    csv_rows,
    load_history,
    preset_range,
    write_csv,
)
from app.gui.thema.picture import chart_picture
from app.model.vocabulary import CIRCULATION_KINDS, names

NO_HISTORY = ("Dynamic Thema scores come from the API (a sync). Without a capture, generate "
              "demo history (not real scores) to try the charts.")


class HistoryPanel(QWidget):
    """Title, controls and chart (or why there is no chart) of one edition and kind.

    Signals:
        message(str): a note for the status bar (an export was saved, or not).
        failed(str, object): what failed and the unexpected error (routine ones show inline).

    Args:
        catalogue: endpoint 7 (``services.catalogue``).
        pool: the thread pool for catalogue and file work.
        today: the current date for the range presets (UTC by default).
        parent: the owning widget.
    """

    message = Signal(str)
    failed = Signal(str, object)

    def __init__(self, catalogue: HistorySource, pool: QThreadPool,
                 today: Callable[[], date] = utc_today, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._catalogue, self.today = catalogue, today
        self._edition: str | None = None
        self._kind, self._max_rank = "FOIL", 1
        self._preset: str | None = "1Y"
        self._dynamic: dict[str, bool] = {}
        self._custom = (today(), today())
        self.title = QLabel(textFormat=Qt.TextFormat.PlainText)  # catalogue text: never rich
        self.title.setFont(scaled_font(self.font(), 1.35, bold=True))
        self.subtitle = QLabel(textFormat=Qt.TextFormat.PlainText)
        self.banner = QLabel(f"⚠ {GENERATED_NOTE}.")
        self.banner.setObjectName("generatedBanner")
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet("QLabel#generatedBanner { background: #fff3cd; color: #5c4400;"
                                  " border: 1px solid #e0c36a; border-radius: 4px;"
                                  " padding: 4px 8px; }")
        self.banner.hide()
        self.controls = ThemaControls()
        self.chart = ThemaChart()
        self.empty = EmptyState(offers=("demo",))
        self.stack = QStackedWidget()
        self.stack.addWidget(self.chart)
        self.stack.addWidget(self.empty)
        column = QVBoxLayout(self)
        column.setContentsMargins(4, 0, 0, 0)
        for widget in (self.title, self.subtitle, self.banner, self.controls):
            column.addWidget(widget)
        column.addWidget(self.stack, 1)
        self._history, self._export = LatestRequest(pool, self), LatestRequest(pool, self)
        self._history.finished.connect(self._on_history)
        self._history.failed.connect(self._on_failed)
        self._export.finished.connect(lambda path: self.message.emit(f"Saved {path}"))
        self._export.failed.connect(lambda error: self.message.emit(f"Not saved: {error}"))
        self.controls.kindChosen.connect(self.set_kind)
        self.controls.presetChosen.connect(self.set_preset)
        self.controls.customChosen.connect(self.set_custom_range)
        self.controls.exportPng.connect(lambda: self._ask_path("PNG image", "png", self.export_png))
        self.controls.exportCsv.connect(lambda: self._ask_path("CSV table", "csv", self.export_csv))
        self.controls.set_kind(self._kind)
        self.controls.set_range(*self.current_range(), self._preset)
        self.controls.set_exports_enabled(False)

    @property
    def busy(self) -> bool:
        """True while a history is being loaded."""
        return self._history.busy

    @property
    def exporting(self) -> bool:
        """True while an export is being written."""
        return self._export.busy

    @property
    def edition(self) -> str | None:
        """The uuid of the edition whose history is shown (or asked for)."""
        return self._edition

    @property
    def kind(self) -> str:
        """The circulation kind of the chart (``FOIL`` or ``NONFOIL``)."""
        return self._kind

    @property
    def history(self) -> History | None:
        """The history the chart shows (None before the first answer)."""
        return self.chart.history

    def current_range(self) -> tuple[date, date]:
        """``(from, to)`` of the preset ending :attr:`today`, or the custom range."""
        return preset_range(self._preset, self.today()) if self._preset else self._custom

    def show_edition(self, edition_uuid: str, kind: str, title: str, subtitle: str,
                     max_rank: int = 1, dynamic: dict[str, bool] | None = None) -> None:
        """Chart the ``kind`` history of ``edition_uuid`` over the current range.

        Args:
            edition_uuid: the edition (10 alphanumerics).
            kind: ``FOIL`` or ``NONFOIL``.
            title: what to call it (the card's name).
            subtitle: the line below (set, collector number, kind).
            max_rank: the number of ranked entries (the rank axis makes room for it).
            dynamic: kind → whether the edition's score of that kind is dynamic (its
                ``thema_*_dynamic`` flags); a kind that is not cannot be chosen.
        """
        self._edition, self._kind, self._max_rank = edition_uuid, kind, max_rank
        self._dynamic = dict(dynamic or {})
        self.controls.set_kinds_dynamic(self._dynamic)
        self.title.setText(title)
        self.subtitle.setText(subtitle)
        self.controls.set_kind(kind)
        self.load_history()

    @Slot(str)
    def set_kind(self, kind: str) -> None:
        """Chart the ``kind`` (FOIL or NONFOIL) history of the edition."""
        self._kind = kind
        self.controls.set_kind(kind)
        self.load_history()

    @Slot(str)
    def set_preset(self, preset: str) -> None:
        """Chart the last month(s) or year: ``1M``, ``3M``, ``6M`` or ``1Y``."""
        self._preset = preset
        self.controls.set_range(*self.current_range(), preset)
        self.load_history()

    @Slot(object, object)
    def set_custom_range(self, start: date, end: date) -> None:
        """Chart ``start``..``end``; the endpoint refuses more than one year (shown inline)."""
        self._preset, self._custom = None, (start, end)
        self.controls.set_range(start, end, None)
        self.load_history()

    def load_history(self) -> None:
        """Ask endpoint 7 for the current edition, kind and range (in a worker)."""
        if self._edition is None:
            return
        request = HistoryRequest(self._edition, self._kind, *self.current_range())
        catalogue = self._catalogue
        self._history.submit(lambda: load_history(catalogue, request))

    def picture_text(self) -> tuple[str, str]:
        """The title and subtitle of an exported picture: card and edition; kind and range."""
        start, end = self.current_range()
        kind = names(CIRCULATION_KINDS).get(self._kind, self._kind)
        title = " — ".join(t for t in (self.title.text(), self.subtitle.text()) if t)
        return title, f"{kind} Thema · {start.isoformat()} to {end.isoformat()}"

    def default_name(self, suffix: str) -> str:
        """The export's file name: card name, edition and kind (``thema-lorraine-…-foil``)."""
        words = f"{self.title.text()} {self.subtitle.text().split('·')[-1]}"
        slug = "-".join(re.findall(r"[^\W_]+", words.casefold())) or self._edition or "chart"
        return f"thema-{slug}-{self._kind.lower()}.{suffix}"

    def export_png(self, path: Path) -> None:
        """Save the chart as PNG with a title (card, edition, kind, range) and, for
        GENERATED history, a watermark line (drawn now, written in a worker)."""
        generated = bool(self.history and self.history.generated)
        image = chart_picture(self.chart, *self.picture_text(),
                              GENERATED_NOTE if generated else "")
        self._export.submit(lambda: write_png(image, path))

    def export_csv(self, path: Path) -> None:
        """Save the charted history as CSV (written in a worker; GENERATED history starts
        with a ``#`` comment line saying so); reports by message."""
        rows = csv_rows(self.history.entries if self.history else [])
        comment = GENERATED_NOTE if self.history and self.history.generated else ""
        self._export.submit(lambda: write_csv(path, rows, comment))

    def _ask_path(self, what: str, suffix: str, save: Callable[[Path], Any]) -> None:
        name = self.default_name(suffix)
        chosen, _ = QFileDialog.getSaveFileName(self, f"Export {what}", str(Path.home() / name),
                                                f"{what} (*.{suffix})")
        if chosen:
            save(Path(chosen))

    @Slot(object)
    def _on_history(self, history: History) -> None:
        self.controls.show_error("")
        self.chart.show_history(history, self._max_rank)
        self.banner.setVisible(history.generated)
        self.controls.set_exports_enabled(bool(history.entries))
        if history.entries:
            self.stack.setCurrentWidget(self.chart)
            return
        request, kind = history.request, history.request.kind.lower()
        span = f"from {request.start.isoformat()} to {request.end.isoformat()}"
        if self._dynamic.get(history.request.kind) is False:
            self.empty.set_state(f"No {kind} history: the score is not dynamic",
                                 f"This edition's {kind} Thema score does not change, so no "
                                 "history is recorded for it.", "")
        elif history.generated:
            self.empty.set_state(f"No {kind} history in this range",
                                 f"The GENERATED demo history holds no {kind} scores of this "
                                 f"edition {span}; choose another range.", "")
        else:
            self.empty.set_state(
                f"No {kind} history in this range",
                f"The catalogue holds no {kind} Thema scores of this edition {span}. "
                f"{NO_HISTORY}", "archivist demo-thema", offer=True)
        self.stack.setCurrentWidget(self.empty)

    @Slot(object)
    def _on_failed(self, error: object) -> None:
        if isinstance(error, ArchivistError):
            self.controls.show_error(error.message)
            return
        self.controls.show_error(f"The history could not be loaded: {error}")
        self.failed.emit("Thema history", error)


