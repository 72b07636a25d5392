"""The command line of ``archivist``: its parser, and the quick ways of reading a command
line (the window's, one command's) that import only what that command needs.

``python -m app`` and the console script start in :mod:`app.cli.main`, which loads this
module only for a command line that needs a parser (``archivist --version`` does not).
"""

from __future__ import annotations

import argparse
import importlib

from app import __version__
from app.cli.top_help import (
    _LISTED,
    CORE_HELP,
    DATA_DIR_HELP,
    DESCRIPTION,
    SUMMARIES,
    VERBOSE_HELP,
    terminal_columns,
)

TYPE_CHECKING = False  # typing is not loaded for --help
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, NoReturn


class _Parser(argparse.ArgumentParser):
    def _get_formatter(self) -> argparse.HelpFormatter:
        # argparse asks shutil for the width (loading bz2, lzma…) whenever it builds a
        # formatter, as adding an argument does: os answers as shutil would
        formatter: Any = self.formatter_class  # every HelpFormatter takes a width
        return formatter(prog=self.prog, width=terminal_columns() - 2)  # type: ignore[no-any-return]


class OneLineParser(_Parser):
    """An argument parser whose user errors are one line on stderr (exit 2), naming --help
    instead of printing the whole usage."""

    def error(self, message: str) -> NoReturn:
        """Print ``PROG: MESSAGE (see PROG --help)`` and exit with status 2."""
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _common_options(defaults: bool) -> OneLineParser:
    """``--data-dir`` and ``--verbose``, accepted before and after the command.

    The subcommands' copies have no defaults, so ``archivist --data-dir D get …`` keeps D.
    """
    common = OneLineParser(add_help=False)
    common.add_argument(
        "--data-dir", metavar="DIR", default=None if defaults else argparse.SUPPRESS,
        help=DATA_DIR_HELP,
    )
    common.add_argument(
        "-v", "--verbose", action="store_true",
        default=False if defaults else argparse.SUPPRESS,
        help=VERBOSE_HELP,
    )
    return common


def _size(text: str) -> str:
    """An argparse type: ``WIDTHxHEIGHT`` in pixels, each 100–10000."""
    width, _, height = text.lower().partition("x")
    if not (width.isdigit() and height.isdigit() and 100 <= int(width) <= 10000
            and 100 <= int(height) <= 10000):
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x800")
    return f"{int(width)}x{int(height)}"


COMMAND_MODULES = {
    "sync": "sync_cmd", "search": "search_cmd", "export": "export_cmd", "deck": "deck_cmd",
    "banlist": "banlist_cmd", "collection": "collection_cmd",
    "changes": "history_cmd", "history": "history_cmd", "revert": "history_cmd",
    "backup": "backup_cmd", "events": "events_cmd", "meta": "meta_cmd", "scan": "scan_cmd",
}
"""The subcommands whose parser lives in a module of their own (``app.cli.<module>``)."""


CORE_COMMANDS = tuple(CORE_HELP)
"""The subcommands whose parser is here: reading one needs no command module."""

def _top(parser_class: type[OneLineParser] | None
         ) -> tuple[OneLineParser, argparse._SubParsersAction[OneLineParser]]:
    """The ``archivist`` parser (its options, no subcommand yet) and its subcommands."""
    parser = (parser_class or OneLineParser)(
        prog="archivist", parents=[_common_options(defaults=True)],
        description=DESCRIPTION,
    )
    parser.add_argument("--version", action="version", version=f"archivist {__version__}")
    return parser, parser.add_subparsers(dest="command", metavar="COMMAND")


def _summaries(parser_class: type[OneLineParser] | None) -> OneLineParser:
    """The parser whose subcommands are only listed, each its name and one-line help (no
    parser each: building two dozen of them was most of ``archivist --help``)."""
    parser, sub = _top(parser_class)
    for name in _LISTED:
        for word, summary in SUMMARIES.get(name, ((name, CORE_HELP.get(name, "")),)):
            _list_only(sub, word, summary)
    return parser


class _Listed:
    """A subcommand only listed (see :func:`_parser_or_line`): its arguments are not
    added, as no parser reads them."""

    def add_argument(self, *args: Any, **kwargs: Any) -> None:
        """Nothing: the subcommand has no parser."""

    def set_defaults(self, **kwargs: Any) -> None:
        """Nothing: the subcommand has no parser."""


