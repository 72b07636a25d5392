"""Archivist: an offline desktop browser for the Grand Archive card catalogue."""

from __future__ import annotations

import os


def _version() -> str:
    """The version in ``pyproject.toml``, the one version of Archivist.

    A source checkout reads it from its ``pyproject.toml`` (an editable install's recorded
    metadata can be older than the file); an installed copy and the bundle, which carries
    an ``archivist-<version>.dist-info`` (packaging/metadata.py), ask
    ``importlib.metadata``. ``0+unknown`` when neither answers.
    """
    # os.path, not pathlib, and a line scan, not tomllib: this runs at every start, and
    # `archivist --version` loads nothing else (tests/test_version.py)
    beside = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    pyproject = os.path.join(beside, "pyproject.toml")
    try:
        section, name = "", ""
        with open(pyproject, encoding="utf-8") as file:
            text = file.read()
        for line in text.splitlines():
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
    try:  # an installed copy: its folder's name says it (importlib.metadata is slow to load)
        found = [name for name in os.listdir(beside)
                 if name.startswith("archivist-") and name.endswith(".dist-info")]
    except OSError:
        found = []
    if len(found) == 1:
        return found[0].removeprefix("archivist-").removesuffix(".dist-info")
    from importlib import metadata

    try:
        return metadata.version("archivist")
    except metadata.PackageNotFoundError:
        return "0+unknown"


__version__ = _version()
API_VERSION = "1.1.0"
"""The catalogue API interface version this mirror answers (spec: Versioning)."""
