"""Export of card images (no Qt here): naming, planning, rendering over the cores, ZIP.

Example::

    from app.export import ExportOptions, run_export

    items = services.catalogue.export_plan(query='s:"DOA 1st" r:ur')
    report = run_export(items, ExportOptions(folder=Path("out"), format="png-rounded"),
                        services.images)
    print(report.summary())

The proxy-sheet PDF is drawn with Qt's PDF writer, so it lives in
:mod:`app.gui.export.proxy_sheet` (the layer rule).
"""

from app.export.fetch import ApiFetcher, Fetcher, configured_api, resolve_sources
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
from app.export.render import FORMATS
from app.export.report import ExportReport, Problem, Progress
from app.export.runner import ProgressFn, run_export

__all__ = [
    "COLLISIONS",
    "DEFAULT_TEMPLATE",
    "FORMATS",
    "PLACEHOLDERS",
    "ApiFetcher",
    "ExportItem",
    "ExportOptions",
    "ExportReport",
    "Fetcher",
    "Problem",
    "Progress",
    "ProgressFn",
    "check_template",
    "configured_api",
    "plan_card",
    "plan_editions",
    "plan_hits",
    "plan_query",
    "plan_set",
    "plan_tiles",
    "render_name",
    "resolve_sources",
    "run_export",
    "safe_filename",
]
