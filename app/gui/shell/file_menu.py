"""The File menu: Sync now, Sync from a mirror…, Import files or a folder…, Settings…,
Backups…, Quit.

Sync now and Settings… (and the status bar's sync indicator) belong to
:class:`~app.gui.sync.controller.SyncController`; the mirror and import entries to
:class:`~app.gui.shell.setup_actions.SetupActions`. File ▸ Export… is added later by
:class:`~app.gui.export.actions.ExportActions`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings, QThreadPool
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from app.gui.shell.on_first_use import OnFirstUse
from app.gui.shell.setup_actions import SetupActions
from app.gui.sync.controller import SyncController

if TYPE_CHECKING:
    from app.bootstrap import Application


def build_file_menu(window: QMainWindow, menu: QMenu, app: Application, pool: QThreadPool,
                    refresh: Callable[[], None], settings: QSettings | None,
                    dialogs: bool, data: Path | None = None
                    ) -> tuple[SyncController, SetupActions]:
    """Fill ``menu`` (the window's File menu) and return its two owners.

    Args:
        window: the main window (parent of the actions; Quit closes it).
        menu: the File menu, empty so far.
        app: the application object (its ``sync`` and ``importer``).
        pool: the window's worker pool (the imports run there).
        refresh: shows the catalogue anew after a sync or an import applied changes.
        settings: where the sync preferences and the last mirror persist; None keeps
            nothing.
        dialogs: show errors and reports in dialogs (off for screenshots).
        data: the data folder: File ▸ Backups… lists its backups (None: no such entry).

    Returns:
        ``(sync, setup)``: the sync controller (its ``applied`` signal is connected to
        ``refresh``) and the mirror/import actions.
    """
    sync = SyncController(app.sync, window, settings, dialogs)
    menu.addAction(sync.sync_action)
    importer: Any = OnFirstUse(lambda: app.importer)  # loaded with the first import
    setup = SetupActions(window, sync, refresh, importer, pool, settings, dialogs)
    menu.addAction(setup.mirror_action)
    menu.addAction(setup.import_action)
    menu.addAction(sync.settings_action)
    if data is not None:
        backups_action = QAction("&Backups…", window)
        backups_action.triggered.connect(lambda: _open_backups(data, pool, refresh, window))
        menu.addAction(backups_action)
    menu.addSeparator()
    quit_action = QAction("&Quit", window, shortcut=QKeySequence(QKeySequence.StandardKey.Quit),
                          menuRole=QAction.MenuRole.QuitRole)
    quit_action.triggered.connect(window.close)
    menu.addAction(quit_action)
    sync.applied.connect(refresh)
    return sync, setup


def _open_backups(data: Path, pool: QThreadPool, refresh: Callable[[], None],
                  window: QMainWindow) -> None:
    """File ▸ Backups… (its module loads on first use)."""
    from app.gui.shell.backups_dialog import BackupsDialog

    BackupsDialog(data, pool, refresh, window).open()
