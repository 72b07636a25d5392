"""Generated test inputs that no public capture has: featured-set logos (named generated)."""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image, ImageDraw


def generated_logos(featured_sets_json: Path, folder: Path) -> list[str]:
    """Draw one PNG logo per featured set group (``<PREFIX>.png``), deterministically.

    No real logos are public; these are generated so endpoint 5 has files to serve.
    """
    folder.mkdir(parents=True, exist_ok=True)
    names: list[str] = []
    for i, group in enumerate(json.loads(featured_sets_json.read_text(encoding="utf-8"))):
        name = group["image"].rsplit("/", 1)[-1]
        image = Image.new("RGBA", (240, 96), (0, 0, 0, 0))
        draw = ImageDraw.Draw(image)
        draw.rounded_rectangle((0, 0, 239, 95), radius=18, fill=(40 + 20 * i, 60, 140, 255))
        draw.text((16, 36), f"generated {name[:-4]}", fill=(255, 255, 255, 255))
        image.save(folder / name)
        names.append(name)
    return names
