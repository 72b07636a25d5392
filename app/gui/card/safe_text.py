"""A read-only rich-text block that never loads anything and only follows internal links.

:class:`SafeText` is a ``QTextBrowser`` that

* never opens links itself (``openLinks`` and ``openExternalLinks`` off): a click on an
  ``archivist:`` link emits :attr:`SafeText.linkActivated` with the URL text, any other
  link is ignored;
* answers every resource request (``<img src>``, style sheets) with nothing, whatever the
  URL (``http:``, ``https:``, ``file:``, relative) — so HTML can never reach the network
  or the disk; the refused URLs are kept in :attr:`SafeText.refused` (the last few) and
  logged;
* is as tall as its text (no scroll bars of its own) so it sits in the pane's scroll area.
"""

from __future__ import annotations

import logging
from collections import deque

from PySide6.QtCore import QSize, QSizeF, Qt, QUrl, Signal, Slot
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QFrame, QSizePolicy, QTextBrowser, QWidget

from app.gui.card.detail_html import SCHEME
from app.safetext import escape_controls

log = logging.getLogger("app.gui")


class SafeText(QTextBrowser):
    """A rich-text block as tall as its content; see the module doc for the safety rules.

    Signals:
        linkActivated(str): an internal (``archivist:``) link was clicked; the URL text.

    Args:
        object_name: the Qt object name (for tests and style sheets).
        parent: the owning widget.
    """

    linkActivated = Signal(str)

    def __init__(self, object_name: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(object_name)
        self.refused: deque[str] = deque(maxlen=20)
        self._html = ""
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self.setReadOnly(True)
        self.setUndoRedoEnabled(False)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.viewport().setAutoFillBackground(False)
        self.setAutoFillBackground(False)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Base, Qt.GlobalColor.transparent)
        self.setPalette(palette)
        self.document().setDocumentMargin(0)
        self.document().documentLayout().documentSizeChanged.connect(self._fit)
        self.anchorClicked.connect(self._on_anchor)

    def text(self) -> str:
        """The HTML last given to :meth:`set_html` (as ``QLabel.text()`` would give)."""
        return self._html

    def set_html(self, html_text: str, css: str = "") -> None:
        """Show ``html_text`` (a fragment), styled with ``css`` (see ``detail_html.stylesheet``);
        control and bidirectional-override characters in it are shown as ``\\uXXXX``
        (:func:`app.safetext.escape_controls`: markup holds none, so only text changes)."""
        html_text = escape_controls(html_text)
        self._html = html_text
        self.document().setDefaultStyleSheet(css)
        self.setHtml(html_text)
        self._fit(self.document().size())

    def loadResource(self, kind: int, url: QUrl | str) -> object:
        """Refuse every resource: the HTML here never loads anything (returns None)."""
        text = url.toString() if isinstance(url, QUrl) else str(url)
        self.refused.append(text)
        log.debug("refused a %s resource request in the detail pane: %s", kind, text)
        return None

    def sizeHint(self) -> QSize:
        """As wide as the layout gives, as tall as the text."""
        return QSize(super().sizeHint().width(), self.height())

    def minimumSizeHint(self) -> QSize:
        """Narrow, and as tall as the text."""
        return QSize(60, self.height())

    @Slot(QSizeF)
    def _fit(self, size: QSizeF) -> None:
        height = int(size.height() + 0.999) + 2 * self.frameWidth()
        if height != self.height() or self.minimumHeight() != height:
            self.setFixedHeight(height)

    @Slot(QUrl)
    def _on_anchor(self, url: QUrl) -> None:
        if url.scheme() == SCHEME:
            self.linkActivated.emit(url.toString())
        else:
            log.info("ignored a link that is not internal: %s", url.toString())
