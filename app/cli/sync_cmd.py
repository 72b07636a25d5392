"""``archivist sync [--api URL] [--images none|missing|all] [--full]``: keep the catalogue
current from a catalogue API, with a progress bar (tqdm, on a terminal) and a summary.

Ctrl-C stops cleanly: the catalogue is left as it was and the next sync resumes.
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import threading
from collections.abc import Iterator
from typing import Any, TextIO

from tqdm import tqdm

from app.bootstrap import build
from app.cli.output import print_problems
from app.errors import InvalidRequest, Unreachable
from app.sync import (
    DEFAULT_API,
    IMAGE_MODES,
    ClientSettings,
    Progress,
    SyncCancelled,
    SyncEngine,
    SyncOptions,
)
from app.sync.common import api_url_problem
from app.sync.progress import CANCELLED, UNCHANGED


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    """Register the ``sync`` subcommand on ``sub`` (argparse subparsers)."""
    p = sub.add_parser("sync", parents=[common],
                       help="bring the catalogue up to date from the API (resumable)")
    p.add_argument("--api", default=DEFAULT_API, metavar="URL",
                   help=f"API root to sync from (default {DEFAULT_API})")
    p.add_argument("--images", choices=IMAGE_MODES, default="missing",
                   help="card images: none, missing (of new and changed editions; default) "
                        "or all not stored yet")
    p.add_argument("--full", action="store_true",
                   help="enumerate every card (finds cards removed upstream)")
    p.add_argument("--concurrency", type=int, default=4, metavar="N",
                   help="requests in flight at most (default 4)")
    p.add_argument("--retries", type=int, default=5, metavar="N",
                   help="further attempts of a failed request, with growing pauses (default 5)")
    p.add_argument("--allow-older", action="store_true",
                   help="replace stored cards with older records too (a stale mirror)")
    p.set_defaults(run=run_sync)


class ProgressBar:
    """A tqdm bar per phase: items done/total, rate, time left; bytes and requests after.

    Args:
        file: where the bar goes (stderr).
        disable: True hides it; None (default) shows it only on a terminal.
        mininterval: least seconds between two redraws.
    """

    def __init__(
        self, file: TextIO | None = None, disable: bool | None = None, mininterval: float = 0.2
    ) -> None:
        self.file = file or sys.stderr
        self.disable = disable
        self.mininterval = mininterval
        self._bar: tqdm[Any] | None = None
        self._phase = ""

    def __call__(self, progress: Progress) -> None:
        if progress.phase != self._phase or self._bar is None:
            self.close()
            self._phase = progress.phase
            self._bar = tqdm(total=progress.total, desc=progress.label, unit="item",
                             file=self.file, disable=self.disable, leave=False,
                             dynamic_ncols=True, mininterval=self.mininterval)
        bar = self._bar
        if bar.total != progress.total:
            bar.total = progress.total
        bar.set_postfix_str(f"{progress.bytes / 1_000_000:.1f} MB, "
                            f"{progress.requests} requests", refresh=False)
        bar.update(progress.done - bar.n)

    def close(self) -> None:
        """Remove the current bar."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None


def run_sync(args: argparse.Namespace) -> int:
    """Run one sync; exit 0 when it was applied, 130 when interrupted (nothing changed)."""
    api = str(args.api).strip()
    problem = api_url_problem(api)
    if problem is not None:
        raise InvalidRequest(f"--api {api[:80]!r}: {problem}")
    if not 1 <= args.concurrency <= 32:
        raise InvalidRequest("--concurrency must be between 1 and 32")
    if not 0 <= args.retries <= 20:
        raise InvalidRequest("--retries must be between 0 and 20")
    services = build(args.data_dir, args.verbose)
    options = SyncOptions(api_url=api, images=args.images, full=args.full,
                          allow_older=args.allow_older,
                          client=ClientSettings(concurrency=args.concurrency,
                                                retries=args.retries))
    bar = ProgressBar()
    try:
        with ctrl_c_cancels() as cancel:
            report = SyncEngine(services.paths, services.store, options).run(
                progress=bar, cancel=cancel)
    except (KeyboardInterrupt, SyncCancelled):
        bar.close()
        print(f"archivist: {CANCELLED}", file=sys.stderr)
        return 130
    except Unreachable as error:
        print(f"archivist: {error.message} {UNCHANGED}", file=sys.stderr)
        return 1
    finally:
        bar.close()
    log_file = services.paths.logs / "archivist.log"
    print_problems(report.rejected, args.verbose, "sync", log_file)
    print_problems(report.write.refused, args.verbose, "sync", log_file)
    print_problems(report.write.kept_out, args.verbose, "sync", log_file, "kept out")
    print(report.summary())
    return 0


@contextlib.contextmanager
def ctrl_c_cancels() -> Iterator[threading.Event]:
    """While the block runs, the first Ctrl-C (SIGINT) sets the returned event, which the sync
    polls and stops on as the window's Cancel does (:class:`SyncCancelled`); a second Ctrl-C
    raises KeyboardInterrupt at once. The previous handler comes back afterwards.

    One path for every moment of the sync, instead of a KeyboardInterrupt landing wherever the
    main thread happens to be (inside the event loop's own code under load)."""
    cancel = threading.Event()

    def on_sigint(signum: int, frame: object) -> None:
        if cancel.is_set():
            raise KeyboardInterrupt
        cancel.set()

    if threading.current_thread() is not threading.main_thread():
        yield cancel  # signals reach the main thread only: nothing to install
        return
    previous = signal.signal(signal.SIGINT, on_sigint)
    try:
        yield cancel
    finally:
        signal.signal(signal.SIGINT, previous)
