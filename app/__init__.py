"""Archivist: an offline desktop browser for the Grand Archive card catalogue."""

__version__ = "0.1.0"
API_VERSION = "1.1.0"
"""The catalogue API interface version this mirror answers (spec: Versioning)."""
