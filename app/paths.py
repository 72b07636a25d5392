"""Where Archivist keeps its data, cache and logs (DESIGN.md: Paths and logs).

Nothing is created on import; :meth:`Paths.ensure` creates the folders when a command
needs them.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

APP_NAME = "Archivist"
ENV_DATA_DIR = "ARCHIVIST_DATA_DIR"


@dataclass(frozen=True)
class Paths:
    """The folders of one Archivist installation.

    Attributes:
        data: holds ``catalogue.sqlite3`` and the image store (``images/cards``).
        cache: derived files that can be rebuilt (thumbnails, rounded images).
        logs: rotating log files.
    """

    data: Path
    cache: Path
    logs: Path

    @property
    def catalogue_file(self) -> Path:
        """The SQLite catalogue file."""
        return self.data / "catalogue.sqlite3"

    @property
    def decks_file(self) -> Path:
        """The user's kept decks (a file of their own: no import or sync opens it)."""
        return self.data / "decks.sqlite3"

    @property
    def collection_file(self) -> Path:
        """The user's collection (a file of its own: no import, sync or revert opens it)."""
        return self.data / "collection.sqlite3"

    @property
    def card_images(self) -> Path:
        """The image store of card-edition images, named by their API file name."""
        return self.data / "images" / "cards"

    @property
    def logos(self) -> Path:
        """The store of featured-set-group logos (``<PREFIX>.png``)."""
        return self.data / "images" / "featured-sets"

    @property
    def rounded(self) -> Path:
        """The disk cache of rounded-corner PNGs (endpoint 3, ``rounded=true``)."""
        return self.cache / "rounded"

    @property
    def thumbnails(self) -> Path:
        """The disk cache of rounded thumbnails."""
        return self.cache / "thumbnails"

    def ensure(self) -> Paths:
        """Create every folder (idempotent) and return ``self``."""
        for folder in (self.data, self.cache, self.logs, self.card_images):
            folder.mkdir(parents=True, exist_ok=True)
        return self


def resolve_paths(data_dir: str | os.PathLike[str] | None = None) -> Paths:
    """Build :class:`Paths` from ``--data-dir``, else ``ARCHIVIST_DATA_DIR``, else platformdirs.

    With an explicit data folder, the cache and logs live inside it, so one folder
    (a USB stick, a test's tmp dir) holds a whole installation. Otherwise platformdirs
    names the user's folders of this platform (``appauthor=False``: no vendor folder)::

        Linux    ~/.local/share/Archivist   ~/.cache/Archivist   ~/.local/state/Archivist/log
        macOS    ~/Library/Application Support/Archivist   ~/Library/Caches/Archivist
                 ~/Library/Logs/Archivist
        Windows  %LOCALAPPDATA%\\Archivist   …\\Archivist\\Cache   …\\Archivist\\Logs
                 (local, not roaming: the catalogue and its images are large)

    The window's settings file lives in the data folder (``archivist-gui.ini``) on every
    platform, not in the Windows registry or macOS defaults.
    """
    chosen = data_dir or os.environ.get(ENV_DATA_DIR)
    if chosen:
        root = Path(chosen).expanduser().resolve()
        return Paths(data=root, cache=root / "cache", logs=root / "logs")
    import platformdirs  # only here: it loads tempfile and shutil

    dirs = platformdirs.PlatformDirs(APP_NAME, appauthor=False)  # this platform's class
    return Paths(data=Path(dirs.user_data_dir), cache=Path(dirs.user_cache_dir),
                 logs=Path(dirs.user_log_dir))
