"""``archivist [--data-dir DIR] [COMMAND ...]``: the entry point of the console script.

Without a command it opens the window. Errors are printed as one line on stderr with a
non-zero exit status, never as a traceback.

This module imports nothing at its top but ``sys``: ``archivist --version`` answers from
here, ``archivist --help`` from :mod:`app.cli.top_help` (no argparse), and every other
command line loads the parser (:mod:`app.cli.parser`) and then only what its command
needs.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing itself is not loaded for --version
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence
    from typing import Any

_PARSER_NAMES = ("COMMAND_MODULES", "CORE_COMMANDS", "EXAMPLES", "SUMMARIES", "OneLineParser",
                 "build_parser", "command_word", "parse", "query_first", "window_options")


def __getattr__(name: str) -> Any:
    """The parser's names (:mod:`app.cli.parser`), where they were before it was a module
    of its own, loaded on first use."""
    if name in _PARSER_NAMES:
        from app.cli import parser

        return getattr(parser, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the process exit status."""
    argv = sys.argv[1:] if argv is None else argv
    if list(argv) == ["--version"]:  # as the parser prints it, without loading the parser
        from app import __version__

        print(f"archivist {__version__}")
        return 0
    if list(argv) in (["--help"], ["-h"]):  # the parser's text, without loading argparse
        from app.cli.top_help import top_help

        # as argparse prints it: no stdout (a windowed start) or a closed pipe is no error
        try:  # noqa: SIM105 - contextlib.suppress would load contextlib for --help
            sys.stdout.write(top_help())
        except (AttributeError, OSError):
            pass
        return 0
    from app.cli.parser import parse, window_options

    # a command line asking for help (or the version) never only opens the window
    window = None if {"-h", "--help", "--version"} & set(argv) else window_options(argv)
    # --help and --version exit in parse(), before the commands and what they import
    args = parse(argv) if window is None else window
    from app.cli import commands
    from app.cli.safe_stream import safe_terminal

    run = commands.run_gui if window is not None else getattr(args, "run", commands.run_gui)
    with safe_terminal():
        return _run(run, args)


def _run(run: Any, args: argparse.Namespace) -> int:
    import sqlite3

    from app.errors import ArchivistError

    try:
        return int(run(args))
    except ArchivistError as error:
        print(f"archivist: {error.message}", file=sys.stderr)
        return 2 if error.status == 400 else 1
    except sqlite3.DatabaseError as error:
        from app.paths import resolve_paths
        from app.store.db.integrity import REBUILD, forget_check, is_corruption

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
    except OSError as error:  # a file or port the person named cannot be used
        where = f": {error.filename}" if error.filename else ""
        print(f"archivist: {error.strerror or error}{where}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
