"""``archivist scan PHOTO|FOLDER... [--json] [--top N] [--add [--foil] [--qty N]
[--condition C] [--tag T]]``: the cards in photos, recognised offline against the
catalogue's own images; ``--add`` adds each matched edition to the collection (one undo
step; uncertain photos are listed, not added).

Examples::

    archivist scan card.jpg
    archivist scan ~/Pictures/cards --json --top 3

``--json`` prints ``{"photos": [{"path", "status", "message", "candidates": [{"edition_uuid",
"card_uuid", "slug", "name", "set_prefix", "collector_number", "rarity", "score"}]}]}``,
candidates best first (score 0–1; editions sharing one image have the same score). Exits 0
when every photo was matched, 1 when some were uncertain or showed no card, 2 when some
could not be read (the others are still scanned).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from app.bootstrap import Application, build
from app.collection.model import CONDITIONS, Entry
from app.errors import InvalidRequest
from app.limits import COUNT_DIGITS, parse_int
from app.safetext import one_line


def _top(text: str) -> int:
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= 50):
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a number from 1 to 50")
    return int(text)


def _quantity(text: str) -> int:
    number = parse_int(text, COUNT_DIGITS)
    if not number:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a number of copies")
    return number


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    """Register ``scan`` on ``sub``."""
    p = sub.add_parser("scan", parents=[common], help="recognise cards in photos (offline)",
                       description="Recognise the card in each photo against the "
                       "catalogue's stored card images, offline. The first scan builds an "
                       "index of the images (kept in the cache folder).")
    p.add_argument("photos", nargs="+", metavar="PHOTO|FOLDER",
                   help="photo files (JPEG, PNG, WebP, HEIC) or folders of them")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--top", type=_top, default=5, metavar="N",
                   help="candidates listed per photo (default 5)")
    p.add_argument("--add", action="store_true", help="add each matched edition to the "
                   "collection (one undo step; uncertain photos are listed, not added)")
    p.add_argument("--foil", action="store_true", help="with --add: the copies are foil")
    p.add_argument("--qty", type=_quantity, default=1, metavar="N",
                   help="with --add: copies of each matched edition (default 1)")
    p.add_argument("--condition", choices=CONDITIONS, default="", help="with --add")
    p.add_argument("--tag", default="", help="with --add: a free tag (e.g. trade)")
    p.set_defaults(run=run_scan)


def run_scan(args: argparse.Namespace) -> int:
    """Scan the photos; print each answer (text, or ``--json``)."""
    if not args.add and (args.foil or args.qty != 1 or args.condition or args.tag):
        raise InvalidRequest("--foil, --qty, --condition and --tag go with --add")
    app = build(args.data_dir, args.verbose)
    scan = app.scan
    shown = [0]

    def progress(done: int, total: int) -> None:
        if total >= 20 and (done == total or done * 10 // total != shown[0]):
            shown[0] = done * 10 // total
            print(f"Indexing card images: {done:,} of {total:,}", file=sys.stderr)

    results = scan.scan([Path(p) for p in args.photos], args.top, progress)
    if args.json:
        print(json.dumps({"photos": [r.to_json() for r in results]}, ensure_ascii=False,
                         indent=2))
    else:
        for result in results:
            print(f"{one_line(result.path)}: {result.status}: {one_line(result.message)}")
            if result.status == "uncertain":
                for c in result.candidates:
                    print(f"    {c.score:.2f}  {c.name} ({c.set_prefix} {c.collector_number})")
    if args.add:
        _add(app, args, [r.candidates[0].edition_uuid for r in results
                         if r.status == "matched"], sys.stderr if args.json else sys.stdout)
    statuses = {r.status for r in results}
    if "unreadable" in statuses:
        return 2
    return 0 if statuses <= {"matched"} else 1


def _add(app: Application, args: argparse.Namespace, editions: list[str], out: Any) -> None:
    """Add ``--qty`` copies of each matched edition as one undo step; say what was added."""
    from app.collection.values import note

    try:
        tag = note(args.tag, "tag")
    except ValueError as error:
        raise InvalidRequest(str(error)) from None
    if not editions:
        print("Nothing added to the collection: no photo was matched", file=out)
        return
    keys = [Entry(uuid, args.foil, 1, args.condition, "", tag).key for uuid in editions]
    written = app.collection.collection_store().change_counted(
        [(key, args.qty) for key in keys], f"add {len(editions)} cards from photos")
    finish = "foil" if args.foil else "non-foil"
    print(f"Added {written.copies:,} {finish} copies of {len(set(editions))} editions to the "
          "collection (archivist collection, one undo step)", file=out)
