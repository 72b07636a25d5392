"""Hand freed heap memory back to the system after a burst of image work.

Decoding a JPEG and rounding it in a worker thread allocates and frees a few hundred
kilobytes in that thread's malloc arena; glibc keeps such freed pages in the process, so
resident memory grows with every thread that made images. :func:`release_free_memory`
asks the C library to return them (``malloc_trim``); elsewhere (macOS, Windows, musl) it
does nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import cast


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    import ctypes  # here: the window starts without it
    import ctypes.util

    name = ctypes.util.find_library("c")
    try:
        return cast("Callable[[int], int]", ctypes.CDLL(name).malloc_trim) if name else None
    except (OSError, AttributeError):  # not glibc
        return None


def release_free_memory() -> bool:
    """Return the heap's free pages to the system; True when the C library could be asked
    (glibc), False otherwise. Takes a few milliseconds; call it when work goes idle."""
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True
