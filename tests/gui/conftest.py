"""Fixtures of the window tests: services over the real catalogue with a private data folder."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from tests.helpers.fake_catalogue import FakeCatalogue

if TYPE_CHECKING:
    from app.gui.shell.main_window import MainWindow

HERE = Path(__file__).resolve().parent

# The offscreen platform cannot resize windows to their size hints and says so at WARNING
# level whenever a window is shown; that message says nothing about Archivist.
OFFSCREEN_NOISE = r"^This plugin does not support propagateSizeHints\(\)$"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Ignore the offscreen platform's size-hint message in the window tests only."""
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.qt_log_ignore(OFFSCREEN_NOISE))


def services_over(catalogue_dir: Path, private: Path) -> Application:
    """Application over a copy of the catalogue of ``catalogue_dir`` in ``private`` (settings,
    thumbnail cache and logs land there too); the images are linked, never written."""
    from app.bootstrap import build

    private.mkdir(parents=True, exist_ok=True)
    source = sqlite3.connect(catalogue_dir / "catalogue.sqlite3")
    target = sqlite3.connect(private / "catalogue.sqlite3")
    try:
        source.backup(target)  # consistent even while the source has a WAL
    finally:
        source.close()
        target.close()
    (private / "images").mkdir(exist_ok=True)
    (private / "images" / "cards").symlink_to(catalogue_dir / "images" / "cards")
    return build(str(private))


@pytest.fixture
def real_services(real_catalogue_dir: Path, tmp_path: Path) -> Iterator[Application]:
    """The real 2026-04-04 catalogue with a private data folder in ``tmp_path``."""
    services = services_over(real_catalogue_dir, tmp_path / "data")
    yield services
    services.store.close()


@pytest.fixture
def real_window(qtbot: QtBot, real_services: Application) -> Iterator[MainWindow]:
    """The main window over :func:`real_services`, 1280 × 800 and shown; shut down after.
    (What it has loaded when the test starts is the test's own wait.)"""
    from app.gui.shell.main_window import MainWindow

    made = MainWindow(real_services, None, dialogs=False)
    qtbot.addWidget(made)
    made.resize(1280, 800)
    made.show()
    yield made
    made.shutdown()


@pytest.fixture
def empty_services(tmp_path: Path) -> Application:
    """A brand-new, empty catalogue in ``tmp_path``."""
    from app.bootstrap import build

    return build(str(tmp_path / "empty"))


# Featured sets and (GENERATED) dynamic Thema history, for the Featured sets and Thema pages.
FEATURED_JSON = Path(__file__).resolve().parents[3] / "shared" / "data" / "gatcg" / (
    "featured-sets.json")
THEMA_END = date(2026, 4, 4)
"""The last day of the generated Thema history of :func:`thema_catalogue_dir` (400 days)."""


@pytest.fixture(scope="session")
def thema_catalogue_dir(real_catalogue_dir: Path, tmp_path_factory: pytest.TempPathFactory
                        ) -> Path:
    """The real catalogue plus the real featured-sets.json and GENERATED Thema history of
    400 days ending :data:`THEMA_END` (built once; copy it with :func:`services_over`)."""
    from app.ingest import import_paths
    from app.ingest.thema import import_generated_history

    folder = tmp_path_factory.mktemp("thema-catalogue")
    services = services_over(real_catalogue_dir, folder)
    try:
        import_paths(services.store, [FEATURED_JSON])
        import_generated_history(services.store, end=THEMA_END, days=400)
    finally:
        services.store.close()
    return folder


@pytest.fixture
def thema_services(thema_catalogue_dir: Path, tmp_path: Path) -> Iterator[Application]:
    """:func:`thema_catalogue_dir` with a private data folder in ``tmp_path``."""
    services = services_over(thema_catalogue_dir, tmp_path / "data")
    yield services
    services.store.close()


@pytest.fixture
def fake_catalogue(tmp_path: Path) -> FakeCatalogue:
    """The in-memory catalogue of GENERATED cards, with generated images in ``tmp_path``."""
    return FakeCatalogue(tmp_path / "fake-images")
