"""The layout rules of docs/ARCHITECTURE.md, one test each, each able to fail.

Every rule reads every import statement of ``app/``: at module level, inside functions and
inside ``TYPE_CHECKING`` blocks, relative imports resolved (``from . import x`` in
``app.store.db`` is ``app.store.x``). An import the interpreter runs late is still a
dependency a reader has to follow. The scan lives in :mod:`tests.helpers.import_graph`.

1. No Qt outside ``app/gui``.
2. ``app/model`` imports nothing else of the app.
3. ``app/gui`` reaches data through the catalogue. It may import only (:data:`GUI_ALLOWED`):

   - ``app`` itself (``__version__``, ``API_VERSION``), ``app.errors`` and ``app.diskfull`` (error
     wording), ``app.files`` (the one way to write a user-visible file), ``app.safetext``
     (outside text shown as text, shared with the command line), ``app.gui.*``;
   - ``app.catalogue`` and its modules (the ``Catalogue`` protocol and what it returns),
     ``app.model`` and its modules (result types, vocabulary);
   - ``app.search`` and its modules: the search language only (no SQL, no store; rule 7);
   - the public faces of the pure packages, never their submodules: ``app.sync``
     (engine types and the formatting of sync state), ``app.export``, ``app.images``,
     ``app.thema``, ``app.decks``, ``app.collection``, ``app.backups``, ``app.meta``, ``app.scan``;
   - ``app.bootstrap`` (``Services``) only in ``shell/`` and ``devtools/``, the composition
     roots of the window and the screenshot; ``app.paths`` and ``app.desktop_libs``
     (the missing-library hint at start-up) only in ``shell/``.

   So never ``app.store``, ``app.net``, ``app.ingest``, ``app.server``, ``app.cli``, a
   submodule of ``app.sync``/``app.export``/``app.images``/``app.thema``/``app.decks``,
   ``sqlite3`` or ``httpx``; and no SQL text in ``app/gui``.
4. Nothing imports ``app.gui`` or ``app.cli`` except themselves and the entry points:
   ``app/__main__.py`` imports ``app.cli.main``; ``app/cli`` may open the window, the
   screenshot and the PDF writers, but only inside functions (lazily: the CLI starts without
   Qt).
5. The GUI's modules import each other without cycles.
6. A page package imports only itself and ``kit/``; ``kit/`` imports only ``kit/``.
7. ``app/search`` imports no ``app.store`` and no ``sqlite3``.
8. ``tests/`` mirrors ``app/``: every ``tests/<pkg>/`` names an app package (or a package of
   ``app/gui``), except ``helpers/``, ``contract/`` and ``packaging/``.
9. No import cycle anywhere in ``app/`` (a package's ``__init__`` importing its submodules
   counts, so a submodule importing its own package's ``__init__`` closes a cycle).
10. The catalogue (``app.catalogue.*``) imports nothing above it: no service (sync, export,
    ingest, decks, collection, history, thema, backups, net) and no face (gui, cli, server)
    nor the composition root (``app.bootstrap``) — :data:`ABOVE_THE_CATALOGUE`.
11. ``app/store`` keeps at most :data:`STORE_TOP_LIMIT` modules at its top; the rest live in
    sub-packages by concern.
12. ``LocalCatalogue`` has at most :data:`CATALOGUE_PUBLIC_LIMIT` public names (methods,
    properties, classmethods: every name not starting with ``_``).

Each rule is a function over a scan (module name → its imports) so that a test can plant a
violation and see it found.
"""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

from tests.helpers.import_graph import (
    APP,
    Graph,
    Import,
    Scan,
    import_cycles,
    import_graph,
    scan_tree,
    shadowed_submodules,
)
from tests.helpers.import_graph import first_cycle as _cycle
from tests.helpers.import_graph import full_scan as _full_scan
from tests.helpers.import_graph import module_name as _module_name
from tests.helpers.import_graph import modules as _modules
from tests.helpers.import_graph import scan as _scan
from tests.helpers.import_graph import trees as _trees
from tests.helpers.import_graph import under as _under

