"""The inline error under the search field: the query with the bad character marked, the
message and the hint (a :class:`~app.search.QuerySyntaxError` as the person sees it), and
the field's red border while it shows."""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QLineEdit, QWidget

from app.gui.kit.theme import rise_fall_colours
from app.gui.search.controller import QueryProblem

EXCERPT = 64
"""At most this many characters of a long query are shown, around the problem."""
INVALID = 'QLineEdit[invalid="true"] {{ border: 2px solid {red}; border-radius: 4px; }}'
"""Added to the field's style sheet while the query is malformed."""


def excerpt_html(query: str, position: int, colour: str, width: int = EXCERPT) -> str:
    """Two monospace lines: the query (cut to ``width`` characters around ``position``)
    with the character at ``position`` marked in ``colour``, and a caret under it.

    A problem at the end of the query (``position == len(query)``) marks a space there.
    """
    position = max(0, min(position, len(query)))
    start = max(0, min(position - width // 2, len(query) - width))
    end = min(len(query), start + width)
    shown = "".join(ch if ch.isprintable() else " " for ch in query)
    before = ("…" if start > 0 else "") + shown[start:position]
    at = shown[position] if position < len(query) else " "
    after = shown[position + 1:end] + ("…" if end < len(query) else "")
    mark = (f'<span style="background-color:{colour}; color:#ffffff;">{html.escape(at)}'
            "</span>")
    caret = " " * len(before) + f'<span style="color:{colour};"><b>^</b></span>'
    return (f'<pre style="margin:0;">{html.escape(before)}{mark}{html.escape(after)}\n'
            f"{caret}</pre>")


class QueryErrorBanner(QFrame):
    """A red-edged box right under the search field, as wide as the field; hidden while the
    query is fine. It floats over the page (it is no part of a layout), so the grid does not
    jump as it comes and goes; while it shows, the field has a red border.

    Signals:
        positionClicked(int): the box was clicked; the field's cursor was put at the problem.

    Args:
        field: the search field it explains.
        parent: the page holding the field (the box follows its resizes).
    """

    positionClicked = Signal(int)

    def __init__(self, field: QLineEdit, parent: QWidget) -> None:
        super().__init__(parent)
        self._field, self._page = field, parent
        self.setObjectName("queryError")
        self.setAccessibleName("Query error")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip("Click to put the cursor where the problem is")
        self.excerpt = QLabel(textFormat=Qt.TextFormat.RichText)
        self.message = QLabel(textFormat=Qt.TextFormat.RichText, wordWrap=True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        row = QHBoxLayout(self)
        row.setContentsMargins(10, 4, 10, 4)
        row.setSpacing(16)
        row.addWidget(self.excerpt)
        row.addWidget(self.message, 1)
        self._problem: QueryProblem | None = None
        red = rise_fall_colours(field.palette())[1].name()
        field.setStyleSheet(field.styleSheet() + INVALID.format(red=red))
        field.setProperty("invalid", False)
        parent.installEventFilter(self)
        self.hide()

    @property
    def problem(self) -> QueryProblem | None:
        """The problem shown, or None."""
        return self._problem

    def show_problem(self, problem: QueryProblem) -> None:
        """Show ``problem``: the marked query, the message and the hint; the field turns red."""
        self._problem = problem
        _, red = rise_fall_colours(self.palette())
        colour = red.name()
        window = self.palette().window().color()
        tint = "#{:02x}{:02x}{:02x}".format(*(round(w * 0.9 + r * 0.1) for w, r in (
            (window.red(), red.red()), (window.green(), red.green()),
            (window.blue(), red.blue()))))
        self.setStyleSheet(
            f"QFrame#queryError {{ border: 1px solid {colour}; border-radius: 4px; "
            f"background-color: {tint}; }}"
            "QFrame#queryError QLabel { background: transparent; border: none; }"
        )
        self.excerpt.setText(excerpt_html(problem.query, problem.position, colour))
        hint = (f'<br><span style="color:{self.palette().placeholderText().color().name()};">'
                f"{html.escape(problem.hint)}</span>") if problem.hint else ""
        self.message.setText(f"<b>{html.escape(problem.message)}</b>{hint}")
        self._mark_field(True)
        self.show()
        self._place()

    def clear(self) -> None:
        """Hide the box and the field's red border (the query is fine again)."""
        self._problem = None
        self._mark_field(False)
        self.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Stay under the field when the page is resized or laid out anew."""
        if event.type() in (QEvent.Type.Resize, QEvent.Type.LayoutRequest):
            self._place()
        return super().eventFilter(watched, event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """Put the field's cursor where the problem is (and report it)."""
        if self._problem is not None and event.button() == Qt.MouseButton.LeftButton:
            position = self._problem.position
            self._field.setFocus(Qt.FocusReason.MouseFocusReason)
            self._field.deselect()
            self._field.setCursorPosition(position)
            self.positionClicked.emit(position)
            event.accept()
            return
        super().mousePressEvent(event)

    def _place(self) -> None:
        if self.isHidden():
            return
        field = self._field.rect()
        field.moveTopLeft(self._field.mapTo(self._page, QPoint(0, 0)))
        height = (self.heightForWidth(field.width()) if self.hasHeightForWidth()
                  else self.sizeHint().height())
        self.setGeometry(field.x(), field.bottom() + 3, field.width(), height)
        self.raise_()

    def _mark_field(self, invalid: bool) -> None:
        if self._field.property("invalid") is invalid:
            return
        self._field.setProperty("invalid", invalid)
        self._field.style().unpolish(self._field)
        self._field.style().polish(self._field)
