"""Sync: keep the local catalogue current from a catalogue API, safely, with progress.

:class:`SyncEngine` runs a sync (see :mod:`app.sync.engine` for the flow); the CLI drives it
with a tqdm bar, a GUI with a progress callback and a cancel flag. Nothing here imports Qt.

This package is the sync's public face: the window imports these names from ``app.sync``,
never from its submodules (``tests/test_layers.py``). Besides the engine's types it offers
the formatting of sync state for people (``api_host``, ``local_time_text``, the progress
and report lines) and the settings' checks (``api_url_problem``).
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.net.policy import ClientSettings
    from app.sync.common import (
        DEFAULT_API,
        IMAGE_MODES,
        ImagesMode,
        api_host,
        api_url_problem,
        local_time_text,
    )
    from app.sync.context import SyncOptions
    from app.sync.engine import SyncEngine
    from app.sync.progress import PHASES, UNCHANGED, Progress, ProgressFn, SyncCancelled
    from app.sync.report import SyncReport
    from app.sync.status import (
        UNITS,
        progress_lines,
        report_counts,
        report_lines,
        throttled,
    )

_WHERE = {
    "ClientSettings": "app.net.policy",
    **dict.fromkeys(("DEFAULT_API", "IMAGE_MODES", "ImagesMode", "api_host", "api_url_problem",
                     "local_time_text"), "app.sync.common"),
    "SyncOptions": "app.sync.context",
    "SyncEngine": "app.sync.engine",
    **dict.fromkeys(("PHASES", "UNCHANGED", "Progress", "ProgressFn", "SyncCancelled"),
                    "app.sync.progress"),
    "SyncReport": "app.sync.report",
    **dict.fromkeys(("UNITS", "progress_lines", "report_counts",
                     "report_lines", "throttled"), "app.sync.status"),
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
    "UNCHANGED",
    "UNITS",
    "ClientSettings",
    "ImagesMode",
    "Progress",
    "ProgressFn",
    "SyncCancelled",
    "SyncEngine",
    "SyncOptions",
    "SyncReport",
    "api_host",
    "api_url_problem",
    "local_time_text",
    "progress_lines",
    "report_counts",
    "report_lines",
    "throttled",
]
