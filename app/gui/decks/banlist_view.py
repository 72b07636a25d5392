"""The ban and limited list in the window: what changed recently at the top, then the
names banned, then those limited to N, each with the date its status took effect
(:mod:`app.decks.banlist`). The list is worked out off the GUI thread."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QFont
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QListView, QVBoxLayout, QWidget

from app.decks import FORMATS, BanEntry, BanList, DeckCards, ban_list, describe, parse_moment
from app.gui.decks.as_of_field import AsOfField
from app.gui.decks.models import severity_colour
from app.gui.kit.card_paint import scaled_font
from app.gui.kit.cells import safe_cells
from app.gui.kit.operations import LatestRequest

AnyIndex = QModelIndex | QPersistentModelIndex
HeadingRole = Qt.ItemDataRole.UserRole + 2


def _state(entry: BanEntry) -> str:
    if entry.limit is None:
        return "no longer limited"
    return "banned" if entry.limit == 0 else f"limited to {entry.limit}"


def ban_rows(found: BanList) -> list[tuple[bool, str, str]]:
    """The rows shown: ``(is heading, text, tooltip)``."""
    rows: list[tuple[bool, str, str]] = []
    recent = found.recent()
    if recent:
        rows.append((True, "Changed recently", ""))
        rows += [(False, f"{e.since}   {e.name}: {_state(e)}", "") for e in recent]
    groups: dict[int, list[BanEntry]] = {}
    for entry in found.cards:
        groups.setdefault(entry.limit or 0, []).append(entry)
    for limit, entries in sorted(groups.items()):
        title = "Banned" if limit == 0 else f"Limited to {limit}"
        rows.append((True, f"{title} ({len(entries)})", ""))
        for e in entries:
            many = f" ({e.cards} cards of this name)" if e.cards > 1 else ""
            since = f"   —   since {e.since}" if e.since else ""
            rows.append((False, f"{e.name}{many}{since}", e.slug))
    if not found.cards:
        rows.append((True, "No card is banned or limited", ""))
    return rows


class BanListModel(QAbstractListModel):
    """The rows of :func:`ban_rows`: headings in bold, cards below them."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.rows: list[tuple[bool, str, str]] = []

    def set_list(self, found: BanList | None) -> None:
        """Show ``found`` (None: nothing yet)."""
        self.beginResetModel()
        self.rows = ban_rows(found) if found is not None else []
        self.endResetModel()

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """The number of rows (0 under a valid parent)."""
        return 0 if parent.isValid() else len(self.rows)

    @safe_cells
    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Display: the text; Font: bold headings; Foreground: red for banned headings."""
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        heading, text, slug = self.rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return text
        if role == Qt.ItemDataRole.ToolTipRole and slug:
            return slug
        if role == Qt.ItemDataRole.FontRole and heading:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole and heading and text.startswith("Banned"):
            return QBrush(severity_colour(True))
        if role == HeadingRole:
            return heading
        return None


class BanListView(QWidget):
    """A format's ban list at a day (today by default).

    Signals:
        shown(): a list was painted in (after :meth:`refresh`).
        failed(str, object): what failed and the exception.

    Args:
        pool: the thread pool the list is worked out on.
        parent: the owning widget.
    """

    shown = Signal()
    failed = Signal(str, object)

    def __init__(self, pool: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel("Ban list")
        self.title.setFont(scaled_font(self.font(), 1.4, bold=True))
        self.format = QComboBox()
        for code, rules in FORMATS.items():
            self.format.addItem(rules.name, code)
        self.as_of = AsOfField()
        self.summary = QLabel(wordWrap=True)
        self.model = BanListModel(self)
        self.list = QListView()
        self.list.setModel(self.model)
        self.list.setAccessibleName("Banned and limited cards")
        self.list.setSpacing(1)
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(QLabel("Format:"))
        top.addWidget(self.format)
        top.addWidget(QLabel("As of:"))
        top.addWidget(self.as_of)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.summary)
        layout.addWidget(self.list, 1)
        self.cards: DeckCards | None = None
        self.found: BanList | None = None
        self._request = LatestRequest(pool, self)
        self._request.finished.connect(self._on_list)
        self._request.failed.connect(lambda error: self.failed.emit("ban list", error))
        self.format.activated.connect(lambda _i: self.refresh())
        self.as_of.changed.connect(lambda _m: self.refresh())

    def set_cards(self, cards: DeckCards | None) -> None:
        """Work from ``cards`` (the page's) and show the list."""
        self.cards = cards
        self.refresh()

    def refresh(self) -> None:
        """Work the list out again (format and day as chosen)."""
        cards, code = self.cards, self.format.currentData() or "STANDARD"
        if cards is None:
            return
        moment = parse_moment(self.as_of.moment())
        self._request.submit(lambda: ban_list(cards.as_of(moment), code))

    def _on_list(self, found: BanList) -> None:
        self.found = found
        self.model.set_list(found)
        banned = sum(1 for e in found.cards if e.limit == 0)
        limited = len(found.cards) - banned
        rules = FORMATS[found.format]
        self.summary.setText(
            f"{rules.name} as of {describe(parse_moment(found.as_of))}: {banned} names banned"
            f", {limited} limited. A date is when the card's status took effect; a card "
            "without one already had it in the oldest version the catalogue has seen."
            + ("" if found.as_of is None else " Cards not released by then are left out.")
            + (f" The catalogue's history holds no version that old of "
               f"{', '.join(found.unknown)}: shown as the oldest it knows, which may not have "
               "held then." if found.unknown else ""))
        self.shown.emit()
