"""The export's options, its jobs (one file each) and the process pool that renders them."""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path

from app.errors import InvalidRequest
from app.export.naming import (
    DEFAULT_TEMPLATE,
    check_template,
    name_key,
    name_room,
    numbered,
    render_name,
)
from app.export.plan import ExportItem
from app.export.render import EXTENSIONS, FORMATS, ignore_interrupts, render, render_beside
from app.export.report import ExportReport

COLLISIONS: tuple[str, ...] = ("skip", "replace", "rename")
MIN_WIDTH, MAX_WIDTH = 16, 8000
POLL_S = 0.1
"""How often a waiting export looks at its cancel flag (seconds)."""
IN_FLIGHT_PER_WORKER = 3
"""Jobs submitted ahead per worker process. Submitting the whole batch made every
``wait`` walk all pending futures (quadratic: over a second of the main process's CPU for
the 423 real images, taken from the workers on a 2-core machine); a few per worker keep
each one busy while a result travels back."""


@dataclass(frozen=True)
class ExportOptions:
    """How to export.

    Attributes:
        folder: write one file per edition here (None: no loose files).
        zip_path: also (or instead) write one ZIP file holding the files.
        format: ``jpeg`` (the stored original) or ``png-rounded`` (transparent corners).
        width: scale to this width in pixels (None: original size).
        template: file name template (:mod:`app.export.naming`).
        collision: an existing file is ``skip``-ped (kept), ``replace``-d or the new one
            is ``rename``-d (``name (2).png``).
        workers: processes that render (None: one per core).
    """

    folder: Path | None = None
    zip_path: Path | None = None
    format: str = "jpeg"
    width: int | None = None
    template: str = DEFAULT_TEMPLATE
    collision: str = "skip"
    workers: int | None = None

    def validate(self) -> None:
        """Raise :class:`~app.errors.InvalidRequest` with a clear message if invalid."""
        if self.folder is None and self.zip_path is None:
            raise InvalidRequest("Choose a folder or a ZIP file to export to")
        if self.format not in FORMATS:
            raise InvalidRequest(f"The format must be {' or '.join(FORMATS)}, "
                                 f"not {self.format!r}")
        if self.width is not None and not MIN_WIDTH <= self.width <= MAX_WIDTH:
            raise InvalidRequest(f"The width must be between {MIN_WIDTH} and {MAX_WIDTH} "
                                 f"pixels, not {self.width}")
        if self.collision not in COLLISIONS:
            raise InvalidRequest(f"When a file exists: {', '.join(COLLISIONS)}, "
                                 f"not {self.collision!r}")
        if self.workers is not None and self.workers < 1:
            raise InvalidRequest("workers must be 1 or more")
        if self.folder is not None and self.folder.exists() and not self.folder.is_dir():
            raise InvalidRequest(f"{self.folder} exists and is not a folder")
        check_template(self.template)


@dataclass(frozen=True)
class Job:
    """One edition's file: ``name`` (unique in the batch), ``target`` (None: not written
    to the folder), whether it replaces an existing file or was renamed."""

    item: ExportItem
    source: Path
    name: str
    target: Path | None
    replaces: bool = False
    renamed: bool = False


def free_name(folder: Path, name: str, taken: set[str]) -> str:
    """``name`` or the first ``name (n)`` (n ≥ 2) neither in ``folder`` nor in ``taken``
    (compared by :func:`~app.export.naming.name_key`, as Windows and macOS file systems
    compare names), within the folder's :func:`~app.export.naming.name_room`."""
    candidate, number, room = name, 1, name_room(folder)
    while name_key(candidate) in taken or (folder / candidate).exists():
        number += 1
        candidate = numbered(name, number, room)
    return candidate


def existing_names(folder: Path | None) -> dict[str, str]:
    """The files already in ``folder``: :func:`~app.export.naming.name_key` → name ({}
    for no folder or a folder not made yet)."""
    if folder is None or not folder.is_dir():
        return {}
    return {name_key(entry.name): entry.name for entry in folder.iterdir()}


