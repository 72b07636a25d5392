"""Sync in the window: File ▸ Sync now and Settings…, the sync dialog and
the status-bar indicator.

``SyncEngine.run`` runs in the controller's own thread pool (a sync takes minutes; the
window's pool stays free for searches); its progress callback emits a relay signal, queued
to the GUI thread about ten times a second. The outcome arrives by a LatestRequest: a report
→ the summary and ``applied`` (the window shows the new catalogue); ``SyncCancelled`` →
"cancelled"; another error → the failure. Cancel sets the engine's ``threading.Event``.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, QSettings, QThreadPool, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QMainWindow

from app.errors import ArchivistError, Unreachable, UpstreamError
from app.gui.kit.failures import STATUS_MS, report_failure
from app.gui.kit.operations import LatestRequest
from app.gui.kit.settings import SyncPrefs, load_sync_prefs, save_sync_prefs
from app.gui.sync.status_indicator import StatusIndicator, SyncState

if TYPE_CHECKING:  # the dialogs are built on first use
    from app.gui.sync.dialog import SyncDialog
    from app.gui.sync.settings_dialog import SettingsDialog
    from app.sync import Progress, SyncEngine, SyncOptions, SyncReport



class SyncSource(SyncState, Protocol):
    """What the controller uses (the application object's ``sync`` part)."""

    def sync_engine(self, options: SyncOptions | None = None) -> SyncEngine: ...


START_DELAY_MS = 1500
"""How long after the first paint "sync on start" begins."""


def default_options(prefs: SyncPrefs) -> SyncOptions:
    """The sync options of the settings: their API URL and image policy."""
    from app.sync import SyncOptions  # the engine loads with the first sync

    return SyncOptions(api_url=prefs.api_url, images=prefs.images)


class SyncController(QObject):
    """The window's sync: actions, dialog, indicator and the worker.

    Signals:
        progressed(object): a running sync's :class:`Progress` (about ten a second).
        applied(object): a sync's :class:`SyncReport`, once the new catalogue is in use.

    Args:
        sync: the sync of the catalogue (its engine, status and probe).
        window: shows the indicator in its status bar and parents the dialogs.
        settings: where the sync settings persist; None (screenshots, tests) keeps them in
            memory and never reaches the network on its own (no probe, no sync on start).
        dialogs: show unexpected errors in a dialog when the sync dialog is hidden.
    """

    progressed = Signal(object)
    applied = Signal(object)
    _relay = Signal(int, object)  # emitted by the worker, delivered in the GUI thread

    def __init__(self, sync: SyncSource, window: QMainWindow, settings: QSettings | None,
                 dialogs: bool = True) -> None:
        super().__init__(window)
        self._sync, self._window = sync, window
        self._settings, self._dialogs = settings, dialogs
        self.prefs = load_sync_prefs(settings)
        self.options_factory: Callable[[SyncPrefs], SyncOptions] = default_options
        """Builds the options of each sync from :attr:`prefs` (tests make them quicker)."""
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(2)
        self._run = LatestRequest(self._pool, self)
        self._run.finished.connect(self._on_report)
        self._run.failed.connect(self._on_run_failed)
        self._relay.connect(self._on_progress)
        self._cancel: threading.Event | None = None
        self._token = 0
        self._dialog: SyncDialog | None = None
        self.indicator = StatusIndicator(self.prefs.api_url, sync, self._pool)
        self.indicator.clicked.connect(self.show_dialog)
        window.statusBar().addPermanentWidget(self.indicator)
        self.sync_action = QAction("&Sync now", window, shortcut=QKeySequence("Ctrl+R"),
                                   statusTip="Bring the catalogue up to date from the API")
        self.sync_action.triggered.connect(self.sync_now)
        self.settings_action = QAction("Se&ttings…", window, shortcut=QKeySequence("Ctrl+,"),
                                       menuRole=QAction.MenuRole.PreferencesRole)
        self.settings_action.triggered.connect(self.open_settings)
        self.indicator.refresh()

    @property
    def dialog(self) -> SyncDialog:
        """The sync dialog, built on first use (the window starts without it)."""
        if self._dialog is None:
            from app.gui.sync.dialog import SyncDialog

            self._dialog = SyncDialog(self.prefs.api_url, self._window)
            self._dialog.cancelRequested.connect(self.cancel)
            self._dialog.syncRequested.connect(self.sync_now)
        return self._dialog

    @property
    def running(self) -> bool:
        """True while a sync runs."""
        return self._cancel is not None

    @Slot()
    def sync_now(self) -> None:
        """Start a sync and show the dialog (or show the running sync's dialog)."""
        self.start(show=True)

    @Slot()
    def download_images(self) -> None:
        """One sync that also downloads every card image not stored yet (``archivist sync
        --images all``), whatever the image setting; the setting itself stays."""
        kept = self.prefs
        self.prefs = dataclasses.replace(kept, images="all")
        try:
            self.start(show=True)
        finally:
            self.prefs = kept

    def start(self, show: bool = True) -> bool:
        """Start a sync with the options of :attr:`prefs`; False when one runs already."""
        if self.running:
            if show:
                self.show_dialog()
            return False
        options = self.options_factory(self.prefs)
        engine = self._sync.sync_engine(options)  # loads httpx and the models
        cancel = self._cancel = threading.Event()
        self._token += 1
        token, relay = self._token, self._relay
        from app.sync import throttled

        callback = throttled(lambda progress: relay.emit(token, progress))
        self.dialog.begin(options.api_url)
        self.indicator.set_running("Connecting")
        self._run.submit(lambda: engine.run(progress=callback, cancel=cancel))
        if show:
            self.show_dialog()
        return True

    @Slot()
    def cancel(self) -> None:
        """Stop the running sync soon (the catalogue stays as it was)."""
        if self._cancel is not None:
            self._cancel.set()
            self.dialog.show_cancelling()
            self.indicator.set_running("stopping…")

    @Slot()
    def show_dialog(self) -> None:
        """Show the sync dialog (the running sync's, or the last one's) in front."""
        if self.dialog.isVisible() and QGuiApplication.platformName() != "offscreen":
            self.dialog.raise_()
            self.dialog.activateWindow()
        self.dialog.show()

    @Slot()
    def open_settings(self) -> SettingsDialog:
        """Open the Settings dialog (window-modal); OK stores and applies the settings."""
        from app.gui.sync.settings_dialog import SettingsDialog

        dialog = SettingsDialog(self.prefs, self._window)
        dialog.accepted.connect(lambda: self.use_prefs(dialog.prefs()))
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()
        return dialog

    def use_prefs(self, prefs: SyncPrefs) -> None:
        """Use (and store, when there are settings) new sync settings."""
        moved = prefs.api_url != self.prefs.api_url
        self.prefs = prefs
        if self._settings is not None:
            save_sync_prefs(self._settings, prefs)
        self.indicator.set_api(prefs.api_url)
        if self._dialog is not None:  # a dialog built later starts from the new address
            self._dialog.show_idle(prefs.api_url)
        if moved and self._settings is not None and self.indicator.status.synced:
            self.indicator.probe()

    @Slot()
    def start_up(self) -> None:
        """The window first showed the catalogue: sync soon when "sync on start" is on,
        else ask whether the API answers (when the catalogue was synced before)."""
        if self._settings is None:
            return
        if self.prefs.sync_on_start:
            QTimer.singleShot(START_DELAY_MS, self, lambda: self.start(show=False))
        else:
            self.indicator.refresh(then_probe=True)

    def shutdown(self) -> None:
        """Cancel a running sync and wait for the workers (the window calls it on close)."""
        if self._cancel is not None:
            self._cancel.set()
        self._pool.clear()
        self._pool.waitForDone()

    @Slot(int, object)
    def _on_progress(self, token: int, progress: Progress) -> None:
        if token != self._token or not self.running:
            return
        self.dialog.show_progress(progress)
        self.progressed.emit(progress)
        if not self._cancel or not self._cancel.is_set():
            count = f"{progress.done:,}" + (f" / {progress.total:,}" if progress.total else "")
            self.indicator.set_running(f"{progress.label} {count}")

    @Slot(object)
    def _on_report(self, report: SyncReport) -> None:
        self._cancel = None
        self.indicator.set_running(None)
        self.indicator.set_reach("online")
        self.dialog.show_report(report)
        w = report.write
        self._window.statusBar().showMessage(
            f"Sync done: {w.new:,} new, {w.changed:,} changed, {w.removed:,} removed cards, "
            f"from {report.api_url}.",
            STATUS_MS)
        self.indicator.refresh()
        self.applied.emit(report)

    @Slot(object)
    def _on_run_failed(self, error: object) -> None:
        self._cancel = None
        self.indicator.set_running(None)
        from app.sync import SyncCancelled

        if isinstance(error, SyncCancelled):
            from app.gui.sync.dialog import CANCELLED_TEXT

            self.dialog.show_cancelled()
            self._window.statusBar().showMessage(CANCELLED_TEXT, STATUS_MS)
            return
        self.dialog.show_failure(error)
        if isinstance(error, UpstreamError):
            self.indicator.set_reach("offline", error.message)
        if isinstance(error, ArchivistError):
            # one line: of "X cannot be reached — why. What to do." the first part
            what = error.message.split(" — ")[0] if isinstance(error, Unreachable) \
                else error.message
            self._window.statusBar().showMessage(
                f"Sync failed: {what.rstrip('.')}. The catalogue is unchanged.", STATUS_MS)
        else:
            report_failure(self._window, "sync", error,
                           self._dialogs and not self.dialog.isVisible())
