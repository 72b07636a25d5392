"""Importing API JSON files (snapshots, a USB stick) into the local catalogue.

The names below load on first use (PEP 562): the window builds its ``importer`` part at
start-up without loading the importer and its models.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.lazy import lazy_names

if TYPE_CHECKING:
    from app.ingest.importer import import_paths
    from app.ingest.report import ImportReport
    from app.ingest.sources import SourceFile, card_records, json_files

_WHERE = {
    "import_paths": "app.ingest.importer",
    "ImportReport": "app.ingest.report",
    **dict.fromkeys(("SourceFile", "card_records", "json_files"), "app.ingest.sources"),
}


__getattr__ = lazy_names(__name__, _WHERE)


__all__ = ["ImportReport", "SourceFile", "card_records", "import_paths", "json_files"]
