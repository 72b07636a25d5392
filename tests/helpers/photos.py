"""GENERATED photos of cards (never real photographs): a card image placed on a
background with a perspective tilt, a turn (upside down included), light, blur, noise and
JPEG compression; and photos with no card. Used by tests/scan and benchmarks/scan.py."""

from __future__ import annotations

import io
import random
from pathlib import Path

import numpy as np
from PIL import Image, ImageFilter


def background(rng: random.Random, size: tuple[int, int], art: list[Path]) -> Image.Image:
    """A busy background: wood-like stripes, cloth-like noise, or a playmat of card art."""
    width, height = size
    kind = rng.choice(("wood", "cloth", "playmat"))
    if kind == "playmat" and art:
        card = Image.open(rng.choice(art)).convert("RGB")
        box = (card.width * 0.08, card.height * 0.1, card.width * 0.92, card.height * 0.5)
        mat = card.crop(box).resize(size)
        return mat.filter(ImageFilter.GaussianBlur(6))
    nrng = np.random.default_rng(rng.randrange(1 << 30))
    base = np.array([rng.randrange(60, 200) for _ in range(3)], np.float32)
    if kind == "wood":
        x = np.linspace(0, rng.uniform(10, 40), width)[None, :, None]
        grain = np.sin(x + nrng.normal(0, 0.3, (height, 1, 1))) * 25
        pixels = base + grain + nrng.normal(0, 6, (height, width, 1))
    else:
        pixels = base + nrng.normal(0, 18, (height, width, 3))
    return Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))


def photo(card: Path, rng: random.Random, art: list[Path] | None = None,
          size: tuple[int, int] = (960, 1280), turn: int | None = None) -> bytes:
    """A GENERATED JPEG photo of ``card``: scaled to 45–70 % of the frame's height, turned
    (``turn`` quarter turns, else random, plus up to 8°), tilted in perspective, on a
    background, with light, blur, noise and JPEG quality 50–85."""
    import cv2

    face = np.asarray(Image.open(card).convert("RGB"))
    width, height = size
    scene = np.asarray(background(rng, size, art or [])).copy()
    card_h = rng.uniform(0.45, 0.70) * min(height, width / 0.716)
    card_w = card_h * 0.716
    quarter = rng.randrange(4) if turn is None else turn
    angle = quarter * 90 + rng.uniform(-8, 8)
    cx = width / 2 + rng.uniform(-0.08, 0.08) * width
    cy = height / 2 + rng.uniform(-0.08, 0.08) * height
    corners = np.array([[-card_w / 2, -card_h / 2], [card_w / 2, -card_h / 2],
                        [card_w / 2, card_h / 2], [-card_w / 2, card_h / 2]])
    theta = np.radians(angle)
    turned = corners @ np.array([[np.cos(theta), np.sin(theta)], [-np.sin(theta), np.cos(theta)]])
    tilt = rng.uniform(-0.10, 0.10) * card_w
    turned[0, 0] += tilt
    turned[1, 0] -= tilt
    span = turned.max(axis=0) - turned.min(axis=0)
    fit = min(1.0, 0.94 * width / span[0], 0.94 * height / span[1])  # the whole card in frame
    turned = turned * fit
    half = (turned.max(axis=0) - turned.min(axis=0)) / 2
    cx = float(np.clip(cx, half[0] + 0.03 * width, width - half[0] - 0.03 * width))
    cy = float(np.clip(cy, half[1] + 0.03 * height, height - half[1] - 0.03 * height))
    target = (turned + np.array([cx, cy])).astype(np.float32)
    fh, fw = face.shape[:2]
    source = np.array([[0, 0], [fw - 1, 0], [fw - 1, fh - 1], [0, fh - 1]], np.float32)
    matrix = cv2.getPerspectiveTransform(source, target)
    warped = cv2.warpPerspective(face, matrix, size)
    mask = cv2.warpPerspective(np.full((fh, fw), 255, np.uint8), matrix, size)
    scene[mask > 0] = warped[mask > 0]
    return _finish(Image.fromarray(scene), rng)


def no_card(rng: random.Random, art: list[Path] | None = None,
            size: tuple[int, int] = (960, 1280)) -> bytes:
    """A GENERATED JPEG photo of a background alone."""
    return _finish(background(rng, size, art or []), rng)


def _finish(image: Image.Image, rng: random.Random) -> bytes:
    light = rng.uniform(0.75, 1.2)
    warm = np.array([rng.uniform(0.92, 1.08), 1.0, rng.uniform(0.92, 1.08)], np.float32)
    pixels = np.asarray(image, np.float32) * light * warm
    pixels += np.random.default_rng(rng.randrange(1 << 30)).normal(0, 4, pixels.shape)
    out = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    out = out.filter(ImageFilter.GaussianBlur(rng.uniform(0, 1.2)))
    buffer = io.BytesIO()
    out.save(buffer, "JPEG", quality=rng.randrange(50, 86))
    return buffer.getvalue()
