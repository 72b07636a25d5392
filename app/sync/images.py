"""Card images (endpoint 3) and featured-set-group logos (endpoint 5) into the image stores.

Files are downloaded into a pending folder of each store (:data:`PENDING`) and moved into
place only after the final apply recorded them in the ``images`` and ``logos`` tables, so
nothing a sync fetched is visible before its transaction commits. A file already in a store,
or pending from an interrupted sync, is adopted without a download. Rounded variants are
never downloaded: they are made locally.
A body that is not a whole JPEG, PNG, GIF or WebP image (cut short, undecodable, over
:data:`~app.images.check.MAX_PIXELS`) is rejected like an invalid record; a broken stored
file counts as missing, so the next sync fetches it again.
"""

from __future__ import annotations

import json
import os
from typing import Any

from app.diskfull import write_failure
from app.errors import StoreError
from app.images.check import image_problem, stored_problem
from app.images.store import ImageStore, is_plain_filename
from app.model import RecordProblem
from app.store.reads.cards import Reader
from app.store.reads.sets import SetsReader
from app.store.reads.sync_listing import card_bodies
from app.store.write.writer import compare_editions, image_file
from app.sync.common import ImagesMode
from app.sync.context import Context
from app.sync.records import run_all
from app.sync.staging import Unit


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
    everything = {image_file(e["image"]): e["image"] for e in final_editions}
    broken = {name for name in have if name in everything
              and stored_problem(ctx.card_images.path_for(name)) is not None}
    wanted = {image_file(e["image"]): e["image"] for e in editions}
    wanted.update((name, everything[name]) for name in broken)
    return {name: path for name, path in wanted.items() if name not in have or name in broken}


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


PENDING = ".sync-pending"
"""Subfolder of an image store holding the files a running sync downloaded: not a plain
file name, so nothing serves them until :func:`publish_pending` moves them into place after
the sync's transaction committed."""


def pending_store(target: ImageStore) -> ImageStore:
    """Where a sync puts the files it downloads into ``target`` until its apply."""
    return ImageStore(target.folder / PENDING)


def publish_pending(*targets: ImageStore) -> int:
    """Move every pending download into its store (after the apply committed).

    Returns:
        How many files were moved. A file left behind by a crash is missing from the store
        while the catalogue lists it: the next sync sees it as broken and fetches it again.
    """
    moved = 0
    for target in targets:
        pending = pending_store(target).folder
        if not pending.is_dir():
            continue
        for path in sorted(pending.iterdir()):
            if is_plain_filename(path.name):
                os.replace(path, target.folder / path.name)
                moved += 1
            else:
                path.unlink(missing_ok=True)
        pending.rmdir()
    return moved


async def _one(ctx: Context, store_name: str, target: ImageStore, filename: str, path: str) -> None:
    unit = Unit()
    problem = None
    existing = target.find(filename)
    waiting = pending_store(target).find(filename)
    if not is_plain_filename(filename) or not path.startswith("/"):
        problem = "not a plain file name under the API root"
    elif existing is not None and stored_problem(existing) is None:
        unit.images.append((store_name, filename, existing.stat().st_size, False))
    elif waiting is not None and stored_problem(waiting) is None:
        unit.images.append((store_name, filename, waiting.stat().st_size, True))
    else:
        fetch = ctx.client.card_image if store_name == "cards" else ctx.client.featured_set_logo
        data = await fetch(filename)
        if data is None:
            unit.marks.append((f"image:{store_name}", filename, "not found"))
        elif (problem := image_problem(data)) is None:
            try:
                size = pending_store(target).add(filename, data)
            except OSError as exc:
                raise StoreError(f"Cannot write the image {filename} into {target.folder}: "
                                 f"{write_failure(exc, target.folder)}; the catalogue was "
                                 "not changed") from exc
            unit.images.append((store_name, filename, size, True))
    if problem is not None:
        unit.problems = ctx.reject([RecordProblem(path, None, None, None, "image", problem)])
        unit.marks.append((f"image:{store_name}", filename, "invalid"))
    ctx.staging.commit(unit)
    ctx.tracker.advance()
