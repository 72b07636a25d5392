"""``archivist screenshot``: render the window offscreen in a given state and save a PNG."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

from app.bootstrap import Application
from app.errors import InvalidRequest
from app.files import check_target, write_bytes
from app.gui.devtools import deck_shots, detail_shots, scan_shots
from app.gui.devtools.waiting import wait_until
from app.gui.kit.image_file import png_bytes
from app.gui.kit.thumbnails import ThumbState

log = logging.getLogger("app.gui")

TIMEOUT_S = 20.0
SCREENSHOT_PAGES = ("search", "sets", "thema", "decks", "banlist", "changes", "collection",
                    "meta", "scan", *detail_shots.DETAIL_PAGES)
THEMES = ("light", "dark")
_DONE = (ThumbState.READY, ThumbState.MISSING)


def _settled(window: object, query: str) -> bool:
    """True when the search answered, the card is shown and the visible thumbnails are in."""
    from app.gui.shell.main_window import MainWindow

    assert isinstance(window, MainWindow)
    if window.controller.busy or not window.first_painted:
        return False
    if window.pages.currentWidget() is window.first_run:
        return True
    if window.model.query != query and not _rejected(window, query):
        return False
    # not busy: the card load (if any) answered; the pane shows the card or why not
    for row in window.grid.visible_rows():
        window.model.data(window.model.index(row), window.model.ThumbnailRole)  # asks for it
        if window.model.thumb_state(row) not in _DONE:
            return False
    editions = window.detail.edition_model
    return all(editions.thumb_state(row) in _DONE for row in range(editions.rowCount()))


def _rejected(window: object, query: str) -> bool:
    """True when the search page shows ``query`` as malformed (the grid keeps old results)."""
    from app.gui.shell.main_window import MainWindow

    assert isinstance(window, MainWindow)
    problem = window.browser.error.problem
    return problem is not None and problem.query == query


def _page_settled(window: object, page: str) -> bool:
    """True when the Featured sets or Thema page answered and its chart (if any) is painted."""
    from app.gui.shell.main_window import MainWindow

    assert isinstance(window, MainWindow)
    if page == "sets":
        return window.sets.loaded and not window.sets.busy
    if page == "decks":
        return deck_shots.settled(window.decks)
    if page == "banlist":
        return deck_shots.banlist_settled(window.decks)
    if page == "changes":
        return _changes_settled(window)
    if page == "collection":
        return _collection_settled(window)
    if page == "meta":
        return window.meta.loaded and not window.meta.busy
    thema = window.thema
    if not thema.loaded or thema.busy:
        return False
    panel = thema.panel
    if panel.edition is None or panel.stack.currentWidget() is not panel.chart:
        return True
    return panel.history is not None and panel.chart.painted


def _collection_settled(window: object) -> bool:
    """True when the Collection page answered, its set completion is shown with a set
    chosen and the visible thumbnails of its missing grid are in."""
    from app.gui.collection.models import ThumbnailRole, ThumbStateRole
    from app.gui.shell.main_window import MainWindow

    assert isinstance(window, MainWindow)
    page = window.collection
    if page.reading_failed:
        return True
    if not page.sets_shown:  # the entries first, then every set's completion
        return False
    if page.sets.rowCount() and not page.sets_view.currentIndex().isValid():
        page.sets_view.selectRow(0)
        return False
    model, grid = page.missing, page.missing_view
    for row in range(min(model.rowCount(), 40)):
        index = model.index(row)
        if grid.visualRect(index).intersects(grid.viewport().rect()):
            model.data(index, ThumbnailRole)  # asks for it
            if model.data(index, ThumbStateRole) not in _DONE:
                return False
    return True


def _changes_settled(window: object) -> bool:
    """True when the Changes page answered and its visible thumbnails are in."""
    from app.gui.shell.main_window import MainWindow

    assert isinstance(window, MainWindow)
    page = window.changes
    if not page.loaded or page.busy:
        return False
    tiles, grid = page.tiles, page.grid
    for row in range(min(tiles.rowCount(), 40)):
        if grid.visualRect(tiles.index(row)).intersects(grid.viewport().rect()):
            tiles.data(tiles.index(row), tiles.ThumbnailRole)  # asks for it
            if tiles.data(tiles.index(row), tiles.ThumbStateRole) not in _DONE:
                return False
    return True




def take_screenshot(services: Application, out: Path, query: str = "", card: str | None = None,
                    size: tuple[int, int] = (1280, 800), page: str = "search",
                    edition: str | None = None, theme: str = "light", per: str = "card",
                    sort: str = "name", descending: bool = False,
                    deck: Path | None = None, feature: str | None = None,
                    photos: Path | None = None) -> int:
    """Render the window with ``query`` typed and ``card`` selected, and save it as PNG.

    Waits (at most about 20 s) until the search answered, the card's detail is shown and
    every visible tile's and edition's thumbnail is made (or known missing); on the other
    pages, until the page answered and its chart is painted.

    Args:
        services: from :func:`app.bootstrap.build`.
        out: the PNG file to write.
        query: the search text to type ("" lists every card).
        card: the slug of the card to select; loaded even when it is not among the hits.
        size: the window size in pixels (width, height): the PNG's size on every page but
            ``gallery`` (the gallery window, also this size, or its large view).
        page: the page shown: ``search``, ``sets`` (Featured sets), ``thema``, ``decks``,
            ``banlist`` (the Decks page's ban list), ``changes``
            (the newest revision), ``collection``, ``meta`` (the stored events' meta), ``card`` (the
            detail of ``card``) or ``gallery`` (the editions of ``card``).
        edition: on the Thema page, the edition uuid whose chart is shown (default: the
            top-ranked edition); on the card page, the edition (uuid or slug) selected; on
            the gallery page, the edition shown large.
        theme: ``light`` or ``dark`` (a dark palette on the Fusion style).
        per: one tile per ``card`` or per ``edition``.
        sort: the order, one of :data:`app.model.query.QUERY_SORTS`; descending: reversed.
        deck: on the Decks page, a decklist file shown and checked, never kept (an event
            file: its first decklist).
        feature: also show one of :data:`app.gui.devtools.feature_shots.FEATURES` (the
            sync dialog's progress or offline failure, the syntax sheet, name completion).
        photos: on the ``scan`` page (the review of Collection ▸ Add from photos…, ``size``
            large), the photo file or folder scanned.

    Returns:
        0: the PNG was written.

    Raises:
        InvalidRequest: an unknown page or theme; ``card`` or ``gallery`` without a card;
            ``deck`` on another page than ``decks``. InvalidData: an unreadable deck file.
        OSError: the picture could not be encoded. WriteFailed: ``out`` could not be
            written (it is left as it was).
    """
    if page not in SCREENSHOT_PAGES:
        raise InvalidRequest(f"Unknown page {page!r}: choose {', '.join(SCREENSHOT_PAGES)}")
    if theme not in THEMES:
        raise InvalidRequest(f"Unknown theme {theme!r}: choose light or dark")
    from app.gui.devtools.feature_shots import FEATURES

    if feature is not None and feature not in FEATURES:
        raise InvalidRequest(f"Unknown feature {feature!r}: choose {', '.join(FEATURES)}")
    if page in detail_shots.DETAIL_PAGES and not card:
        raise InvalidRequest(f"--page {page} needs --card CARD (its slug or name)")
    deck_text = deck_shots.read_deck(deck, page)
    scan_shots.check(page, photos)
    check_target(out)  # a folder or device named: refused before the window is drawn
    if not os.environ.get("QT_QPA_PLATFORM") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from app.gui.kit.theme import dark_palette
    from app.gui.shell.app import app_icon, create_application
    from app.gui.shell.main_window import MainWindow

    app = create_application()
    palette = app.palette()
    app.setPalette(dark_palette() if theme == "dark" else app.style().standardPalette())
    window = MainWindow(services, settings=None, icon=app_icon(), dialogs=False)
    window.resize(*size)
    window.show()
    window.browser.set_search_options(per, sort, descending)
    window.set_query(query)
    wait_until(lambda: not window.controller.searching and (
        window.model.query == query or _rejected(window, query)), TIMEOUT_S)
    if card:
        window.select_card(card)
    if page == "thema" and edition:
        window.show_thema(edition)
    elif page in detail_shots.DETAIL_PAGES:
        detail_shots.prepare(window, page, size)
    elif page == "scan" and photos is not None:
        scan_shots.prepare(window, photos, size)
    else:
        window.show_page("decks" if page == "banlist" else page)
    if page == "decks":
        deck_shots.prepare(window.decks, deck_text, deck.stem if deck else "", TIMEOUT_S)
    if page == "banlist":
        deck_shots.prepare_banlist(window.decks, TIMEOUT_S)
    settled = (lambda: _settled(window, query)) if page == "search" else (
        lambda: _page_settled(window, page))
    if page in detail_shots.DETAIL_PAGES:
        settled = lambda: detail_shots.settle(window, page, card or "", edition)  # noqa: E731
    if page == "scan":
        settled = lambda: scan_shots.settled(window)  # noqa: E731
    if not wait_until(settled, TIMEOUT_S):
        log.warning("screenshot: the window did not settle within %.0f s", TIMEOUT_S)
        print("archivist: warning: not everything was loaded in time", file=sys.stderr)
    floating = []
    if feature is not None:
        from app.gui.devtools import feature_shots

        floating = feature_shots.stage(window, feature)
    wait_until(lambda: False, 0.1)  # let the last repaints land
    if floating:
        shot = feature_shots.compose(window, floating)
    elif page == "scan":
        shot = scan_shots.grab(window)
    else:
        shot = detail_shots.grab(window, page) if page in detail_shots.DETAIL_PAGES \
            else window.grab()
    png = png_bytes(shot)
    if page == "decks" and deck_text is not None:
        deck_shots.discard(window.decks)
    window.close()
    window.shutdown()
    window.deleteLater()
    app.processEvents()
    app.setPalette(palette)
    write_bytes(out, png)  # whole or not at all; a folder or device named is refused
    return 0
