"""The cost of the catalogue's history: import time with and without it, its
bytes on disk, and the time to open the Changes page of a revision.

Run: ``python -m benchmarks.history``. Prints figures; asserts nothing.

1. Import time: a fresh data folder gets the 2026-02-10 snapshot (untimed), then the
   2026-04-04 snapshot is imported and timed (350 new cards, 428 changed). "Without history"
   runs the same import with a recorder that records nothing (patched in here only, the
   program has no switch to turn history off). Three runs each, alternating; medians.
2. Bytes: the real captures imported in order — the 2025-10 ``/cards/search`` pages (their
   old-shape records are all rejected, so they record nothing), 2026-02-10, 2026-04-04 —
   then the history's pages (``dbstat``: the two tables and their indexes) and the file.
3. The Changes page of revision 2 (offscreen, 1280 × 800): from ``reload()`` until its
   tiles are set, three times; and :func:`app.gui.changes.data.load_revision` alone.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from app.bootstrap import build
from app.ingest import import_paths
from app.ingest import importer as importer_module
from app.store.history.revisions import RevisionRecorder, revision_bytes
from benchmarks.common import SHARED_DATA, SNAPSHOT_0404, figure

SNAPSHOT_0210 = SHARED_DATA / "snapshots" / "2026-02-10"
SEARCH_PAGES = SHARED_DATA / "search-pages"


class _NoHistory(RevisionRecorder):
    """A recorder that records nothing: the import as it was before the history was kept."""

    def card(self, old_body: str | None, old: Any, new: Any, new_body: Any = None) -> None:
        return None

    def removed(self, conn: Any, uuid: str) -> None:
        return None

    def finish(self, conn: Any, at: str) -> int | None:
        return None


def _timed_import(folder: Path, history: bool) -> float:
    services = build(str(folder))
    import_paths(services.store, [SNAPSHOT_0210])
    original = importer_module.RevisionRecorder
    if not history:
        importer_module.RevisionRecorder = _NoHistory  # type: ignore[misc]
    try:
        started = time.perf_counter()
        import_paths(services.store, [SNAPSHOT_0404])
        return time.perf_counter() - started
    finally:
        importer_module.RevisionRecorder = original  # type: ignore[misc]
        services.store.close()


def _page_open(folder: Path) -> tuple[list[float], float]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSize, QThreadPool
    from PySide6.QtWidgets import QApplication

    from app.gui.changes.data import load_revision
    from app.gui.changes.page import ChangesPage
    from app.gui.kit.thumbnails import ThumbnailProvider

    app = QApplication.instance() or QApplication([])
    services = build(str(folder))
    started = time.perf_counter()
    load_revision(services.history, services.catalogue, 2)
    alone = time.perf_counter() - started
    pool = QThreadPool()
    provider = ThumbnailProvider(services.catalogue.card_image_path, services.paths.thumbnails)
    page = ChangesPage(services.catalogue, services.history, pool, provider, QSize(146, 204))
    page.resize(1280, 800)
    page.show()
    seconds = []
    for _ in range(3):
        started = time.perf_counter()
        page.reload(2)
        while page.busy or not page.loaded:
            app.processEvents()
            time.sleep(0.001)
        page.repaint()
        seconds.append(time.perf_counter() - started)
    page.close()
    pool.waitForDone()
    services.store.close()
    return seconds, alone


def main() -> None:
    """Run the three measurements and print the figures."""
    import logging

    logging.disable(logging.WARNING)  # the rejected old-shape records say so per record
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        runs: dict[bool, list[float]] = {True: [], False: []}
        for run in range(3):
            for history in (True, False):
                runs[history].append(_timed_import(root / f"i{run}{history}", history))
        with_h, without = statistics.median(runs[True]), statistics.median(runs[False])
        print("Import of 2026-04-04 over 2026-02-10 (median of 3)")
        figure("with history", with_h, "s")
        figure("without history", without, "s")
        figure("ratio with / without", with_h / without, "×")

        folder = root / "all"
        services = build(str(folder))
        for source in (SEARCH_PAGES, SNAPSHOT_0210, SNAPSHOT_0404):
            import_paths(services.store, [source])
        conn = services.store.connection()
        revisions = conn.execute("SELECT COUNT(*) FROM revisions").fetchone()[0]
        changed = conn.execute("SELECT COUNT(*) FROM revision_cards WHERE previous IS NOT NULL"
                               ).fetchone()[0]
        print("History after 2025-10 search pages, 2026-02-10, 2026-04-04 imported in order")
        figure("revisions recorded", revisions, "")
        figure("previous versions kept (zlib)", changed, "")
        figure("history bytes (tables + indexes)", revision_bytes(conn) / 1024, "KiB")
        services.store.close()
        size = sum(p.stat().st_size for p in folder.glob("catalogue.sqlite3*"))
        figure("catalogue file (with WAL)", size / 1024 / 1024, "MiB")

        seconds, alone = _page_open(folder)
        print("Changes page of revision 2 (778 cards)")
        figure("load_revision() alone", alone * 1000, "ms")
        figure("page reload → tiles set (median of 3)", statistics.median(seconds) * 1000, "ms")


if __name__ == "__main__":
    main()
