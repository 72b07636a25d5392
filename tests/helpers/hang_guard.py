"""Run work that may hang (a reader on a FIFO, a copy into a locked database) so that a
regression fails its test instead of hanging the suite."""

from __future__ import annotations

import threading
from collections.abc import Callable


def within(seconds: float, work: Callable[[], object]) -> BaseException | None:
    """Run ``work`` in a daemon thread and return what it raised (None: nothing).

    Raises:
        AssertionError: ``work`` is still running after ``seconds`` (it would hang).
    """
    raised: list[BaseException | None] = [None]

    def run() -> None:
        try:
            work()
        except BaseException as exc:  # handed to the test
            raised[0] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still running after {seconds} s: it would hang"
    return raised[0]
