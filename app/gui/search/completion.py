"""Typing help in the search field: card names complete as you type, the
matching part in bold; a query that found nothing for a misspelling offers "Did you mean
Lorraine?" (a link that searches for it)."""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import (
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSize,
    QStringListModel,
    Qt,
    QThreadPool,
    Signal,
)
from PySide6.QtGui import QAbstractTextDocumentLayout, QPainter, QTextDocument
from PySide6.QtWidgets import (
    QCompleter,
    QLabel,
    QLineEdit,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from app.gui.kit.operations import Operation, run_operation
from app.safetext import escape_controls

NAME_ONLY = re.compile(r"^[^:<>=!\"()\-][^:<>=!\"()]*$")
"""A search text that is only (the start of) a card name: no field, operator or group."""
LIMIT = 12
"""Names offered at most."""
AnyIndex = QModelIndex | QPersistentModelIndex


def bold_matches(name: str, typed: str) -> str:
    """``name`` as HTML with each word start matching ``typed`` (any case) in bold."""
    import html  # with the first names offered, not at start-up

    typed = typed.strip()
    if not typed:
        return html.escape(name)
    pattern = re.compile(rf"(?:(?<=^)|(?<=\s)){re.escape(typed)}", re.IGNORECASE)
    out, last = [], 0
    for found in pattern.finditer(name):
        out.append(html.escape(name[last:found.start()]))
        out.append(f"<b>{html.escape(found.group())}</b>")
        last = found.end()
    out.append(html.escape(name[last:]))
    return "".join(out)


class BoldMatchDelegate(QStyledItemDelegate):
    """Paints a completion with the typed part in bold (:func:`bold_matches`)."""

    def __init__(self, typed: Callable[[], str], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._typed = typed

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        """Draw the item's background, then its name as rich text."""
        self.initStyleOption(option, index)
        text, option.text = escape_controls(option.text), ""
        widget = option.widget
        style = widget.style() if widget is not None else None
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, option, painter, widget)
        doc = QTextDocument()
        doc.setDefaultFont(option.font)
        doc.setHtml(bold_matches(text, self._typed()))
        painter.save()
        painter.translate(option.rect.left() + 4,
                          option.rect.top() + (option.rect.height() - doc.size().height()) / 2)
        context = QAbstractTextDocumentLayout.PaintContext()
        if option.state & QStyle.StateFlag.State_Selected:
            context.palette.setColor(context.palette.ColorRole.Text,
                                     option.palette.highlightedText().color())
        doc.documentLayout().draw(painter, context)
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:
        """The plain size, a little taller."""
        size = super().sizeHint(option, index)
        return QSize(size.width(), size.height() + 4)


class NameCompleter(QObject):
    """Completes card names in ``field`` from ``names(prefix, limit)`` (run in ``pool``).

    Args:
        field: the search field.
        names: the catalogue's ``card_names``.
        pool: where the look-ups run.
        parent: the owning QObject.
    """

    def __init__(self, field: QLineEdit, names: Callable[[str, int], list[str]],
                 pool: QThreadPool, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._field, self._names, self._pool = field, names, pool
        self.model = QStringListModel(self)
        self.completer = QCompleter(self.model, self)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.completer.setMaxVisibleItems(LIMIT)
        self._styled = False  # the popup (a list view) is made with the first names offered
        field.setCompleter(self.completer)
        field.textEdited.connect(self._on_edited)
        self._operation: Operation | None = None

    def _on_edited(self, text: str) -> None:
        if self._operation is not None:
            self._operation.cancel()
        typed = text.strip()
        if len(typed) < 2 or not NAME_ONLY.match(typed):
            self.model.setStringList([])
            self._operation = None
            return
        names = self._names
        self._operation = run_operation(self._pool, lambda: names(typed, LIMIT),
                                        lambda found: self._offer(typed, found),
                                        lambda _error: None, owner=self)

    def _offer(self, typed: str, found: list[str]) -> None:
        if self._field.text().strip() != typed or not self._field.hasFocus():
            return
        self.model.setStringList(found)
        if found:
            if not self._styled:
                self._styled = True
                popup = self.completer.popup()
                if popup is not None:
                    popup.setItemDelegate(BoldMatchDelegate(lambda: self._field.text(), popup))
            self.completer.setCompletionPrefix(typed)
            self.completer.complete()


class DidYouMean(QLabel):
    """"Did you mean *Lorraine*?" under the search field; hidden when there is nothing to
    suggest.

    Signals:
        chosen(str): the suggestion was clicked (the query to search for).
    """

    chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.suggestion = ""
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
        self.linkActivated.connect(lambda _link: self.chosen.emit(self.suggestion))
        self.hide()

    def show_suggestion(self, suggestion: str) -> None:
        """Offer ``suggestion`` (a query); "" hides the label."""
        import html

        self.suggestion = suggestion
        self.setText(f'Did you mean <a href="suggestion"><i>{html.escape(suggestion)}</i></a>?'
                     if suggestion else "")
        self.setVisible(bool(suggestion))


MOST_MISSING = 0.5
"""The images notice shows when more than this share of the editions has no stored image."""


class ImagesNotice(QLabel):
    """"3,991 of 4,414 editions have no image stored · *Download them*" above the grid, when
    most editions have no image (:data:`MOST_MISSING`); hidden otherwise.

    Signals:
        downloadRequested(): the person asked to download the missing images.
    """

    downloadRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.missing = 0
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
        self.setAccessibleName("Missing images")
        self.linkActivated.connect(lambda _link: self.downloadRequested.emit())
        self.hide()

    def show_counts(self, counts: dict[str, int]) -> None:
        """Show or hide the notice for the catalogue's ``editions`` and ``images`` counts."""
        editions = counts.get("editions", 0)
        self.missing = max(0, editions - counts.get("images", 0))
        shown = editions > 0 and self.missing > editions * MOST_MISSING
        self.setText(f"{self.missing:,} of {editions:,} editions have no image stored: their "
                     'tiles are drawn cards. <a href="download">Download the missing '
                     "images</a> (a sync; this can take a while)." if shown else "")
        self.setVisible(shown)
