"""How the window reports failures (DESIGN.md: Errors).

Routine failures (an :class:`~app.errors.ArchivistError`, e.g. ``NotFound``) go to the
status bar; unexpected ones are logged and shown in a dialog with the details.
"""

from __future__ import annotations

import logging
import traceback

from PySide6.QtWidgets import QMainWindow

from app.errors import ArchivistError

log = logging.getLogger("app.gui")
STATUS_MS = 10_000


def report_failure(window: QMainWindow, what: str, error: object, dialogs: bool = True) -> None:
    """Tell the person that ``what`` (``"search"``, ``"card"``, …) failed with ``error``.

    Args:
        window: shows the status message and parents the dialog.
        what: which request failed.
        error: the exception the worker raised.
        dialogs: open a (non-modal) dialog for unexpected errors; off for screenshots.
    """
    if isinstance(error, ArchivistError):
        window.statusBar().showMessage(error.message, STATUS_MS)
        return
    if isinstance(error, BaseException):
        details = "".join(traceback.format_exception(error))
    else:
        details = str(error)
    log.error("%s failed: %s", what, details)
    window.statusBar().showMessage(f"Something went wrong ({what}): {error}", STATUS_MS)
    if dialogs:
        from PySide6.QtWidgets import QMessageBox  # its class is made on first use

        box = QMessageBox(QMessageBox.Icon.Critical, "Archivist",
                          f"Something went wrong ({what}).", parent=window)
        box.setInformativeText(str(error))
        box.setDetailedText(details)
        box.open()
