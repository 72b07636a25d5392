"""The data, cache and log folders each platform gets, and the settings file among them.

platformdirs picks its class for ``sys.platform`` when it is imported: these tests put the
Windows and macOS classes in its place (its own ``WIN_PD_OVERRIDE_*`` variable names the
Windows user's folder, as the shell would), so :func:`resolve_paths` runs unchanged.
"""

from __future__ import annotations

from pathlib import Path, PureWindowsPath

import platformdirs
import pytest
from platformdirs.macos import MacOS
from platformdirs.unix import Unix
from platformdirs.windows import Windows

from app.paths import ENV_DATA_DIR, resolve_paths

LOCAL = "C:\\Users\\Zoë Quinn\\AppData\\Local"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", ENV_DATA_DIR):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("WIN_PD_OVERRIDE_LOCAL_APPDATA", LOCAL)
    return tmp_path


def as_windows(path: Path) -> PureWindowsPath:
    return PureWindowsPath(str(path))


def test_windows_keeps_everything_under_local_app_data(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(platformdirs, "PlatformDirs", Windows)
    paths = resolve_paths()
    root = PureWindowsPath(LOCAL, "Archivist")  # local, not roaming: a large catalogue
    assert as_windows(paths.data) == root
    assert as_windows(paths.cache) == root / "Cache"
    assert as_windows(paths.logs) == root / "Logs"
    assert as_windows(paths.catalogue_file) == root / "catalogue.sqlite3"


def test_macos_uses_application_support_caches_and_logs(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(platformdirs, "PlatformDirs", MacOS)
    paths = resolve_paths()
    library = home / "Library"
    assert paths.data == library / "Application Support" / "Archivist"
    assert paths.cache == library / "Caches" / "Archivist"
    assert paths.logs == library / "Logs" / "Archivist"


def test_linux_follows_the_xdg_folders(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(platformdirs, "PlatformDirs", Unix)
    paths = resolve_paths()
    assert paths.data == home / ".local" / "share" / "Archivist"
    assert paths.cache == home / ".cache" / "Archivist"
    assert paths.logs == home / ".local" / "state" / "Archivist" / "log"
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "elsewhere"))
    assert resolve_paths().data == home / "elsewhere" / "Archivist"


def test_this_platform_asks_platformdirs_and_creates_nothing(home: Path) -> None:
    paths = resolve_paths()
    dirs = platformdirs.PlatformDirs("Archivist", appauthor=False)
    assert (paths.data, paths.cache, paths.logs) == (
        Path(dirs.user_data_dir), Path(dirs.user_cache_dir), Path(dirs.user_log_dir))
    assert not paths.data.exists() and not paths.logs.exists()


@pytest.mark.parametrize("platform", [Windows, MacOS, Unix])
def test_a_data_dir_holds_the_whole_installation_on_every_platform(
        home: Path, monkeypatch: pytest.MonkeyPatch, platform: type) -> None:
    monkeypatch.setattr(platformdirs, "PlatformDirs", platform)
    stick = home / "USB stick" / "Archivist"
    monkeypatch.setenv(ENV_DATA_DIR, str(stick))
    paths = resolve_paths()
    assert (paths.data, paths.cache, paths.logs) == (stick, stick / "cache", stick / "logs")
    assert resolve_paths(home / "other").data == home / "other"


@pytest.mark.parametrize("platform", [Windows, MacOS, Unix])
def test_the_settings_file_is_in_the_data_folder_on_every_platform(
        home: Path, monkeypatch: pytest.MonkeyPatch, platform: type, qapp: object) -> None:
    from app.gui.kit.settings_file import SETTINGS_FILE, open_settings

    monkeypatch.setattr(platformdirs, "PlatformDirs", platform)
    paths = resolve_paths()
    settings = open_settings(paths)
    # An INI file beside the catalogue: not the registry (Windows) nor defaults (macOS).
    # (Qt makes a Windows path relative to this Linux folder: compare its end.)
    assert settings.fileName().endswith(str(paths.data / SETTINGS_FILE))
    assert settings.format() == settings.Format.IniFormat
