"""The main window: the tabs, the menus and the status bar over the catalogue.

The Search tab and its flow (controller ↔ browser ↔ detail pane ↔ result count) are
:class:`~app.gui.shell.search_wiring.SearchWiring`'s (``self.search_wiring``); thumbnails: the
delegate asks the model, the model asks the provider (worker) → ``ready(key)`` →
``dataChanged`` of that one row.

Pages are tabs (Ctrl+1…5, :func:`~app.gui.shell.pages.build_tabs`): Search (the browsing or
first-run page), Featured sets, Thema, Decks and Changes.
``SetsPage.setRequested(prefix)`` → :meth:`MainWindow.show_set` (searches ``s:"PREFIX"``);
:meth:`MainWindow.show_thema` (a slot) opens an edition's Thema chart.

File ▸ Sync now / Settings… and the status-bar sync indicator belong to
:class:`~app.gui.sync.controller.SyncController` (``self.sync``; the File menu is assembled by
:func:`~app.gui.shell.file_menu.build_file_menu`); its ``applied`` signal →
:meth:`MainWindow.refresh_catalogue`. File ▸ Export…, Copy image (Ctrl+C), dragging images
out and Help ▸ About belong to :class:`~app.gui.export.actions.ExportActions` (``self.export``),
which sees the grid, results and detail pane only through a
:class:`~app.gui.shell.window_selection.WindowSelection`.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QSettings, QSize, Qt, QThreadPool, QTimer, Signal, Slot
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QIcon,
    QKeySequence,
    QPaintEvent,
    QShortcut,
)
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu, QWidget

from app.gui.kit.early_use import EarlyUse
from app.gui.kit.settings_file import restore_geometry
from app.gui.kit.status_bar import ElidingStatusBar

if TYPE_CHECKING:  # the pages are imported when first shown, the rest by open_catalogue
    from pathlib import Path

    from app.bootstrap import Application
    from app.gui.card.gallery import GalleryDialog
    from app.gui.changes.page import ChangesPage
    from app.gui.collection.page import CollectionPage
    from app.gui.decks.page import DecksPage
    from app.gui.export.actions import ExportActions
    from app.gui.meta.page import MetaPage
    from app.gui.sets.page import SetsPage
    from app.gui.shell.collection_actions import CollectionActions
    from app.gui.shell.deck_actions import DeckActions
    from app.gui.shell.first_run import FirstRunPage
    from app.gui.shell.menus import WindowMenus
    from app.gui.thema.page import ThemaPage

THUMB_SIZE = QSize(146, 204)
MINIMUM_SIZE = QSize(720, 520)
"""The window's least size: the grid keeps two columns, the filter panel folds away."""
PAGES = ("search", "sets", "thema", "decks", "changes", "collection", "meta")
"""The window's pages, in tab order (Ctrl+1, Ctrl+2, …)."""


