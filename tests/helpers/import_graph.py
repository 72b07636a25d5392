"""The import graph of ``app/`` for the layer rules (tests/test_layers.py): every import
statement, at module level, inside functions and inside ``TYPE_CHECKING`` blocks, relative
imports resolved. Each module is parsed once per test session."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path
from typing import NamedTuple

APP = Path(__file__).resolve().parents[2] / "app"


class Import(NamedTuple):
    """One imported module name and whether it is imported inside a function (lazily)."""

    name: str
    lazy: bool


Scan = dict[str, list[Import]]
"""Module name (``app.gui.shell.app``) → what it imports."""
Graph = dict[str, set[str]]
"""Module name → the modules of the app it imports (never itself)."""


def under(name: str, prefix: str) -> bool:
    """True when module ``name`` is ``prefix`` or one of its submodules."""
    return name == prefix or name.startswith(prefix + ".")


def modules(package: str = "") -> list[Path]:
    """The Python files of ``app/<package>``, sorted."""
    return sorted((APP / package).rglob("*.py"))


def module_name(path: Path, app: Path = APP) -> str:
    """The dotted name of the module at ``path`` (a package by its folder's name)."""
    parts = path.relative_to(app.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def trees() -> dict[str, tuple[Path, ast.Module]]:
    """Every module of app/, parsed once for all the rules (module name → its path and tree)."""
    return {module_name(path): (path, ast.parse(path.read_text(encoding="utf-8")))
            for path in modules()}


def from_base(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module a ``from … import`` names, its dots resolved against ``module``."""
    if not node.level:
        return node.module or ""
    parts = module.split(".") if is_package else module.split(".")[:-1]
    parts = parts[:len(parts) - (node.level - 1)]
    return ".".join([*parts, node.module] if node.module else parts)


def scan_tree(module: str, is_package: bool, tree: ast.AST, known: set[str]) -> list[Import]:
    """What ``module`` imports anywhere in ``tree`` (also in functions and ``TYPE_CHECKING``
    blocks; ``lazy`` when inside a function). ``from x import y`` names ``x`` and, when
    ``x.y`` is one of the ``known`` modules, ``x.y`` too."""
    found: list[Import] = []

    def visit(node: ast.AST, lazy: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = lazy or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                found.extend(Import(alias.name, lazy) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = from_base(module, is_package, child)
                found.append(Import(base, lazy))
                found.extend(Import(f"{base}.{alias.name}", lazy) for alias in child.names
                             if f"{base}.{alias.name}" in known)
            visit(child, inner)

    visit(tree, False)
    return found


def shadowed_submodules(package: str, tree: ast.Module, known: set[str]) -> set[str]:
    """Submodules of ``package`` whose name its ``__init__`` binds to something else: after
    ``from app.decks.resolve import resolve`` in ``app/decks/__init__.py``, ``from app.decks
    import resolve`` imports the function, not the module."""
    shadowed = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            base = from_base(package, True, node)
            for alias in node.names:
                bound = f"{package}.{alias.asname or alias.name}"
                if bound in known and f"{base}.{alias.name}" != bound:
                    shadowed.add(bound)
    return shadowed


@cache
def full_scan() -> Scan:
    """Every module of app/ and what it imports (see :func:`scan_tree`)."""
    parsed = trees()
    names = set(parsed)
    importable = names.difference(*(
        shadowed_submodules(name, tree, names)
        for name, (path, tree) in parsed.items() if path.name == "__init__.py"))
    return {name: scan_tree(name, path.name == "__init__.py", tree, importable)
            for name, (path, tree) in parsed.items()}


def scan(package: str = "") -> Scan:
    """Every module of ``app/<package>`` and what it imports."""
    prefix = ".".join(("app", *package.split("/"))) if package else "app"
    return {name: imports for name, imports in full_scan().items() if under(name, prefix)}


def import_graph(found: Scan) -> Graph:
    """The scan as a graph between the scanned modules: each imported name is resolved to the
    nearest scanned module that holds it (``app.store.reader.Reader`` → ``app.store.reader``)."""
    def resolve(name: str) -> str:
        while name and name not in found:
            name = name.rpartition(".")[0]
        return name

    return {module: {target for imp in imports if (target := resolve(imp.name))
                     and target != module}
            for module, imports in found.items()}


def first_cycle(graph: dict[str, set[str]]) -> list[str]:
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


def import_cycles(graph: Graph) -> set[frozenset[str]]:
    """Rule 9: the modules of each import cycle (each strongly connected group of two or more
    modules, Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: set[frozenset[str]] = set()

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.add(frozenset(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups
