"""Entry point of the bundled Archivist (PyInstaller): the same command line as ``archivist``.

With no arguments it opens the window (a double-click); ``Archivist screenshot OUT.png``,
``Archivist export …`` and every other command work as they do from source.
"""

from __future__ import annotations

import multiprocessing
import os
import sys


def main() -> int:
    """Run Archivist's command line with this process's arguments."""
    multiprocessing.freeze_support()  # the export's worker processes start this executable
    # A windowed (no console) program on Windows has no stdout/stderr: give them a sink.
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    if len(sys.argv) < 2 or sys.argv[1] == "gui":  # the window: say which libraries are missing
        from app.desktop_libs import install_advice, missing_libraries

        missing = missing_libraries()
        if missing:
            print(install_advice(missing), file=sys.stderr)
    from app.cli.main import main as archivist

    return archivist(sys.argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
