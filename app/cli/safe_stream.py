"""Catalogue text reaches the terminal as text, never as control codes.

A card name, uuid or rejected record can hold ``ESC]0;…BEL`` (sets the window title) or
``ESC[2J`` (clears the screen). :class:`SafeStream` wraps ``sys.stdout``/``sys.stderr``
for the run of one command and writes every control character except newline, tab and
carriage return as a visible ``\\uXXXX`` escape (:func:`app.safetext.escape_controls`, which
the window's tables use too), also valid inside a JSON string, so ``--json`` output stays
valid JSON.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

from app.safetext import escape_controls

__all__ = ["SafeStream", "escape_controls", "safe_terminal"]


class SafeStream:
    """A text stream that escapes control characters and delegates everything else.

    Args:
        stream: the stream to write to (its ``buffer`` stays raw, for binary output).
    """

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        """Write ``text`` with its control characters escaped."""
        return self._stream.write(escape_controls(text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextmanager
def safe_terminal() -> Iterator[None]:
    """Wrap ``sys.stdout`` and ``sys.stderr`` in :class:`SafeStream` for the block."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = SafeStream(out), SafeStream(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err
