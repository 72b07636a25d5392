"""The review's editors: the edition a combo box of the candidates, the finish a combo box,
the copies a spin box; each centred in its (tall) row and written back as soon as it
changes, so the choice is one click away and never lost to a missed Enter."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, QRect, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from app.gui.collection.scan_model import COPIES, EDITION, FINISH, MAX_COPIES, CandidatesRole

AnyIndex = QModelIndex | QPersistentModelIndex
FINISHES = ("Non-foil", "Foil")


class ReviewDelegate(QStyledItemDelegate):
    """Editors of the review's edition, finish and copies columns."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: AnyIndex) -> QWidget:
        """A combo box (edition, finish) or a spin box (copies)."""
        column = index.column()
        if column == EDITION:
            combo = QComboBox(parent)
            combo.setObjectName("scan-edition")
            combo.addItems(list(index.data(CandidatesRole) or []))
            combo.setPlaceholderText("Choose the edition…")
            combo.setAccessibleName("Edition")
            combo.activated.connect(lambda _row: self._commit(combo))
            return combo
        if column == FINISH:
            combo = QComboBox(parent)
            combo.setObjectName("scan-finish")
            combo.addItems(list(FINISHES))
            combo.setAccessibleName("Finish")
            combo.activated.connect(lambda _row: self._commit(combo))
            return combo
        if column == COPIES:
            spin = QSpinBox(parent)
            spin.setObjectName("scan-copies")
            spin.setRange(1, MAX_COPIES)
            spin.setAccessibleName("Copies")
            # the button colour, as the combo boxes beside it: on a dark palette a spin box
            # of the table's own colour shows no edge
            palette = spin.palette()
            palette.setColor(QPalette.ColorRole.Base, palette.color(QPalette.ColorRole.Button))
            spin.setPalette(palette)
            spin.valueChanged.connect(lambda _value: self._commit(spin))
            return spin
        return super().createEditor(parent, option, index)

    def setEditorData(self, editor: QWidget, index: AnyIndex) -> None:
        """Show the row's choice."""
        value = index.data(Qt.ItemDataRole.EditRole)
        if isinstance(editor, QComboBox):
            wanted = (-1 if value is None else int(value)) if index.column() == EDITION \
                else int(bool(value))
            if editor.currentIndex() != wanted:
                editor.setCurrentIndex(wanted)
        elif isinstance(editor, QSpinBox):
            if editor.value() != int(value or 1):
                editor.blockSignals(True)
                editor.setValue(int(value or 1))
                editor.blockSignals(False)
        else:
            super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: AnyIndex) -> None:
        """Write the editor's value to the model."""
        if isinstance(editor, QComboBox):
            if editor.currentIndex() >= 0:
                value: Any = editor.currentIndex() if index.column() == EDITION \
                    else editor.currentIndex() == 1
                model.setData(index, value, Qt.ItemDataRole.EditRole)
        elif isinstance(editor, QSpinBox):
            model.setData(index, editor.value(), Qt.ItemDataRole.EditRole)
        else:
            super().setModelData(editor, model, index)

    def updateEditorGeometry(self, editor: QWidget, option: QStyleOptionViewItem,
                             index: AnyIndex) -> None:
        """Centre the editor in the cell at its own height (the rows are as tall as a
        card image)."""
        cell: QRect = option.rect
        height = min(cell.height(), editor.sizeHint().height())
        editor.setGeometry(QRect(cell.x() + 4, cell.y() + (cell.height() - height) // 2,
                                 cell.width() - 8, height))

    def _commit(self, editor: QWidget) -> None:
        self.commitData.emit(editor)
