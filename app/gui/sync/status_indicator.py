"""The status bar's sync indicator: ``Synced 21 Nov 2026 15:04 · api.gatcg.com · online``.

It shows the catalogue's :class:`~app.model.status.SyncStatus` (read in a worker), the API in
use (the settings' URL), whether that API answered the last sync or probe (a worker), and
the progress of a running sync. Clicking it shows the sync dialog.
"""

from __future__ import annotations

import logging
from typing import Literal, Protocol

from PySide6.QtCore import Qt, QThreadPool, Slot
from PySide6.QtWidgets import QToolButton, QWidget

from app.gui.kit.operations import LatestRequest
from app.model.status import SyncStatus
from app.sync import api_host, local_time_text

log = logging.getLogger("app.gui")
Reach = Literal["unknown", "checking", "online", "offline"]


class SyncState(Protocol):
    """What the indicator reads (the application object's ``sync`` part)."""

    def sync_status(self) -> SyncStatus: ...

    def api_problem(self, api_url: str) -> str | None: ...
"""What is known of the API: not asked (screenshots), being probed, answered, did not."""


def indicator_text(status: SyncStatus, api_url: str, reach: Reach) -> str:
    """The indicator's text.

    ``Never synced · api.gatcg.com · offline`` when no sync was ever applied (the catalogue
    comes from imports only); else ``Synced 21 Nov 2026 15:04 · api.gatcg.com`` followed by
    ``· online``, ``· offline`` or ``· checking…`` (nothing while unknown).
    """
    host = api_host(api_url)
    if status.finished_at is None:
        return f"Never synced · {host} · offline"
    text = f"Synced {local_time_text(status.finished_at)} · {host}"
    suffix = {"online": "online", "offline": "offline", "checking": "checking…"}.get(reach)
    return f"{text} · {suffix}" if suffix else text


def indicator_tooltip(status: SyncStatus, api_url: str, reach: Reach, reason: str) -> str:
    """Details for the tooltip: when and from where the catalogue was synced, the API in use
    and why it counts as offline."""
    lines = []
    if status.finished_at is None:
        lines.append("This catalogue was never synced; it holds what was imported.")
    else:
        lines.append(f"Last synced {local_time_text(status.finished_at)} from {status.api_url}.")
        if status.complete_at is not None:
            lines.append(f"Every card last checked {local_time_text(status.complete_at)}.")
    lines.append(f"Sync now (Ctrl+R) uses {api_url}.")
    if reach == "offline" and reason:
        lines.append(f"Offline: {reason}.")
    elif reach == "online":
        lines.append("The API answered the last request.")
    lines.append("Click to show the sync window.")
    return "\n".join(lines)


class StatusIndicator(QToolButton):
    """A flat button in the status bar; ``clicked`` asks to show the sync dialog.

    Args:
        api_url: the API in use (the settings' URL).
        sync: tells when the catalogue was synced (``sync_status``) and probes APIs
            (``api_problem``).
        pool: runs the status reads and probes.
        parent: the owning widget.
    """

    def __init__(self, api_url: str, sync: SyncState, pool: QThreadPool,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._sync, self._probe_next = sync, False
        self._read, self._probe = LatestRequest(pool, self), LatestRequest(pool, self)
        self._read.finished.connect(self._on_status)
        self._read.failed.connect(lambda error: log.warning("sync status unread: %s", error))
        self._probe.finished.connect(self._on_probe)
        self.setAutoRaise(True)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setObjectName("syncIndicator")
        self._status = SyncStatus()
        self._api_url = api_url
        self._reach: Reach = "unknown"
        self._reason = ""
        self._running: str | None = None
        self._refresh()

    @property
    def status(self) -> SyncStatus:
        """The catalogue's sync state last shown."""
        return self._status

    @property
    def busy(self) -> bool:
        """True while the sync state is being read or the API probed (screenshots wait)."""
        return self._read.busy or self._probe.busy

    @property
    def reach(self) -> Reach:
        """What is known of the API in use."""
        return self._reach

    def refresh(self, then_probe: bool = False) -> None:
        """Read the catalogue's sync state (in a worker); ``then_probe``: then ask whether the
        API answers, if the catalogue was synced before and no sync runs."""
        sync = self._sync
        self._probe_next = then_probe
        self._read.submit(sync.sync_status)

    def probe(self) -> None:
        """Ask (in a worker, a few seconds at most) whether the API in use answers."""
        url, sync = self._api_url, self._sync
        self.set_reach("checking")
        self._probe.submit(lambda: (url, sync.api_problem(url)))

    def set_status(self, status: SyncStatus) -> None:
        """Show the catalogue's sync state (from ``app.sync.sync_status``)."""
        self._status = status
        self._refresh()

    def set_api(self, api_url: str) -> None:
        """Show another API in use (the settings changed); its reach is unknown again."""
        if api_url != self._api_url:
            self._api_url, self._reach, self._reason = api_url, "unknown", ""
            self._refresh()

    def set_reach(self, reach: Reach, reason: str = "") -> None:
        """Show whether the API answered (``reason``: why not, for the tooltip)."""
        self._reach, self._reason = reach, reason
        self._refresh()

    def set_running(self, text: str | None) -> None:
        """Show a running sync's progress (``Cards 4 / 12``), or None when none runs. A sync
        replaces a probe: its outcome tells whether the API answers."""
        if text is not None and self._running is None:
            self._probe.cancel()
            if self._reach == "checking":
                self._reach = "unknown"
        self._running = text
        self._refresh()

    @Slot(object)
    def _on_status(self, status: SyncStatus) -> None:
        self.set_status(status)
        if self._probe_next and status.synced and self._running is None:
            self.probe()
        self._probe_next = False

    @Slot(object)
    def _on_probe(self, answer: tuple[str, str | None]) -> None:
        url, problem = answer
        if url == self._api_url and self._running is None:
            self.set_reach("offline" if problem else "online", problem or "")

    def _refresh(self) -> None:
        if self._running is not None:
            self.setText(f"Syncing · {self._running}")
        else:
            self.setText(indicator_text(self._status, self._api_url, self._reach))
        self.setToolTip(indicator_tooltip(self._status, self._api_url, self._reach,
                                          self._reason))
