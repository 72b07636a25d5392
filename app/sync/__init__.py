"""Sync: keep the local catalogue current from a catalogue API, safely, with progress.

:class:`SyncEngine` runs a sync (see :mod:`app.sync.engine` for the flow); the CLI drives it
with a tqdm bar, a GUI with a progress callback and a cancel flag. Nothing here imports Qt.

This package is the sync's public face: the window imports these names from ``app.sync``,
never from its submodules (``tests/test_layers.py``). Besides the engine's types it offers
the formatting of sync state for people (``api_host``, ``local_time_text``, the progress
and report lines) and the settings' checks (``api_url_problem``).
"""

from typing import TYPE_CHECKING

from app.lazy import lazy_names

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


# The engine's parts load on first use: importing a light submodule such as
# app.sync.common must not load the HTTP client and the models.
__getattr__ = lazy_names(__name__, _WHERE)


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
