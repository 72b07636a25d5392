"""Beside the deck: the verdict of its check (as of its moment), the findings, the cost
curve and the element and type summary.

A finding that names cards is a link: choosing it emits ``cardChosen(name)`` (the page
selects that card's entry). ``resultPainted`` is emitted once the findings of a new check
result have been painted (the benchmark times paste → painted result with it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QFrame, QLabel, QListView, QScrollArea, QVBoxLayout, QWidget

from app.decks import CANNOT_JUDGE, Breakdown, CheckResult
from app.gui.decks.curve import CostCurve
from app.gui.decks.models import DataRole, FindingModel, severity_colour
from app.gui.kit.card_paint import scaled_font

LEGAL_COLOURS = ("#2e7d32", "#81c784")
"""Green on a light palette, on a dark one."""


def _counter_text(counter: Counter[str], title: bool = True) -> str:
    items = sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))
    return ", ".join(f"{k.title() if title else k} {n}" for k, n in items) or "—"


def breakdown_html(parts: Sequence[Breakdown]) -> str:
    """The summary as HTML: per zone with cards, copies by type line and by element (a
    card of two elements under each), then the cards not in the catalogue and markers."""
    rows = []
    for part in parts:
        if not (part.cards or part.unresolved or part.markers):
            continue
        lines = [f"<b>{part.zone.heading}</b> ({part.cards} cards)",
                 f"Types: {_counter_text(part.by_type)}"]
        if part.by_element:
            lines.append(f"Elements: {_counter_text(part.by_element)}")
        if part.unresolved:
            lines.append(f"<i>Not in the catalogue: {part.unresolved}</i>")
        if part.markers:
            lines.append(f"Markers (not deck cards): {part.markers}")
        rows.append("<p>" + "<br>".join(lines) + "</p>")
    return "".join(rows)


class CheckPanel(QWidget):
    """The check result of the deck open.

    Signals:
        cardChosen(str): the first card named by the finding chosen.
        resultPainted(): the findings of the newest result are painted.
    """

    cardChosen = Signal(str)
    resultPainted = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.verdict = QLabel(wordWrap=True)
        self.verdict.setFont(scaled_font(self.font(), 1.25, bold=True))
        self.counts = QLabel(wordWrap=True)
        self.model = FindingModel(self)
        self.findings = QListView()
        self.findings.setModel(self.model)
        self.findings.setWordWrap(True)
        self.findings.setSpacing(2)
        self.findings.setAccessibleName("Check findings")
        self.findings.clicked.connect(self._chosen)
        self.findings.activated.connect(self._chosen)
        self.findings.viewport().installEventFilter(self)
        self.nothing = QLabel(wordWrap=True)
        self.nothing.setAccessibleName("Check verdict")
        self.breakdown = QLabel(wordWrap=True)
        self.breakdown.setTextFormat(self.breakdown.textFormat().RichText)
        self.curve = CostCurve()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.verdict)
        layout.addWidget(self.counts)
        layout.addWidget(self.findings, 1)
        layout.addWidget(self.nothing)
        # The curve and the summary scroll together when the column is short, rather than
        # the summary being cut off under the next panel.
        self.details = QScrollArea()
        self.details.setWidgetResizable(True)
        self.details.setFrameShape(QFrame.Shape.NoFrame)
        self.details.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        inner = QWidget()
        details = QVBoxLayout(inner)
        details.setContentsMargins(0, 0, 0, 0)
        details.addWidget(self.curve)
        details.addWidget(self.breakdown, 0, Qt.AlignmentFlag.AlignTop)
        details.addStretch(1)
        self.details.setWidget(inner)
        layout.addWidget(self.details, 2)
        self.result: CheckResult | None = None
        self._unpainted = False
        self.show_result(None, [])

    def show_result(self, result: CheckResult | None, parts: Sequence[Breakdown]) -> None:
        """Show ``result`` (None: no deck open) and the breakdowns ``parts``."""
        self.result = result
        self.model.set_result(result)
        self.breakdown.setText(breakdown_html(parts))
        self.curve.show_parts(parts)
        self.details.setVisible(result is not None)
        empty = result is not None and self.model.rowCount() == 0
        self.findings.setVisible(result is not None and not empty)
        self.nothing.setVisible(empty)
        if result is None:
            self.verdict.setText("")
            self.counts.setText("")
            return
        errors = len(result.errors()) + len(result.unresolved)
        if result.legal:
            self.verdict.setText(result.verdict())
        elif result.status == CANNOT_JUDGE:
            self.verdict.setText(f"{result.verdict()}: the catalogue's history does not reach "
                                 "back that far")
        else:
            self.verdict.setText(f"{result.verdict()}: {errors} "
                                 f"problem{'s' if errors != 1 else ''}")
        self.nothing.setText(f"{result.verdict()} — no finding: every rule checked holds.")
        dark = self.palette().base().color().lightness() < 128
        colour = (LEGAL_COLOURS[int(dark)] if result.legal
                  else severity_colour(result.status != CANNOT_JUDGE).name())
        self.verdict.setStyleSheet(f"color: {colour}")
        c = result.counts
        self.counts.setText(f"Material {c['material']} · Main {c['main']} · Sideboard "
                            f"{c['sideboard']}")
        self._unpainted = not empty
        if empty:
            QTimer.singleShot(0, self.resultPainted.emit)
        self.findings.viewport().update()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Notice the first paint of a new result (emits resultPainted)."""
        if event.type() == QEvent.Type.Paint and self._unpainted:
            self._unpainted = False
            QTimer.singleShot(0, self.resultPainted.emit)
        return super().eventFilter(watched, event)

    def _chosen(self, index: QModelIndex) -> None:
        cards = index.data(DataRole)
        if cards:
            self.cardChosen.emit(cards[0])
