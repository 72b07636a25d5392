"""Fixtures of the export tests: services over the real catalogue (read-only)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.bootstrap import Application, build
from app.export import ExportItem, plan_query

FIRE = "s:FTC el:fire"
"""A real search whose 13 editions all have a stored image."""
CHAMPIONS = "s:FTC t:champion"
"""A real search of 6 editions, one of them without a stored image (FTC 004B)."""


@pytest.fixture
def real(real_catalogue_dir: Path) -> Iterator[Application]:
    """Application over the real catalogue (exports go to tmp folders, never into it)."""
    services = build(str(real_catalogue_dir))
    yield services
    services.store.close()


@pytest.fixture
def fire(real: Application) -> list[ExportItem]:
    """The editions of :data:`FIRE`."""
    items = plan_query(real.store, FIRE)
    assert len(items) == 13
    return items
