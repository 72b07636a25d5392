"""File ▸ Settings…: the API URL (validated), the card image policy and "sync on start".

The dialog edits a :class:`~app.gui.kit.settings.SyncPrefs`; whoever opens it stores the
result (:func:`~app.gui.kit.settings.save_sync_prefs`) when it is accepted.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from app.gui.kit.settings import SyncPrefs
from app.gui.kit.theme import rise_fall_colours
from app.sync import DEFAULT_API, IMAGE_MODES, ImagesMode, api_url_problem

IMAGE_CHOICES: dict[ImagesMode, tuple[str, str]] = {
    "none": ("None", "The catalogue only; no card images are downloaded."),
    "missing": ("New and changed", "Images of the editions a sync adds or changes (default)."),
    "all": ("All", "Every card image not stored yet (thousands on a first sync)."),
}
"""Image policy → (choice label, one-line explanation)."""


class SettingsDialog(QDialog):
    """Edits the sync settings; OK stays disabled while the API URL is not usable.

    Args:
        prefs: the settings shown at first.
        parent: the main window.
    """

    def __init__(self, prefs: SyncPrefs, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.setMinimumWidth(520)
        self.api_url = QLineEdit(prefs.api_url)
        self.api_url.setPlaceholderText(DEFAULT_API)
        self.api_url.setClearButtonEnabled(True)
        self.api_url.setToolTip("The catalogue API to sync from: the official one or a "
                                "mirror such as another computer's “archivist serve”.")
        self.url_problem = QLabel(textFormat=Qt.TextFormat.PlainText)
        self.url_problem.setObjectName("urlProblem")
        fall = rise_fall_colours(self.palette())[1].name()
        self.url_problem.setStyleSheet(f"QLabel#urlProblem {{ color: {fall}; }}")
        self.url_problem.setWordWrap(True)
        self.images = QButtonGroup(self)
        muted = QPalette(self.palette())
        text, window = (muted.color(r) for r in (QPalette.ColorRole.WindowText,
                                                  QPalette.ColorRole.Window))
        muted.setColor(QPalette.ColorRole.WindowText, QColor(
            (2 * text.red() + window.red()) // 3, (2 * text.green() + window.green()) // 3,
            (2 * text.blue() + window.blue()) // 3))
        choices = QVBoxLayout()
        choices.setSpacing(2)
        self.image_buttons: dict[ImagesMode, QRadioButton] = {}
        for number, mode in enumerate(IMAGE_MODES):
            title, explanation = IMAGE_CHOICES[mode]
            button = QRadioButton(title)
            button.setChecked(mode == prefs.images)
            note = QLabel(explanation)
            note.setPalette(muted)  # the explanation, not a choice
            note.setContentsMargins(22, 0, 0, 4)
            self.images.addButton(button, number)
            self.image_buttons[mode] = button
            choices.addWidget(button)
            choices.addWidget(note)
        self.sync_on_start = QCheckBox("Sync when Archivist starts")
        self.sync_on_start.setChecked(prefs.sync_on_start)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        defaults = self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        defaults.clicked.connect(lambda: self.set_prefs(SyncPrefs()))
        form = QFormLayout()
        form.addRow("API URL:", self.api_url)
        form.addRow("", self.url_problem)
        form.addRow("Card images:", choices)
        form.addRow("", self.sync_on_start)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        self.api_url.textChanged.connect(self._check)
        self._check(self.api_url.text())

    @property
    def ok_button(self) -> QWidget:
        """The OK button (disabled while the API URL is not usable)."""
        return self.buttons.button(QDialogButtonBox.StandardButton.Ok)

    def prefs(self) -> SyncPrefs:
        """The settings as edited (meaningful when the URL is usable)."""
        checked = [m for m, b in self.image_buttons.items() if b.isChecked()]
        images: ImagesMode = checked[0] if checked else "missing"
        return SyncPrefs(self.api_url.text().strip().rstrip("/") or DEFAULT_API, images,
                         self.sync_on_start.isChecked())

    def set_prefs(self, prefs: SyncPrefs) -> None:
        """Show ``prefs`` in the fields."""
        self.api_url.setText(prefs.api_url)
        self.image_buttons[prefs.images].setChecked(True)
        self.sync_on_start.setChecked(prefs.sync_on_start)

    def accept(self) -> None:
        """Close with OK, unless the API URL is not usable."""
        if api_url_problem(self.api_url.text()) is None:
            super().accept()

    @Slot(str)
    def _check(self, text: str) -> None:
        problem = api_url_problem(text)
        self.url_problem.setText(problem or "")
        self.url_problem.setVisible(problem is not None)
        self.ok_button.setEnabled(problem is None)
