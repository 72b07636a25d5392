"""The staging file: resumed for the same API URL, discarded otherwise; writes are units."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.errors import StoreError
from app.sync.staging import Staging, Unit
from tests.sync.generated import generated_card

URL = "http://127.0.0.1:9"


def _staged(path: Path, url: str = URL, now: datetime | None = None) -> Staging:
    staging = Staging.open(path, url, now=now)
    staging.commit(Unit(cards=[generated_card(1)], seen=["genc000001"],
                        marks=[("page:full", "1", "120")], problems=["bad record"]))
    staging.close()
    return staging


def test_the_same_url_resumes_with_everything_staged(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    _staged(path)
    again = Staging.open(path, URL)
    assert again.resumed
    assert again.card_slugs() == {"genc000001": "generated-1"}
    assert again.marks("page:full") == {"1": "120"} and again.problems() == ["bad record"]
    assert [c["uuid"] for c in again.cards()] == ["genc000001"]
    again.discard()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("url, age", [("http://127.0.0.1:10", 0), (URL, 2)])
def test_another_url_or_an_old_file_starts_anew(tmp_path: Path, url: str, age: int) -> None:
    path = tmp_path / "s.sqlite3"
    _staged(path, now=datetime.now(UTC) - timedelta(days=age))
    fresh = Staging.open(path, url)
    assert not fresh.resumed and fresh.card_slugs() == {} and fresh.marks("page:full") == {}
    assert fresh.meta("api_url") == url
    fresh.close()


def test_an_unreadable_file_starts_anew(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    path.write_bytes(b"not a database" * 100)
    fresh = Staging.open(path, URL)
    assert not fresh.resumed and fresh.card_slugs() == {}
    fresh.close()


def test_a_failed_write_is_a_store_error_and_writes_nothing(tmp_path: Path) -> None:
    staging = Staging.open(tmp_path / "s.sqlite3", URL)
    broken = generated_card(2)
    broken["slug"] = None  # NOT NULL: the unit fails at its second card
    with pytest.raises(StoreError, match="Cannot write the sync staging file"):
        staging.commit(Unit(cards=[generated_card(1), broken]))
    assert staging.card_slugs() == {}
    staging.close()


def test_one_sync_at_a_time_per_data_folder(tmp_path: Path) -> None:
    from app.sync.lock import SyncLock

    first = SyncLock(tmp_path / "sync.lock").acquire()
    with pytest.raises(StoreError, match="Another sync of this catalogue is running"):
        SyncLock(tmp_path / "sync.lock").acquire()
    first.release()
    SyncLock(tmp_path / "sync.lock").acquire().release()
