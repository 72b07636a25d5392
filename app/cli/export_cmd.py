"""``archivist export QUERY --to DIR``: export the images of every edition a query finds.

Does what the window's export dialog does: the original JPEG or a rounded PNG, at the
original size or a chosen width, named by a template, into a folder and/or one ZIP file,
and/or a proxy-sheet PDF (3 × 3 cards per page). Images not stored are fetched from the
API the catalogue was synced from (or ``--api``), unless ``--offline``; those that cannot
be had are listed (on the proxy sheet, they are text proxies), and the exit status is then 1.

Examples::

    archivist export 's:"DOA 1st" r:ur' --to out --format png-rounded --width 400
    archivist export --set FTC --zip ftc.zip --name '{collector_number} {name}'
    archivist export 't:champion' --pdf champions.pdf --page Letter --bleed 2
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from tqdm import tqdm

from app.bootstrap import Application, build
from app.cli.sheet_out import unfetched_reason
from app.errors import InvalidRequest
from app.export import (
    COLLISIONS,
    DEFAULT_TEMPLATE,
    FORMATS,
    PLACEHOLDERS,
    ApiFetcher,
    ExportItem,
    ExportOptions,
    ExportReport,
    Fetcher,
    Progress,
    run_export,
)
from app.files import check_target, refuse_own
from app.model.query import QUERY_SORTS
from app.search import QuerySyntaxError

MAX_LISTED = 50


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    """Register ``export`` on the subcommands ``sub`` (``add_subparsers()``'s result)."""
    p = sub.add_parser(
        "export", parents=[common], help="export card images (files, ZIP, proxy-sheet PDF)",
        description="Export the image of every edition QUERY finds (the search language, "
        "one hit per edition), or of a set (--set) or editions (--edition).",
    )
    p.add_argument("query", metavar="QUERY", nargs="?", help="e.g. 's:\"DOA 1st\" r:ur'")
    p.add_argument("--set", metavar="PREFIX", help="every edition of the set PREFIX")
    p.add_argument("--edition", metavar="UUID", action="append", help="an edition (repeatable)")
    p.add_argument("--to", metavar="DIR", help="write one file per edition into DIR")
    p.add_argument("--format", choices=FORMATS, default="jpeg",
                   help="jpeg: the original; png-rounded: transparent corners (default jpeg)")
    p.add_argument("--width", type=int, metavar="N", help="scale to N pixels wide")
    p.add_argument("--name", metavar="TEMPLATE", default=DEFAULT_TEMPLATE,
                   help=f"file name template (default {DEFAULT_TEMPLATE}); placeholders: "
                   + " ".join("{" + name + "}" for name in PLACEHOLDERS))
    p.add_argument("--on-exists", choices=COLLISIONS, default="skip",
                   help="an existing file is kept (skip, default), replaced, or the new "
                        "one renamed 'name (2).png'")
    p.add_argument("--zip", metavar="FILE", help="also write the files into one ZIP file")
    p.add_argument("--pdf", metavar="FILE", help="write a proxy sheet: 3 × 3 cards per page")
    p.add_argument("--page", choices=("A4", "Letter"), default="A4", help="PDF page size")
    p.add_argument("--bleed", type=float, default=0.0, metavar="MM", help="PDF bleed in mm")
    p.add_argument("--no-cut-marks", action="store_true", help="PDF without cut marks")
    p.add_argument("--sort", choices=QUERY_SORTS, default="set", help="order (default: set)")
    p.add_argument("--api", metavar="URL", help="fetch images not stored from this API "
                   "(default: the API the catalogue was synced from)")
    p.add_argument("--offline", action="store_true", help="never fetch: list them as missing")
    p.add_argument("--workers", type=int, metavar="N", help="processes (default: one per core)")
    p.set_defaults(run=run_export_cmd)


def run_export_cmd(args: argparse.Namespace) -> int:
    """Run the export; exit 0 when every image was exported, 1 when some are missing or
    failed, 2 for invalid arguments, 130 when interrupted."""
    if not (args.to or args.zip or args.pdf):
        raise InvalidRequest("Say where to: --to DIR, --zip FILE and/or --pdf FILE")
    for option, value in (("--zip", args.zip), ("--pdf", args.pdf)):
        if value and Path(value).is_dir():
            raise InvalidRequest(f"{option} {value}: is a folder; give a file name "
                                 f"(e.g. {Path(value) / ('cards' + option.replace('--', '.'))})")
    options = ExportOptions(
        folder=Path(args.to) if args.to else None,
        zip_path=Path(args.zip) if args.zip else None, format=args.format,
        width=args.width, template=args.name, collision=args.on_exists, workers=args.workers,
    )
    if args.to or args.zip:
        options.validate()
    services = build(args.data_dir, args.verbose)
    if args.to:
        refuse_own(args.to, "folder")  # before any work, as the files below
    for target in (args.zip, args.pdf):
        if target:  # refused before any work: one of Archivist's own, a missing folder
            check_target(target)
    try:
        items = _plan(services, args)
    except QuerySyntaxError as error:
        print(f"archivist: invalid query\n{error.render(args.query)}", file=sys.stderr)
        return 2
    if not items:
        print("Nothing to export: no edition matches.")
        return 0
    fetch = _fetcher(services, args)
    complete = True
    try:
        if args.to or args.zip:
            report = _export(items, options, services, fetch,
                             unfetched_reason(args, _api(services, args)))
            _print_report(report)
            complete = report.complete
        if args.pdf:
            complete = _proxy_sheet(items, services, fetch, args) and complete
    except KeyboardInterrupt:
        print("archivist: interrupted; every file written is whole", file=sys.stderr)
        return 130
    finally:
        if isinstance(fetch, ApiFetcher):
            fetch.close()
    return 0 if complete else 1


def _plan(services: Application, args: argparse.Namespace) -> list[ExportItem]:
    chosen = [x for x in (args.query, args.set, args.edition) if x is not None]
    if len(chosen) != 1:
        raise InvalidRequest("Give one of QUERY, --set PREFIX or --edition UUID")
    export = services.export
    if args.set is not None:
        return export.export_plan(set_prefix=args.set)
    if args.edition is not None:
        return export.export_plan(editions=args.edition)
    return export.export_plan(query=args.query, sort=args.sort)


def _api(services: Application, args: argparse.Namespace) -> str | None:
    return str(args.api or services.export.configured_api() or "") or None


def _fetcher(services: Application, args: argparse.Namespace) -> Fetcher | None:
    if args.offline:
        return None
    api = _api(services, args)
    if not api:
        return None
    if not api.startswith(("http://", "https://")):
        raise InvalidRequest(f"--api must be an http:// or https:// URL, not {api[:80]!r}")
    return services.export.image_fetcher(api)


def _export(items: list[ExportItem], options: ExportOptions, services: Application,
            fetch: Fetcher | None, unfetched: str) -> ExportReport:
    bar = tqdm(total=len(items), desc="Exporting", unit="image", file=sys.stderr,
               disable=None, leave=False, dynamic_ncols=True, mininterval=0.2)

    def progress(step: Progress) -> None:
        bar.set_postfix_str(step.current[-40:], refresh=False)
        bar.update(step.done - bar.n)

    try:
        return run_export(items, options, services.images, fetch=fetch, progress=progress,
                          unfetched=unfetched)
    finally:
        bar.close()


def _print_report(report: ExportReport) -> None:
    problems = [*report.missing, *report.failed]
    for problem in problems[:MAX_LISTED]:
        print(f"not exported: {problem}", file=sys.stderr)
    if len(problems) > MAX_LISTED:
        print(f"not exported: … and {len(problems) - MAX_LISTED} more", file=sys.stderr)
    print(report.summary())


def _proxy_sheet(items: list[ExportItem], services: Application, fetch: Fetcher | None,
                 args: argparse.Namespace) -> bool:
    """Write the PDF; a card without an image is a text proxy. True if every image was had."""
    from app.cli.sheet_out import write_sheet

    plan = write_sheet(services, items, fetch, _api(services, args), args,
                       title="Archivist proxy sheet", cut_marks=not args.no_cut_marks,
                       bleed_mm=args.bleed)
    return not plan.missing and os.path.isfile(args.pdf)
