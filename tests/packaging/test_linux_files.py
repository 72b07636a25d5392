"""The Linux desktop entry and AppStream metadata are well formed and agree with the app."""

from __future__ import annotations

import configparser
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINUX = ROOT / "packaging" / "linux"


def test_the_desktop_entry() -> None:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(LINUX / "archivist.desktop", encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application" and entry["Name"] == "Archivist"
    assert entry["Exec"] == "archivist" and entry["Icon"] == "archivist"
    assert entry["Terminal"] == "false"
    assert entry["Categories"].endswith(";")
    from app.gui.shell.app import create_application  # the window says the same desktop file name

    assert "setDesktopFileName(\"archivist\")" in Path(
        create_application.__code__.co_filename).read_text()


def test_the_appstream_metadata() -> None:
    root = ET.parse(LINUX / "io.github.archivist.Archivist.metainfo.xml").getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == "io.github.archivist.Archivist"
    assert root.findtext("launchable") == "archivist.desktop"
    assert root.findtext("metadata_license") == "CC0-1.0"
    description = "".join(root.find("description").itertext())  # type: ignore[union-attr]
    assert "© Weebs of the Shore" in description and "unofficial" in description
    from app import __version__

    assert next(r.get("version") for r in root.iter("release")) == __version__


def test_the_build_script_and_spec_are_there() -> None:
    spec = (ROOT / "packaging" / "archivist.spec").read_text()
    assert "console=False" in spec and 'name="Archivist"' in spec
    assert "PySide6.QtWebEngineCore" in spec or "QtWebEngineCore" in spec
    assert (ROOT / "packaging" / "launcher.py").is_file()
    assert (ROOT / "packaging" / "build.py").is_file()
