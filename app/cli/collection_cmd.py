"""``archivist collection import|export|add|remove|show`` and ``archivist deck need``.

Examples::

    archivist collection import owned.csv            # adds the file's copies
    archivist collection import owned.csv --replace  # the file becomes the collection
    archivist collection import owned.csv --replace --partial  # … its rows taken
    archivist collection export owned.csv
    archivist collection add "Spirit of Fire" --set "DOA 1st" --number 001 --foil --qty 2
    archivist collection remove "Spirit of Fire" --set "DOA 1st" --number 001 --language EN
    archivist collection show --set "DOA 1st" --json
    archivist deck need "Tristan aggro" --json

``import`` exits 0 when every row was taken, 1 when some rows were reported (each with its
line number and suggestions; the rest is imported, but a ``--replace`` replaces nothing
unless ``--partial``) or an entry stopped at the most one entry holds (999,999 copies), 2
when the file cannot be read (nothing imported). ``add`` exits 1 when the entry stopped
there. The collection lives in ``collection.sqlite3``, which no import or sync touches.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from app.bootstrap import Application, build
from app.cli.output import print_unreadable
from app.collection import (
    CONDITIONS,
    CollectionStore,
    CsvImportReport,
    Entry,
    completion,
    deck_need,
    export_csv,
    import_csv,
    label,
    owned_by_name,
    owned_entries,
    totals,
)
from app.collection.editions import CollectionEdition, CollectionEditions, number_key
from app.collection.sets import AmbiguousSet, SetNames
from app.collection.storage import MAX_QUANTITY
from app.collection.values import note, quantity, rarity_number
from app.decks import read_decklists, resolve
from app.decks.cards import normalise_name
from app.errors import ArchivistError, InvalidRequest, NotFound
from app.safetext import one_line

MAX_LISTED = 50
_EPILOG = """examples:
  archivist collection import owned.csv
  archivist collection export owned.csv
  archivist collection import owned.csv --replace --partial
  archivist collection add "Spirit of Fire" --set "DOA 1st" --number 001 --foil --qty 2
  archivist collection remove "Spirit of Fire" --set "DOA 1st" --number 001 --language EN
  archivist collection show --set "DOA 1st" --json"""


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    """Register ``collection`` and its verbs on ``sub`` (``add_subparsers()``'s result)."""
    top = sub.add_parser(
        "collection", parents=[common], help="the cards you own: import, export, add, show",
        description="The cards you own, kept in collection.sqlite3 (no import or sync "
        "touches it): CSV import and export, add and remove copies, totals and set "
        "completion.", epilog=_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    verbs = top.add_subparsers(dest="collection_command", metavar="ACTION", required=True)

    p = verbs.add_parser("import", parents=[common], help="add the copies of a CSV file",
                         description="Add the copies of a collection CSV (header row; "
                         "Quantity, Name, Set, Number, Rarity, Foil, Condition, Language, "
                         "Tag, Edition UUID or their usual aliases). Exit 0: every row "
                         "taken; 1: some rows reported, or an entry stopped at 999,999 "
                         "copies; 2: the file cannot be read.")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--replace", action="store_true", help="make the file the collection "
                   "(all or nothing: when a row is reported, nothing is replaced)")
    p.add_argument("--partial", action="store_true", help="with --replace: replace the "
                   "collection with the rows taken even when some rows are reported")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(run=run_import)

    p = verbs.add_parser("export", parents=[common], help="write the collection as CSV")
    p.add_argument("file", metavar="FILE")
    p.set_defaults(run=run_export)

    for verb, helptext in (("add", "add copies of an edition"),
                           ("remove", "remove copies of an edition")):
        p = verbs.add_parser(verb, parents=[common], help=helptext)
        p.add_argument("card", metavar="CARD", help="a card name or slug")
        p.add_argument("--set", metavar="SET", help="the edition's set: its prefix (DOA 1st) "
                       "or name (Dawn of Ashes First Edition)")
        p.add_argument("--number", metavar="N", help="the edition's collector number")
        p.add_argument("--rarity", metavar="CODE", help="the edition's rarity (C … CPR) where "
                       "set and number are shared, as DOA 1st 004 C and CUR are")
        p.add_argument("--foil", action="store_true", help="foil copies (default: non-foil)")
        p.add_argument("--qty", type=_quantity, default=1, metavar="N", help="default: 1")
        p.add_argument("--condition", type=str.upper, choices=CONDITIONS, default="")
        p.add_argument("--language", default="", metavar="LANG", help="EN, JP, CN (or "
                       "English, Japanese, Chinese …); default: not said")
        p.add_argument("--tag", default="", metavar="TAG", help="e.g. trade (one line, at "
                       "most 64 characters)")
        p.set_defaults(run=run_add if verb == "add" else run_remove)

    p = verbs.add_parser("show", parents=[common], help="totals, set completion, entries")
    p.add_argument("--set", metavar="SET", help="one set (prefix or name): its completion "
                   "and entries")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run_show)


