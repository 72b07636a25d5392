"""Logging set-up: one named logger per area, a rotating file in the log folder."""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def setup_logging(log_dir: Path, verbose: bool = False) -> None:
    """Send ``app.*`` records to ``log_dir/archivist.log`` (1 MB × 3) and warnings to stderr."""
    root = logging.getLogger("app")
    if root.handlers:
        return
    root.setLevel(logging.DEBUG if verbose else logging.INFO)
    try:
        log_dir.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            log_dir / "archivist.log", maxBytes=1_000_000, backupCount=3, encoding="utf-8"
        )
        handler.setFormatter(logging.Formatter(FORMAT))
        root.addHandler(handler)
    except OSError:
        pass  # a read-only or full disk must not stop the app; stderr still gets errors
    console = logging.StreamHandler()
    console.setLevel(logging.DEBUG if verbose else logging.ERROR)
    console.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    root.addHandler(console)