def assign_jobs(found: Sequence[tuple[ExportItem, Path]], options: ExportOptions,
                report: ExportReport) -> list[Job]:
    """Name each file and apply the collision policy (existing files kept go to
    ``report.kept``); two editions rendering to the same name get ``(2)``, ``(3)`` …

    Names are compared as Windows and macOS compare them (ignoring case, in one normal
    form) on every platform, so an exported folder copied to any of them loses no file:
    ``replace`` writes over ``Spirit.jpg`` when ``spirit.jpg`` is asked for.
    """
    extension = EXTENSIONS[options.format]
    folder = options.folder
    room = name_room(folder)  # folder and name within Windows' 260 characters
    present = existing_names(folder)
    taken: set[str] = set()
    jobs: list[Job] = []
    for item, source in found:
        wanted = render_name(options.template, item.placeholders(), extension, room)
        name = wanted
        number = 1
        while name_key(name) in taken:
            number += 1
            name = numbered(wanted, number, room)
        renamed = name != wanted
        target: Path | None = None
        replaces = False
        if folder is not None:
            target = folder / name
            there = present.get(name_key(name))
            if there is not None or target.exists():
                if options.collision == "skip":
                    report.kept.append(folder / (there or name))
                    target = None
                elif options.collision == "replace":
                    target, replaces = folder / (there or name), True
                else:
                    name = free_name(folder, name, taken | present.keys())
                    target, renamed = folder / name, True
        taken.add(name_key(name))
        jobs.append(Job(item, source, name, target, replaces, renamed))
    return jobs


Outcome = bytes | Path | BaseException
"""What rendering a job gave: the file's bytes, the temporary file a worker wrote them to
(beside the job's target, to be renamed to it), or the error."""


def rendered(jobs: Sequence[Job], options: ExportOptions, cancel: threading.Event, *,
             write: bool = False) -> Iterator[tuple[Job, Outcome]]:
    """Render every job, yielding ``(job, outcome)`` as each finishes.

    Copies of the original (``jpeg`` at its own size) and single images are done in this
    process; everything else in a pool of ``options.workers`` processes (spawned, so no
    thread of the caller, Qt's included, is forked). With ``write``, a worker writes the
    file of a job with a target itself, into a temporary file beside it, and only the
    temporary file's path travels back (:func:`app.export.render.render_beside`); the
    caller renames it. Stops early when ``cancel`` is set: images not started are
    dropped, the ones being rendered are waited for and dropped (their temporary files
    removed), as are the temporary files of outcomes not yielded.
    """
    workers = min(options.workers or os.cpu_count() or 1, len(jobs))
    if workers <= 1 or (options.format == "jpeg" and options.width is None):
        for job in jobs:
            if cancel.is_set():
                return
            try:
                yield job, render(str(job.source), options.format, options.width)
            except Exception as error:
                yield job, error
        return
    pool = ProcessPoolExecutor(workers, multiprocessing.get_context("spawn"),
                               initializer=ignore_interrupts)
    pending: dict[Future[bytes | str], Job] = {}
    try:
        queued = iter(jobs)

        def top_up() -> None:  # a few jobs per worker in flight, not the whole batch
            while len(pending) < workers * IN_FLIGHT_PER_WORKER:
                job = next(queued, None)
                if job is None:
                    return
                source, fmt, width = str(job.source), options.format, options.width
                future: Future[bytes | str] = (
                    pool.submit(render_beside, source, fmt, width, str(job.target))
                    if write and job.target is not None
                    else pool.submit(render, source, fmt, width))
                pending[future] = job

        top_up()
        while pending and not cancel.is_set():
            finished, _ = wait(pending, timeout=POLL_S, return_when=FIRST_COMPLETED)
            for future in finished:
                job = pending.pop(future)
                failure = future.exception()
                if failure is not None:
                    yield job, failure
                else:
                    result = future.result()
                    yield job, Path(result) if isinstance(result, str) else result
                if cancel.is_set():
                    return
            top_up()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        for future in pending:  # dropped: remove what a worker wrote for them
            if future.done() and not future.cancelled() and future.exception() is None:
                result = future.result()
                if isinstance(result, str):
                    Path(result).unlink(missing_ok=True)
