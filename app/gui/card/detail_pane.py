"""The detail pane: everything the catalogue holds about the selected card.

Top to bottom: Back/Forward and Gallery buttons; name and type line; facts; the effect box;
flavor; legality, rules and errata, references and referenced-by (:class:`SafeText` blocks,
see :mod:`app.gui.card.safe_text` for why HTML here can load nothing); the editions list; the
selected edition (:class:`~app.gui.card.edition_panel.EditionPanel`).

Navigation works like a browser: a click on a reference emits ``cardRequested(slug)``; the
window loads the card and calls :meth:`DetailPane.show_detail`, which records it in the
:class:`~app.gui.card.navigation.Navigation`. Back and Forward (the buttons, Alt+Left /
Alt+Right, the mouse's back and forward buttons) move through it and emit ``cardRequested``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QItemSelection, Qt, Signal, Slot
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QLabel, QScrollArea, QStackedWidget, QVBoxLayout, QWidget

from app.gui.card.detail_nav import DetailNav
from app.gui.kit.thumbnails import ThumbnailProvider, ThumbState

if TYPE_CHECKING:  # the card's widgets are built (and imported) when first needed
    from app.gui.card.card_view import CardView
    from app.gui.card.edition_list import EditionList, EditionModel
    from app.gui.card.edition_panel import EditionPanel
    from app.gui.card.owned_controls import OwnedControls
    from app.gui.card.safe_text import SafeText
    from app.gui.kit.detail_data import CardDetail

_DONE = (ThumbState.READY, ThumbState.MISSING)


class DetailPane(QWidget):
    """Shows one :class:`CardDetail`, or a message when no card is shown.

    Signals:
        cardRequested(str): show the card with this slug (a reference, Back or Forward).
        themaRequested(str, str): show the Thema chart of this edition uuid and kind
            (``FOIL`` or ``NONFOIL``).
        galleryRequested(object, int): show the gallery of this :class:`CardDetail`; the int
            is the edition row to show large, or -1 for the whole gallery (its current tile
            is then :meth:`current_edition`).
        ownedChangeRequested(str, bool, int): add (+1) or remove (−1) a copy of this edition
            uuid, foil or not, in the collection (− and +, or the ``+``/``-`` keys).
        undoRequested(): Ctrl+Z: undo the collection's latest change.

    Args:
        provider: the thumbnail provider shared with the grid (edition images).
        parent: the owning widget.
    """

    cardRequested = Signal(str)
    themaRequested = Signal(str, str)
    galleryRequested = Signal(object, int)
    ownedChangeRequested = Signal(str, bool, int)
    undoRequested = Signal()

    def __init__(self, provider: ThumbnailProvider, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._detail: CardDetail | None = None
        self._provider = provider
        self._parts: _Parts | None = None
        self.nav = DetailNav(self)
        self.history = self.nav.history
        self.back_button, self.forward_button = self.nav.back_button, self.nav.forward_button
        self.gallery_button = self.nav.gallery_button
        self._hint = QLabel("Select a card to see its details.")
        self._hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._hint.setWordWrap(True)
        self._hint.setObjectName("detailHint")
        self._css = ""
        self.stack = QStackedWidget()
        self.stack.addWidget(self._hint)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.nav)
        column.addWidget(self.stack, 1)
        self.setMinimumWidth(300)
        self.nav.cardRequested.connect(self.cardRequested)
        undo = QShortcut(QKeySequence.StandardKey.Undo, self, self.undoRequested.emit)
        undo.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.nav.galleryRequested.connect(self.open_gallery)
        self.nav.watch([self, *self.findChildren(QWidget)])

    def ensure_built(self) -> None:
        """Build the card's widgets (texts, editions list, edition panel, owned counts)
        unless built: the pane shows only its hint until a card is shown, so the window
        builds them after its first paint or when they are first needed."""
        if self._parts is None:
            self._parts = _Parts(self, self._provider)
            self.nav.watch([self._parts.scroll, *self._parts.scroll.findChildren(QWidget)])
            self._restyle()

    def _built(self) -> _Parts:
        self.ensure_built()
        assert self._parts is not None
        return self._parts

    @property
    def card(self) -> CardView:
        """The card's name, type line, facts, effect, flavor and sections."""
        return self._built().card

    @property
    def name(self) -> QLabel:
        """The card's name."""
        return self.card.name

    @property
    def type_line(self) -> QLabel:
        """The card's type line."""
        return self.card.type_line

    @property
    def facts(self) -> SafeText:
        """The card's facts (cost, power, …)."""
        return self.card.facts

    @property
    def effect(self) -> SafeText:
        """The card's effect box."""
        return self.card.effect

    @property
    def flavor(self) -> SafeText:
        """The card's flavor text."""
        return self.card.flavor

    @property
    def sections(self) -> SafeText:
        """Legality, rules and errata, references, history."""
        return self.card.sections

    @property
    def editions_title(self) -> QLabel:
        """"N editions" above the editions list."""
        return self._built().editions_title

    @property
    def edition_model(self) -> EditionModel:
        """The editions list's model."""
        return self._built().edition_model

    @property
    def editions(self) -> EditionList:
        """The card's editions list."""
        return self._built().editions

    @property
    def edition_panel(self) -> EditionPanel:
        """The selected edition's image and facts."""
        return self._built().edition_panel

    @property
    def owned(self) -> OwnedControls:
        """The − / + counts of the selected edition in the collection."""
        return self._built().owned

    @property
    def content(self) -> QWidget:
        """The card's texts, editions and edition (inside :attr:`scroll_area`)."""
        return self._built().content

    @property
    def slug(self) -> str | None:
        """The slug of the card shown, or None."""
        return self._detail.slug if self._detail is not None else None

    @property
    def scroll_area(self) -> QScrollArea:
        """The scroll area around :attr:`content` (the card's texts, editions and edition)."""
        return self._built().scroll

    @property
    def detail(self) -> CardDetail | None:
        """The card shown, or None."""
        return self._detail

    def show_detail(self, detail: CardDetail, edition_uuid: str = "") -> None:
        """Show this card (recorded in the history; edition images are requested).

        Args:
            detail: the card.
            edition_uuid: the edition to select (the one the user picked in the grid);
                "" or unknown: the first edition with a stored image, else the first.
        """
        self._detail = detail
        self.nav.visit(detail.slug)
        count = len(detail.editions)
        self.editions_title.setText(f"{count} edition" + ("" if count == 1 else "s"))
        self.edition_model.set_editions(detail.editions)
        self.edition_model.set_owned(detail.owned)
        self.card.show_card(detail, self._css)
        if count:
            if not self.select_edition(edition_uuid):
                first = next((row for row, e in enumerate(detail.editions) if e.has_image), 0)
                self.editions.setCurrentIndex(self.edition_model.index(first))
        else:
            self.edition_panel.show_edition(None, detail.name, self._css)
        self.scroll_area.verticalScrollBar().setValue(0)
        self.stack.setCurrentWidget(self.scroll_area)
        self.nav.set_gallery_enabled(bool(detail.editions))

    def set_owned(self, slug: str, owned: dict[str, tuple[int, int]]) -> None:
        """Show the copies owned of the editions of card ``slug`` (uuid → ``(non-foil,
        foil)``), when it is still the card shown."""
        if self._detail is None or self._detail.slug != slug:
            return
        self._detail = replace(self._detail, owned=dict(owned))
        self.edition_model.set_owned(owned)
        self._show_owned()

    def _show_owned(self) -> None:
        row = self.current_edition()
        editions = self._detail.editions if self._detail is not None else []
        if 0 <= row < len(editions):
            self.owned.show_counts(editions[row].uuid, self.edition_model.owned(row))
        else:
            self.owned.show_counts("", (0, 0))

    def _count_key(self, row: int, foil: bool, delta: int) -> None:
        editions = self._detail.editions if self._detail is not None else []
        if 0 <= row < len(editions):
            plain, shiny = self.edition_model.owned(row)
            if delta > 0 or (shiny if foil else plain) > 0:
                self.ownedChangeRequested.emit(editions[row].uuid, foil, delta)

    def select_edition(self, edition_uuid: str) -> bool:
        """Select the edition ``edition_uuid`` of the card shown (its panel below the list);
        False when the card shown has no such edition (nothing changes)."""
        editions = self._detail.editions if self._detail is not None else []
        row = next((r for r, e in enumerate(editions) if edition_uuid and e.uuid == edition_uuid),
                   None)
        if row is None:
            return False
        self.editions.setCurrentIndex(self.edition_model.index(row))
        return True

    def current_edition(self) -> int:
        """The row of the selected edition in the card's editions, or -1."""
        if self._detail is None or self._parts is None:
            return -1
        rows = self.editions.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    def show_message(self, text: str) -> None:
        """Show a message instead of a card (nothing selected, card not found)."""
        self._detail = None
        self._hint.setText(text)
        if self._parts is not None:
            self.edition_model.set_editions([])
            self.edition_panel.show_edition(None, "", self._css)
        self.stack.setCurrentWidget(self._hint)
        self.nav.leave()
        self.nav.set_gallery_enabled(False)

    def settled(self) -> bool:
        """True when a card is shown and all its edition images are made or known missing."""
        if self._detail is None:
            return False
        model = self.edition_model
        return self.edition_panel.image.state() in _DONE and all(
            model.thumb_state(row) in _DONE for row in range(model.rowCount()))

    @Slot()
    def back(self) -> None:
        """Go back to the card shown before (emits cardRequested); nothing at the start."""
        self.nav.back()

    @Slot()
    def forward(self) -> None:
        """Go forward again (emits cardRequested); nothing at the newest card."""
        self.nav.forward()

    @Slot()
    def open_gallery(self, row: int = -1) -> None:
        """Ask for the gallery of the card shown (``row`` ≥ 0: that edition large)."""
        if self._detail is not None and self._detail.editions:
            self.galleryRequested.emit(self._detail, row if row >= 0 else -1)

    def changeEvent(self, event: QEvent) -> None:
        """Follow a palette change (light ↔ dark): new colours for every text."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._restyle()

    def _restyle(self) -> None:
        if self._parts is None:  # built later, in this palette
            return
        from app.gui.card.detail_style import pane_css

        self._css = pane_css(self.palette())
        self.card.restyle(self.palette())
        self.edition_panel.restyle(self._css)
        if self._detail is not None:
            self.card.show_card(self._detail, self._css)

    @Slot(str)
    def _on_link(self, url: str) -> None:
        from app.gui.card.detail_html import parse_link

        target = parse_link(url)
        if target is None:
            return
        what, args = target
        if what == "card":
            self.cardRequested.emit(args[0])
        else:
            self.themaRequested.emit(args[0], args[1])

    @Slot(QItemSelection, QItemSelection)
    def _on_edition_selected(self, _selected: QItemSelection, _deselected: QItemSelection
                             ) -> None:
        rows = self.editions.selectionModel().selectedRows()
        detail = self._detail
        if detail is None or not rows or not 0 <= rows[0].row() < len(detail.editions):
            return
        self.edition_panel.show_edition(detail.editions[rows[0].row()], detail.name, self._css)
        self._show_owned()


class _Parts:
    """The widgets that show a card, built into ``pane``'s stack on first need."""

    def __init__(self, pane: DetailPane, provider: ThumbnailProvider) -> None:
        from PySide6.QtWidgets import QFrame

        from app.gui.card.card_view import CardView, plain_label
        from app.gui.card.edition_list import EditionList, EditionModel
        from app.gui.card.edition_panel import EditionPanel
        from app.gui.card.owned_controls import OwnedControls
        from app.gui.kit.card_paint import scaled_font

        self.card = CardView()
        self.editions_title = plain_label("editionsTitle")
        self.editions_title.setFont(scaled_font(pane.font(), 1.1, bold=True))
        self.edition_model = EditionModel(provider, pane)
        self.editions = EditionList(self.edition_model)
        self.edition_panel = EditionPanel(provider)
        self.owned = OwnedControls()
        content = QWidget()
        content.setObjectName("detailContent")
        layout = QVBoxLayout(content)
        layout.setContentsMargins(16, 8, 16, 14)
        layout.setSpacing(8)
        layout.addWidget(self.card)
        layout.addSpacing(6)
        layout.addWidget(self.editions_title)
        layout.addWidget(self.editions)
        layout.addWidget(self.owned)
        layout.addWidget(self.edition_panel)
        layout.addStretch(1)
        self.content = content
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setWidget(content)
        pane.stack.addWidget(self.scroll)
        for links in (self.card, self.edition_panel):
            links.linkActivated.connect(pane._on_link)
        self.editions.selectionModel().selectionChanged.connect(pane._on_edition_selected)
        self.editions.openRequested.connect(pane.open_gallery)
        self.edition_panel.imageClicked.connect(
            lambda: pane.open_gallery(self.editions.currentIndex().row()))
        self.owned.changeRequested.connect(pane.ownedChangeRequested)
        self.editions.countRequested.connect(pane._count_key)
