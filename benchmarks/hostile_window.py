"""A probe of :mod:`benchmarks.hostile_cases`: open the window over a data folder, show one
page, wait up to 10 seconds for it to settle, and print every text the page shows.

Run: ``python -m benchmarks.hostile_window DATA collection|decks`` (offscreen Qt).
"""

from __future__ import annotations

import sys
import time

from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QTextEdit, QWidget

from app.bootstrap import build
from app.gui.shell.app import create_application, create_main_window

WAIT = 10.0
"""Seconds the page gets to show what it read (a page still reading then has hung)."""


def shown_texts(page: QWidget) -> list[str]:
    """The texts of the visible labels, text views and buttons of ``page``."""
    texts = []
    for widget in page.findChildren(QWidget):
        if not widget.isVisible():
            continue
        if isinstance(widget, QLabel | QAbstractButton):
            texts.append(widget.text())
        elif isinstance(widget, QTextEdit):
            texts.append(widget.toPlainText())
    return [t for t in texts if t]


def main() -> int:
    """Show the page; print its texts once it no longer reads (or after :data:`WAIT`)."""
    data, page_name = sys.argv[1], sys.argv[2]
    app = create_application()
    window = create_main_window(build(data, writing=False))
    window.resize(1280, 800)
    window.show()
    window.show_page(page_name)
    deadline = time.monotonic() + WAIT
    page = getattr(window, page_name)
    while time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.05)
        if not any("Reading" in text for text in shown_texts(page)) and \
                time.monotonic() > deadline - WAIT + 3:
            break
    print("\n".join(shown_texts(page)))
    window.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