TESTS = Path(__file__).resolve().parent
QT_MODULES = ("PySide6", "shiboken6", "PyQt5", "PyQt6")
PAGES = ("search", "card", "sets", "thema", "export", "sync", "decks", "changes", "collection",
         "meta")
"""The page and flow packages of app/gui; shell/ and devtools/ may import them, kit/ not."""


def _gui_graph() -> Graph:
    """Each app.gui module and the app.gui modules it imports (also inside functions)."""
    return {module: {t for t in targets if _under(t, "app.gui")}
            for module, targets in import_graph(_full_scan()).items()
            if _under(module, "app.gui")}


def _package(module: str) -> str:
    """The package of an app.gui module under app/gui (``search``), or "" for app.gui."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 else ""


def qt_outside_gui(scan: Scan) -> list[str]:
    """Rule 1: modules outside app.gui that import Qt."""
    return [f"{module} imports {imp.name}" for module, imports in scan.items()
            if not _under(module, "app.gui") for imp in imports
            if imp.name.split(".")[0] in QT_MODULES]


def model_reaching_out(scan: Scan) -> list[str]:
    """Rule 2: app.model modules importing another part of the app."""
    return [f"{module} imports {imp.name}" for module, imports in scan.items()
            if _under(module, "app.model") for imp in imports
            if _under(imp.name, "app") and not _under(imp.name, "app.model")]


GUI_ALLOWED = (
    "app.errors", "app.diskfull", "app.files", "app.safetext", "app.gui", "app.catalogue",
    "app.model", "app.search")
"""What app/gui may import with all its submodules (rule 3)."""
GUI_FACADES = ("app", "app.sync", "app.export", "app.images", "app.thema", "app.decks",
               "app.collection", "app.backups", "app.meta", "app.scan")
"""What app/gui may import as a package only (its public ``__init__``), not its submodules."""
GUI_ROOTS = {"app.bootstrap": ("shell", "devtools"), "app.paths": ("shell",),
             "app.desktop_libs": ("shell",)}
"""Modules only some app/gui packages may import: the composition roots."""
GUI_FORBIDDEN_LIBRARIES = ("sqlite3", "httpx")


def gui_reaching_past_the_catalogue(scan: Scan) -> list[str]:
    """Rule 3: app.gui imports outside its allowed list (see the module docstring)."""
    offenders = []
    for module, imports in scan.items():
        if not _under(module, "app.gui"):
            continue
        for imp in imports:
            root = imp.name.split(".")[0]
            if root in GUI_FORBIDDEN_LIBRARIES:
                offenders.append(f"{module} imports {imp.name}")
            if root != "app":
                continue
            allowed = (any(_under(imp.name, ok) for ok in GUI_ALLOWED)
                       or imp.name in GUI_FACADES
                       or _package(module) in GUI_ROOTS.get(imp.name, ()))
            if not allowed:
                offenders.append(f"{module} imports {imp.name}")
    return offenders


SQL = re.compile(r"\b(SELECT\b.+\bFROM|INSERT\s+(OR\s+\w+\s+)?INTO|UPDATE\s+\w+\s+SET|"
                 r"DELETE\s+FROM|CREATE\s+(TABLE|INDEX|VIEW))\b", re.DOTALL)
"""A statement as app/store writes them (keywords in capitals)."""


def sql_texts(texts: dict[str, list[str]]) -> list[str]:
    """Rule 3, SQL: string constants that read as SQL statements (module → its strings)."""
    return [f"{module}: {text[:60]!r}" for module, strings in texts.items()
            for text in strings if SQL.search(text)]


def _strings(package: str) -> dict[str, list[str]]:
    """Every string constant of each module of ``app/<package>`` (docstrings included)."""
    prefix = f"app.{package}"
    return {name: [node.value for node in ast.walk(tree)
                   if isinstance(node, ast.Constant) and isinstance(node.value, str)]
            for name, (_, tree) in _trees().items() if _under(name, prefix)}


ENTRY_POINTS = {"app.__main__": ("app.cli.main",)}
"""Modules outside app.gui and app.cli that may import them at module level (rule 4)."""


def importing_gui_or_cli(scan: Scan) -> list[str]:
    """Rule 4: imports of app.gui or app.cli from outside; app.cli may open app.gui lazily."""
    offenders = []
    for module, imports in scan.items():
        for imp in imports:
            if not (_under(imp.name, "app.gui") or _under(imp.name, "app.cli")):
                continue
            if _under(module, "app.gui") and _under(imp.name, "app.gui"):
                continue
            if _under(module, "app.cli") and (_under(imp.name, "app.cli")
                                              or (_under(imp.name, "app.gui") and imp.lazy)):
                continue
            if imp.name in ENTRY_POINTS.get(module, ()):
                continue
            offenders.append(f"{module} imports {imp.name}" + (" (lazily)" if imp.lazy else ""))
    return offenders


def search_reaching_the_store(scan: Scan) -> list[str]:
    """Rule 7: app.search modules importing the store or sqlite3."""
    return [f"{module} imports {imp.name}" for module, imports in scan.items()
            if _under(module, "app.search") for imp in imports
            if _under(imp.name, "app.store") or _under(imp.name, "sqlite3")]


TEST_FOLDERS_OF_THEIR_OWN = ("helpers", "contract", "packaging")
"""Test folders that test no one app package: shared helpers, the API contract run against
both catalogues, the installable bundle."""


def unmirrored_test_folders(tests: Path, app: Path) -> list[str]:
    """Rule 8: test packages (folders with ``__init__.py``) with no app package of that path."""
    return sorted(str(init.parent.relative_to(tests)) for init in tests.rglob("__init__.py")
                  if init.parent != tests
                  and init.parent.relative_to(tests).parts[0] not in TEST_FOLDERS_OF_THEIR_OWN
                  and not (app / init.parent.relative_to(tests) / "__init__.py").is_file())


ABOVE_THE_CATALOGUE = (
    "app.sync", "app.export", "app.ingest", "app.decks", "app.collection", "app.history",
    "app.thema", "app.backups", "app.scan", "app.gui", "app.cli", "app.server", "app.bootstrap",
    "app.net")
"""What the catalogue must not import (rule 10): the services built on it, the faces over
it, the composition root that builds them, and the network (the remote catalogue is built
beside it)."""


def catalogue_reaching_up(graph: Graph) -> set[tuple[str, str]]:
    """Rule 10: (catalogue module, module above it) for each such import."""
    return {(module, target) for module, targets in graph.items()
            if _under(module, "app.catalogue") for target in targets
            if any(_under(target, above) for above in ABOVE_THE_CATALOGUE)}


STORE_TOP_LIMIT = 8
"""At most this many modules directly in app/store besides ``__init__.py`` (rule 11)."""


def store_top_modules(app: Path) -> list[str]:
    """Rule 11: the modules directly in ``app/store`` (``__init__.py`` and sub-packages aside)."""
    return sorted(path.stem for path in (app / "store").glob("*.py") if path.stem != "__init__")


CATALOGUE_PUBLIC_LIMIT = 28
"""At most this many public names on ``LocalCatalogue`` (rule 12)."""


def public_names(cls: type) -> list[str]:
    """Rule 12: the public names of a class, inherited ones included (methods, properties,
    classmethods: every name not starting with ``_``)."""
    return sorted(name for name, _ in inspect.getmembers(cls) if not name.startswith("_"))


def test_the_scan_sees_imports() -> None:
    """Guard against a vacuous pass: the scanner finds the GUI's Qt imports."""
    gui_imports = [i.name for p in _modules("gui") for i in _full_scan()[_module_name(p)]]
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


