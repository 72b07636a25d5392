"""Images not stored: fetched from a reachable API (``archivist serve`` on loopback),
listed as missing when the API is unreachable or has no such image."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.bootstrap import Application, build
from app.export import ApiFetcher, ExportOptions, configured_api, plan_query, run_export
from tests.export.conftest import FIRE
from tests.sync.servers import ServerProcess, free_port

pytestmark = pytest.mark.realdata


@pytest.fixture
def imageless(real_catalogue_dir: Path, tmp_path: Path) -> Iterator[Application]:
    """A copy of the real catalogue with an empty image store."""
    folder = tmp_path / "imageless"
    folder.mkdir()
    source = sqlite3.connect(real_catalogue_dir / "catalogue.sqlite3")
    target = sqlite3.connect(folder / "catalogue.sqlite3")
    try:
        source.backup(target)
    finally:
        source.close()
        target.close()
    services = build(str(folder))
    yield services
    services.store.close()


@pytest.fixture(scope="module")
def server(real_catalogue_dir: Path) -> Iterator[ServerProcess]:
    """``archivist serve`` over the real catalogue (with its images)."""
    process = ServerProcess(real_catalogue_dir, faulty=False).start()
    yield process
    process.stop()


def test_images_not_stored_are_fetched_when_online(imageless: Application, server: ServerProcess,
                                                   real: Application, tmp_path: Path) -> None:
    items = plan_query(imageless.store, FIRE)[:4]
    fetch = ApiFetcher(server.url, imageless.images, imageless.store)
    try:
        report = run_export(items, ExportOptions(folder=tmp_path / "out"), imageless.images,
                            fetch=fetch)
    finally:
        fetch.close()
    assert report.complete and report.fetched == 4 and len(report.written) == 4
    for item in items:
        assert imageless.images.read(item.image_file) == real.images.read(item.image_file)


@pytest.mark.allow_log(r"^image fetch failed, treating the API as offline")
def test_an_unreachable_api_lists_them_as_missing(imageless: Application, tmp_path: Path) -> None:
    items = plan_query(imageless.store, FIRE)
    fetch = ApiFetcher(f"http://127.0.0.1:{free_port()}", imageless.images, timeout=2)
    try:
        report = run_export(items, ExportOptions(folder=tmp_path / "out"), imageless.images,
                            fetch=fetch)
    finally:
        fetch.close()
    assert report.written == [] and len(report.missing) == 13  # never silently dropped
    assert all("unreachable" in problem.reason for problem in report.missing)


def test_an_image_the_api_lacks_is_missing(imageless: Application, server: ServerProcess,
                                           tmp_path: Path) -> None:
    missing = [i for i in plan_query(imageless.store, "s:FTC t:champion")
               if i.collector_number == "004B"]
    fetch = ApiFetcher(server.url, imageless.images)
    try:
        report = run_export(missing, ExportOptions(folder=tmp_path), imageless.images,
                            fetch=fetch)
    finally:
        fetch.close()
    assert [p.reason for p in report.missing] == ["not stored, and the API has no such image"]


def test_an_imported_catalogue_has_no_configured_api(real: Application) -> None:
    assert configured_api(real.store) is None


def test_cancel_stops_fetching(imageless: Application, tmp_path: Path) -> None:
    import threading

    from app.errors import NotFound

    cancel = threading.Event()
    asked: list[str] = []

    def fetch(filename: str) -> Path:
        asked.append(filename)
        cancel.set()
        raise NotFound(f"Image not found: {filename}")

    items = plan_query(imageless.store, FIRE)
    report = run_export(items, ExportOptions(folder=tmp_path), imageless.images, fetch=fetch,
                        cancel=cancel)
    assert len(asked) == 1 and report.cancelled and len(report.missing) == 1
