"""``archivist search QUERY``: the search language on the command line.

Prints one line per hit (name, set prefix and collector number) and a count, or with
``--json`` a JSON array of the hits. A malformed query prints the query with a caret under
the offending character, the message and a hint, and exits with status 2; so does a query
that finds nothing because a value is unknown (``el:fier``: "did you mean fire"). A name
that finds nothing is answered with the closest spelling or card name.

Examples::

    archivist search 't:champion el:fire lv>=2' --sort level --desc
    archivist search 's:"doa 1st" r:cur is:foil' --per edition --json
    archivist search -- '-t:ally o:"draw a card"'      # a query starting with '-'
    archivist search -- -t:ally --limit 3              # options may follow it
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections import Counter
from typing import Any

from app.bootstrap import build
from app.model.query import QUERY_SORTS, EditionHit, QueryResult
from app.model.vocabulary import rarity_by_number
from app.search import QuerySyntaxError
from app.search.errors import display_width

NAME_COLUMN = 40


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    """Register ``search`` on the subcommands ``sub`` (``add_subparsers()``'s result)."""
    p = sub.add_parser(
        "search", parents=[common], help="search the catalogue with the search language",
        description="Bare words match names; fields: o: t: st: cl: el: f: s: r: a: lang: "
        "cost mem res lv pow life dur thema (with = != < <= > >=), spd:fast|slow, "
        "is:dynamic|foil|flip, is:new|errata|legality, changed>=YYYY-MM-DD|changed:latest; "
        "'-' negates, 'or' and parentheses group. Edition terms (s: r: a: lang: thema "
        "is:foil|flip|dynamic is:owned tag:) hold on one edition: a card matches when one "
        "of its editions matches the whole query (the cards --per edition lists). "
        "Put '--' before a query that starts with '-' (options may come before or "
        "after it: archivist search -- '-t:ally' --limit 3).",
    )
    p.add_argument("query", metavar="QUERY", help="the query, in quotes, e.g. 't:ally cost<=2'")
    p.add_argument("--json", action="store_true", help="print the hits as a JSON array")
    p.add_argument(
        "--per", choices=("card", "edition"), default="card",
        help="one hit per card (default) or per matching edition",
    )
    p.add_argument("--sort", choices=QUERY_SORTS, default="name", help="order (default: name)")
    p.add_argument("--desc", action="store_true", help="reverse the order")
    p.add_argument("--limit", type=int, metavar="N", help="print at most N hits")
    p.set_defaults(run=run_search)


def run_search(args: argparse.Namespace) -> int:
    """Run the query; exit 0 when it ran (with or without hits), 2 for a malformed query."""
    services = build(args.data_dir, args.verbose, writing=False)
    try:
        result = services.catalogue.query(
            args.query, per=args.per, sort=args.sort, descending=args.desc,
            limit=args.limit,
        )
    except QuerySyntaxError as error:
        print(f"archivist: invalid query\n{error.render(args.query)}", file=sys.stderr)
        return 2
    helped = result.help  # the catalogue's: an unknown value is a mistake, a name a guess
    suggestion = helped.suggestion if helped else None
    if helped and helped.problem and not helped.mistake:  # a right query, nothing yet
        why = f"No cards match: {helped.problem}.\nhint: {helped.hint}"
        print("[]" if args.json else why, file=sys.stdout)
        if args.json:
            print(why, file=sys.stderr)
        return 0
    if helped and helped.problem:
        problem = QuerySyntaxError(helped.problem, helped.position, helped.hint)
        print(f"archivist: nothing can match\n{problem.render(args.query)}", file=sys.stderr)
        return 2
    if args.json:
        hits = [dataclasses.asdict(hit) for hit in result.hits]
        sys.stdout.write(json.dumps(hits, ensure_ascii=False, indent=2) + "\n")
        return 0
    _print_lines(result)
    if result.total == 0 and services.catalogue.counts()["cards"] == 0:
        print("The catalogue is empty: import cards first (archivist import PATH).")
    elif suggestion:
        print(f"Did you mean: {suggestion}?  (archivist search {_quoted(suggestion)})")
    return 0


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


def _print_lines(result: QueryResult) -> None:
    """One line per hit; hits that would read alike (15 cards named "Nameless Champion",
    each printed as AMBDP 001) carry their slug, which tells them apart."""
    widths = [_width(hit.name) for hit in result.hits]
    width = min(NAME_COLUMN, max(widths, default=0))
    seen = Counter((h.name, h.set_prefix, h.collector_number) for h in result.hits)
    lines = []
    for hit, shown in zip(result.hits, widths, strict=True):
        pad = " " * max(0, width - shown)
        rarity = rarity_by_number(hit.rarity) if isinstance(hit, EditionHit) else None
        code = rarity.code if rarity else ""  # DOA 1st 005 C and CUR are two lines
        slug = f"  {hit.slug}" if seen[hit.name, hit.set_prefix, hit.collector_number] > 1 \
            else ""
        lines.append(f"{hit.name}{pad}  {hit.set_prefix} {hit.collector_number} {code}".rstrip()
                     + slug)
    lines.append(result.describe())
    sys.stdout.write("\n".join(lines) + "\n")  # one write: the terminal escapes run once


def _width(name: str) -> int:
    """Terminal columns of a card name (an ASCII name: one a character)."""
    return len(name) if name.isascii() else display_width(name)
