"""One version: ``archivist --version``, the About box, ``GET /``, the bundle's metadata,
the AppStream release and the changelog all say the version in pyproject.toml."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import app
from tests.helpers.bundle_metadata import load

metadata = load()

ROOT = Path(__file__).resolve().parents[1]
with (ROOT / "pyproject.toml").open("rb") as _file:
    VERSION = tomllib.load(_file)["project"]["version"]


def test_the_package_says_the_version_of_pyproject() -> None:
    assert app.__version__ == VERSION


def test_archivist_version_prints_it() -> None:
    run = subprocess.run([sys.executable, "-m", "app", "--version"], capture_output=True,
                         text=True, timeout=60, cwd=ROOT)
    assert run.stdout.strip() == f"archivist {VERSION}"


def test_the_about_box_shows_it(qapp: object) -> None:
    from app.gui.shell.about_dialog import AboutDialog

    assert f"Archivist {VERSION}</h2>" in AboutDialog(None).text.text()


def test_the_server_root_answers_it(tmp_path: Path) -> None:
    from app.bootstrap import build
    from app.catalogue.api_endpoints import service_info

    services = build(str(tmp_path))
    info = service_info(services.store)
    services.store.close()
    assert info["version"] == VERSION and info["commit_hash"] == f"archivist-{VERSION}"


def test_the_appstream_release_and_the_changelog_name_it() -> None:
    metainfo = ROOT / "packaging" / "linux" / "io.github.archivist.Archivist.metainfo.xml"
    release = ET.parse(metainfo).getroot().find("releases/release")
    assert release is not None and release.get("version") == VERSION
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## [{VERSION}] - {release.get('date')}" in changelog  # the same day in both


def _tree(tmp_path: Path, version: str | None) -> Path:
    """A copy of app/__init__.py, with a pyproject.toml saying ``version`` (None: none)."""
    src = tmp_path / "src"
    (src / "app").mkdir(parents=True)
    shutil.copy(ROOT / "app" / "__init__.py", src / "app" / "__init__.py")
    if version is not None:
        (src / "pyproject.toml").write_text(
            f'[build-system]\nrequires = []\n\n[project]\nname = "archivist"\n'
            f'version = "{version}"\n\n[tool.x]\nversion = "0.0.1"\n', encoding="utf-8")
    return src


def _version_in(*paths: Path) -> str:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, paths))}
    run = subprocess.run([sys.executable, "-I", "-c", "import sys; sys.path[:0] = "
                          f"{[str(p) for p in paths]!r}; import app; print(app.__version__)"],
                         capture_output=True, text=True, timeout=60, env=env, cwd=paths[0])
    assert run.returncode == 0, run.stderr
    return run.stdout.strip()


def test_a_source_checkout_reads_its_own_pyproject(tmp_path: Path) -> None:
    assert _version_in(_tree(tmp_path, "9.8.7")) == "9.8.7"


def test_a_bundle_without_pyproject_reads_the_metadata_it_carries(tmp_path: Path) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project]\nname = "archivist"\nversion = "4.5.6"\n', encoding="utf-8")
    site = tmp_path / "site"
    assert metadata.dist_info(site, pyproject).name == "archivist-4.5.6.dist-info"
    assert _version_in(_tree(tmp_path, None), site) == "4.5.6"


@pytest.mark.parametrize(("version", "numbers"), [
    ("0.1.0", (0, 1, 0, 0)), ("1.2", (1, 2, 0, 0)), ("2.0.1rc1", (2, 0, 1, 0)),
    ("3.4.5.6.7", (3, 4, 5, 6)), ("1.0+local", (1, 0, 0, 0))])
def test_the_windows_version_resource_has_four_numbers(version: str,
                                                       numbers: tuple[int, ...]) -> None:
    assert metadata.version_numbers(version) == numbers


class _Part:
    """Stands in for one of PyInstaller's version-resource classes: keeps its arguments."""

    def __init__(self, kind: str, *args: object, **kwargs: object) -> None:
        self.kind, self.args, self.kwargs = kind, args, kwargs


def _parts(node: object) -> list[_Part]:
    if isinstance(node, _Part):
        return [node, *(p for a in [*node.args, *node.kwargs.values()] for p in _parts(a))]
    if isinstance(node, list):
        return [p for item in node for p in _parts(item)]
    return []


def test_the_windows_version_resource_says_the_version(tmp_path: Path) -> None:
    text = metadata.windows_version_file(tmp_path, VERSION).read_text(encoding="utf-8")
    kinds = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable",
             "StringStruct", "VarFileInfo", "VarStruct")
    # PyInstaller evaluates the file with its classes in scope: so does this test.
    names: dict[str, object] = {k: (lambda *a, k=k, **kw: _Part(k, *a, **kw)) for k in kinds}
    root = eval(text, {"__builtins__": {}}, names)
    parts = _parts(root)
    strings = {p.args[0]: p.args[1] for p in parts if p.kind == "StringStruct"}
    assert strings["ProductVersion"] == strings["FileVersion"] == VERSION
    assert strings["OriginalFilename"] == "Archivist.exe"
    [fixed] = [p for p in parts if p.kind == "FixedFileInfo"]
    major, minor, patch = (int(n) for n in VERSION.split(".")[:3])
    assert fixed.kwargs["filevers"] == fixed.kwargs["prodvers"] == (major, minor, patch, 0)
    try:  # PyInstaller's own reader needs pefile (installed with PyInstaller on Windows)
        from PyInstaller.utils.win32.versioninfo import load_version_info_from_text_file
    except ImportError:
        return
    loaded = str(load_version_info_from_text_file(str(tmp_path / "version_info.txt")))
    assert f"StringStruct('ProductVersion', '{VERSION}')" in loaded


def test_the_info_plist_carries_the_version() -> None:
    plist = metadata.info_plist(VERSION)
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == VERSION
    assert plist["CFBundleDisplayName"] == "Archivist"
