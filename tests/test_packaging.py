"""The distribution ships every package of app/ and the icons of resources/."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_app_package_is_listed_in_pyproject() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "app").rglob("__init__.py")
    }
    assert found <= listed, f"add to [tool.setuptools] packages: {sorted(found - listed)}"
    assert "app.resources" in listed


def test_the_icon_resources_are_found_through_the_package() -> None:
    from importlib.resources import files

    icons = files("app.resources") / "icons"
    assert (icons / "archivist.svg").is_file()
    assert (icons / "archivist-256.png").is_file()
