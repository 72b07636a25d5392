"""``archivist --help``'s text, written without argparse: the list of subcommands and the
common options, in argparse's layout, for the terminal's width.

Loading argparse (with gettext, locale…) and building even a summaries-only parser cost
as much again as a bare Python start; ``archivist --help`` answers from here instead. The
layout follows :class:`argparse.HelpFormatter` (a test holds the two texts equal at many
widths); ``archivist COMMAND --help`` still goes through the parser (:mod:`app.cli.parser`).
"""

from __future__ import annotations

import os
import sys

DESCRIPTION = "Archivist: the Grand Archive card catalogue, offline."
"""The parser's description, the first paragraph of ``archivist --help``."""

DATA_DIR_HELP = "folder of the catalogue (default: $ARCHIVIST_DATA_DIR or the user data folder)"
"""``--data-dir``'s help."""

VERBOSE_HELP = ("log debug detail to stderr; also list each thing a report only counts "
                "(changes: the kept-out records, on stdout; import: the filled fields, on "
                "stdout; import and sync: the rejected records on stderr)")
"""``--verbose``'s help."""

_OPTIONS = (("-h, --help", "show this help message and exit"),
            ("--data-dir DIR", DATA_DIR_HELP), ("-v, --verbose", VERBOSE_HELP),
            ("--version", "show program's version number and exit"))
"""The top parser's options in its order (argparse's own -h first, the common options, the
version), each its invocation and help."""

_USAGE_OPTIONS = ("[-h]", "[--data-dir DIR]", "[-v]", "[--version]")


def terminal_columns() -> int:
    """The terminal's width as :func:`shutil.get_terminal_size` says it: ``$COLUMNS``,
    else the width of the terminal on stdout, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):  # no stdout, or not a terminal
            columns = 0
    return columns or 80



SUMMARIES: dict[str, tuple[tuple[str, str], ...]] = {
    "sync_cmd": (("sync", "bring the catalogue up to date from the API (resumable)"),),
    "search_cmd": (("search", "search the catalogue with the search language"),),
    "export_cmd": (("export", "export card images (files, ZIP, proxy-sheet PDF)"),),
    "deck_cmd": (("deck", "check, keep and export decklists"),),
    "banlist_cmd": (("banlist", "print a format's banned and limited cards"),),
    "collection_cmd": (("collection", "the cards you own: import, export, add, show"),),
    "history_cmd": (("changes", "print what changed: the patch notes of a revision"),
                    ("history", "print one card's versions and diffs"),
                    ("revert", "put the catalogue back to before a revision")),
    "backup_cmd": (("backup", "list, make and restore backups of decks and collection"),),
    "events_cmd": (("events", "import, sync and list tournaments (events and their "
                             "decklists)"),),
    "meta_cmd": (("meta", "what the field plays: champions, cards, trends"),),
    "scan_cmd": (("scan", "recognise cards in photos (offline)"),),
}
"""Each command module's subcommands and their one-line help, in the order the module adds
them: ``archivist --help`` lists them without importing the modules (which import the
catalogue, the HTTP client…), so it answers as fast as ``--version``. A test holds them
equal to the modules' own."""

CORE_HELP = {
    "import": "import API JSON files into the catalogue",
    "get": "print what the catalogue answers for a path",
    "demo-thema": "write GENERATED dynamic Thema history (no real capture is public)",
    "serve": "serve the catalogue over HTTP",
    "screenshot": "render the window to a PNG file",
    "gui": "open the window (the default)",
}
"""The one-line help of the subcommands whose parser is here."""


_LISTED = ("import", "get", "demo-thema", "serve", "sync_cmd", "search_cmd", "export_cmd",
           "deck_cmd", "banlist_cmd", "collection_cmd", "history_cmd", "backup_cmd",
           "events_cmd", "meta_cmd", "scan_cmd", "screenshot", "gui")
"""The order of ``archivist --help``'s list: a subcommand here, or a command module's."""


def _wrap(text: str, width: int) -> list[str]:
    import textwrap  # as argparse does: only for the help

    return textwrap.wrap(" ".join(text.split()), width)


def _usage(width: int) -> str:
    """argparse's usage line(s) for ``width`` (its ``_format_usage``)."""
    prefix, prog = "usage: ", "archivist"
    positionals = ("COMMAND", "...")
    usage = " ".join((prog, *_USAGE_OPTIONS, *positionals))
    if len(prefix) + len(usage) <= width:
        return prefix + usage

    def lines_of(parts: tuple[str, ...], indent: str, first: bool = False) -> list[str]:
        lines: list[str] = []
        line: list[str] = []
        length = len(prefix) - 1 if first else len(indent) - 1
        for part in parts:
            if length + 1 + len(part) > width and line:
                lines.append(indent + " ".join(line))
                line, length = [], len(indent) - 1
            line.append(part)
            length += len(part) + 1
        if line:
            lines.append(indent + " ".join(line))
        if first:
            lines[0] = lines[0][len(indent):]
        return lines

    if len(prefix) + len(prog) <= 0.75 * width:
        indent = " " * (len(prefix) + len(prog) + 1)
        lines = [*lines_of((prog, *_USAGE_OPTIONS), indent, first=True),
                 *lines_of(positionals, indent)]
    else:
        indent = " " * len(prefix)
        lines = lines_of((*_USAGE_OPTIONS, *positionals), indent)
        if len(lines) > 1:
            lines = [*lines_of(_USAGE_OPTIONS, indent), *lines_of(positionals, indent)]
        lines = [prog, *lines]
    return prefix + "\n".join(lines)


def _item(indent: int, invocation: str, text: str, position: int, width: int) -> str:
    """One argument's lines (argparse's ``_format_action``): its invocation at ``indent``,
    its help from column ``position``, wrapped to the rest of ``width``."""
    if not text:
        return f"{'':{indent}}{invocation}\n"
    room = position - indent - 2
    lines = _wrap(text, max(width - position, 11))
    if len(invocation) <= room:
        out = [f"{'':{indent}}{invocation:<{room}}  {lines[0]}\n"]
    else:
        out = [f"{'':{indent}}{invocation}\n", f"{'':{position}}{lines[0]}\n"]
    out.extend(f"{'':{position}}{line}\n" for line in lines[1:])
    return "".join(out)


def top_help(columns: int | None = None) -> str:
    """The text ``archivist --help`` prints, as argparse writes it for a terminal of
    ``columns`` characters (default :func:`terminal_columns`)."""
    width = (columns or terminal_columns()) - 2  # as the parser's formatter is given
    commands = [(word, summary) for name in _LISTED
                for word, summary in SUMMARIES.get(name, ((name, CORE_HELP.get(name, "")),))]
    # the invocations are measured at their section's indent (2), the commands too
    longest = max(len(x) + 2 for x in ("COMMAND", *(w for w, _ in commands),
                                       *(o for o, _ in _OPTIONS)))
    position = min(longest + 2, min(24, max(width - 20, 4)))
    listed = _item(2, "COMMAND", "", position, width) + "".join(
        _item(4, word, summary, position, width) for word, summary in commands)
    options = "".join(_item(2, o, text, position, width) for o, text in _OPTIONS)
    description = "\n".join(_wrap(DESCRIPTION, max(width, 11)))
    return (f"{_usage(width)}\n\n{description}\n\npositional arguments:\n{listed}\n"
            f"options:\n{options}")
