"""Export of card images (no Qt here): naming, planning, rendering over the cores, ZIP.

Example::

    from app.export import ExportOptions, run_export

    items = app.export.export_plan(query='s:"DOA 1st" r:ur')
    report = run_export(items, ExportOptions(folder=Path("out"), format="png-rounded"),
                        app.images)  # app: from app.bootstrap.build()
    print(report.summary())

The names below load on first use (PEP 562): the window builds its ``export`` part at
start-up without loading Pillow and the renderers.

The proxy-sheet PDF is drawn with Qt's PDF writer, so it lives in
:mod:`app.gui.export.proxy_sheet` (the layer rule).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.lazy import lazy_names

if TYPE_CHECKING:
    from app.export.fetch import NOT_STORED, ApiFetcher, Fetcher, configured_api, resolve_sources
    from app.export.jobs import COLLISIONS, ExportOptions
    from app.export.naming import (
        DEFAULT_TEMPLATE,
        PLACEHOLDERS,
        check_template,
        render_name,
        safe_filename,
    )
    from app.export.plan import (
        ExportItem,
        plan_card,
        plan_editions,
        plan_hits,
        plan_query,
        plan_set,
        plan_tiles,
    )
    from app.export.proxy import ProxyText, proxy_text, proxy_texts
    from app.export.render import FORMATS
    from app.export.report import ExportReport, Problem, Progress
    from app.export.runner import ProgressFn, run_export
    from app.export.sheet import SheetEntry, SheetPlan, plan_sheet

_WHERE = {
    **dict.fromkeys(("NOT_STORED", "ApiFetcher", "Fetcher", "configured_api", "resolve_sources"),
                    "app.export.fetch"),
    **dict.fromkeys(("COLLISIONS", "ExportOptions"), "app.export.jobs"),
    **dict.fromkeys(("DEFAULT_TEMPLATE", "PLACEHOLDERS", "check_template", "render_name",
                     "safe_filename"),
                    "app.export.naming"),
    **dict.fromkeys(("ExportItem", "plan_card", "plan_editions", "plan_hits", "plan_query",
                     "plan_set", "plan_tiles"),
                    "app.export.plan"),
    **dict.fromkeys(("ProxyText", "proxy_text", "proxy_texts"), "app.export.proxy"),
    **dict.fromkeys(("FORMATS",), "app.export.render"),
    **dict.fromkeys(("ExportReport", "Problem", "Progress"), "app.export.report"),
    **dict.fromkeys(("ProgressFn", "run_export"), "app.export.runner"),
    **dict.fromkeys(("SheetEntry", "SheetPlan", "plan_sheet"), "app.export.sheet"),
}


__getattr__ = lazy_names(__name__, _WHERE)


__all__ = [
    "COLLISIONS",
    "DEFAULT_TEMPLATE",
    "FORMATS",
    "NOT_STORED",
    "PLACEHOLDERS",
    "ApiFetcher",
    "ExportItem",
    "ExportOptions",
    "ExportReport",
    "Fetcher",
    "Problem",
    "Progress",
    "ProgressFn",
    "ProxyText",
    "SheetEntry",
    "SheetPlan",
    "check_template",
    "configured_api",
    "plan_card",
    "plan_editions",
    "plan_hits",
    "plan_query",
    "plan_set",
    "plan_sheet",
    "plan_tiles",
    "proxy_text",
    "proxy_texts",
    "render_name",
    "resolve_sources",
    "run_export",
    "safe_filename",
]