def add_need_parser(verbs: Any, common: argparse.ArgumentParser) -> None:
    """Register ``deck need`` on the ``deck`` command's verbs."""
    p = verbs.add_parser("need", parents=[common], help="what a deck still needs",
                         description="Have / need of a kept deck (or a decklist file) "
                         "against the collection, by card name over every zone.")
    p.add_argument("deck", metavar="DECK-NAME-OR-FILE")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--text", metavar="F", help="write the missing cards as decklist text")
    p.add_argument("--index", type=int, default=0, metavar="N",
                   help="in an event file of several decklists: the N-th (from 1)")
    p.set_defaults(run=run_need)


def _quantity(text: str) -> int:
    try:
        return quantity(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def run_import(args: argparse.Namespace) -> int:
    """Import FILE; see the module's docstring for exit statuses."""
    if args.partial and not args.replace:
        raise InvalidRequest("--partial goes with --replace (an import that adds takes the "
                             "rows it can anyway)")
    services = build(args.data_dir, args.verbose)
    store = services.collection.collection_store()
    try:
        report = import_csv(store, services.collection.collection_editions(), Path(args.file),
                            args.replace, args.partial)
    except ArchivistError as error:
        if error.status == 500:  # the collection file, not the CSV
            raise
        print(f"archivist: {error.message}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False, indent=2))
    else:
        print(import_summary(report, args.file, args.replace))
    for problem in report.problems[:MAX_LISTED]:
        print(f"reported: {problem.text()}", file=sys.stderr)
    if len(report.problems) > MAX_LISTED:
        print(f"reported: … and {len(report.problems) - MAX_LISTED} more rows",
              file=sys.stderr)
    return 1 if report.problems or report.capped else 0


def _rows(count: int) -> str:
    return f"{count} row" if count == 1 else f"{count:,} rows"


def import_summary(report: CsvImportReport, file: str, replace: bool) -> str:
    """The line an import prints: what was taken and stored, and what was not."""
    if replace and not report.replaced:
        taken = report.rows - len(report.problems)
        why = (f"{len(report.problems)} of {report.rows} rows were reported (below); fix "
               f"them, or replace it with the {_rows(taken)} taken with --partial" if taken
               else f"not one of its {_rows(report.rows)} was taken")
        return f"Nothing was replaced: {why} — the collection is as it was"
    kept = (f", {report.not_in_catalogue} of an edition not in the catalogue"
            if report.not_in_catalogue else "")
    held = "held now" if replace else "added"
    text = (f"Imported {report.imported} of {report.rows} rows ({report.copies} copies {held}"
            f"{kept}) from {file}" + (" — the collection was replaced" if replace else ""))
    return text + report.capped_text()


def run_export(args: argparse.Namespace) -> int:
    """Write the collection to FILE."""
    services = build(args.data_dir, args.verbose)
    store = services.collection.collection_store()
    rows = export_csv(store, services.collection.collection_editions(), Path(args.file))
    print(f"Wrote {rows} entr{'y' if rows == 1 else 'ies'} to {args.file}")
    _unreadable(store)
    return 0


def run_add(args: argparse.Namespace) -> int:
    """Add ``--qty`` copies of one edition."""
    return _change(args, args.qty)


def run_remove(args: argparse.Namespace) -> int:
    """Remove ``--qty`` copies of one edition (not below none)."""
    return _change(args, -args.qty)


def _change(args: argparse.Namespace, delta: int) -> int:
    try:
        tag, language = note(args.tag, "tag"), note(args.language, "language")
    except ValueError as error:
        raise InvalidRequest(str(error)) from None
    services = build(args.data_dir, args.verbose)
    editions = services.collection.collection_editions()
    edition = find_edition(editions, args.card, args.set, args.number, args.rarity)
    store = services.collection.collection_store()
    entry = Entry(edition.uuid, args.foil, 1, args.condition, language, tag)
    kept = [e for e in store.entries() if e.edition_uuid == edition.uuid]
    owned = sum(e.quantity for e in kept if e.key == entry.key)
    if delta < 0 and owned == 0:
        raise NotFound(f"No {'foil' if args.foil else 'non-foil'} copy of {label(edition)} "
                       "with that condition, language and tag is owned" + _others(kept))
    verb = "add" if delta > 0 else "remove"
    written = store.change_counted([(entry.key, delta)], f"{verb} {abs(delta)} × {edition.name}")
    now = owned + written.copies
    finish = "foil" if args.foil else "non-foil"
    if now != owned:
        print(f"{label(edition)} ({finish}): {owned} → {now}")
    else:  # nothing stored: an arrow to the same count would read as a change
        print(f"{label(edition)} ({finish}): {owned}, unchanged")
    if written.capped:
        print(f"archivist: {MAX_QUANTITY:,} copies is the most one entry holds: "
              f"{written.lost:,} of the {delta:,} copies were not added", file=sys.stderr)
        return 1
    return 0


def _others(kept: list[Entry]) -> str:
    """``; owned: 2 non-foil --condition NM --language EN`` — the entries of the edition
    that are owned, as the options that name them (``""`` when none)."""
    if not kept:
        return ""
    shown = [" ".join([str(e.quantity), "foil --foil" if e.foil else "non-foil",
                       *(f"--{option} {value!r}" if " " in value else f"--{option} {value}"
                         for option, value in (("condition", e.condition),
                                               ("language", e.language), ("tag", e.tag))
                         if value)]) for e in kept[:4]]
    return "; owned: " + one_line("; ".join(shown)) + (" …" if len(kept) > 4 else "")


def find_edition(editions: CollectionEditions, card: str, set_prefix: str | None,
                 number: str | None, rarity: str | None = None) -> CollectionEdition:
    """The one edition ``card`` (a name or slug) names, narrowed by set prefix, number and
    rarity code.

    Raises:
        InvalidRequest: no such card or edition, or several editions remain (listed).
    """
    prefix = _set_prefix(editions, set_prefix) if set_prefix else None
    wanted = _rarity(rarity)
    key = normalise_name(card)
    found = editions.by_name.get(key) or [e for e in editions.by_uuid.values()
                                          if e.slug == card.strip()]
    if not found:
        raise InvalidRequest(f"No card named {card!r} in the catalogue")
    if set_prefix:
        found = [e for e in found if e.set_prefix == prefix]
    if number:
        found = [e for e in found if number_key(e.collector_number) == number_key(number)]
    if wanted is not None:
        found = [e for e in found if e.rarity == wanted]
    if len(found) != 1:
        listed = "; ".join(label(e) for e in found[:6]) + (" …" if len(found) > 6 else "")
        raise InvalidRequest(f"{card!r} names {len(found)} editions"
                             + (f" ({listed}); choose one with --set, --number and --rarity"
                                if found else " with that set and number"))
    return found[0]


def _set_prefix(editions: CollectionEditions, typed: str) -> str:
    """The prefix of the set ``typed`` names (its prefix or name).

    Raises:
        InvalidRequest: it names no set, or several (listed).
    """
    try:
        prefix = SetNames(editions).prefix(typed)
    except AmbiguousSet as ambiguous:
        raise InvalidRequest(f"{ambiguous}: {', '.join(ambiguous.candidates)}; write one "
                             "of these prefixes") from None
    if prefix is None:
        raise InvalidRequest(f"No set has the prefix or name {typed!r}")
    return prefix


def _rarity(typed: str | None) -> int | None:
    try:
        return rarity_number(typed or "")
    except ValueError as error:
        raise InvalidRequest(str(error)) from None


def run_show(args: argparse.Namespace) -> int:
    """Print totals, set completion and entries (``--json``: the issue's shape)."""
    services = build(args.data_dir, args.verbose, writing=False)
    editions = services.collection.collection_editions()
    store = services.collection.collection_store()
    entries = store.entries()
    _unreadable(store)
    prefix = _set_prefix(editions, args.set) if args.set else None
    sets = completion(entries, editions, prefix)
    owned = owned_entries(entries, editions)
    if prefix is not None:
        owned = [o for o in owned if o.edition is not None and o.edition.set_prefix == prefix]
    total = totals(entries, editions)
    if args.json:
        print(json.dumps({"totals": total.to_json(), "sets": [s.to_json() for s in sets],
                          "entries": [o.to_json() for o in owned]}, ensure_ascii=False,
                         indent=2))
        return 0
    print(f"{total.copies} copies, {total.editions} editions, {total.cards} cards")
    for done in sets:
        rarities = " ".join(f"{code} {have}/{of}" for code, (have, of) in done.by_rarity.items())
        print(f"  {done.prefix}: {done.owned}/{done.total} editions ({rarities})")
    for item in owned:
        e = item.entry
        where = (f"{item.edition.set_prefix} {item.edition.collector_number}"
                 if item.edition else e.edition_uuid)
        extra = one_line(" ".join(x for x in (e.condition, e.language, e.tag and f"#{e.tag}")
                                  if x))
        print(f"{e.quantity:>4} {item.name} [{where}] {'foil' if e.foil else 'non-foil'}"
              + (f" {extra}" if extra else ""))
    return 0


def run_need(args: argparse.Namespace) -> int:
    """Have / need of a kept deck or a decklist file (exit 0; 2 when it cannot be read)."""
    services = build(args.data_dir, args.verbose)
    cards = services.decks.deck_cards()
    deck = _deck(services, args.deck, cards, args.index)
    editions = services.collection.collection_editions()
    store = services.collection.collection_store()
    need = deck_need(deck, owned_by_name(store.entries(), editions), cards)
    _unreadable(store)
    if args.text:
        from app.files import write_text

        write_text(Path(args.text), need.missing_text())
    if args.json:
        print(json.dumps(need.to_json(), ensure_ascii=False, indent=2))
        return 0
    print(f"{deck.name}: have {need.have} of {need.need}")
    for line in need.lines:
        if line.missing:
            print(f"  missing {line.missing} {line.name} (own {line.owned} of {line.wanted})")
    return 0


def _unreadable(store: CollectionStore) -> None:
    """Name the collection's unreadable rows on stderr (the command went on without them)."""
    print_unreadable(store.unreadable(), f"the collection file {store.path}")


def _deck(services: Application, name: str, cards: Any, index: int) -> Any:
    path = Path(name)
    if path.exists() and not path.is_dir():  # a FIFO named is refused, not taken for a name
        parsed = read_decklists(path)
        if index and not 1 <= index <= len(parsed):
            raise InvalidRequest(f"{name} holds {len(parsed)} decklists, not {index}")
        if len(parsed) != 1 and not index:
            raise InvalidRequest(f"{name} holds {len(parsed)} decklists; choose one with "
                                 f"--index 1 … {len(parsed)}")
        return resolve(parsed[max(index, 1) - 1], cards).deck
    from app.decks import DeckStore

    store = DeckStore(services.paths.decks_file)
    deck = store.load(name)
    print_unreadable(store.unreadable(), f"the decks file {store.path}")
    return deck