class MainWindow(QMainWindow):
    """Archivist's window over ``services.catalogue``.

    It opens in two steps so that it shows at once: the frame (title, menu bar,
    status bar, "Opening catalogue…", the remembered geometry) needs nothing but Qt;
    :meth:`open_catalogue` then imports the search stack and builds the pages. Given
    ``services``, the constructor takes both steps; given None, :func:`~app.gui.shell.app.
    run_window` calls :meth:`open_catalogue` once the frame has been painted
    (:attr:`framePainted`).

    Signals:
        framePainted(): once, after the window's first paint (the frame, or the whole
            window when it was built at once).
        firstPainted(): once, when the catalogue's first answer (the results of the first
            search, or the first-run page for an empty catalogue) has been painted.

    Args:
        services: from :func:`app.bootstrap.build`; None: the frame only, until
            :meth:`open_catalogue`.
        settings: where geometry, splitter sizes and the last query persist; None keeps
            nothing (screenshots).
        icon: the window icon.
        dialogs: show unexpected errors in a dialog (off for screenshots).
    """

    framePainted = Signal()
    firstPainted = Signal()

    def __init__(self, services: Application | None, settings: QSettings | None = None,
                 icon: QIcon | None = None, dialogs: bool = True) -> None:
        super().__init__()
        self._settings, self._dialogs, self._icon = settings, dialogs, icon
        self._services: Application | None = None
        self._closed = self._frame_painted = self._rest_built = False
        self._early: EarlyUse | None = None
        self._export: ExportActions | None = None
        self._deck_actions: DeckActions | None = None
        self._collection_actions: CollectionActions | None = None
        self._menus: WindowMenus | None = None
        self.setWindowTitle("Archivist")
        self.setMinimumSize(MINIMUM_SIZE)
        self.file_menu = self.menuBar().addMenu("&File")
        self.setCentralWidget(QLabel("Opening catalogue…", alignment=Qt.AlignmentFlag.AlignCenter))
        self.setStatusBar(ElidingStatusBar())
        restore_geometry(settings, self)
        if services is not None:
            self.open_catalogue(services)

    @property
    def opened(self) -> bool:
        """True once :meth:`open_catalogue` has built the window over a catalogue."""
        return self._services is not None

    def open_catalogue(self, services: Application, defer: bool = False) -> None:
        """Build the pages, menus and workers over ``services`` and ask for the counts and
        the first results (once; the constructor calls it when given the services).

        With ``defer`` (the real start, :func:`~app.gui.shell.app.run_window`), only what
        the first paint shows is built now: the Search page (its detail pane empty), the
        tabs and their shortcuts, the File menu and the sync indicator, and the other menus'
        titles. The rest — the detail pane's card widgets, the gallery, the Edit, Go, View
        and Help entries, the context menus, export, copy, drag and deck actions — is built
        right after the first paint, or at once when a key is pressed, a mouse
        button pressed or a menu opened before that, so that nothing behaves differently.
        """
        if self._services is not None:
            return
        from app.gui.kit.heap import freeze_long_lived
        from app.gui.kit.thumbnails import ThumbnailProvider
        from app.gui.shell.file_menu import build_file_menu
        from app.gui.shell.first_paint import FirstPaintWatch
        from app.gui.shell.pages import build_tabs
        from app.gui.shell.search_wiring import SearchWiring
        from app.gui.shell.window_state import restore_state

        self._services = services
        settings, dialogs, icon = self._settings, self._dialogs, self._icon
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(2)
        self.provider = ThumbnailProvider(services.catalogue.card_image_path,
                                          services.paths.thumbnails,
                                          scale=self.devicePixelRatioF(), parent=self)
        # the Search tab: controller ↔ browser ↔ detail pane ↔ count label, the first run
        wiring = self.search_wiring = SearchWiring(
            services, self.provider, self._pool, services.paths.data, icon or QIcon(),
            THUMB_SIZE, lambda: self.tabs.currentWidget(), self)
        self.controller, self.model, self.detail = wiring.controller, wiring.model, wiring.detail
        self.browser, self.pages = wiring.browser, wiring.pages
        self.search, self.grid = self.browser.search, self.browser.grid
        self.splitter, self.completion = self.browser.splitter, wiring.completion
        self.count_label = wiring.count_label
        self._first_paint = FirstPaintWatch(self.firstPainted.emit, self)
        wiring.answered.connect(self._first_paint.answer)
        self.tabs, self._lazy = build_tabs(self, self.pages, PAGES, self._build_page,
                                           self.show_page)
        self.setCentralWidget(self.tabs)
        self.statusBar().addPermanentWidget(self.count_label)
        self.tabs.currentChanged.connect(  # the result count is the Search page's own
            lambda _index: self.count_label.setVisible(self.current_page() == "search"))
        # File menu: Sync now, (Export…), Settings…, Quit; the sync adds its status indicator.
        self.sync, self.setup = build_file_menu(self, self.file_menu, services,
                                                self._pool, self.refresh_catalogue, settings,
                                                dialogs, services.paths.data)
        # once the first results are painted: the filter options and the badges, then the rest
        self.firstPainted.connect(partial(wiring.load_rest, self._on_failed))
        self.firstPainted.connect(self.sync.start_up)
        if dialogs:  # the daily backup of the decks and collection files (not for a screenshot)
            self.firstPainted.connect(partial(_back_up_daily, self._pool, services.paths.data))
        self.browser.images_notice.downloadRequested.connect(self.sync.download_images)
        self.controller.failed.connect(self._on_failed)
        wiring.when_first_run_built(lambda page: page.setupRequested.connect(self.setup.request))
        self.detail.themaRequested.connect(self.show_thema)  # the detail pane's Thema links
        for title in ("&Edit", "&Go", "&View", "&Help"):  # filled by _build_rest
            self.menuBar().addMenu(title)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Find), self, self._find)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self._escape)
        self.grid.painted.connect(self._first_paint.paint_seen)  # not viewport(): see CardGrid
        for watched in self._lazy.values():
            self._first_paint.watch(watched)
        wiring.when_first_run_built(self._first_paint.watch)

        restore_state(settings, self.browser, self.tabs)
        if defer:
            self._early = EarlyUse(self, self._build_rest)
            for action in self.menuBar().actions():
                menu = action.menu()
                if isinstance(menu, QMenu):
                    menu.aboutToShow.connect(self._build_rest)
            self.firstPainted.connect(lambda: QTimer.singleShot(0, self._settle))
        else:
            self._build_rest()
            self.firstPainted.connect(freeze_long_lived)  # short full GC passes later
        wiring.start()  # the counts and the first results

    def _settle(self) -> None:
        """After the first paint: build the rest, then freeze what lives as long as the
        window (short full collections while scrolling, :mod:`app.gui.kit.heap`)."""
        from app.gui.kit.heap import freeze_long_lived

        self._build_rest()
        freeze_long_lived()

    def _build_rest(self) -> None:
        """Build what the first paint does not show (once; see :meth:`open_catalogue`)."""
        if self._rest_built or self._services is None:
            return
        self._rest_built = True
        if self._early is not None:
            self._early.stop()
        from app.gui.export.actions import ExportActions
        from app.gui.shell.collection_actions import CollectionActions  # − / + and Ctrl+Z
        from app.gui.shell.deck_actions import DeckActions
        from app.gui.shell.menus import WindowMenus
        from app.gui.shell.window_selection import WindowSelection

        services, icon = self._services, self._icon
        self.detail.ensure_built()
        self._collection_actions = CollectionActions(
            self.detail, services.collection, self._pool, self.statusBar(),
            self._collection_changed, self._on_failed, self.model.set_owned)
        if self.first_painted:
            self._collection_actions.load_badges()
        else:
            self.firstPainted.connect(self._collection_actions.load_badges)
        # File ▸ Export…, Copy image (Ctrl+C) and drag out of the grid, the detail pane's
        # editions and the gallery; Help ▸ About Archivist
        self._export = ExportActions(
            self, WindowSelection(self.browser, self.grid, self.model, self.detail),
            services.catalogue, services.export,
            grid=self.grid, edition_views=(self.detail.editions, self.gallery.view),
            api=lambda: self.sync.prefs.api_url, about=partial(_open_about, self, icon))
        self._deck_actions = DeckActions(self, self.grid, self.model, lambda: self.decks,
                                         self._export, self.statusBar())
        self._deck_actions.add_action.triggered.connect(self.add_current_to_deck)
        # Go, Edit and Help ▸ Search syntax menus, right-click menus, Ctrl+E in the search field
        self._menus = WindowMenus(self, self)
        if self.page_built("thema"):  # restored as the page shown before the menus
            self._menus.attach_thema(self.thema.table)

    @property
    def rest_built(self) -> bool:
        """True once the menus' entries, the actions and the card widgets are built."""
        return self._rest_built

    @property
    def first_run(self) -> FirstRunPage:
        """The Search tab's page for an empty catalogue (built when first needed)."""
        return self.search_wiring.first_run

    @property
    def gallery(self) -> GalleryDialog:
        """The gallery of a card's editions (built on first use)."""
        return self.search_wiring.gallery

    @property
    def export(self) -> ExportActions:
        """File ▸ Export…, Copy image, drag out and Help ▸ About (see the module's notes)."""
        self._build_rest()
        return cast("ExportActions", self._export)

    @property
    def deck_actions(self) -> DeckActions:
        """Add to deck (Ctrl+D on the grid) and a deck's export."""
        self._build_rest()
        return cast("DeckActions", self._deck_actions)

    @property
    def add_to_deck_action(self) -> QAction:
        """Edit ▸ Add to deck (the grid's Ctrl+D)."""
        return self.deck_actions.add_action

    @property
    def collection_actions(self) -> CollectionActions:
        """The detail pane's − / + and Ctrl+Z on the collection."""
        self._build_rest()
        return cast("CollectionActions", self._collection_actions)

    @property
    def menus(self) -> WindowMenus:
        """The Edit, Go, View and Help entries and the right-click menus."""
        self._build_rest()
        return cast("WindowMenus", self._menus)

    @property
    def sets(self) -> SetsPage:
        """The Featured sets page (built on first access or first show)."""
        return cast("SetsPage", self._lazy["sets"].page())

    @property
    def thema(self) -> ThemaPage:
        """The Thema page (built on first access or first show)."""
        return cast("ThemaPage", self._lazy["thema"].page())

    @property
    def decks(self) -> DecksPage:
        """The Decks page (built on first access or first show)."""
        return cast("DecksPage", self._lazy["decks"].page())

    @property
    def changes(self) -> ChangesPage:
        """The Changes page (built on first access or first show)."""
        return cast("ChangesPage", self._lazy["changes"].page())

    @property
    def collection(self) -> CollectionPage:
        """The Collection page (built on first access or first show)."""
        return cast("CollectionPage", self._lazy["collection"].page())

    @property
    def meta(self) -> MetaPage:
        """The Meta page (built on first access or first show)."""
        return cast("MetaPage", self._lazy["meta"].page())

    def _collection_changed(self) -> None:
        """The card page changed the collection: the Collection page reads it again."""
        if self.page_built("collection") and self.collection.view is not None:
            self.collection.refresh()
        if self.page_built("decks"):
            self.decks.need.refresh()

    def page_built(self, name: str) -> bool:
        """True once the page ``name`` (see :data:`PAGES`) exists; Search always does."""
        return name == "search" or self._lazy[name].built

    def _build_page(self, name: str) -> QWidget:
        """Import, build and wire the page ``name`` (the first time it is needed)."""
        from app.gui.shell.pages import build_page

        page = build_page(self, name, THUMB_SIZE)
        self._first_paint.watch(page)
        return page

    @property
    def first_painted(self) -> bool:
        """True once :attr:`firstPainted` was emitted."""
        return self.opened and self._first_paint.painted

    def run_search(self) -> None:
        """Search for the search field's text now."""
        self.browser.submit_query()

    @Slot()
    def refresh_catalogue(self) -> None:
        """Show the catalogue anew (a sync swapped it in): counts, the current search, the
        card shown, and the Featured sets and Thema pages once they were loaded."""
        self.provider.forget_missing()  # images the sync stored show up now
        self.search_wiring.refresh(self._on_failed)
        for name in PAGES[1:]:
            if self.page_built(name):
                page = getattr(self, name)
                if page.loaded:
                    page.reload()

    def load_badges(self) -> None:
        """Mark the tiles of cards the latest revision added or changed (in the pool)."""
        if self._services is not None:  # the frame only: open_catalogue loads them
            self.search_wiring.load_badges(self._on_failed)

    def set_query(self, text: str) -> None:
        """Type ``text`` into the search field and search at once."""
        self.search.setText(text)
        self.browser.submit_query()

    def show_page(self, name: str) -> None:
        """Show the page ``name``: ``search``, ``sets``, ``thema`` or ``decks`` (see
        :data:`PAGES`)."""
        self.tabs.setCurrentIndex(PAGES.index(name))

    def current_page(self) -> str:
        """The name of the page shown (see :data:`PAGES`)."""
        return PAGES[self.tabs.currentIndex()]

    @Slot(str)
    def show_set(self, prefix: str) -> None:
        """Show the cards of the set ``prefix``: the search page, searching ``s:"PREFIX"``."""
        self.show_page("search")
        self.set_query(f's:"{prefix}"')

    @Slot(str)
    @Slot(str, str)
    def show_thema(self, edition_uuid: str, kind: str | None = None) -> None:
        """Show the Thema page with the history chart of ``edition_uuid`` (its ``kind``,
        ``FOIL`` or ``NONFOIL``, when given; else the kind of its ranking row)."""
        self.show_page("thema")
        self.thema.show_edition(edition_uuid, kind)

    @Slot()
    def add_current_to_deck(self) -> None:
        """Add the current search tile's card (its edition, per edition) to the deck open
        on the Decks page (a new deck when none is)."""
        self.deck_actions.add_current()

    @Slot(str)
    def open_card(self, slug: str) -> None:
        """Show the card ``slug`` on the search page (from another page, e.g. Thema)."""
        self.show_page("search")
        self.select_card(slug)

    def select_card(self, slug: str) -> None:
        """Select the tile of ``slug`` and show its detail (loaded even when not a hit)."""
        self.search_wiring.select_card(slug)

    def save_state(self) -> None:
        """Write geometry, splitter sizes, the page and the query to the settings (if any;
        nothing before :meth:`open_catalogue`)."""
        from app.gui.shell.window_state import save_state

        if self._settings is not None and self.opened:
            save_state(self._settings, self, self.browser, self.tabs,
                       self.thema.splitter if self.page_built("thema") else None)

    def shutdown(self) -> None:
        """Stop the workers and wait for them (idempotent; :meth:`closeEvent` calls it)."""
        if self._closed:
            return
        self._closed = True
        if not self.opened:  # the frame only: no workers yet
            return
        self.sync.shutdown()
        if self.search_wiring.gallery_built:
            self.gallery.shutdown()
        if self.page_built("decks"):
            self.decks.shutdown()
        if self.page_built("collection"):
            self.collection.shutdown()  # a scan of photos stops after the image in hand
        if self._export is not None:
            self._export.shutdown()
        self.browser.stop()
        self.provider.shutdown()
        self._pool.clear()
        self._pool.waitForDone()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Remember the window state and stop the workers."""
        if not self._closed:
            self.save_state()
        self.shutdown()
        super().closeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        """After the window's first paint, emit :attr:`framePainted` (once)."""
        super().paintEvent(event)
        if not self._frame_painted:
            self._frame_painted = True
            QTimer.singleShot(0, self.framePainted.emit)

    @Slot()
    def _find(self) -> None:
        self.show_page("search")
        self.browser.focus_search()

    @Slot()
    def _escape(self) -> None:
        if self.current_page() == "search":  # other pages keep the query as it is
            self.browser.escape()

    @Slot(str, object)
    def _on_failed(self, what: str, error: object) -> None:
        from app.errors import ArchivistError
        from app.gui.kit.failures import report_failure

        if what == "card" and isinstance(error, ArchivistError):
            self.detail.show_message(error.message)
        report_failure(self, what, error, self._dialogs)


def _open_about(parent: QWidget, icon: QIcon | None, api_url: str | None,
                counts: dict[str, int]) -> object:
    """Help ▸ About Archivist (its module loads on first use)."""
    from app.gui.shell.about_dialog import open_about

    return open_about(parent, icon, api_url, counts)


def _back_up_daily(pool: QThreadPool, data: Path) -> None:
    """Start the daily backup (after the first paint: it need not compete with the first
    results; its module loads then)."""
    from app.gui.shell.backups_dialog import start_daily_backups

    start_daily_backups(pool, data)
