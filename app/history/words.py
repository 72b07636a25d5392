"""A word-level diff of two texts (errata): which words went, which came."""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

from app.model.history import WordOp

_TOKEN = re.compile(r"\s+|[^\s]+")


def word_diff(old: str, new: str) -> tuple[tuple[WordOp, str], ...]:
    """The word diff of ``old`` → ``new``.

    Words are runs of non-space characters; the spaces between them are kept as pieces of
    their own, so joining the ``same`` and ``removed`` pieces gives ``old`` back and joining
    the ``same`` and ``added`` pieces gives ``new``.

    Returns:
        ``(op, text)`` pieces in reading order, ``op`` one of ``same``, ``removed``,
        ``added``; neighbouring pieces of one op are merged.

    Example:
        >>> word_diff("Draw a card.", "Draw two cards.")
        (('same', 'Draw '), ('removed', 'a card.'), ('added', 'two cards.'))
    """
    a, b = _TOKEN.findall(old), _TOKEN.findall(new)
    pieces: list[tuple[WordOp, str]] = []
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for tag, i1, i2, j1, j2 in _joined(matcher.get_opcodes(), a):
        if tag == "equal":
            _push(pieces, "same", "".join(a[i1:i2]))
            continue
        if i2 > i1:
            _push(pieces, "removed", "".join(a[i1:i2]))
        if j2 > j1:
            _push(pieces, "added", "".join(b[j1:j2]))
    return tuple(pieces)


def changed_words(pieces: tuple[tuple[WordOp, str], ...], op: WordOp) -> list[str]:
    """The words of the pieces of ``op`` (``removed`` or ``added``), in order."""
    return [w for kind, text in pieces if kind == op for w in text.split()]


def _joined(ops: Sequence[tuple[str, int, int, int, int]], a: list[str]
            ) -> list[tuple[str, int, int, int, int]]:
    """The opcodes with a lone space between two changes made part of one change, so
    ``a card`` → ``two cards`` reads as one replacement, not two."""
    out: list[tuple[str, int, int, int, int]] = []
    for index, op in enumerate(ops):
        tag, i1, i2, j1, j2 = op
        inner = 0 < index < len(ops) - 1
        if tag == "equal" and inner and "".join(a[i1:i2]).isspace():
            tag = "replace"
        if out and tag != "equal" and out[-1][0] != "equal":
            p = out.pop()
            op = ("replace", p[1], i2, p[3], j2)
        else:
            op = (tag, i1, i2, j1, j2)
        out.append(op)
    return out


def _push(pieces: list[tuple[WordOp, str]], op: WordOp, text: str) -> None:
    if not text:
        return
    if pieces and pieces[-1][0] == op:
        pieces[-1] = (op, pieces[-1][1] + text)
    else:
        pieces.append((op, text))
