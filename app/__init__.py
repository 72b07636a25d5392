"""Archivist: an offline desktop browser for the Grand Archive card catalogue."""

from __future__ import annotations

from pathlib import Path


def _version() -> str:
    """The version in ``pyproject.toml``, the one version of Archivist.

    A source checkout reads it from its ``pyproject.toml`` (an editable install's recorded
    metadata can be older than the file); an installed copy and the bundle, which carries
    an ``archivist-<version>.dist-info`` (packaging/metadata.py), ask
    ``importlib.metadata``. ``0+unknown`` when neither answers.
    """
    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    try:  # a line scan, not tomllib: this runs at every start (tests/test_version.py)
        section, name = "", ""
        for line in pyproject.read_text(encoding="utf-8").splitlines():
            key, equals, value = (part.strip() for part in line.partition("="))
            if line.startswith("["):
                section = line.strip()
            elif section == "[project]" and equals and key in ("name", "version"):
                if key == "name":
                    name = value.strip('"')
                elif name == "archivist":
                    return value.strip('"')
    except (OSError, UnicodeDecodeError):
        pass
    from importlib import metadata

    try:
        return metadata.version("archivist")
    except metadata.PackageNotFoundError:
        return "0+unknown"


__version__ = _version()
API_VERSION = "1.1.0"
"""The catalogue API interface version this mirror answers (spec: Versioning)."""
