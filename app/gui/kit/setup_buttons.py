"""The buttons that fill an empty catalogue, shown by the first-run page
and the empty states of the Featured sets and Thema pages; the window acts on them
(:class:`~app.gui.shell.setup_actions.SetupActions`)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QPushButton, QVBoxLayout, QWidget

SETUP_ACTIONS: dict[str, tuple[str, str]] = {
    "official": ("Sync from the official catalogue",
                 "Download every card, and the images of new cards, from api.gatcg.com"),
    "mirror": ("Sync from a mirror on this network…",
               "Download the catalogue from another Archivist (archivist serve) or a mirror"),
    "import": ("Import files or a folder…",
               "Import the catalogue's JSON files, a folder of them or of card images, "
               "or a ZIP of them"),
    "demo": ("Generate demo history (not real scores)",
             "Write GENERATED Thema history (demo data, not real scores) to try the charts"),
}
"""Kind → (button text, tooltip), in the order the buttons are shown."""
FILL = ("official", "mirror", "import")
"""The kinds every empty catalogue offers."""


class SetupButtons(QWidget):
    """A column of the :data:`SETUP_ACTIONS` buttons of ``kinds``.

    Signals:
        requested(str): a button was pressed; its kind (a key of :data:`SETUP_ACTIONS`).

    Args:
        kinds: which buttons, in this order.
        parent: the owning widget.
    """

    requested = Signal(str)

    def __init__(self, kinds: Sequence[str] = FILL, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        self.buttons: dict[str, QPushButton] = {}
        for kind in kinds:
            text, tip = SETUP_ACTIONS[kind]
            button = QPushButton(text)
            button.setToolTip(tip)
            button.setMinimumWidth(320)
            button.setObjectName(f"setup-{kind}")
            button.clicked.connect(lambda _=False, k=kind: self.requested.emit(k))
            layout.addWidget(button, 0, Qt.AlignmentFlag.AlignHCenter)
            self.buttons[kind] = button
        if "official" in self.buttons:
            self.buttons["official"].setDefault(True)