def _list_only(sub: argparse._SubParsersAction[OneLineParser], word: str, summary: str
               ) -> None:
    """List ``word`` among the subcommands (its name and one-line help) without building
    its parser: argparse builds ~1 ms of objects and translations per parser."""
    sub._choices_actions.append(sub._ChoicesPseudoAction(word, (), summary))


def _parser_or_line(sub: argparse._SubParsersAction[OneLineParser], word: str,
                    command: str | None, common: OneLineParser
                    ) -> OneLineParser | _Listed:
    """The parser of the core subcommand ``word`` when the command line may name it
    (``command`` is None or ``word``), else ``word`` only listed."""
    if command is None or command == word:
        return sub.add_parser(word, parents=[common], help=CORE_HELP[word])
    _list_only(sub, word, CORE_HELP[word])
    return _Listed()


def build_parser(command: str | None = None,
                 parser_class: type[OneLineParser] | None = None,
                 summaries_only: bool = False) -> argparse.ArgumentParser:
    """The argument parser with every subcommand (it imports every command's module), or
    with ``command``'s module only (see :func:`command_word`).

    Args:
        command: a key of :data:`COMMAND_MODULES`: import that command's module only; one
            of :data:`CORE_COMMANDS`: import none. Either way only that command's parser
            is built, the other subcommands only listed (their name and one-line help).
        parser_class: the class of the parser and its subparsers (default OneLineParser).
        summaries_only: import no command's module, nor the commands themselves: every
            subcommand is only listed, its name and one-line help (:data:`SUMMARIES`,
            :data:`CORE_HELP`), enough for ``archivist --help`` and ``--version``; a
            command line naming a subcommand is an error to this parser.
    """
    if summaries_only:
        return _summaries(parser_class)
    modules = ([] if command in CORE_COMMANDS
               else sorted(set(COMMAND_MODULES.values())) if command not in COMMAND_MODULES
               else [COMMAND_MODULES[command]])
    loaded = {name: importlib.import_module(f"app.cli.{name}") for name in modules}
    commands = importlib.import_module("app.cli.commands")

    def run(p: argparse.ArgumentParser | _Listed, name: str) -> None:
        p.set_defaults(run=getattr(commands, name))
    common = _common_options(defaults=False)
    parser, sub = _top(parser_class)

    p = _parser_or_line(sub, "import", command, common)
    p.add_argument("paths", nargs="+", metavar="PATH", help="JSON files or folders of them")
    p.add_argument("--images", metavar="DIR", help="folder of card images named by API file name")
    p.add_argument("--logos", metavar="DIR", help="folder of featured-set logos (<PREFIX>.png)")
    p.add_argument("--allow-older", action="store_true",
                   help="replace stored cards with older records too (rolls data back)")
    run(p, "run_import")

    p = _parser_or_line(sub, "get", command, common)
    p.add_argument("api_path", metavar="API_PATH", help='e.g. "/cards/DOA%%201st/001"')
    p.add_argument("-o", "--output", metavar="FILE", help="write the body to FILE")
    run(p, "run_get")

    p = _parser_or_line(sub, "demo-thema", command, common)
    p.add_argument("--end", metavar="YYYY-MM-DD", help="last generated day (default: today, UTC)")
    p.add_argument("--days", type=int, default=400, help="days of history (default 400)")
    p.add_argument("--seed", type=int, default=2026, help="random seed (default 2026)")
    run(p, "run_demo_thema")

    p = _parser_or_line(sub, "serve", command, common)
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default: loopback only)")
    p.add_argument("--port", type=int, default=8765, help="TCP port (default 8765)")
    p.add_argument("--workers", type=int, default=1,
                   help="worker processes over the same catalogue (default 1)")
    p.add_argument("--allow-host", action="append", metavar="NAME",
                   help="off loopback, also answer requests for this Host name (repeatable)")
    run(p, "run_serve")

    for name in _LISTED[4:-2]:
        if name in loaded:
            loaded[name].add_parser(sub, common)
        else:  # a line of the help only: reading this command line needs no more
            for word, summary in SUMMARIES[name]:
                _list_only(sub, word, summary)

    p = _parser_or_line(sub, "screenshot", command, common)
    p.add_argument("out", metavar="OUT.png")
    p.add_argument("--query", default="", help="search text to type")
    p.add_argument("--card", metavar="CARD",
                   help="card to select and show in the detail pane (its slug or name)")
    p.add_argument("--size", type=_size, default="1280x800", metavar="WxH",
                   help="window size in pixels: the PNG's size (default 1280x800)")
    p.add_argument("--page", default="search",
                   choices=("search", "sets", "thema", "card", "gallery", "decks", "banlist",
                            "changes", "collection", "meta", "scan"),
                   help="page to show: search (default), sets (featured sets), thema, card "
                        "(the detail of --card), gallery (the editions of --card), decks, "
                        "banlist (the Decks page's ban list), changes (the newest revision), "
                        "collection (owned cards, set completion), meta (the stored "
                        "events' meta) or scan (the review of photos added to the collection, "
                        "with --photos)")
    p.add_argument("--edition", metavar="UUID",
                   help="edition whose Thema chart (thema), details (card) or large view "
                        "(gallery) is shown")
    p.add_argument("--theme", default="light", choices=("light", "dark"), help="palette")
    p.add_argument("--deck", metavar="FILE", help="with --page decks: a decklist file shown "
                   "in the page and checked (never kept among the decks)")
    p.add_argument("--photos", metavar="FOLDER", help="with --page scan: a photo file or "
                   "folder of photos scanned and shown for review")
    p.add_argument("--feature", choices=("sync-progress", "sync-retry", "sync-offline",
                                         "syntax-help", "completion"),
                   help="also show a dialog or popup: the sync's progress, a retry or an "
                        "offline failure, the search syntax sheet, name completion")
    run(p, "run_screenshot")

    p = _parser_or_line(sub, "gui", command, common)
    run(p, "run_gui")
    _describe(sub)
    return parser


