"""Beside the deck: the verdict of its check, the findings, and the breakdowns.

A finding that names cards is a link: choosing it emits ``cardChosen(name)`` (the page
selects that card's entry). ``resultPainted`` is emitted once the findings of a new check
result have been painted (the benchmark times paste → painted result with it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QListView, QVBoxLayout, QWidget

from app.decks import Breakdown, CheckResult
from app.gui.decks.models import DataRole, FindingModel, severity_colour
from app.gui.kit.card_paint import scaled_font

LEGAL_COLOURS = ("#2e7d32", "#81c784")
"""Green on a light palette, on a dark one."""


def _counter_text(counter: Counter[str], title: bool = True) -> str:
    items = sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))
    return ", ".join(f"{k.title() if title else k} {n}" for k, n in items) or "—"


def breakdown_html(parts: Sequence[Breakdown]) -> str:
    """The breakdowns as HTML: per zone with cards, copies by type, element and cost."""
    rows = []
    for part in parts:
        if not sum(part.by_element.values()):
            continue
        costs = sorted(part.by_cost.items(), key=lambda kv: (not kv[0].isdigit(),
                                                             int(kv[0]) if kv[0].isdigit()
                                                             else 0, kv[0]))
        rows.append(
            f"<p><b>{part.zone.heading}</b><br>Types: {_counter_text(part.by_type)}<br>"
            f"Elements: {_counter_text(part.by_element)}<br>"
            f"Costs: {', '.join(f'{k}: {n}' for k, n in costs)}</p>")
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
        self.breakdown = QLabel(wordWrap=True)
        self.breakdown.setTextFormat(self.breakdown.textFormat().RichText)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.verdict)
        layout.addWidget(self.counts)
        layout.addWidget(self.findings, 1)
        layout.addWidget(self.breakdown, 1, Qt.AlignmentFlag.AlignTop)
        self.result: CheckResult | None = None
        self._unpainted = False
        self.show_result(None, [])

    def show_result(self, result: CheckResult | None, parts: Sequence[Breakdown]) -> None:
        """Show ``result`` (None: no deck open) and the breakdowns ``parts``."""
        self.result = result
        self.model.set_result(result)
        self.breakdown.setText(breakdown_html(parts))
        self.findings.setVisible(result is not None)
        if result is None:
            self.verdict.setText("")
            self.counts.setText("")
            return
        errors = len(result.errors()) + len(result.unresolved)
        if result.legal:
            self.verdict.setText(f"Legal in {result.format.name}")
        else:
            self.verdict.setText(f"Not legal in {result.format.name}: {errors} "
                                 f"problem{'s' if errors != 1 else ''}")
        dark = self.palette().base().color().lightness() < 128
        colour = (LEGAL_COLOURS[int(dark)] if result.legal
                  else severity_colour(True).name())
        self.verdict.setStyleSheet(f"color: {colour}")
        c = result.counts
        self.counts.setText(f"Material {c['material']} · Main {c['main']} · Sideboard "
                            f"{c['sideboard']}")
        self._unpainted = True
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
