"""Entry point of the bundled Archivist (PyInstaller): the same command line as ``archivist``.

With no arguments it opens the window (a double-click); ``Archivist screenshot OUT.png``,
``Archivist export …`` and every other command work as they do from source. A start that
fails writes its reason to the log folder and, with no terminal (a double-click on
Windows, macOS or Linux), shows it in a message box (:mod:`app.startup_failure`).
"""

from __future__ import annotations

import multiprocessing
import sys


def command_line(argv: list[str]) -> int:
    """``archivist ARGV``; before the window, the system libraries Qt lacks (Linux)."""
    if not argv or argv[0] == "gui":
        from app.desktop_libs import install_advice, missing_libraries

        missing = missing_libraries()
        if missing:
            print(install_advice(missing), file=sys.stderr)
    from app.cli.main import main as archivist

    return archivist(argv)


def main() -> int:
    """Run Archivist's command line with this process's arguments."""
    multiprocessing.freeze_support()  # the export's worker processes start this executable
    from app.startup_failure import run_guarded

    return run_guarded(command_line, sys.argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
