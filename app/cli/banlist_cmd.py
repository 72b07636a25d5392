"""``archivist banlist``: the ban and limited list of a format, as players look it up.

Examples::

    archivist banlist
    archivist banlist --format pantheon --as-of 2026-06-27
    archivist banlist --json

``--json`` prints ``{"format": F, "as_of": T|null, "cards": [{"slug", "name", "limit",
"since"}]}``: ``limit`` 0 is banned, N limited to N copies; ``since`` is the UTC date
(``YYYY-MM-DD``) the card's limit took effect, null when the oldest version the catalogue
has seen already had it (see :mod:`app.decks.banlist`).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from app.bootstrap import build
from app.decks import FORMATS
from app.decks.banlist import BanEntry, ban_list
from app.decks.formats import format_rules
from app.decks.moment import describe, parse_moment


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    """Register ``banlist`` on ``sub``."""
    p = sub.add_parser("banlist", parents=[common], help="print a format's banned and "
                       "limited cards", description="The cards banned or limited in a "
                       "format, with the date each card's status took effect.")
    p.add_argument("--format", choices=[code.lower() for code in FORMATS], default="standard",
                   help="default: standard")
    p.add_argument("--as-of", metavar="WHEN", help="the list in force then: DATE (start of "
                   "that UTC day), TIMESTAMP or latest (default)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run_banlist)


def run_banlist(args: argparse.Namespace) -> int:
    """Print the list (text, or ``--json``)."""
    moment = parse_moment(args.as_of)
    cards = build(args.data_dir, args.verbose).decks.deck_cards().as_of(moment)
    found = ban_list(cards, args.format)
    if args.json:
        print(json.dumps(found.to_json(), ensure_ascii=False, indent=2))
        return 0
    rules = format_rules(args.format)
    print(f"{rules.name}: {len(found.cards)} names banned or limited as of {describe(moment)}")
    recent = found.recent()
    if recent:
        print("\nChanged recently:")
        for entry in recent:
            state = ("banned" if entry.limit == 0 else "lifted" if entry.limit is None
                     else f"limited to {entry.limit}")
            print(f"  {entry.since}  {entry.name}: {state}")
    banned = [e for e in found.cards if e.limit == 0]
    limited = [e for e in found.cards if e.limit]
    for title, entries in (("Banned", banned), ("Limited", limited)):
        if entries:
            print(f"\n{title} ({len(entries)}):")
            for entry in entries:
                print(f"  {_line(entry)}")
    if found.lifted:
        print(f"\nNo longer limited ({len(found.lifted)}):")
        for entry in found.lifted:
            print(f"  {entry.name}: lifted {entry.since}")
    if found.unknown:
        print(f"\nNot known that far back ({len(found.unknown)}): the catalogue's history "
              f"holds no version as old as {describe(moment)} of {', '.join(found.unknown)}; "
              "each is listed as its oldest known version, which may not have held then.")
    return 0


def _line(entry: BanEntry) -> str:
    name = entry.name + (f" ({entry.cards} cards of this name)" if entry.cards > 1 else "")
    limit = f" — limited to {entry.limit}" if entry.limit else ""
    since = f" — since {entry.since}" if entry.since else ""
    return f"{name}{limit}{since}"
