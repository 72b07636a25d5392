"""A stand-in for a service the window needs only later: the service (and the modules it
imports) is made when something is first asked of it, not while the window starts."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any


class OnFirstUse:
    """Stands for the object ``make()`` returns, made (once, from any thread) when an
    attribute is first asked of it.

    Args:
        make: makes the object (e.g. ``lambda: app.history``).
    """

    def __init__(self, make: Callable[[], Any]) -> None:
        self._make = make
        self._made: Any = None
        self._lock = threading.Lock()

    def __getattr__(self, name: str) -> Any:
        made = self._made
        if made is None:
            with self._lock:
                if self._made is None:
                    self._made = self._make()
                made = self._made
        return getattr(made, name)
