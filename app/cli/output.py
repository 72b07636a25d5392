"""What the commands print in common."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

MAX_LISTED_PROBLEMS = 50
OLD_SHAPE = "last_update: required field is missing"
"""A record without ``last_update`` is of the API's old shape (DOApSP.json's 33)."""


def problem_kind(problem: object, label: str = "rejected") -> str:
    """What kind of problem ``problem`` is, in words (one summary line per kind).

    Args:
        problem: a :class:`RecordProblem`, a :class:`~app.store.write.guard.Refusal` or a text line.
        label: what happened to such records (``rejected``, ``kept out``).
    """
    from app.model import RecordProblem  # loads pydantic: not at `archivist gui`'s start

    if isinstance(problem, RecordProblem):
        found = [f"{problem.field}: {problem.reason}", *problem.more]
        if any(OLD_SHAPE in text for text in found):
            return "legacy records skipped (old shape, no last_update)"
        return f"records skipped ({problem.field}: {problem.reason})"
    if label == "kept out":
        return "records older than the catalogue were kept out"
    field = getattr(problem, "field", None)
    if field is not None:  # a Refusal: the writer would have destroyed another card
        what = "slug" if field == "slug" else "edition uuid"
        return f"records refused (their {what} belongs to another card)"
    return "invalid records"


def summary_lines(problems: Sequence[object], command: str, log_file: Path | None = None,
                  label: str = "rejected") -> list[str]:
    """One line per kind of problem: ``33 legacy records skipped (old shape, no last_update)
    in DOApSP.json — details: archivist import --verbose, or the log file …``."""
    from app.model import RecordProblem

    kinds: Counter[str] = Counter()
    sources: dict[str, set[str]] = {}
    for problem in problems:
        kind = problem_kind(problem, label)
        kinds[kind] += 1
        if isinstance(problem, RecordProblem):
            sources.setdefault(kind, set()).add(Path(problem.source).name)
    where = f"archivist {command} --verbose" + (f", or the log file {log_file}"
                                                 if log_file is not None else "")
    lines = []
    for kind, count in kinds.most_common():
        files = sorted(sources.get(kind, ()))
        shown = ", ".join(files[:3]) + (f" and {len(files) - 3} more" if len(files) > 3 else "")
        text = kind if count != 1 else kind.replace("records", "record", 1).replace(
            "were kept", "was kept")
        lines.append(f"{count} {text}" + (f" in {shown}" if shown else "") + f" — details: {where}")
    return lines


def print_problems(problems: Sequence[object], verbose: bool = True, command: str = "import",
                   log_file: Path | None = None, label: str = "rejected") -> None:
    """Tell about records not stored on stderr: with ``verbose`` each one (at most
    :data:`MAX_LISTED_PROBLEMS`; the log has all), else one summary line per kind.

    Args:
        problems: :class:`RecordProblem`, :class:`~app.store.write.guard.Refusal` or text lines.
        verbose: list each one.
        command: the command to name in the summary's "details" hint.
        log_file: the log file to name there.
        label: the word each listed line starts with (``rejected``, ``kept out``).
    """
    if not verbose:
        for line in summary_lines(problems, command, log_file, label):
            print(line, file=sys.stderr)
        return
    for problem in problems[:MAX_LISTED_PROBLEMS]:
        print(f"{label}: {problem}", file=sys.stderr)
    if len(problems) > MAX_LISTED_PROBLEMS:
        rest = len(problems) - MAX_LISTED_PROBLEMS
        print(f"{label}: … and {rest} more (see the log)", file=sys.stderr)


def print_unreadable(rows: Sequence[str], what: str) -> None:
    """One line on stderr naming the rows of a user file that were left out as unreadable
    (``archivist: 2 unreadable rows in the collection file … (left out): …``); nothing when
    there are none. The command goes on with the rest."""
    if rows:
        from app.userrows import summary

        print(f"archivist: {summary(rows, what)}", file=sys.stderr)
