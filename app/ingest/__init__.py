"""Importing API JSON files (snapshots, a USB stick) into the local catalogue."""

from app.ingest.importer import import_paths
from app.ingest.report import ImportReport
from app.ingest.sources import SourceFile, card_records, json_files

__all__ = ["ImportReport", "SourceFile", "card_records", "import_paths", "json_files"]
