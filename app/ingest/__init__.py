"""Importing API JSON files (snapshots, a USB stick) into the local catalogue.

The names below load on first use (PEP 562): the window builds its ``importer`` part at
start-up without loading the importer and its models.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.ingest.importer import import_paths
    from app.ingest.report import ImportReport
    from app.ingest.sources import SourceFile, card_records, json_files

_WHERE = {
    "import_paths": "app.ingest.importer",
    "ImportReport": "app.ingest.report",
    **dict.fromkeys(("SourceFile", "card_records", "json_files"), "app.ingest.sources"),
}


def __getattr__(name: str) -> Any:
    """Load the module that defines ``name`` on first use."""
    if name in _WHERE:
        return getattr(importlib.import_module(_WHERE[name]), name)
    raise AttributeError(f"module 'app.ingest' has no attribute {name!r}")


__all__ = ["ImportReport", "SourceFile", "card_records", "import_paths", "json_files"]