EXAMPLES: dict[str, tuple[str, ...]] = {
    "import": ("archivist import ~/gatcg/snapshots/2026-04-04 --images ~/gatcg/images/cards",
               "archivist import featured-sets.json --logos ~/gatcg/logos"),
    "get": ('archivist get "/cards/DOA%201st/001"',
            "archivist get /cards/images/abc123.jpg -o card.jpg"),
    "demo-thema": ("archivist demo-thema --days 90",),
    "serve": ("archivist serve", "archivist serve --host 0.0.0.0 --port 8765 --workers 2"),
    "sync": ("archivist sync", "archivist sync --api http://192.168.1.20:8765 --images all"),
    "search": ("archivist search lorraine",
               'archivist search "el:fire t:champion" --per edition'),
    "export": ('archivist export "el:fire t:champion" --to ~/Pictures/fire',),
    "screenshot": ("archivist screenshot window.png --query lorraine --size 1280x800",),
    "gui": ("archivist gui --data-dir ~/my-catalogue",),
    "deck import": ('archivist deck import deck.txt --name "Tristan aggro"',),
    "deck list": ("archivist deck list",),
    "deck check": ("archivist deck check event.json --as-of 2026-06-27",),
    "banlist": ("archivist banlist", "archivist banlist --format pantheon --as-of 2026-06-27"),
    "deck export": ('archivist deck export "Tristan aggro" --text deck.txt --pdf proxies.pdf',),
    "deck need": ('archivist deck need "Tristan aggro" --json',),
    "collection import": ("archivist collection import owned.csv",),
    "collection export": ("archivist collection export owned.csv",),
    "collection add": ('archivist collection add "Spirit of Fire" --set "DOA 1st" --number 1',),
    "collection remove": ('archivist collection remove "Spirit of Fire" --set "DOA 1st" '
                          "--number 1",),
    "collection show": ('archivist collection show --set "DOA 1st"',),
    "changes": ("archivist changes", "archivist changes --since 2026-04-01 --json"),
    "history": ("archivist history spirit-of-fire",),
    "revert": ("archivist revert 2",),
    "backup list": ("archivist backup list",),
    "backup now": ("archivist backup now",),
    "backup restore": ("archivist backup restore latest --collection",),
    "events": ("archivist events import ~/gatcg/events", "archivist events list"),
    "events import": ("archivist events import ~/gatcg/events",),
    "events list": ("archivist events list --json",),
    "events sync": ("archivist events sync --ids 50088,50170",
                    "archivist events sync --from-id 50000 --to-id 50200"),
    "meta": ("archivist meta --format standard --from 2026-05-01",
             "archivist meta --json"),
    "scan": ("archivist scan card.jpg", "archivist scan ~/Pictures/cards --json --top 3"),
    "meta card": ('archivist meta card "Spirit of Serene Water"',),
    "meta like": ("archivist meta like event.json --index 3 --top 5",
                  'archivist meta like "Tristan aggro"'),
}
"""An example command line of each subcommand, shown at the end of its ``--help``."""


