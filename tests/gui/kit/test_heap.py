"""Freezing the start-up heap (app/gui/kit/heap.py)."""

from __future__ import annotations

import gc

from app.gui.kit.heap import freeze_long_lived


def test_the_heap_is_frozen_once_and_later_objects_are_still_collected() -> None:
    freeze_long_lived()  # (a window of an earlier test may have frozen it already)
    assert gc.get_freeze_count() > 0
    assert freeze_long_lived() is False  # once per process

    class Node:
        def __init__(self) -> None:
            self.me = self  # a cycle: only the collector frees it

    before = gc.get_freeze_count()
    Node()
    assert gc.collect() >= 1  # made after the freeze: collected as before
    assert gc.get_freeze_count() == before
