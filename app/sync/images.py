"""Card images (endpoint 3) and featured-set-group logos (endpoint 5) into the image stores.

Files are written atomically into the stores before the final apply, which records them in
the ``images`` and ``logos`` tables (what the window lists as stored changes only then).
Only files not in a store yet are written, so the bytes the previous catalogue serves never
change before the apply; a new file can be read by its name from then on. A file already in a
store (left by an interrupted sync) is adopted without a download. Rounded variants are
never downloaded: they are made locally.
A body that is not a JPEG, PNG, GIF or WebP image is rejected like an invalid record.
"""

from __future__ import annotations

import json
from typing import Any

from app.errors import StoreError
from app.images.store import ImageStore, is_plain_filename
from app.model import RecordProblem
from app.store.featured import SetsReader
from app.store.listing import card_bodies
from app.store.reader import Reader
from app.store.writer import compare_editions, image_file
from app.sync.common import ImagesMode
from app.sync.context import Context
from app.sync.records import run_all
from app.sync.staging import Unit

MAGIC = (b"\xff\xd8\xff", b"\x89PNG\r\n\x1a\n", b"GIF87a", b"GIF89a")


def looks_like_image(data: bytes) -> bool:
    """True for the start of a JPEG, PNG, GIF or WebP file."""
    return data.startswith(MAGIC) or (data[:4] == b"RIFF" and data[8:12] == b"WEBP")


def wanted_card_images(
    ctx: Context, mode: ImagesMode, final_editions: list[dict[str, Any]]
) -> dict[str, str]:
    """``filename → image path`` of the card images this sync should store (issue item 3).

    Args:
        ctx: the running sync (its staged cards, the stored catalogue).
        mode: ``none``, ``missing`` (editions the sync adds or changes) or ``all``.
        final_editions: every edition of the catalogue as it will be after the apply.
    """
    if mode == "none":
        return {}
    if mode == "all":
        editions = final_editions
    else:
        staged = list(ctx.staging.cards())
        stored = card_bodies(ctx.store, [c["uuid"] for c in staged])
        editions = []
        for card in staged:
            old = json.loads(stored[card["uuid"]])["editions"] if card["uuid"] in stored else None
            added, changed, _, _ = compare_editions(old, card["editions"])
            editions += added + changed
    have = Reader(ctx.store).stored_images()
    wanted = {image_file(e["image"]): e["image"] for e in editions}
    return {name: path for name, path in wanted.items() if name not in have}


def wanted_logos(ctx: Context) -> dict[str, str]:
    """``filename → image path`` of the staged featured set groups' logos not stored yet."""
    reader = SetsReader(ctx.store)
    groups = ctx.staging.blob("featured") or []
    wanted = {image_file(g["image"]): g["image"] for g in groups}
    return {name: path for name, path in wanted.items() if not reader.has_logo(name)}


async def fetch_images(ctx: Context, cards: dict[str, str], logos: dict[str, str]) -> None:
    """Download (or adopt) the wanted card images and logos; phase ``images``."""
    jobs = []
    for store_name, target, wanted in (("cards", ctx.card_images, cards),
                                       ("logos", ctx.logos, logos)):
        done = {f for f, _, _ in ctx.staging.images(store_name)}
        done |= set(ctx.staging.marks(f"image:{store_name}"))
        jobs += [(store_name, target, f, p) for f, p in sorted(wanted.items()) if f not in done]
    ctx.tracker.phase("images", len(jobs))
    await run_all(_one(ctx, *job) for job in jobs)


async def _one(ctx: Context, store_name: str, target: ImageStore, filename: str, path: str) -> None:
    unit = Unit()
    problem = None
    existing = target.find(filename)
    if not is_plain_filename(filename) or not path.startswith("/"):
        problem = "not a plain file name under the API root"
    elif existing is not None and existing.stat().st_size > 0:
        unit.images.append((store_name, filename, existing.stat().st_size, False))
    else:
        fetch = ctx.client.card_image if store_name == "cards" else ctx.client.featured_set_logo
        data = await fetch(filename)
        if data is None:
            unit.marks.append((f"image:{store_name}", filename, "not found"))
        elif not looks_like_image(data):
            problem = "the body is not a JPEG, PNG, GIF or WebP image"
        else:
            try:
                size = target.add(filename, data)
            except OSError as exc:
                raise StoreError(f"Cannot write the image {filename} into {target.folder}: "
                                 f"{exc}; the catalogue was not changed") from exc
            unit.images.append((store_name, filename, size, True))
    if problem is not None:
        unit.problems = ctx.reject([RecordProblem(path, None, None, None, "image", problem)])
        unit.marks.append((f"image:{store_name}", filename, "invalid"))
    ctx.staging.commit(unit)
    ctx.tracker.advance()
