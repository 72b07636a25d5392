"""Sync: keep the local catalogue current from a catalogue API, safely, with progress.

:class:`SyncEngine` runs a sync (see :mod:`app.sync.engine` for the flow); the CLI drives it
with a tqdm bar, a GUI with a progress callback and a cancel flag. Nothing here imports Qt.
"""

from app.sync.client import ClientSettings
from app.sync.context import DEFAULT_API, IMAGE_MODES, SyncOptions
from app.sync.engine import SyncEngine
from app.sync.progress import PHASES, Progress, ProgressFn, SyncCancelled
from app.sync.report import SyncReport

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
