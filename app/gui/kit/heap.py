"""Keep the garbage collector's full passes short once the window is up (issue 16).

After start-up the Python heap holds ~50,000 tracked objects that live as long as the
process (modules, classes, functions, Qt wrappers of the window). A full collection walks
them all: 13–17 ms of the GUI thread, so a frame it lands in misses 60 Hz. ``gc.freeze``
moves them out of the collector's generations once; objects made later (search results,
thumbnails) are collected as before.
"""

from __future__ import annotations

import gc

_frozen = False


def freeze_long_lived() -> bool:
    """Move every object alive now out of the collector's reach (once per process).

    Call it when start-up is over (the window's first results painted). Returns True when
    this call froze the heap, False when an earlier one did.
    """
    global _frozen
    if _frozen:
        return False
    _frozen = True
    gc.collect()  # what is garbage now is freed first, not kept for ever
    gc.freeze()
    return True