def test_no_qt_outside_app_gui() -> None:
    assert qt_outside_gui(_scan()) == []


def test_model_imports_nothing_else_of_the_app() -> None:
    assert model_reaching_out(_scan("model")) == []


def test_gui_imports_only_the_catalogue_the_model_and_facades() -> None:
    scan = _scan("gui")
    assert any(_under(i.name, "app.catalogue") for imports in scan.values() for i in imports)
    assert gui_reaching_past_the_catalogue(scan) == []


def test_gui_holds_no_sql() -> None:
    assert sql_texts(_strings("store")) != []  # the scan sees the store's SQL
    assert sql_texts(_strings("gui")) == []


def test_nothing_imports_the_gui_or_the_cli_but_the_entry_points() -> None:
    scan = _scan()
    assert any(_under(i.name, "app.gui") and i.lazy for i in scan["app.cli.commands"])
    assert importing_gui_or_cli(scan) == []


def test_search_is_the_language_only() -> None:
    assert search_reaching_the_store(_scan("search")) == []


def test_tests_mirror_the_app() -> None:
    assert (TESTS / "gui" / "search" / "__init__.py").is_file()  # the scan sees sub-packages
    assert unmirrored_test_folders(TESTS, APP) == []


def test_each_rule_sees_a_planted_violation(tmp_path: Path) -> None:
    """Guard against vacuous passes: every rule finds a violation planted in a fake scan."""
    eager, lazy = (lambda name: Import(name, False)), (lambda name: Import(name, True))
    assert qt_outside_gui({"app.store.x": [eager("PySide6.QtCore")]}) != []
    assert qt_outside_gui({"app.gui.kit.x": [eager("PySide6.QtCore")]}) == []
    assert model_reaching_out({"app.model.card": [eager("app.store")]}) != []
    assert model_reaching_out({"app.model.card": [eager("app.model.vocabulary")]}) == []
    for planted in ("app.store", "app.store.reads.cards", "app.sync.engine", "app.net.client",
                    "app.ingest", "app.export.plan", "app.cli.main", "app.paths", "sqlite3",
                    "httpx"):
        assert gui_reaching_past_the_catalogue({"app.gui.search.x": [lazy(planted)]}) != [], \
            planted
    assert gui_reaching_past_the_catalogue({"app.gui.search.x": [eager("app.bootstrap")]}) != []
    assert gui_reaching_past_the_catalogue({"app.gui.shell.x": [
        eager("app.bootstrap"), eager("app.paths"), eager("app.sync"), eager("app.catalogue.base"),
        eager("app.search.filters"), eager("app.model.vocabulary"), eager("app")]}) == []
    assert sql_texts({"app.gui.x": ["SELECT uuid FROM editions WHERE slug = ?"]}) != []
    assert sql_texts({"app.gui.x": ["Select a card from the list to see it"]}) == []
    assert importing_gui_or_cli({"app.server.app": [lazy("app.gui.shell.app")]}) != []
    assert importing_gui_or_cli({"app.sync.engine": [eager("app.cli.main")]}) != []
    assert importing_gui_or_cli({"app.cli.commands": [eager("app.gui.shell.app")]}) != []
    assert importing_gui_or_cli({"app.cli.commands": [lazy("app.gui.shell.app")],
                                 "app.__main__": [eager("app.cli.main")]}) == []
    assert search_reaching_the_store({"app.search.parser": [eager("sqlite3")]}) != []
    assert search_reaching_the_store(
        {"app.search.parser": [lazy("app.store.language.query")]}) != []
    (tmp_path / "app" / "store").mkdir(parents=True)
    (tmp_path / "app" / "store" / "__init__.py").touch()
    for folder in ("store", "stor", "helpers"):
        (tmp_path / "tests" / folder).mkdir(parents=True)
        (tmp_path / "tests" / folder / "__init__.py").touch()
    assert unmirrored_test_folders(tmp_path / "tests", tmp_path / "app") == ["stor"]


