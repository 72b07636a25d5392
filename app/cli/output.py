"""What the commands print in common."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from app.model import RecordProblem

MAX_LISTED_PROBLEMS = 50


def print_problems(problems: Sequence[RecordProblem | str]) -> None:
    """List rejected records on stderr, at most :data:`MAX_LISTED_PROBLEMS` (the log has all)."""
    for problem in problems[:MAX_LISTED_PROBLEMS]:
        print(f"rejected: {problem}", file=sys.stderr)
    if len(problems) > MAX_LISTED_PROBLEMS:
        rest = len(problems) - MAX_LISTED_PROBLEMS
        print(f"rejected: … and {rest} more (see the log)", file=sys.stderr)
