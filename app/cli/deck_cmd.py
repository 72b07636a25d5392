"""``archivist deck check|import|list|export``: decklists over the local catalogue.

Examples::

    archivist deck check deck.txt --format standard
    archivist deck check event.json --json
    archivist deck check deck.txt --as-of 2026-06-27
    archivist deck import deck.txt --name "Tristan aggro"
    archivist deck export "Tristan aggro" --text out.txt --pdf proxies.pdf --sheet reg.pdf

``check`` exits 0 when every deck is legal, 1 when one is not (a card not released yet
at the moment is an error), 3 when none is illegal but the legality of one cannot be
judged at that moment (the history does not reach back that far), 2 when a file cannot be
read (``import`` exits 2 too when its file cannot be read or holds no card line to keep);
with ``--json`` it prints one object ``{"decks": [...]}`` (see
:meth:`app.decks.CheckResult.to_json`). A deck is checked with each card's version in force
at ``--as-of`` (a date: the start of that UTC day; a timestamp; ``latest``); an event file's
decks default to the event's ``startAt``, text decklists to ``latest``.
``export`` fetches images not stored from the API the catalogue was synced from (or
``--api``; unless ``--offline``), like ``archivist export``; a card whose image cannot be
had is a text proxy on the proxy sheet (its name, cost, type line and effect), and the exit
status 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from app.bootstrap import Application, build
from app.cli.output import print_unreadable
from app.decks import (
    CANNOT_JUDGE,
    FORMATS,
    LEGAL,
    NOT_LEGAL,
    DeckStore,
    check_deck,
    deck_images,
    deck_text,
    read_decklists,
    registration_sheet,
    resolve,
)
from app.decks.cards import DeckCards
from app.decks.champion import deck_champion
from app.decks.check import AsOf
from app.decks.moment import describe, parse_moment
from app.errors import ArchivistError, InvalidRequest
from app.files import check_target, write_text
from app.limits import quote
from app.safetext import one_line

MAX_LISTED = 50

_EPILOG = """examples:
  archivist deck check deck.txt --format standard
  archivist deck check event.json --json
  archivist deck check deck.txt --as-of 2026-06-27
  archivist deck import deck.txt --name "Tristan aggro"
  archivist deck export "Tristan aggro" --text deck.txt --pdf proxies.pdf --sheet reg.pdf"""


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    """Register ``deck`` and its subcommands on ``sub`` (``add_subparsers()``'s result)."""
    deck = sub.add_parser(
        "deck", parents=[common], help="check, keep and export decklists",
        description="Decklists (Omnidex text, or Omnidex event JSON) checked against a "
        "format over the local catalogue; kept decks live in decks.sqlite3.",
        epilog=_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    verbs = deck.add_subparsers(dest="deck_command", metavar="ACTION", required=True)
    formats = [code.lower() for code in FORMATS]

    p = verbs.add_parser("check", parents=[common], help="check decklist files against a format",
                         description="Check every decklist in FILE... (text: one deck; event "
                         "JSON: each decklist, in file order). Exit 0: all legal; 1: one is "
                         "not; 3: none is illegal but one cannot be judged at the moment "
                         "asked (the catalogue's history does not reach back that far); 2: a "
                         "file cannot be read.", epilog=_EPILOG,
                         formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--format", choices=formats, default="standard", help="default: standard")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--as-of", metavar="WHEN", help="check with the card versions in force "
                   "then: DATE (start of that UTC day), TIMESTAMP or latest (default: an "
                   "event file's startAt, else latest)")
    p.set_defaults(run=run_check)

    p = verbs.add_parser("import", parents=[common], help="keep decklists (text or JSON)",
                         description="Keep the decklist of a text file, or every decklist "
                         "of an event JSON file or of a stored event (EVENT_ID, or --event "
                         "ID: archivist events list), named '<event name> #N' and checked "
                         "as of the event's start; --index N keeps only the Nth.")
    p.add_argument("file", metavar="FILE|EVENT_ID", nargs="?",
                   help="a decklist file, or the id of a stored event")
    p.add_argument("--event", metavar="ID", type=int, help="the stored event ID's decklists")
    p.add_argument("--name", metavar="N", help="the deck's name (default: the file's name, "
                   "or '<event name> #N')")
    p.add_argument("--index", metavar="N", type=int, help="keep only the Nth decklist of "
                   "an event file (1 is the first)")
    p.add_argument("--format", choices=formats, default="standard", help="default: standard")
    p.set_defaults(run=run_import)

    p = verbs.add_parser("list", parents=[common], help="list the kept decks")
    p.set_defaults(run=run_list)

    p = verbs.add_parser("export", parents=[common], help="write a kept deck out",
                         description="Write the kept deck NAME as decklist text, a proxy "
                         "sheet (each card as many times as its quantity), a registration "
                         "sheet and/or a ZIP of its card images.")
    p.add_argument("name", metavar="NAME")
    p.add_argument("--text", metavar="F", help="decklist text (Omnidex format)")
    p.add_argument("--pdf", metavar="F", help="proxy sheet PDF, 3 × 3 cards per page")
    p.add_argument("--sheet", metavar="F", help="registration sheet PDF")
    p.add_argument("--zip", metavar="F", help="ZIP of the card images (stored ones)")
    p.add_argument("--page", choices=("A4", "Letter"), default="A4", help="PDF page size")
    p.add_argument("--api", metavar="URL", help="fetch images not stored from this API "
                   "(default: the API the catalogue was synced from)")
    p.add_argument("--offline", action="store_true", help="never fetch images not stored "
                   "(default: fetch them from the API the catalogue was synced from)")
    p.set_defaults(run=run_export)

    from app.cli.collection_cmd import add_need_parser

    add_need_parser(verbs, common)


def _decks_store(services: Application) -> DeckStore:
    return services.decks.deck_store()


def run_check(args: argparse.Namespace) -> int:
    """Check every decklist of every file; see the module's docstring for exit statuses."""
    chosen: AsOf = parse_moment(args.as_of) if args.as_of is not None else "deck"
    services = build(args.data_dir, args.verbose)
    cards = services.decks.deck_cards()
    results: list[dict[str, Any]] = []
    status = 0
    for name in args.files:
        try:
            parsed = read_decklists(Path(name))
        except ArchivistError as error:
            print(f"archivist: {error.message}", file=sys.stderr)
            status = 2
            continue
        for item in parsed:
            read = resolve(item, cards)
            result = check_deck(read.deck, cards, args.format, read.problems, chosen)
            results.append(result.to_json(name, item.index))
            if not args.json:
                event = chosen == "deck" and read.deck.as_of is not None
                _print_check(results[-1], len(parsed) > 1,
                             describe(result.as_of) + (" (the event's start)" if event else ""))
            status = _worse(status, result.status)
    if args.json:
        print(json.dumps({"decks": results}, ensure_ascii=False, indent=2))
    return status


_STATUS = {LEGAL: 0, CANNOT_JUDGE: 3, NOT_LEGAL: 1}
_RANK = {0: 0, 3: 1, 1: 2, 2: 3}
"""Exit statuses from the least to the most serious: an unreadable file (2) outranks an
illegal deck (1), which outranks one that cannot be judged (3)."""


def _worse(status: int, verdict: str) -> int:
    new = _STATUS[verdict]
    return new if _RANK[new] > _RANK[status] else status


def _print_check(result: dict[str, Any], numbered: bool, when: str) -> None:
    counts = result["counts"]
    where = f"{result['source']}" + (f" #{result['index'] + 1}" if numbered else "")
    verdict = {LEGAL: "legal", NOT_LEGAL: "NOT legal",
               CANNOT_JUDGE: "legality CANNOT BE JUDGED"}[result["verdict"]]
    print(f"{where}: {verdict} in {result['format'].title()} as of {when} — "
          f"material {counts['material']}, "
          f"main {counts['main']}, sideboard {counts['sideboard']}")
    for finding in result["findings"]:
        print(f"  {finding['severity']}: {finding['message']} [{finding['rule']}]")
    for missing in result["unresolved"]:
        hint = (f" (did you mean {' / '.join(missing['suggestions'])}?)"
                if missing["suggestions"] else "")
        print(f"  error: {quote(missing['line'])}: no card of that name in the catalogue{hint}")


def run_import(args: argparse.Namespace) -> int:
    """Keep the decklist of FILE, or every decklist of an event file (``--index N``: the
    Nth only); each is checked and reported in one line. Exit 2, as ``deck check`` does,
    when FILE cannot be read or holds no card line to keep."""
    event = _stored_event(args)
    services = build(args.data_dir, args.verbose)
    try:
        parsed = read_decklists(Path(args.file)) if event is None \
            else services.events.decklists(event)
    except ArchivistError as error:
        return _unusable(error.message)
    if event is not None:
        args.file = f"event {event}"
    if args.index is not None:
        if not 1 <= args.index <= len(parsed):
            raise InvalidRequest(f"--index {args.index}: {args.file} holds {len(parsed)} "
                                 f"decklist{'s' if len(parsed) != 1 else ''} (1 to "
                                 f"{len(parsed)})")
        parsed = [parsed[args.index - 1]]
    if not any(item.lines for item in parsed):
        return _unusable(f"{args.file}: no card line to keep")
    cards = services.decks.deck_cards()
    store = _decks_store(services)
    wanted = (args.name or "").strip()
    for item in parsed:
        name = (wanted if len(parsed) == 1 else f"{wanted} #{item.index + 1}") if wanted \
            else "" if item.event else Path(args.file).stem
        read = resolve(item, cards, name, args.format.upper()) if item.lines else None
        # An event holds many decklists: each problem names the deck it belongs to.
        where = args.file if len(parsed) == 1 else (
            _deck_label(read.deck, cards) if read is not None
            else f"{args.file} #{item.index + 1}")
        for problem in item.problems:
            print(f"{where}: {problem}", file=sys.stderr)
        if read is not None:
            _keep(store, read.deck, cards, read.problems, where)
    return 0


def _stored_event(args: argparse.Namespace) -> int | None:
    """The stored event to import (``--event ID``, or FILE all digits when no such file
    exists), or None for a file.

    Raises:
        InvalidRequest: neither FILE nor --event, or both.
    """
    if args.event is not None:
        if args.file is not None:
            raise InvalidRequest("give a FILE or --event ID, not both")
        return int(args.event)
    if args.file is None:
        raise InvalidRequest("give a decklist FILE, an EVENT_ID or --event ID")
    if args.file.isascii() and args.file.isdigit() and not Path(args.file).exists():
        return int(args.file)
    return None


def _deck_label(deck: Any, cards: DeckCards) -> str:
    """``'Reaper Game Store - … #12' (Jin, Undying Resolve)``: the kept deck's name and its
    champion, when it has one."""
    champion = deck_champion(deck, cards)
    return repr(deck.name) + (f" ({champion.name})" if champion is not None else "")


def _keep(store: DeckStore, deck: Any, cards: DeckCards, problems: Any, where: str) -> None:
    deck_id = store.save(deck)
    result = check_deck(deck, cards, None, problems)
    counts = result.counts
    when = describe(result.as_of)
    verdict = {LEGAL: f"legal as of {when}",
               NOT_LEGAL: f"not legal in {result.format.name} as of {when} "
                          "(archivist deck check)",
               CANNOT_JUDGE: f"legality in {result.format.name} as of {when} cannot be "
                             "judged (archivist deck check)"}[result.status]
    print(f"Kept deck {deck.name!r} (id {deck_id}): material {counts['material']}, "
          f"main {counts['main']}, sideboard {counts['sideboard']}; {verdict}.")
    for missing in result.unresolved:
        print(f"  not resolved in {where}: {missing.message()}", file=sys.stderr)


def _unusable(message: str) -> int:
    """Say why the file cannot be imported (one line) and give exit status 2."""
    print(f"archivist: {message}", file=sys.stderr)
    return 2


def run_list(args: argparse.Namespace) -> int:
    """Print the kept decks: name, format, number of cards, when saved."""
    services = build(args.data_dir, args.verbose)
    store = _decks_store(services)
    decks = store.decks()
    print_unreadable(store.unreadable(), f"the decks file {store.path}")
    if not decks:
        print("No kept deck yet (archivist deck import FILE).")
    for deck in decks:
        # A name kept by an older version may hold a tab or line break: one row per deck.
        print(f"{one_line(deck.name)}\t{one_line(deck.format.title())}\t{deck.cards} cards"
              f"\tsaved {one_line(deck.saved_at[:16])}")
    return 0


def run_export(args: argparse.Namespace) -> int:
    """Write the kept deck out; exit 1 when some card image is missing from the outputs."""
    if not (args.text or args.pdf or args.sheet or args.zip):
        raise InvalidRequest("Say what to write: --text F, --pdf F, --sheet F and/or --zip F")
    services = build(args.data_dir, args.verbose)
    for target in (args.text, args.sheet, args.pdf, args.zip):
        if target:  # refused before any is written: one of Archivist's own, a missing folder
            check_target(target)
    store = _decks_store(services)
    deck = store.load(args.name)
    print_unreadable(store.unreadable(), f"the decks file {store.path}")
    cards = services.decks.deck_cards()
    complete = True
    if args.text:
        write_text(Path(args.text), deck_text(deck, cards))
        print(f"Wrote {args.text}")
    if args.sheet:
        _sheet(deck, cards, args)
    if args.pdf or args.zip:
        complete = _images(services, deck, cards, args)
    return 0 if complete else 1


def _sheet(deck: Any, cards: DeckCards, args: argparse.Namespace) -> None:
    from app.gui.decks.sheet import write_registration_sheet
    from app.gui.export.proxy_sheet import ensure_gui_application

    _app = ensure_gui_application()  # kept alive while the PDF is drawn
    rules = FORMATS.get(deck.format.upper())
    sheet = registration_sheet(deck, cards, rules.name if rules else deck.format)
    pages = write_registration_sheet(sheet, Path(args.sheet), args.page)
    print(f"Wrote {args.sheet}: registration sheet, {sheet.total} cards on {pages} "
          f"page{'s' if pages != 1 else ''}")


def _images(services: Application, deck: Any, cards: DeckCards, args: argparse.Namespace) -> bool:
    from app.export import configured_api

    api = args.api or configured_api(services.store)
    if api and not api.startswith(("http://", "https://")):
        raise InvalidRequest(f"--api must be an http:// or https:// URL, not {api[:80]!r}")
    fetch = services.export.image_fetcher(api) if api and not args.offline else None
    try:
        return _write_images(services, deck, cards, args, fetch, api)
    finally:
        if fetch is not None:
            fetch.close()


def _write_images(services: Application, deck: Any, cards: DeckCards, args: argparse.Namespace,
                  fetch: Any, api: str | None) -> bool:
    from app.cli.sheet_out import unfetched_reason, write_sheet
    from app.export import ExportOptions, run_export

    planned = deck_images(services.store, deck, cards)
    for name in planned.missing:
        print(f"not in the catalogue: {name}", file=sys.stderr)
    complete = not planned.missing
    if args.zip and planned.editions:
        # The ZIP named is replaced whole: it holds exactly this deck's images.
        report = run_export(planned.editions,
                            ExportOptions(zip_path=Path(args.zip), collision="replace"),
                            services.images, fetch=fetch,
                            unfetched=unfetched_reason(args, api))
        for problem in [*report.missing, *report.failed][:MAX_LISTED]:
            print(f"not exported: {problem}", file=sys.stderr)
        print(report.summary())
        complete = complete and report.complete
    if args.pdf and planned.copies:
        plan = write_sheet(services, planned.copies, fetch, api, args,
                           title=f"Proxies: {deck.name}")
        complete = complete and not plan.missing
    return complete