def test_the_graph_sees_late_imports() -> None:
    """Guard against a vacuous pass: imports inside functions, inside ``TYPE_CHECKING``
    blocks and relative ones are all edges of the graph."""
    source = ("from typing import TYPE_CHECKING\n"
              "from . import sibling\n"
              "from .. import up\n"
              "if TYPE_CHECKING:\n    from app.sync.engine import SyncEngine\n"
              "def later():\n    import app.export.plan\n")
    known = {"app.store", "app.store.x", "app.store.sibling", "app.up", "app", "app.sync",
             "app.sync.engine", "app.export", "app.export.plan"}
    imports = scan_tree("app.store.x", False, ast.parse(source), known)
    assert {(i.name, i.lazy) for i in imports} >= {
        ("app.store", False), ("app.store.sibling", False), ("app", False), ("app.up", False),
        ("app.sync.engine", False), ("app.export.plan", True)}
    graph = import_graph({name: [] for name in known} | {"app.store.x": imports})
    assert graph["app.store.x"] >= {"app.store.sibling", "app.sync.engine", "app.export.plan"}
    package = scan_tree("app.store", True, ast.parse("from .x import y\n"), known)
    assert Import("app.store.x", False) in package
    gui = scan_tree("app.gui.x", False, ast.parse("from app import store\n"), known)
    assert gui_reaching_past_the_catalogue({"app.gui.x": gui}) != []
    init = ast.parse("from app.store.x import sibling\nfrom app.store import x\n")
    assert shadowed_submodules("app.store", init, known) == {"app.store.sibling"}


