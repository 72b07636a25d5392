"""The export dialog's options: what, image files (format, width, names, collisions,
folder or ZIP) or a proxy sheet (page, cut marks, bleed, PDF file)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from app.errors import InvalidRequest
from app.export import DEFAULT_TEMPLATE, PLACEHOLDERS, ExportOptions, render_name
from app.gui.export.proxy_sheet import PAGES
from app.gui.export.task import ExportRequest, ExportScope, SheetOptions

FORMATS = (("Original JPEG", "jpeg"), ("Rounded PNG (transparent corners)", "png-rounded"))
COLLISION_TEXT = (("Keep the existing file", "skip"), ("Replace it", "replace"),
                  ("Rename the new one: name (2).png", "rename"))
SAMPLE = {"set_prefix": "DOA 1st", "collector_number": "001", "slug": "spirit-of-fire",
          "name": "Spirit of Fire", "rarity": "C", "uuid": "Ab12Cd34Ef"}
"""Values the name preview shows."""


def _combo(choices: Sequence[tuple[str, str]]) -> QComboBox:
    combo = QComboBox()
    for text, value in choices:
        combo.addItem(text, value)
    return combo


def _path_row(edit: QLineEdit, browse: QPushButton) -> QWidget:
    row = QWidget()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(edit, 1)
    layout.addWidget(browse)
    return row


class ExportForm(QWidget):
    """The options; :meth:`request` turns them into an :class:`ExportRequest`.

    Signals:
        changed(): an option changed (the dialog re-validates).

    Args:
        scopes: what may be exported (the first is chosen).
        folder: the folder suggested for files, ZIP and PDF.
        parent: the owning widget.
    """

    changed = Signal()

    def __init__(self, scopes: Sequence[ExportScope], folder: Path,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scopes = list(scopes)
        self.scope = _combo([(s.title, str(i)) for i, s in enumerate(self.scopes)])
        self.files_radio, self.sheet_radio = QRadioButton("Image files"), QRadioButton(
            "Proxy sheet (PDF, 3 × 3 cards per page at card size)")
        self.files_radio.setChecked(True)
        kinds = QButtonGroup(self)
        kinds.addButton(self.files_radio)
        kinds.addButton(self.sheet_radio)
        self.format, self.collision = _combo(FORMATS), _combo(COLLISION_TEXT)
        self.width_box = QSpinBox(minimum=0, maximum=8000, singleStep=50, suffix=" px")
        self.width_box.setSpecialValueText("Original size")
        self.template = QLineEdit(DEFAULT_TEMPLATE)
        self.template.setToolTip("Placeholders: " + " ".join("{" + p + "}" for p in PLACEHOLDERS))
        self.preview = QLabel(textFormat=Qt.TextFormat.PlainText)
        self.folder = QLineEdit(str(folder))
        self.zip = QCheckBox("Put the files in one ZIP file instead")
        self.zip_file = QLineEdit(str(folder / "cards.zip"))
        self.page = _combo([(name, name) for name in PAGES])
        self.cut_marks = QCheckBox("Cut marks")
        self.cut_marks.setChecked(True)
        self.bleed = QDoubleSpinBox(minimum=0.0, maximum=5.0, singleStep=0.5, suffix=" mm")
        self.pdf_file = QLineEdit(str(folder / "proxies.pdf"))
        self.fetch = QCheckBox("Fetch missing images from the API")
        self.fetch.setChecked(True)
        self.fetch.setVisible(False)  # until set_api says which API
        self.no_api = QLabel("Images not stored cannot be fetched: no API is set (choose one "
                             "in File ▸ Settings…); a proxy sheet prints such cards as text.",
                             textFormat=Qt.TextFormat.PlainText, wordWrap=True)
        self.no_api.setVisible(False)

        files = QFormLayout()
        files.addRow("Format:", self.format)
        files.addRow("Width:", self.width_box)
        files.addRow("File names:", self.template)
        files.addRow("", self.preview)
        files.addRow("If a file exists:", self.collision)
        files.addRow("Folder:", _path_row(self.folder, self._browse(self._pick_folder)))
        files.addRow("", self.zip)
        files.addRow("ZIP file:", _path_row(self.zip_file, self._browse(self._pick_zip)))
        sheet = QFormLayout()
        sheet.addRow("Page:", self.page)
        sheet.addRow("", self.cut_marks)
        sheet.addRow("Bleed:", self.bleed)
        sheet.addRow("PDF file:", _path_row(self.pdf_file, self._browse(self._pick_pdf)))
        self.pages = QStackedWidget()
        for form in (files, sheet):
            page = QWidget()
            page.setLayout(form)
            self.pages.addWidget(page)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        top = QFormLayout()
        top.addRow("Export:", self.scope)
        layout.addLayout(top)
        layout.addWidget(self.files_radio)
        layout.addWidget(self.sheet_radio)
        layout.addWidget(self.pages)
        layout.addWidget(self.fetch)
        layout.addWidget(self.no_api)
        for signal in (self.scope.currentIndexChanged, self.format.currentIndexChanged,
                       self.width_box.valueChanged, self.template.textChanged,
                       self.zip.toggled, self.files_radio.toggled, self.folder.textChanged,
                       self.zip_file.textChanged, self.pdf_file.textChanged):
            signal.connect(self._update)
        self._update()

    def set_api(self, api: object) -> None:
        """Offer to fetch missing images from ``api`` (a URL), or say none is set (None)."""
        known = isinstance(api, str) and bool(api)
        if known:
            self.fetch.setText(f"Fetch missing images from {api}")
        self.fetch.setVisible(known)
        self.no_api.setVisible(not known)

    def _browse(self, slot: object) -> QPushButton:
        button = QPushButton("Browse…")
        button.clicked.connect(slot)
        return button

    def request(self) -> ExportRequest:
        """The request the options describe.

        Raises:
            InvalidRequest: an option is invalid (the message says which and why).
        """
        scope = self.scopes[self.scope.currentIndex()]
        if self.sheet_radio.isChecked():
            out = self.pdf_file.text().strip()
            if not out:
                raise InvalidRequest("Choose the PDF file to write")
            sheet = SheetOptions(Path(out).expanduser(), self.page.currentData(),
                                 self.cut_marks.isChecked(), self.bleed.value())
            return ExportRequest(scope, sheet=sheet, fetch=self.fetch.isChecked())
        zipped = self.zip.isChecked()
        folder, zip_file = self.folder.text().strip(), self.zip_file.text().strip()
        if not (zip_file if zipped else folder):
            raise InvalidRequest("Choose the ZIP file to write" if zipped else
                                 "Choose the folder to export to")
        options = ExportOptions(
            folder=None if zipped else Path(folder).expanduser(),
            zip_path=Path(zip_file).expanduser() if zipped else None,
            format=self.format.currentData(), width=self.width_box.value() or None,
            template=self.template.text(), collision=self.collision.currentData(),
        )
        options.validate()
        return ExportRequest(scope, files=options, fetch=self.fetch.isChecked())

    @Slot()
    def _update(self) -> None:
        self.pages.setCurrentIndex(0 if self.files_radio.isChecked() else 1)
        self.folder.setEnabled(not self.zip.isChecked())
        self.zip_file.setEnabled(self.zip.isChecked())
        extension = ".jpg" if self.format.currentData() == "jpeg" else ".png"
        try:
            self.preview.setText("e.g. " + render_name(self.template.text(), SAMPLE, extension))
        except InvalidRequest as error:
            self.preview.setText(error.message)
        self.changed.emit()

    @Slot()
    def _pick_folder(self) -> None:
        chosen = QFileDialog.getExistingDirectory(self, "Export to folder", self.folder.text())
        if chosen:
            self.folder.setText(chosen)

    @Slot()
    def _pick_zip(self) -> None:
        chosen, _ = QFileDialog.getSaveFileName(self, "ZIP file", self.zip_file.text(),
                                                "ZIP files (*.zip)")
        if chosen:
            self.zip_file.setText(chosen)

    @Slot()
    def _pick_pdf(self) -> None:
        chosen, _ = QFileDialog.getSaveFileName(self, "Proxy sheet", self.pdf_file.text(),
                                                "PDF files (*.pdf)")
        if chosen:
            self.pdf_file.setText(chosen)
