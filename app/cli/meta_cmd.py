"""``archivist meta``: what the field plays, over the stored events' decklists.

Examples::

    archivist meta --from 2026-05-01 --json
    archivist meta card "Spirit of Serene Water"
    archivist meta like deck.txt --top 5

``meta --json`` prints ``{"events", "decklists", "from", "to", "champions": [{"lineage",
"decks", "share"}], "cards": [{"name", "slug", "decks", "inclusion", "mean_copies"}],
"trend", "halves", "movers"}`` (:func:`app.meta.summary.summary`); ``meta like --json``
prints ``{"like": [{"event_id", "event", "date", "index", "lineage", "similarity"}]}``.
"""

from __future__ import annotations

import argparse
import json
from datetime import date
from pathlib import Path
from typing import Any

from app.bootstrap import Application, build
from app.errors import InvalidRequest, NotFound
from app.safetext import one_line

SHOWN_CARDS = 30
SHOWN_LINEAGES = 5


def _day(text: str) -> str:
    """An argparse type: a date ``YYYY-MM-DD``."""
    try:
        return date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a date like 2026-05-01") \
            from None


def _scope_options(defaults: bool) -> argparse.ArgumentParser:
    """The scope options, on ``meta`` and each of its verbs (the verbs' copies have no
    defaults, so ``meta --format standard card X`` keeps the format)."""
    p = argparse.ArgumentParser(add_help=False)
    default = None if defaults else argparse.SUPPRESS
    p.add_argument("--format", metavar="F", default=default,
                   help="only events of this format (e.g. standard; default: every format)")
    p.add_argument("--from", dest="start", metavar="DATE", type=_day, default=default,
                   help="only events from this UTC day on (YYYY-MM-DD)")
    p.add_argument("--to", dest="end", metavar="DATE", type=_day, default=default,
                   help="only events up to this UTC day (YYYY-MM-DD)")
    p.add_argument("--category", metavar="C", default=default,
                   help="only events of this category (e.g. regionals)")
    p.add_argument("--json", action="store_true",
                   default=False if defaults else argparse.SUPPRESS,
                   help="print one JSON object")
    return p


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    """Register ``meta`` and its verbs on ``sub``."""
    p = sub.add_parser("meta", parents=[common, _scope_options(True)],
                       help="what the field plays: champions, cards, trends",
                       description="Champion share by lineage and card inclusion over the "
                       "stored events' decklists (archivist events import), with the weekly "
                       "trend and the cards that moved most between the two halves.")
    p.set_defaults(run=run_meta)
    scope = _scope_options(False)
    verbs = p.add_subparsers(dest="verb", metavar="VERB")
    v = verbs.add_parser("card", parents=[common, scope], help="one card's inclusion week "
                         "by week, and the lineages that play it")
    v.add_argument("name", metavar="NAME", help="the card's name (any case) or slug")
    v.set_defaults(run=run_card)
    v = verbs.add_parser("like", parents=[common, scope], help="the stored decklists "
                         "nearest to a deck")
    v.add_argument("deck", metavar="DECKFILE|DECKNAME",
                   help="a decklist file, or the name of a kept deck")
    v.add_argument("--index", metavar="N", type=int,
                   help="the Nth decklist of an event file (1 is the first; default 1)")
    v.add_argument("--top", metavar="K", type=int, default=10, help="how many (default 10)")
    v.set_defaults(run=run_like)


def _scope(args: argparse.Namespace) -> Any:
    from app.meta import Scope

    if args.start and args.end and args.start > args.end:
        raise InvalidRequest(f"--from {args.start} is after --to {args.end}")
    return Scope(args.format, args.category, args.start, args.end)


def _app(args: argparse.Namespace) -> Application:
    return build(args.data_dir, args.verbose, writing=False)


def run_meta(args: argparse.Namespace) -> int:
    """Print the meta (readable tables, or ``--json``)."""
    from app.meta import summary

    found = summary(_app(args).events.event_store(), _scope(args))
    if args.json:
        print(json.dumps(found, ensure_ascii=False, indent=2))
        return 0
    if not found["decklists"]:
        print("No stored decklist in this range (archivist events import PATH)")
        return 0
    print(f"{found['events']} events, {found['decklists']:,} decklists, "
          f"{found['from']} to {found['to']}\n\nChampions by lineage\n  Decks   Share  Lineage")
    for row in found["champions"]:
        print(f"  {row['decks']:>5}  {row['share']:>6.1%}  {_lineage(row['lineage'])}")
    shown = found["cards"][:SHOWN_CARDS]
    print(f"\nCards played (material or main; the top {len(shown)} of "
          f"{len(found['cards'])}, --json for all)\n  Decks   Incl.  Copies  Card")
    for row in shown:
        print(f"  {row['decks']:>5}  {row['inclusion']:>6.1%}  {row['mean_copies']:>6.2f}  "
              f"{one_line(row['name'])[:60]}")
    _print_trend(found)
    if found["movers"]:
        halves = found["halves"]
        print(f"\nMoved most (inclusion before {halves['split']}: {halves['first']:,} "
              f"decklists; from it on: {halves['second']:,})\n   Before    After  Change  Card")
        for row in found["movers"]:
            print(f"  {row['first']:>6.1%}  {row['second']:>6.1%}  {row['change']:>+6.1%}  "
                  f"{one_line(row['name'])[:60]}")
    return 0