def test_no_import_cycle_in_the_app() -> None:
    graph = import_graph(_full_scan())
    assert len(graph) > 100 and any("app.catalogue" in t for t in graph.values())
    assert sorted(sorted(cycle) for cycle in import_cycles(graph)) == []


def test_the_catalogue_imports_nothing_above_it() -> None:
    assert sorted(catalogue_reaching_up(import_graph(_full_scan()))) == []


def test_the_store_keeps_few_modules_at_its_top() -> None:
    top = store_top_modules(APP)
    assert len(top) <= STORE_TOP_LIMIT, top


def test_the_local_catalogue_is_narrow() -> None:
    from app.catalogue import LocalCatalogue

    names = public_names(LocalCatalogue)
    assert "query" in names  # the count sees the catalogue's methods
    assert len(names) <= CATALOGUE_PUBLIC_LIMIT, names


def test_the_new_rules_see_a_planted_violation(tmp_path: Path) -> None:
    """Guard against vacuous passes: rules 9-12 each find a violation planted for them."""
    assert import_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == {
        frozenset({"a", "b", "c"})}
    assert import_cycles({"a": {"b"}, "b": set()}) == set()
    assert import_cycles({"app.net": {"app.net.client"}, "app.net.client": {"app.net"}}) != set()
    graph = {"app.catalogue.base": {"app.decks.storage", "app.store", "app.catalogue.shapes"},
             "app.catalogue.local": {"app.bootstrap"}, "app.sync.engine": {"app.export"}}
    assert catalogue_reaching_up(graph) == {("app.catalogue.base", "app.decks.storage"),
                                            ("app.catalogue.local", "app.bootstrap")}
    (tmp_path / "store" / "db").mkdir(parents=True)
    for name in ("__init__", *(f"m{i}" for i in range(9)), "db/__init__", "db/schema"):
        (tmp_path / "store" / f"{name}.py").touch()
    assert len(store_top_modules(tmp_path)) == 9 > STORE_TOP_LIMIT

    class Wide:
        size = property(lambda self: 0)

        def one(self) -> None: ...

        @classmethod
        def two(cls) -> None: ...

        def _hidden(self) -> None: ...

    assert public_names(Wide) == ["one", "size", "two"]
