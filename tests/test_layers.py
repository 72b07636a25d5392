"""The layer rule of DESIGN.md: Qt only in app/gui; app/model imports nothing else of the app;
the GUI's packages import each other without cycles, and a page never imports another page."""

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


PAGES = ("search", "card", "sets", "thema", "export", "sync", "changes")
"""The page and flow packages of app/gui; shell/ and devtools/ may import them, kit/ not."""


def _module_name(path: Path) -> str:
    parts = path.relative_to(APP.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _gui_graph() -> dict[str, set[str]]:
    """Each app.gui module and the app.gui modules it imports (also inside functions;
    ``from app.gui.x import y`` counts as importing ``app.gui.x.y`` when that is a module)."""
    paths = {_module_name(path): path for path in _modules("gui")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    child = f"{node.module}.{alias.name}"
                    found.add(child if child in paths else node.module)
        graph[name] = {target for target in found if target in paths and target != name}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle of ``graph`` (its modules, first one repeated at the end), or []."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return [*path[path.index(target):], target]
            if target not in state and (found := visit(target)):
                return found
        state[node] = 2
        path.pop()
        return []

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return []


def _package(module: str) -> str:
    """The package of an app.gui module under app/gui (``search``), or "" for app.gui."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 else ""


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


def test_gui_has_no_import_cycles() -> None:
    graph = _gui_graph()
    assert len(graph) > 40 and any(graph.values())  # the scan sees the GUI's imports
    assert _cycle(graph) == []


def test_the_cycle_check_finds_a_cycle() -> None:
    """Guard against a vacuous pass: a planted cycle is found."""
    planted = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}
    assert _cycle(planted) == ["a", "b", "c", "a"]


def test_pages_do_not_import_each_other() -> None:
    """A page imports only itself and kit/; kit/ imports only kit/ (shell/ and devtools/
    put the pages together)."""
    offenders = [
        f"{module} imports {target}"
        for module, targets in _gui_graph().items()
        if _package(module) in (*PAGES, "kit")
        for target in targets
        if _package(target) not in (_package(module), "kit", "")
    ]
    assert offenders == []
