"""What the commands print in common."""

from __future__ import annotations

import sys
from collections.abc import Sequence

MAX_LISTED_PROBLEMS = 50


def print_problems(problems: Sequence[object], label: str = "rejected") -> None:
    """List rejected records on stderr, at most :data:`MAX_LISTED_PROBLEMS` (the log has all).

    Args:
        problems: :class:`RecordProblem`, :class:`~app.store.guard.Refusal` or text lines.
        label: the word each line starts with (``rejected``, ``kept out``).
    """
    for problem in problems[:MAX_LISTED_PROBLEMS]:
        print(f"{label}: {problem}", file=sys.stderr)
    if len(problems) > MAX_LISTED_PROBLEMS:
        rest = len(problems) - MAX_LISTED_PROBLEMS
        print(f"{label}: … and {rest} more (see the log)", file=sys.stderr)
