"""``archivist screenshot --page card|gallery``: the detail pane and the gallery of a card.

:func:`settle` drives the window there step by step (it is polled until it returns True):
the card's detail shown with every edition image made (with an edition, that edition
selected); for ``gallery``, then the gallery opened (and with an edition, that edition
large) with its images made. :func:`grab` takes
the picture: for ``card`` the window, at the size asked, with the detail pane widened (the
pane scrolls what does not fit); for ``gallery`` the gallery window or the large view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QPixmap

if TYPE_CHECKING:
    from app.gui.shell.main_window import MainWindow

DETAIL_PAGES = ("card", "gallery")


def prepare(window: MainWindow, page: str, size: tuple[int, int]) -> None:
    """Show the search page; for ``card`` give the detail pane two thirds of the width; for
    ``gallery`` size the gallery (and the large view, to the height) as asked."""
    window.show_page("search")
    width, height = size
    if page == "card":
        window.splitter.setSizes([width // 3, width - width // 3])
    else:
        window.gallery.resize(width, height)
        window.gallery.large.resize(min(width, round(height * 0.66)), height)


def settle(window: MainWindow, page: str, card: str, edition: str | None) -> bool:
    """One step towards the page's final state; True once it is there (poll it)."""
    detail = window.detail
    if window.controller.busy or detail.slug != card or not detail.settled():
        return False
    if page == "card":
        row = gallery_row(window, edition)
        if row >= 0 and detail.editions.currentIndex().row() != row:
            detail.editions.setCurrentIndex(detail.edition_model.index(row))
            return False  # its image may still have to be made
        return True
    gallery = window.gallery
    if not gallery.isVisible():
        row = gallery_row(window, edition)
        detail.open_gallery(row)
        return False
    return gallery.settled()


def gallery_row(window: MainWindow, edition: str | None) -> int:
    """The row of ``edition`` (a uuid or an edition slug) among the card's, or -1."""
    shown = window.detail.detail
    if not edition or shown is None:
        return -1
    for row, info in enumerate(shown.editions):
        if edition in (info.uuid, info.slug):
            return row
    return -1


def grab(window: MainWindow, page: str) -> QPixmap:
    """The picture of ``page`` (see the module doc)."""
    if page == "gallery":
        gallery = window.gallery
        return gallery.large.grab() if gallery.large.isVisible() else gallery.grab()
    return window.grab()
