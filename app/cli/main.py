"""``archivist [--data-dir DIR] [COMMAND ...]``: the entry point of the console script.

Without a command it opens the window. Errors are printed as one line on stderr with a
non-zero exit status, never as a traceback.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from collections.abc import Sequence
from typing import Any

from app import __version__
from app.cli import commands, deck_cmd, export_cmd, history_cmd, search_cmd, sync_cmd
from app.cli.safe_stream import safe_terminal
from app.errors import ArchivistError
from app.paths import resolve_paths
from app.store.integrity import REBUILD, forget_check, is_corruption


def _common_options(defaults: bool) -> argparse.ArgumentParser:
    """``--data-dir`` and ``--verbose``, accepted before and after the command.

    The subcommands' copies have no defaults, so ``archivist --data-dir D get …`` keeps D.
    """
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--data-dir", metavar="DIR", default=None if defaults else argparse.SUPPRESS,
        help="folder of the catalogue (default: $ARCHIVIST_DATA_DIR or the user data folder)",
    )
    common.add_argument(
        "-v", "--verbose", action="store_true",
        default=False if defaults else argparse.SUPPRESS, help="log debug detail to stderr",
    )
    return common


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    common = _common_options(defaults=False)
    parser = argparse.ArgumentParser(
        prog="archivist", parents=[_common_options(defaults=True)],
        description="Archivist: the Grand Archive card catalogue, offline.",
    )
    parser.add_argument("--version", action="version", version=f"archivist {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("import", parents=[common], help="import API JSON files into the catalogue")
    p.add_argument("paths", nargs="+", metavar="PATH", help="JSON files or folders of them")
    p.add_argument("--images", metavar="DIR", help="folder of card images named by API file name")
    p.add_argument("--logos", metavar="DIR", help="folder of featured-set logos (<PREFIX>.png)")
    p.add_argument("--allow-older", action="store_true",
                   help="replace stored cards with older records too (rolls data back)")
    p.set_defaults(run=commands.run_import)

    p = sub.add_parser("get", parents=[common], help="print what the catalogue answers for a path")
    p.add_argument("api_path", metavar="API_PATH", help='e.g. "/cards/DOA%%201st/001"')
    p.add_argument("-o", "--output", metavar="FILE", help="write the body to FILE")
    p.set_defaults(run=commands.run_get)

    p = sub.add_parser(
        "demo-thema", parents=[common],
        help="write GENERATED dynamic Thema history (no real capture is public)",
    )
    p.add_argument("--end", metavar="YYYY-MM-DD", help="last generated day (default: today, UTC)")
    p.add_argument("--days", type=int, default=400, help="days of history (default 400)")
    p.add_argument("--seed", type=int, default=2026, help="random seed (default 2026)")
    p.set_defaults(run=commands.run_demo_thema)

    p = sub.add_parser("serve", parents=[common], help="serve the catalogue over HTTP")
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default: loopback only)")
    p.add_argument("--port", type=int, default=8765, help="TCP port (default 8765)")
    p.add_argument("--workers", type=int, default=1,
                   help="worker processes over the same catalogue (default 1)")
    p.add_argument("--allow-host", action="append", metavar="NAME",
                   help="off loopback, also answer requests for this Host name (repeatable)")
    p.set_defaults(run=commands.run_serve)

    sync_cmd.add_parser(sub, common)
    search_cmd.add_parser(sub, common)
    export_cmd.add_parser(sub, common)
    deck_cmd.add_parser(sub, common)
    history_cmd.add_parser(sub, common)

    p = sub.add_parser("screenshot", parents=[common], help="render the window to a PNG file")
    p.add_argument("out", metavar="OUT.png")
    p.add_argument("--query", default="", help="search text to type")
    p.add_argument("--card", metavar="SLUG", help="card to select and show in the detail pane")
    p.add_argument("--size", default="1280x800", metavar="WxH", help="window size in pixels")
    p.add_argument("--page", default="search",
                   choices=("search", "sets", "thema", "card", "gallery", "decks", "changes"),
                   help="page to show: search (default), sets (featured sets), thema, card "
                        "(the detail of --card), gallery (the editions of --card), decks or "
                        "changes (the newest revision)")
    p.add_argument("--edition", metavar="UUID",
                   help="edition whose Thema chart (thema), details (card) or large view "
                        "(gallery) is shown")
    p.add_argument("--theme", default="light", choices=("light", "dark"), help="palette")
    p.add_argument("--deck", metavar="FILE", help="with --page decks: a decklist file pasted "
                   "into the page and checked (the deck goes to the trash afterwards)")
    p.set_defaults(run=commands.run_screenshot)

    p = sub.add_parser("gui", parents=[common], help="open the window (the default)")
    p.set_defaults(run=commands.run_gui)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the process exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    run = getattr(args, "run", commands.run_gui)
    with safe_terminal():
        return _run(run, args)


def _run(run: Any, args: argparse.Namespace) -> int:
    try:
        return int(run(args))
    except ArchivistError as error:
        print(f"archivist: {error.message}", file=sys.stderr)
        return 2 if error.status == 400 else 1
    except sqlite3.DatabaseError as error:
        if not is_corruption(error):
            raise
        forget_check(resolve_paths(getattr(args, "data_dir", None)).catalogue_file)
        print(f"archivist: the catalogue is damaged ({error}); run the command again to move "
              f"it aside, then {REBUILD}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("archivist: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (archivist search … | head)
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
