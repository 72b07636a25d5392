"""Logging set-up: one named logger per area, a rotating file in the log folder."""

from __future__ import annotations

import logging
from pathlib import Path

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class _OnFirstRecord(logging.Handler):
    """The rotating log file (1 MB × 3), opened when the first record arrives.

    A one-shot command that logs nothing (``archivist search``) neither creates the folder,
    opens the file nor imports :mod:`logging.handlers`. A folder or file that
    cannot be opened drops the file's records, as before: stderr still gets errors.
    """

    def __init__(self, log_dir: Path) -> None:
        super().__init__()
        self._log_dir = log_dir
        self._file: logging.Handler | None = None
        self._failed = False

    def emit(self, record: logging.LogRecord) -> None:
        if self._file is None and not self._failed:
            from logging.handlers import RotatingFileHandler

            try:
                self._log_dir.mkdir(parents=True, exist_ok=True)
                self._file = RotatingFileHandler(
                    self._log_dir / "archivist.log", maxBytes=1_000_000, backupCount=3,
                    encoding="utf-8")
            except OSError:
                self._failed = True  # a read-only or full disk must not stop the app
                return
            self._file.setFormatter(logging.Formatter(FORMAT))
        if self._file is not None:
            self._file.handle(record)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
        super().close()


def setup_logging(log_dir: Path, verbose: bool = False) -> None:
    """Send ``app.*`` records to ``log_dir/archivist.log`` (1 MB × 3, opened on the first
    record) and errors (everything with ``verbose``) to stderr."""
    root = logging.getLogger("app")
    if root.handlers:
        return
    root.setLevel(logging.DEBUG if verbose else logging.INFO)
    root.addHandler(_OnFirstRecord(log_dir))
    console = logging.StreamHandler()
    console.setLevel(logging.DEBUG if verbose else logging.ERROR)
    console.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    root.addHandler(console)
