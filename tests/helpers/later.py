"""A newer catalogue built from the real 2026-04-04 snapshot: a copy of the real catalogue
with cards re-imported from the real set files after changing their ``legality`` and
``last_update`` (GENERATED changes to real records, as a later sync would bring them)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from tests.conftest import SNAPSHOT_0404

Change = tuple[str, dict[str, Any] | None, str]
"""(slug, its new ``legality``, its new ``last_update``)."""


def real_record(slug: str) -> dict[str, Any]:
    """The card ``slug`` as its first set file of the 2026-04-04 snapshot holds it."""
    for path in sorted(SNAPSHOT_0404.glob("*.json")):
        for record in json.loads(path.read_text(encoding="utf-8")):
            if isinstance(record, dict) and record.get("slug") == slug:
                return dict(record)
    raise LookupError(slug)


def copy_catalogue(real_dir: Path, folder: Path) -> Path:
    """A data folder of its own holding a copy of the real catalogue (no images)."""
    folder.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(real_dir / "catalogue.sqlite3") as source, \
            sqlite3.connect(folder / "catalogue.sqlite3") as target:
        source.backup(target)
    return folder


def apply_changes(folder: Path, *changes: Change) -> None:
    """Import each change, one revision each, in order (as successive syncs would)."""
    from app.bootstrap import build
    from app.ingest import import_paths

    services = build(str(folder))
    try:
        for number, (slug, legality, last_update) in enumerate(changes):
            record = real_record(slug)
            record["legality"], record["last_update"] = legality, last_update
            path = folder / f"change-{number}.json"
            path.write_text(json.dumps([record]), encoding="utf-8")
            import_paths(services.store, [path])
            path.unlink()
    finally:
        services.store.close()
