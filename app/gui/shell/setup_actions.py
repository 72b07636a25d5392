"""What the setup buttons do: sync from the official catalogue or a
mirror (the sync dialog shows progress and Cancel), import files, folders or a ZIP (a
progress dialog with Cancel), and generate demo Thema history. Work runs through
:func:`~app.gui.kit.operations.run_operation`; data only through the catalogue.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QObject, QSettings, Qt, QThreadPool, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QProgressDialog

from app.errors import ArchivistError, ImportCancelled
from app.gui.kit.failures import STATUS_MS, report_failure
from app.gui.kit.operations import Operation, run_operation
from app.gui.sync.controller import SyncController
from app.sync import DEFAULT_API, api_url_problem

MIRROR_KEY = "sync/mirror"
EXAMPLE_MIRROR = "http://192.168.1.20:8765"


class Importing(Protocol):
    """What the import entries use (the application object's ``importer``)."""

    def import_sources(self, paths: Sequence[Path],
                       cancel: threading.Event | None = None) -> Any: ...

    def generate_demo_thema(self, days: int = 400) -> int: ...


class SetupActions(QObject):
    """Acts on :class:`~app.gui.kit.setup_buttons.SetupButtons` requests for the window.

    Args:
        window: the main window (status bar, parent of the dialogs).
        sync: the window's sync (its settings, dialog and Sync now).
        refresh: shows the catalogue anew after an import or demo history.
        importer: writes imports and demo history (the application object's ``importer``).
        pool: runs imports and demo generation.
        settings: remembers the last mirror URL; None keeps it in memory.
        dialogs: tell failures in a dialog too (off for tests and screenshots).
    """

    def __init__(self, window: QMainWindow, sync: SyncController, refresh: Callable[[], None],
                 importer: Importing, pool: QThreadPool, settings: QSettings | None,
                 dialogs: bool = True) -> None:
        super().__init__(window)
        self._window, self._importer, self._pool = window, importer, pool
        self._sync, self._refresh = sync, refresh
        self._settings, self._dialogs = settings, dialogs
        self.mirror = str(settings.value(MIRROR_KEY, "") or "") if settings else ""
        """The last mirror URL synced from (remembered)."""
        self.ask_mirror: Callable[[str], str | None] = self._ask_mirror
        """Asks for a mirror URL, given the remembered one; None when cancelled (tests
        replace it)."""
        self.ask_paths: Callable[[], list[Path]] = self._ask_paths
        """Asks for files or a folder to import; [] when cancelled (tests replace it)."""
        self.progress: QProgressDialog | None = None
        """The running import's progress dialog."""
        self.operation: Operation | None = None
        self._cancel = threading.Event()
        self.import_action = QAction("&Import files or a folder…", window,
                                     shortcut=QKeySequence("Ctrl+I"),
                                     statusTip="Import catalogue JSON files, images or a ZIP")
        self.import_action.triggered.connect(lambda: self.request("import"))
        self.mirror_action = QAction("Sync from a &mirror…", window,
                                     statusTip="Sync from another Archivist on this network")
        self.mirror_action.triggered.connect(lambda: self.request("mirror"))

    @Slot(str)
    def request(self, kind: str) -> None:
        """Do what the setup button ``kind`` offers (``official``, ``mirror``, ``import``,
        ``demo``)."""
        if kind == "official":
            self.sync_from(DEFAULT_API)
        elif kind == "mirror":
            url = self.ask_mirror(self.mirror)
            if url is not None:
                self.sync_from(url.strip().rstrip("/"), mirror=True)
        elif kind == "import":
            paths = self.ask_paths()
            if paths:
                self.import_paths(paths)
        elif kind == "demo":
            self.generate_demo()

    def sync_from(self, url: str, mirror: bool = False) -> bool:
        """Make ``url`` the sync's API (stored with the settings) and sync now, showing the
        sync dialog; False (and why, in the status bar) when ``url`` is not an API URL."""
        problem = api_url_problem(url)
        if problem is not None:
            self._say(f"{url or 'The address'}: {problem}")
            return False
        if mirror:
            self.mirror = url
            if self._settings is not None:
                self._settings.setValue(MIRROR_KEY, url)
        sync = self._sync
        sync.use_prefs(replace(sync.prefs, api_url=url))
        sync.sync_now()
        return True

    def import_paths(self, paths: Sequence[Path]) -> None:
        """Import ``paths`` (JSON files, folders, ZIPs) in the background, with a progress
        dialog whose Cancel stops the import before it writes."""
        if self.operation is not None and not self.operation.finished:
            return
        self._cancel = cancel = threading.Event()
        names = ", ".join(p.name for p in paths)
        dialog = QProgressDialog(f"Importing {names}…", "Cancel", 0, 0, self._window)
        dialog.setWindowTitle("Import")
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(0)
        dialog.canceled.connect(cancel.set)
        dialog.show()
        self.progress = dialog
        importer = self._importer
        self.operation = run_operation(
            self._pool, lambda: importer.import_sources(list(paths), cancel),
            self._on_imported, self._on_import_failed, owner=self)

    def generate_demo(self) -> None:
        """Write generated demo Thema history in the background, then show it."""
        importer = self._importer
        self.operation = run_operation(self._pool, importer.generate_demo_thema,
                                       self._on_demo, self._on_failed, owner=self)

    def _close_progress(self) -> None:
        if self.progress is not None:
            self.progress.canceled.disconnect()
            self.progress.close()
            self.progress.deleteLater()
            self.progress = None

    def _on_imported(self, report: Any) -> None:
        self._close_progress()
        lines = str(report.summary()).splitlines()
        held = [line for line in lines if line.startswith("Catalogue now holds")]
        self._say("Import done. " + (held or lines or [""])[-1])
        self._refresh()

    def _on_import_failed(self, error: Exception) -> None:
        self._close_progress()
        if isinstance(error, ImportCancelled):
            self._say(error.message)
            return
        self._on_failed(error)

    def _on_demo(self, count: int) -> None:
        if count == 0:
            self._say("No edition with dynamic Thema scores in the catalogue: sync or import "
                      "the cards first.")
            return
        self._say(f"Wrote {count:,} GENERATED Thema history entries (demo data, not real "
                  "scores).")
        self._refresh()

    def _on_failed(self, error: Exception) -> None:
        if isinstance(error, ArchivistError) and self._dialogs:
            from PySide6.QtWidgets import QMessageBox  # the dialogs' classes: on first use

            QMessageBox.warning(self._window, "Archivist", error.message)
        report_failure(self._window, "import", error, self._dialogs)

    def _say(self, text: str) -> None:
        self._window.statusBar().showMessage(text, STATUS_MS)

    def _ask_mirror(self, remembered: str) -> str | None:
        from PySide6.QtWidgets import QInputDialog, QLineEdit

        text, ok = QInputDialog.getText(
            self._window, "Sync from a mirror",
            "Address of another Archivist (archivist serve) or a mirror of the catalogue API,\n"
            f"for example {EXAMPLE_MIRROR}:", QLineEdit.EchoMode.Normal,
            remembered or EXAMPLE_MIRROR)
        return text if ok and text.strip() else None

    def _ask_paths(self) -> list[Path]:
        from PySide6.QtWidgets import QFileDialog, QMessageBox

        box = QMessageBox(QMessageBox.Icon.Question, "Import",
                          "Import JSON files or a ZIP file, or a whole folder (its JSON "
                          "files and card images)?", parent=self._window)
        files = box.addButton("Files or a ZIP…", QMessageBox.ButtonRole.AcceptRole)
        folder = box.addButton("A folder…", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        if box.clickedButton() is files:
            names, _ = QFileDialog.getOpenFileNames(
                self._window, "Import files", "", "Catalogue files (*.json *.zip);;All (*)")
            return [Path(n) for n in names]
        if box.clickedButton() is folder:
            name = QFileDialog.getExistingDirectory(self._window, "Import a folder")
            return [Path(name)] if name else []
        return []