def _describe(sub: argparse._SubParsersAction[Any], prefix: str = ""
              ) -> None:
    """Give every subcommand (and every verb of one, e.g. ``deck import``) a description
    (its one-line help when it has none) and examples (:data:`EXAMPLES`) at the end of its
    ``--help``."""
    helps = {action.dest: action.help for action in sub._choices_actions}
    for short, command in sub.choices.items():
        name = prefix + short
        for action in command._actions:
            if isinstance(action, argparse._SubParsersAction):
                _describe(action, f"{name} ")
        if not command.description:
            text = str(helps.get(short) or "")
            command.description = text[:1].upper() + text[1:] + "."
        if name in EXAMPLES and not command.epilog:
            command.epilog = "examples:\n" + "\n".join(f"  {e}" for e in EXAMPLES[name])
            command.formatter_class = argparse.RawDescriptionHelpFormatter


class _NotTheWindow(Exception):
    """The command line does more than open the window (see :func:`window_options`)."""


class _WindowParser(_Parser):
    def error(self, message: str) -> NoReturn:
        raise _NotTheWindow(message)


def window_options(argv: Sequence[str]) -> argparse.Namespace | None:
    """The options of a command line that only opens the window (``archivist`` or
    ``archivist gui``, with ``--data-dir``/``--verbose`` before or after), as the full
    parser reads them; None for any other command line (``--help`` too).

    Opening the window this way skips importing every command's module (their parsers
    live there): the window shows sooner.
    """
    parser = _WindowParser(add_help=False, parents=[_common_options(defaults=True)])
    parser.add_argument("command", nargs="?", choices=("gui",))
    try:
        return parser.parse_args(list(argv))
    except _NotTheWindow:
        return None


class _Retry(OneLineParser):
    def error(self, message: str) -> NoReturn:
        raise _NotTheWindow(message)


def command_word(argv: Sequence[str]) -> str | None:
    """The subcommand a command line names (its first word that is neither an option nor
    the value of ``--data-dir``), or None."""
    words = iter(argv)
    for word in words:
        if word in ("-h", "--help"):  # the help lists every command
            return None
        if word == "--data-dir":
            next(words, None)
        elif word == "--" or not word.startswith("-"):
            return next(words, None) if word == "--" else word
    return None


def query_first(argv: Sequence[str]) -> list[str]:
    """``search -- '-t:ally' --limit 3`` as ``search --limit 3 -- '-t:ally'``: argparse
    takes every word after ``--`` as an argument, but the words after the query (one word)
    are options; a query that starts with '-' needs ``--`` before it, options may follow."""
    words = list(argv)
    if "search" not in words or "--" not in words[words.index("search"):]:
        return words
    at = words.index("--", words.index("search"))
    if at + 2 >= len(words):
        return words
    return [*words[:at], *words[at + 2:], "--", words[at + 1]]


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """Parse a command line as :func:`build_parser`'s full parser does, importing only
    the named command's module when that parser reads it without error (a one-shot
    command starts sooner); any error is the full parser's."""
    word = command_word(argv)
    if word is None and {"-h", "--help", "--version"} & set(argv):
        # answered (and exited) by the parser without any command's module
        try:  # noqa: SIM105 - contextlib.suppress would load contextlib for --help
            build_parser(parser_class=_Retry, summaries_only=True).parse_args(list(argv))
        except _NotTheWindow:
            pass
    if word == "search":
        argv = query_first(argv)
    if word in COMMAND_MODULES or word in CORE_COMMANDS:
        try:
            return build_parser(word, _Retry).parse_args(list(argv))
        except _NotTheWindow:
            pass
    return build_parser().parse_args(list(argv))
