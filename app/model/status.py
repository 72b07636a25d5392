"""The catalogue's sync state, as the window's status indicator shows it.

This module imports nothing else of the app.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class SyncStatus:
    """The catalogue's sync state, from its ``meta`` table.

    Attributes:
        api_url: the API the last applied sync came from; None when never synced.
        finished_at: when the last sync was applied (UTC); None when never synced.
        complete_at: when the last sync that enumerated every card was applied (UTC).
    """

    api_url: str | None = None
    finished_at: datetime | None = None
    complete_at: datetime | None = None

    @property
    def synced(self) -> bool:
        """True once a sync was applied to this catalogue."""
        return self.finished_at is not None
