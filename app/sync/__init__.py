"""Sync: keep the local catalogue current from a catalogue API, safely, with progress.

:class:`SyncEngine` runs a sync (see :mod:`app.sync.engine` for the flow); the CLI drives it
with a tqdm bar, a GUI with a progress callback and a cancel flag. Nothing here imports Qt.
"""

import importlib
from typing import Any

_WHERE = {
    "ClientSettings": "app.net.policy", "DEFAULT_API": "app.sync.common",
    "IMAGE_MODES": "app.sync.common", "SyncOptions": "app.sync.context",
    "SyncEngine": "app.sync.engine", "PHASES": "app.sync.progress",
    "Progress": "app.sync.progress", "ProgressFn": "app.sync.progress",
    "SyncCancelled": "app.sync.progress", "SyncReport": "app.sync.report",
}


def __getattr__(name: str) -> Any:
    """Load the engine's parts on first use (PEP 562), so that importing a light submodule
    such as :mod:`app.sync.common` does not load the HTTP client and the models."""
    if name in _WHERE:
        return getattr(importlib.import_module(_WHERE[name]), name)
    raise AttributeError(f"module 'app.sync' has no attribute {name!r}")


__all__ = [
    "DEFAULT_API",
    "IMAGE_MODES",
    "PHASES",
    "ClientSettings",
    "Progress",
    "ProgressFn",
    "SyncCancelled",
    "SyncEngine",
    "SyncOptions",
    "SyncReport",
]
