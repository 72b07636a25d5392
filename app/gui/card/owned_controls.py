"""Copies owned of the selected edition, per finish, with − and + (the collection).

Under the card's editions: ``Owned  Non-foil 2 [−] [+]   Foil 0 [−] [+]``. A click asks for
a change (``changeRequested``); the window writes it to the collection in a worker and
shows the new counts (:meth:`OwnedControls.show_counts`). In the editions list the keys
``+`` and ``-`` do the same for the selected edition (with Alt: the foil copies).
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QWidget


class OwnedControls(QWidget):
    """The owned copies of one edition.

    Signals:
        changeRequested(str, bool, int): edition uuid, foil, +1 or −1.
    """

    changeRequested = Signal(str, bool, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ownedControls")
        self._uuid = ""
        self.counts: dict[bool, QLabel] = {}
        self.buttons: dict[tuple[bool, int], QToolButton] = {}
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        title = QLabel("<b>Owned</b>")
        row.addWidget(title)
        for foil in (False, True):
            row.addSpacing(10)
            label = QLabel()
            self.counts[foil] = label
            row.addWidget(label)
            for delta, text in ((-1, "−"), (1, "+")):
                button = QToolButton()
                button.setText(text)
                finish = "foil" if foil else "non-foil"
                keys = ("Alt+" if foil else "") + ("+" if delta > 0 else "-")
                button.setToolTip(f"{'Add' if delta > 0 else 'Remove'} a {finish} copy "
                                  f"({keys} in the editions list; Ctrl+Z undoes)")
                button.setObjectName(f"owned-{finish}-{'plus' if delta > 0 else 'minus'}")
                button.clicked.connect(lambda _=False, f=foil, d=delta: self._ask(f, d))
                self.buttons[foil, delta] = button
                row.addWidget(button)
        row.addStretch(1)
        self.show_counts("", (0, 0))

    @property
    def edition_uuid(self) -> str:
        """The edition the counts are of ("" for none)."""
        return self._uuid

    def show_counts(self, edition_uuid: str, counts: tuple[int, int]) -> None:
        """Show ``(non-foil, foil)`` copies owned of ``edition_uuid``."""
        self._uuid = edition_uuid
        for foil, count in ((False, counts[0]), (True, counts[1])):
            self.counts[foil].setText(f"{'Foil' if foil else 'Non-foil'} {count}")
            self.buttons[foil, -1].setEnabled(bool(edition_uuid) and count > 0)
            self.buttons[foil, 1].setEnabled(bool(edition_uuid))

    def _ask(self, foil: bool, delta: int) -> None:
        if self._uuid:
            self.changeRequested.emit(self._uuid, foil, delta)
