"""``archivist changes``, ``archivist history SLUG`` and ``archivist revert N``: the
catalogue's history on the command line.

Examples::

    archivist changes                    # the latest revision's patch notes
    archivist changes --since 2026-04-01 --json
    archivist history nascent-blast
    archivist history "Nascent Blast"    # a card's name works too (any case, any apostrophe)
    archivist revert 2                   # undo revision 2 (recorded as a new revision)

``--json`` prints ``{"revisions": [{"revision", "at", "source", "first", "changes":
[{"uuid", "slug", "name", "kind", "groups", "fields"}]}]}`` (``first``: the revision filled
an empty catalogue; its ``changes`` are empty, as the text and the window list no card of it
as new, and ``cards`` counts what it stored); a revision or a change whose stored row cannot
be read (damaged) has an ``"unreadable"`` key saying why, and the text says
``unreadable: WHY`` where it stands. ``revert`` refuses such a revision (exit 2). The text
lists records kept out of a revision as one count; ``--verbose`` lists each.
"""

from __future__ import annotations

import argparse
import json
import re
from typing import Any

from app.bootstrap import build
from app.errors import InvalidRequest
from app.history.text import history_text, revision_line, revision_text

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    """Register ``changes``, ``history`` and ``revert`` on ``sub``."""
    p = sub.add_parser("changes", parents=[common],
                       help="print what changed: the patch notes of a revision")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--since", metavar="YYYY-MM-DD",
                       help="every revision recorded on or after this UTC day")
    which.add_argument("--revision", type=int, metavar="N", help="revision N (default: latest)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run_changes)

    p = sub.add_parser("history", parents=[common], help="print one card's versions and diffs")
    p.add_argument("slug", metavar="CARD", help="the card's slug or name")
    p.set_defaults(run=run_history)

    p = sub.add_parser("revert", parents=[common],
                       help="put the catalogue back to before a revision")
    p.add_argument("revision", type=int, metavar="REVISION")
    p.set_defaults(run=run_revert)


def run_changes(args: argparse.Namespace) -> int:
    """Print the patch notes of the chosen revisions (text or ``--json``)."""
    if args.since is not None and not _DATE.fullmatch(args.since):
        raise InvalidRequest(f"--since expects a day as YYYY-MM-DD, not {args.since!r}")
    history = build(args.data_dir, args.verbose).history
    if args.since is not None:
        chosen = history.revisions(args.since)
    else:
        chosen = [history.revision(args.revision)]
    if args.json:
        out = {"revisions": [
            {"revision": r.number, "at": r.at, "source": r.source, "first": r.first,
             **({"unreadable": r.unreadable} if r.unreadable else {}),
             **({"cards": r.added} if r.first else {}),
             "changes": [] if r.first else  # filling an empty catalogue is not news
             [c.to_json() for c in history.changes(r.number, notes=False)]}
            for r in chosen]}
        print(json.dumps(out, ensure_ascii=False, indent=1))
        return 0
    if not chosen:
        print(f"No revision since {args.since}.")
    for revision in chosen:
        print(revision_text(revision, history.changes(revision.number), args.verbose))
    return 0


def run_history(args: argparse.Namespace) -> int:
    """Print one card's versions, newest first, with the diff of each to the one before."""
    history = build(args.data_dir, args.verbose).history
    print(history_text(args.slug, history.card_history(args.slug)))
    return 0


def run_revert(args: argparse.Namespace) -> int:
    """Undo a revision; print the revision the undo recorded."""
    history = build(args.data_dir, args.verbose).history
    revision = history.revert(args.revision)
    if revision is None:
        print(f"The cards of revision {args.revision} already are as before it: nothing to do.")
    else:
        print(f"Reverted revision {args.revision}. {revision_line(revision)}")
    return 0