def _lineage(name: str | None) -> str:
    return "(no champion)" if name is None else one_line(name)[:40]


def _print_trend(found: dict[str, Any]) -> None:
    top = [row["lineage"] for row in found["champions"][:SHOWN_LINEAGES]]
    print(f"\nWeekly share of the top {len(top)} lineages\n  Week         Decks  "
          + "  ".join(f"{_lineage(name)[:12]:>12}" for name in top))
    for week in found["trend"]:
        share = {row["lineage"]: row["share"] for row in week["champions"]}
        print(f"  {week['week']}  {week['decklists']:>5}  "
              + "  ".join(f"{share.get(name, 0.0):>12.1%}" for name in top))


def run_card(args: argparse.Namespace) -> int:
    """Print one card's weeks and lineages (text, or ``--json``)."""
    from app.decks.resolve import find_card
    from app.events.model import card_key
    from app.meta import card_weeks

    services = _app(args)
    card = find_card(services.decks.deck_cards(), args.name.strip(), args.name.strip())
    key = card_key(card.uuid if card else None, args.name.strip())
    found = card_weeks(services.events.event_store(), _scope(args), key)
    name = card.name if card else args.name.strip()
    if card is None and not found["decks"]:
        raise InvalidRequest(f"No card is named {one_line(args.name)[:80]!r}, and no stored "
                             "decklist plays a card of that name")
    found = {"card": {"name": name, "slug": card.slug if card else None}, **found}
    if args.json:
        print(json.dumps(found, ensure_ascii=False, indent=2))
        return 0
    print(f"{one_line(name)}: played in {found['decks']:,} of {found['decklists']:,} "
          f"decklists ({found['inclusion']:.1%}), {found['mean_copies']:.2f} copies on "
          "average\n\n  Week         Decks  Playing   Incl.")
    for week in found["weeks"]:
        print(f"  {week['week']}  {week['decklists']:>5}  {week['decks']:>7}  "
              f"{week['inclusion']:>6.1%}")
    if found["lineages"]:
        print("\nPlayed by\n  Playing  of decks   Incl.  Lineage")
        for row in found["lineages"]:
            print(f"  {row['decks']:>7}  {row['decklists']:>8}  {row['inclusion']:>6.1%}  "
                  f"{_lineage(row['lineage'])}")
    return 0


def run_like(args: argparse.Namespace) -> int:
    """Print the nearest stored decklists (text, or ``--json``)."""
    from app.meta import like

    if args.top < 1:
        raise InvalidRequest(f"--top {args.top}: give 1 or more")
    services = _app(args)
    deck = _deck(services, args)
    found = like(services.events.event_store(), _scope(args), deck, args.top)
    if args.json:
        print(json.dumps({"like": found}, ensure_ascii=False, indent=2))
        return 0
    if not found:
        print("No stored decklist shares a card with this deck")
        return 0
    print("  Similar  Date        Lineage       Event")
    for row in found:
        print(f"  {row['similarity']:>7.1%}  {row['date']}  {_lineage(row['lineage'])[:12]:<12}"
              f"  {one_line(row['event'])[:50]} #{row['index']} (event {row['event_id']})")
    return 0


def _deck(services: Application, args: argparse.Namespace) -> Any:
    """The deck of a decklist file (its ``--index``th decklist), else the kept deck of
    that name."""
    from app.decks import read_decklists, resolve

    path = Path(args.deck)
    if not path.exists():
        if args.index is not None:
            raise InvalidRequest("--index is for a decklist file, not a kept deck")
        try:
            return services.decks.deck_store().load(args.deck)
        except NotFound:
            raise InvalidRequest(f"{one_line(args.deck)[:80]}: no such decklist file, and no "
                                 "kept deck of that name (archivist deck list)") from None
    parsed = read_decklists(path)
    index = 1 if args.index is None else args.index
    if not 1 <= index <= len(parsed):
        raise InvalidRequest(f"--index {index}: {args.deck} holds {len(parsed)} decklist"
                             f"{'s' if len(parsed) != 1 else ''} (1 to {len(parsed)})")
    return resolve(parsed[index - 1], services.decks.deck_cards()).deck
