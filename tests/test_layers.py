"""The layer rule of DESIGN.md: Qt only in app/gui; app/model imports nothing else of the app."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[1] / "app"
QT_MODULES = ("PySide6", "shiboken6", "PyQt5", "PyQt6")


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def _modules(package: str = "") -> list[Path]:
    return sorted((APP / package).rglob("*.py"))


def test_no_qt_outside_app_gui() -> None:
    offenders = [
        f"{path.relative_to(APP.parent)} imports {name}"
        for path in _modules()
        if "gui" not in path.relative_to(APP).parts
        for name in _imports(path)
        if name.split(".")[0] in QT_MODULES
    ]
    assert offenders == []


def test_model_imports_nothing_else_of_the_app() -> None:
    offenders = [
        f"{path.relative_to(APP.parent)} imports {name}"
        for path in _modules("model")
        for name in _imports(path)
        if name.split(".")[0] == "app" and not name.startswith("app.model")
    ]
    assert offenders == []


def test_the_scan_sees_imports() -> None:
    """Guard against a vacuous pass: the scanner finds the GUI's Qt imports."""
    gui_imports = [n for p in _modules("gui") for n in _imports(p)]
    assert any(n.startswith("PySide6") for n in gui_imports)
