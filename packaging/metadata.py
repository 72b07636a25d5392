"""The bundle's metadata, all from the one version in ``pyproject.toml``.

Used by ``archivist.spec`` (PyInstaller runs it with this folder on ``sys.path``) and by
the tests. Nothing here needs Windows or macOS: the Windows version resource is the text
file PyInstaller reads on Windows, the macOS ``Info.plist`` keys are a dictionary for
PyInstaller's ``BUNDLE``.

- :func:`dist_info`: an ``archivist-<version>.dist-info`` folder (``METADATA``), put in the
  bundle so ``importlib.metadata.version("archivist")`` answers there as it does in an
  installed copy (the app's ``--version``, About box and server read it).
- :func:`windows_version_file`: the ``.exe``'s version resource (Explorer ▸ Properties ▸
  Details).
- :func:`info_plist`: the ``.app``'s version keys and the rest of its ``Info.plist``.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"
NAME = "Archivist"
IDENTIFIER = "io.github.archivist.Archivist"
DESCRIPTION = "Offline catalogue browser for the Grand Archive trading card game"
COPYRIGHT = ("An unofficial tool. Card data and images © Weebs of the Shore.")


def project(pyproject: Path = PYPROJECT) -> dict[str, Any]:
    """The ``[project]`` table of ``pyproject.toml``."""
    with pyproject.open("rb") as handle:
        table: dict[str, Any] = tomllib.load(handle)["project"]
    return table


def version_numbers(version: str) -> tuple[int, int, int, int]:
    """``"1.2.3"`` → ``(1, 2, 3, 0)``: the four numbers Windows keeps (a pre-release or
    local part such as ``rc1`` or ``+dev`` is dropped; missing numbers are 0)."""
    numbers: list[int] = []
    for part in version.split("+")[0].split(".")[:4]:
        digits = ""
        for char in part:
            if not char.isdigit():
                break
            digits += char
        numbers.append(int(digits or 0))
        if len(digits) < len(part):
            break
    padded = [*numbers, 0, 0, 0, 0][:4]
    return padded[0], padded[1], padded[2], padded[3]


def dist_info(folder: Path, pyproject: Path = PYPROJECT) -> Path:
    """Write ``folder/archivist-<version>.dist-info/METADATA`` and return that folder."""
    table = project(pyproject)
    target = folder / f"{table['name']}-{table['version']}.dist-info"
    target.mkdir(parents=True, exist_ok=True)
    (target / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {table['name']}\nVersion: {table['version']}\n"
        f"Summary: {table.get('description', '')}\nRequires-Python: "
        f"{table.get('requires-python', '')}\n", encoding="utf-8")
    (target / "INSTALLER").write_text("pyinstaller\n", encoding="utf-8")
    return target


def windows_version_file(folder: Path, version: str) -> Path:
    """Write the ``.exe``'s version resource as the text file ``EXE(version=…)`` takes
    (the form ``pyi-grab_version`` prints; PyInstaller reads it on Windows with
    ``PyInstaller.utils.win32.versioninfo.load_version_info_from_text_file``)."""
    numbers = version_numbers(version)
    strings = {
        "CompanyName": NAME, "FileDescription": NAME, "FileVersion": version,
        "InternalName": NAME, "LegalCopyright": COPYRIGHT,
        "OriginalFilename": f"{NAME}.exe", "ProductName": NAME, "ProductVersion": version,
        "Comments": DESCRIPTION,
    }
    lines = ",\n".join(f"          StringStruct({key!r}, {value!r})"
                        for key, value in strings.items())
    text = f"""# UTF-8: the version resource of Archivist.exe (packaging/metadata.py)
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={numbers},
    prodvers={numbers},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
    ),
  kids=[
    StringFileInfo([
      StringTable(
        '040904B0',
        [
{lines}
        ])
      ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "version_info.txt"
    target.write_text(text, encoding="utf-8")
    return target


def info_plist(version: str) -> dict[str, Any]:
    """The ``Info.plist`` keys of ``Archivist.app`` beyond those ``BUNDLE`` writes itself
    (it takes ``CFBundleShortVersionString`` from its own ``version`` argument)."""
    return {
        "CFBundleName": NAME,
        "CFBundleDisplayName": NAME,
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "NSHumanReadableCopyright": COPYRIGHT,
        "NSHighResolutionCapable": True,
        "LSApplicationCategoryType": "public.app-category.card-games",
        "LSMinimumSystemVersion": "11.0",
    }
