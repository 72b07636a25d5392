"""``archivist events``: tournaments and their decklists, kept apart from the catalogue.

Examples::

    archivist events import ~/gatcg/events
    archivist events list --json
    archivist events sync --ids 50088,50170

``events import PATH...`` reads event files (the shape of Omnidex event data, or the
official API's decklists) and folders of them; each invalid file is reported on stderr and
skipped, the rest are kept in one transaction (exit 1 when a file was skipped). ``events
list --json`` prints ``{"events": [{"id", "name", "category", "format", "startAt",
"decklists", "unresolved"}]}``. ``events sync [--api URL] [--ids N,M,… | --from-id N
--to-id M]`` fetches events from the official API (:mod:`app.events.sync`); exit 1 when
an event's answers failed.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from app.bootstrap import build
from app.errors import InvalidRequest
from app.safetext import one_line

MAX_LISTED = 20


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    """Register ``events`` and its verbs on ``sub``."""
    p = sub.add_parser("events", parents=[common], help="import, sync and list tournaments "
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
    from app.sync.common import DEFAULT_API

    v = verbs.add_parser("sync", parents=[common], help="fetch events from the official API",
                         description="Fetch events (the event, its decklists and standings) "
                         "from the official API and keep them; an event that is not found "
                         "or not public is skipped, one whose answers fail is reported, the "
                         "rest are kept. Run it again to go on after a stop.")
    v.add_argument("--api", default=DEFAULT_API, metavar="URL",
                   help=f"API root to fetch from (default {DEFAULT_API})")
    v.add_argument("--ids", metavar="N,M,...", help="event ids, separated by commas")
    v.add_argument("--from-id", type=int, metavar="N", help="the first event id of a range")
    v.add_argument("--to-id", type=int, metavar="M", help="the last event id of a range")
    v.set_defaults(run=run_sync)


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


def sync_ids(args: argparse.Namespace) -> list[int]:
    """The event ids asked for: ``--ids`` or ``--from-id``/``--to-id``.

    Raises:
        InvalidRequest: neither or both given, an id that is no positive whole number, or
            more than :data:`app.events.sync.MAX_IDS` ids.
    """
    from app.events.official import LARGEST_ID
    from app.events.sync import MAX_IDS

    ranged = args.from_id is not None or args.to_id is not None
    if (args.ids is None) == (not ranged):
        raise InvalidRequest("Give either --ids N,M,... or --from-id N --to-id M")
    if ranged:
        if args.from_id is None or args.to_id is None:
            raise InvalidRequest("--from-id and --to-id go together")
        if args.to_id - args.from_id + 1 > MAX_IDS:
            raise InvalidRequest(f"At most {MAX_IDS:,} event ids at a time")
        ids = list(range(args.from_id, args.to_id + 1))
    else:
        words = [w.strip() for w in str(args.ids).split(",") if w.strip()]
        if len(words) > MAX_IDS:
            raise InvalidRequest(f"At most {MAX_IDS:,} event ids at a time")
        if not all(w.isdigit() for w in words):
            raise InvalidRequest(f"--ids {one_line(str(args.ids))[:60]!r}: event ids are "
                                 "whole numbers separated by commas")
        ids = list(dict.fromkeys(int(w) for w in words))
    if not ids or not all(0 < i <= LARGEST_ID for i in ids):
        raise InvalidRequest(f"Event ids are whole numbers from 1 to {LARGEST_ID}")
    return ids


def run_sync(args: argparse.Namespace) -> int:
    """Fetch the events; one line per failed event, then the totals."""
    from app.sync.common import api_url_problem

    ids = sync_ids(args)
    api = str(args.api).strip()
    problem = api_url_problem(api)
    if problem:
        raise InvalidRequest(f"--api {api[:80]!r}: {problem}")
    from tqdm import tqdm

    with tqdm(total=len(ids), desc="events", unit="event", file=sys.stderr, leave=False,
              disable=not sys.stderr.isatty(), dynamic_ncols=True) as bar:
        def done(count: int) -> None:
            bar.update(count - bar.n)

        report = build(args.data_dir, args.verbose).events.sync(api, ids, progress=done)
    for event_id, why in report.failed.items():
        print(f"failed: event {event_id}: {one_line(why)[:300]}", file=sys.stderr)
    names = sorted({name for _id, name in report.unresolved})
    if names:
        shown = ", ".join(one_line(n)[:80] for n in names[:MAX_LISTED])
        more = f" and {len(names) - MAX_LISTED} more" if len(names) > MAX_LISTED else ""
        print(f"not in the catalogue (kept as written): {shown}{more}", file=sys.stderr)
    print(f"Synced {len(report.synced)} events ({report.decklists:,} decklists); "
          f"{len(report.unchanged)} unchanged, {len(report.not_found)} not found, "
          f"{len(report.not_public)} not public, {len(report.failed)} failed "
          f"({report.requests:,} requests)")
    return 1 if report.failed else 0
