"""Events: Omnidex tournaments and their decklists, kept apart from the catalogue in
``events.sqlite3`` (no catalogue import, sync or revert touches them), each event's bytes
kept as read and every decklist's names resolved to cards as the deck reader resolves them.

The package's face is small; its machinery loads on first use (:class:`Events` is the
application object's ``events`` part).
"""

from app.events.service import Events

__all__ = ["Events"]
