"""Keep the garbage collector's full passes short once the window is up.

After start-up the Python heap holds ~50,000 tracked objects that live as long as the
process (modules, classes, functions, Qt wrappers of the window). A full collection walks
them all: 13–17 ms of the GUI thread, so a frame it lands in misses 60 Hz. ``gc.freeze``
moves them out of the collector's generations once; objects made later (search results,
thumbnails) are collected as before.

During start-up itself almost nothing made is garbage, yet the default threshold (a young
collection every 700 allocations) ran ~70 collections, ~11 ms of CPU before the first
results were painted: :func:`hold_collections` makes them rare until
:func:`freeze_long_lived` restores the threshold.
"""

from __future__ import annotations

import gc

_frozen = False
_held: tuple[int, int, int] | None = None
START_THRESHOLD = 50_000
"""Allocations between young collections while the window starts (Python's default: 700)."""


def hold_collections() -> None:
    """Collect the young generation only every :data:`START_THRESHOLD` allocations until
    :func:`release_collections` (or :func:`freeze_long_lived`); once per process."""
    global _held
    if _held is None and not _frozen:
        _held = gc.get_threshold()
        gc.set_threshold(START_THRESHOLD, *_held[1:])


def release_collections() -> None:
    """Give the collector back the threshold :func:`hold_collections` found."""
    global _held
    if _held is not None:
        gc.set_threshold(*_held)
        _held = None


def freeze_long_lived() -> bool:
    """Move every object alive now out of the collector's reach (once per process).

    Call it when start-up is over (the window's first results painted). Returns True when
    this call froze the heap, False when an earlier one did.
    """
    global _frozen
    release_collections()
    if _frozen:
        return False
    _frozen = True
    gc.collect()  # what is garbage now is freed first, not kept for ever
    gc.freeze()
    return True
