"""The catalogue's history as patch notes: pure logic over two versions of a card.

:func:`~app.history.diff.card_notes` compares two versions of a Card object and says what
changed in words, grouped as :data:`app.model.history.GROUPS`; :func:`~app.history.words.
word_diff` is the word-level diff of errata. No I/O, no store: the store keeps the versions
(:mod:`app.store.history.revisions`), the catalogue puts both together.
"""

from app.history.diff import card_notes, content_equal, summary
from app.history.words import word_diff

__all__ = ["card_notes", "content_equal", "summary", "word_diff"]
