"""The proxy sheets of ``archivist export --pdf`` and ``archivist deck export --pdf``.

Cards whose image is neither stored nor fetched are text proxies on the sheet; the command
says so in one line (the names, and how to fetch the images), with a line per card under
``--verbose``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from tqdm import tqdm

from app.bootstrap import Application
from app.diskfull import write_failure
from app.errors import StoreError
from app.export import ExportItem, Fetcher, SheetPlan, plan_sheet
from app.files import NotAFile

EXAMPLE_API = "https://api.gatcg.com"


def unfetched_reason(args: argparse.Namespace, api: str | None) -> str:
    """Why an image not stored was not fetched, naming the option that would fetch it."""
    if getattr(args, "offline", False) and api:
        return "the image is not stored (not fetched: --offline)"
    return ("the image is not stored, and no API is set to fetch it from: pass --api URL, or "
            "run `archivist sync` once (the catalogue then keeps its API)")


def fetch_hint(plan: SheetPlan, args: argparse.Namespace, api: str | None,
               fetched: bool) -> str:
    """How to get the missing images, for the end of the summary line."""
    if fetched:
        return f"; fetching the images failed: {plan.missing[0].reason.rstrip('.')}"
    if getattr(args, "offline", False) and api:
        return f"; run without --offline to fetch the images from {api}"
    return (f"; to fetch the images, pass --api URL (e.g. --api {EXAMPLE_API}), or run "
            "`archivist sync` once (the catalogue then keeps its API)")


def write_sheet(services: Application, copies: Sequence[ExportItem], fetch: Fetcher | None,
                api: str | None, args: argparse.Namespace, *, title: str,
                cut_marks: bool = True, bleed_mm: float = 0.0) -> SheetPlan:
    """Write the proxy sheet ``args.pdf`` of ``copies`` and say what it holds.

    Raises:
        InvalidRequest: a bad page or bleed. StoreError: the PDF cannot be written.
    """
    from app.gui.export.proxy_sheet import SheetCard, ensure_gui_application, write_proxy_sheet

    plan = plan_sheet(services.store, services.images, copies, fetch,
                      unfetched=unfetched_reason(args, api))
    _app = ensure_gui_application()  # kept alive while the PDF is drawn
    sheet = [SheetCard(entry.item.label, entry.image, entry.proxy) for entry in plan.entries]
    out = Path(args.pdf)
    bar = tqdm(total=len(sheet), desc="Proxy sheet", unit="card", file=sys.stderr,
               disable=None, leave=False, dynamic_ncols=True)
    try:
        pages = write_proxy_sheet(sheet, out, page=args.page, cut_marks=cut_marks,
                                  bleed_mm=bleed_mm, title=title,
                                  progress=lambda done, _total: bar.update(done - bar.n))
    except NotAFile:
        raise  # a folder or a device as the target: refused in its own words (exit 2)
    except OSError as exc:
        raise StoreError(f"Cannot write {out}: {write_failure(exc, out.parent)}") from exc
    finally:
        bar.close()
    print(f"Wrote {out}: {len(sheet)} card{'s' if len(sheet) != 1 else ''} on {pages} "
          f"{args.page} page{'s' if pages != 1 else ''}.")
    if plan.missing:
        if args.verbose:
            for problem in plan.missing:
                print(f"text proxy: {problem}", file=sys.stderr)
        print(plan.summary() + fetch_hint(plan, args, api, fetch is not None) + ".",
              file=sys.stderr)
    return plan
