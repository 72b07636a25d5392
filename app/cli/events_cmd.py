"""``archivist events``: tournaments and their decklists, kept apart from the catalogue.

Examples::

    archivist events import ~/gatcg/events
    archivist events list --json

``events import PATH...`` reads event files (the shape of Omnidex event data, or the
official API's decklists) and folders of them; each invalid file is reported on stderr and
skipped, the rest are kept in one transaction (exit 1 when a file was skipped). ``events
list --json`` prints ``{"events": [{"id", "name", "category", "format", "startAt",
"decklists", "unresolved"}]}``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from app.bootstrap import build
from app.safetext import one_line

MAX_LISTED = 20


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    """Register ``events`` and its verbs on ``sub``."""
    p = sub.add_parser("events", parents=[common], help="import and list tournaments "
                       "(events and their decklists)",
                       description="Tournaments and their decklists, kept in a file of "
                       "their own beside the catalogue (the meta reads them).")
    verbs = p.add_subparsers(dest="verb", metavar="VERB", required=True)
    v = verbs.add_parser("import", parents=[common], help="import event files or folders",
                         description="Import event JSON files, or every *.json file of a "
                         "folder; invalid files are reported and skipped, the rest kept in "
                         "one transaction (an event id read twice: the later file wins).")
    v.add_argument("paths", nargs="+", metavar="PATH", help="event files or folders of them")
    v.set_defaults(run=run_import)
    v = verbs.add_parser("list", parents=[common], help="list the stored events")
    v.add_argument("--json", action="store_true", help="print one JSON object")
    v.set_defaults(run=run_list)


def run_import(args: argparse.Namespace) -> int:
    """Import the files; one line per skipped file or duplicate, then the totals."""
    services = build(args.data_dir, args.verbose)
    report = services.events.import_paths([Path(p) for p in args.paths])
    for line in report.skipped:
        print(f"skipped: {one_line(line)}", file=sys.stderr)
    for line in report.duplicates:
        print(f"duplicate: {one_line(line)}", file=sys.stderr)
    names = sorted({name for _id, name in report.unresolved})
    if names:
        shown = ", ".join(one_line(n)[:80] for n in names[:MAX_LISTED])
        more = f" and {len(names) - MAX_LISTED} more" if len(names) > MAX_LISTED else ""
        print(f"not in the catalogue (kept as written): {shown}{more}", file=sys.stderr)
    replaced = f", {len(report.replaced)} replacing stored ones" if report.replaced else ""
    print(f"Imported {len(report.events)} events ({report.decklists:,} decklists){replaced}; "
          f"skipped {len(report.skipped)} files")
    return 1 if report.skipped else 0


def run_list(args: argparse.Namespace) -> int:
    """Print the stored events (text, or ``--json``)."""
    events = build(args.data_dir, args.verbose, writing=False).events.event_store().events()
    if args.json:
        print(json.dumps({"events": [e.to_json() for e in events]}, ensure_ascii=False,
                         indent=2))
        return 0
    if not events:
        print("No events stored (archivist events import PATH)")
        return 0
    for e in events:
        unknown = f", {e.unresolved} names not in the catalogue" if e.unresolved else ""
        print(f"{e.id:>8}  {e.start_at[:10]}  {e.decklists:>4} decks  "
              f"{one_line(e.category)[:24]:<24}  {one_line(e.name)[:60]}{unknown}")
    print(f"{len(events)} events, {sum(e.decklists for e in events):,} decklists")
    return 0
