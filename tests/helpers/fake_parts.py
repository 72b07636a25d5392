"""Small fakes of the application object's parts beside the fake catalogue
(:mod:`tests.helpers.fake_catalogue`): a history with no revision, a sync that was never
made and reaches no API, and the application object that holds them.

mypy checks them against the real parts' signatures (``[tool.mypy]`` lists this module).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from app.errors import InvalidRequest, NotFound
from app.model.status import SyncStatus
from tests.helpers.fake_catalogue import FakeCatalogue

if TYPE_CHECKING:
    from app.model.history import CardChange, CardVersion, Revision
    from app.sync.context import SyncOptions
    from app.sync.engine import SyncEngine


class FakeHistory:
    """The history of a catalogue that was never imported: no revision at all."""

    def __init__(self, catalogue: FakeCatalogue) -> None:
        self._catalogue = catalogue

    def revisions(self, since: str | None = None) -> list[Revision]:
        """No revisions."""
        return []

    def revision(self, number: int | None = None) -> Revision:
        """Raises NotFound: no revisions."""
        raise NotFound("This catalogue has no revisions")

    def changes(self, number: int | None = None, notes: bool = True) -> list[CardChange]:
        """Raises NotFound: no revisions."""
        raise NotFound("This catalogue has no revisions")

    def card_history(self, slug: str) -> list[CardVersion]:
        """No recorded versions (NotFound for an unknown slug)."""
        self._catalogue.card(slug)
        return []

    def latest_changes(self) -> dict[str, tuple[str, ...]]:
        """Nothing changed."""
        return {}

    def revert(self, number: int) -> Revision | None:
        """Raises NotFound: no revisions."""
        raise NotFound("This catalogue has no revisions")


class FakeSync:
    """A sync of a catalogue that was never synced and reaches no network."""

    def sync_status(self) -> SyncStatus:
        """Never synced."""
        return SyncStatus()

    def api_problem(self, api_url: str) -> str | None:
        """Always offline: the fake reaches no network."""
        return "the fake catalogue reaches no API"

    def sync_engine(self, options: SyncOptions | None = None) -> SyncEngine:
        """Raises InvalidRequest, like a catalogue without a data folder."""
        raise InvalidRequest("This catalogue has no data folder to sync into")


@dataclass(frozen=True)
class FakeApplication:
    """The parts of the application object the fakes answer: the catalogue, its history
    and its sync (decks, the collection, export and import need a real catalogue)."""

    catalogue: FakeCatalogue
    history: FakeHistory
    sync: FakeSync


def fake_application(catalogue: FakeCatalogue) -> FakeApplication:
    """The fake application object over ``catalogue``."""
    return FakeApplication(catalogue, FakeHistory(catalogue), FakeSync())


if TYPE_CHECKING:  # mypy checks the fakes against the real parts' signatures
    from app.gui.changes.data import ChangesSource
    from app.gui.kit.detail_data import VersionSource
    from app.gui.sync.controller import SyncSource

    def _history_serves_the_changes_page(fake: FakeHistory) -> ChangesSource:
        return fake

    def _history_serves_the_detail(fake: FakeHistory) -> VersionSource:
        return fake

    def _sync_serves_the_controller(fake: FakeSync) -> SyncSource:
        return fake
