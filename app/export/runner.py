"""Running an export: images rendered over the cores, written atomically, optionally zipped.

Flow of :func:`run_export`: find each edition's stored image (fetching those not stored
when a fetcher is given, else listing them as missing) → name each file from the template
(unique within the batch, ignoring case) → apply the collision policy to existing files →
render in a process pool (:func:`app.export.render.render`) → write each file through a
temporary file and a rename (:mod:`app.files`; the worker that rendered it writes
the temporary file when there is no ZIP; and/or into a ZIP written to a temporary file,
renamed at the end). Cancelling stops at the next finished image: every file written is
whole, and an unfinished ZIP is removed.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from app.diskfull import write_failure
from app.errors import StoreError
from app.export.fetch import NOT_STORED, Fetcher, resolve_sources
from app.export.jobs import ExportOptions, Job, assign_jobs, free_name, rendered
from app.export.plan import ExportItem
from app.export.render import Unwritable
from app.export.report import ExportReport, Problem, Progress
from app.files import (
    NotAFile,
    ZipWriter,
    check_target,
    make_folder,
    put_in_place,
    write_bytes,
)
from app.images.store import ImageStore

ProgressFn = Callable[[Progress], None]


def run_export(
    items: Sequence[ExportItem], options: ExportOptions, images: ImageStore, *,
    fetch: Fetcher | None = None, progress: ProgressFn | None = None,
    cancel: threading.Event | None = None, unfetched: str = NOT_STORED,
) -> ExportReport:
    """Export the images of ``items`` as ``options`` say.

    Args:
        items: the editions, from :mod:`app.export.plan`.
        options: where to, which format and width, names, collisions, ZIP.
        images: the image store holding the editions' images.
        fetch: fetches an image not stored (see :mod:`app.export.fetch`); None: such
            editions are listed as missing.
        progress: called after each edition is finished (in the calling thread).
        cancel: set it (from any thread) to stop after the image being finished.
        unfetched: why an image not stored is missing when ``fetch`` is None.

    Returns:
        The report; ``cancelled`` is True when ``cancel`` stopped it.

    Raises:
        InvalidRequest: invalid options (checked before anything is written).
        NotAFile: the folder or the ZIP file is one of Archivist's own (``OwnFile``), the
            ZIP's folder does not exist, or the ZIP file is a folder or a device.
        StoreError: the ZIP file cannot be written (a full disk); its partial file is gone.
    """
    options.validate()
    if options.zip_path is not None:
        check_target(options.zip_path)  # before any image is fetched or rendered
    if options.folder is not None:
        make_folder(options.folder)  # refused first when it is one of Archivist's own
    started = time.monotonic()
    cancel = cancel or threading.Event()
    report = ExportReport(total=len(items))
    done = 0

    def tick(current: str) -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(Progress(done, report.total, current))

    def fetching(item: ExportItem) -> None:
        if progress is not None:
            progress(Progress(done, report.total, f"fetching {item.image_file}"))

    found, report.missing, report.fetched = resolve_sources(items, images, fetch, fetching,
                                                            cancel, unfetched)
    for problem in report.missing:
        tick(problem.item.label)
    jobs = assign_jobs(found, options, report)
    zip_target = _zip_target(options, report)
    for job in jobs:
        if job.target is None and zip_target is None:
            tick(job.name)  # kept: the file exists and the policy is skip
    jobs = [j for j in jobs if j.target is not None or zip_target is not None]
    archive = _open_zip(zip_target)
    try:
        for job, outcome in rendered(jobs, options, cancel, write=archive is None):
            if isinstance(outcome, Unwritable):
                report.failed.append(Problem(job.item, f"cannot write {job.target}: {outcome}"))
            elif isinstance(outcome, BaseException):
                report.failed.append(Problem(job.item, f"cannot render {job.source.name}: "
                                                       f"{outcome}"))
            else:
                _write(job, outcome, archive, report)
            tick(job.name)
        report.cancelled = cancel.is_set() and done < report.total
        if archive is not None:
            report.zip_path = archive.finish(commit=not report.cancelled)
    except OSError as exc:
        if archive is None:
            raise
        raise StoreError(f"Cannot write {archive.target}: "
                         f"{write_failure(exc, archive.target.parent)}; nothing was kept "
                         "of the ZIP file") from exc
    finally:
        if archive is not None:
            archive.discard()
    report.seconds = time.monotonic() - started
    return report


def _write(job: Job, data: bytes | Path, archive: ZipWriter | None,
           report: ExportReport) -> None:
    """Put ``data`` (bytes, or a temporary file beside the target holding them) in place."""
    if job.target is not None:
        try:
            if isinstance(data, Path):
                put_in_place(data, job.target)
            else:
                write_bytes(job.target, data)
        except OSError as error:
            report.failed.append(Problem(
                job.item, f"cannot write {job.target}: {write_failure(error, job.target.parent)}"))
            return
        report.written.append(job.target)
        report.replaced += job.replaces
        report.renamed += job.renamed
    if archive is not None and isinstance(data, bytes):  # a temporary file: no archive
        archive.add(job.name, data)
        report.zipped += 1


def _open_zip(target: Path | None) -> ZipWriter | None:
    if target is None:
        return None
    try:
        return ZipWriter(target)
    except NotAFile:
        raise  # a folder or a device named as the ZIP: refused in its own words
    except OSError as exc:
        raise StoreError(f"Cannot write {target}: {write_failure(exc, target.parent)}") from exc


def _zip_target(options: ExportOptions, report: ExportReport) -> Path | None:
    path = options.zip_path
    if path is None or not path.exists():
        return path
    if options.collision == "skip":
        report.kept.append(path)
        return None
    if options.collision == "rename":
        return path.with_name(free_name(path.parent, path.name, set()))
    return path
