"""The export's worker processes start by ``spawn`` (the default on Windows and macOS) on
every platform: what a worker receives pickles, and nothing relies on state a ``fork``
would have handed down. CI runs the multiprocessing tests once more with ``spawn`` as the
default start method (``ARCHIVIST_START_METHOD=spawn``, see tests/conftest.py)."""

from __future__ import annotations

import ast
import io
import os
import pickle
import subprocess
import sys
from concurrent.futures import Future
from pathlib import Path
from typing import Any, ClassVar

import pytest
from PIL import Image

import app.export.jobs as jobs
from app.bootstrap import Application, build
from app.export import ExportOptions, plan_query, run_export
from app.store import CardRecord, Writer
from tests.helpers.cards import make_card, make_edition

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("Spawned Ember", "Spawned Tide", "Spawned Gale")


def jpeg(colour: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (250, 350), colour).save(out, "JPEG")
    return out.getvalue()


@pytest.fixture
def three(tmp_path: Path) -> Application:
    """A catalogue of three cards whose edition images are stored."""
    services = build(str(tmp_path / "data"))
    cards = []
    for number, (name, colour) in enumerate(zip(NAMES, ("red", "blue", "green"), strict=True)):
        uuid = f"spawn{number:03d}"
        card = make_card(uuid, name)
        card["editions"] = [make_edition(uuid, f"ed{uuid}", f"{number + 1:03d}")]
        services.images.add(f"ed{uuid}.jpg", jpeg(colour))
        cards.append(CardRecord(card))
    Writer(services.store).write(cards)
    return services


class RecordingPool:
    """Stands in for ProcessPoolExecutor: pickles what a worker would receive, as a
    spawned process receives it, and runs it here."""

    made: ClassVar[list[RecordingPool]] = []

    def __init__(self, workers: int, context: Any, initializer: Any = None) -> None:
        self.method = context.get_start_method()
        self.sent = [pickle.loads(pickle.dumps(initializer))]
        RecordingPool.made.append(self)

    def submit(self, fn: Any, *args: Any) -> Future[Any]:
        fn, args = pickle.loads(pickle.dumps((fn, args)))  # what travels to the worker
        self.sent.append((fn, args))
        future: Future[Any] = Future()
        try:
            future.set_result(pickle.loads(pickle.dumps(fn(*args))))  # and what comes back
        except Exception as error:
            future.set_exception(pickle.loads(pickle.dumps(error)))
        return future

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        pass


def test_everything_a_worker_receives_and_returns_pickles(
        three: Application, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jobs, "ProcessPoolExecutor", RecordingPool)
    RecordingPool.made.clear()
    items = plan_query(three.store, "spawned")
    options = ExportOptions(folder=tmp_path / "out", format="png-rounded", workers=2)
    report = run_export(items, options, three.images)
    assert report.complete and len(report.written) == 3
    [pool] = RecordingPool.made
    assert pool.method == "spawn"
    assert len(pool.sent) == 1 + 3  # the initializer, then one job per image


def test_a_failing_image_comes_back_from_the_worker_as_a_problem(
        three: Application, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jobs, "ProcessPoolExecutor", RecordingPool)
    items = plan_query(three.store, "spawned")
    three.images.path_for(items[0].image_file).write_bytes(b"not a jpeg")
    options = ExportOptions(folder=tmp_path / "out", format="png-rounded", workers=2)
    report = run_export(items, options, three.images)
    assert len(report.written) == 2 and len(report.failed) == 1


def test_the_command_line_exports_over_spawned_workers(three: Application, tmp_path: Path) -> None:
    # As on Windows and macOS: every worker starts a fresh interpreter and imports what
    # it needs; the command line's entry module must not run again in it.
    out = tmp_path / "out"
    code = ("import multiprocessing, sys; multiprocessing.set_start_method('spawn'); "
            "from app.cli.main import main; sys.exit(main())")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-c", code, "export", "--data-dir", str(three.paths.data), "spawned",
         "--to", str(out), "--format", "png-rounded", "--workers", "2"],
        capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "Exported 3 of 3 images" in run.stdout
    assert len(list(out.glob("*.png"))) == 3


PROCESS_MAKERS = {"ProcessPoolExecutor", "Pool", "Process", "Manager"}


def _spawn_context(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Call) and getattr(n.func, "attr", "") == "get_context"
               and [getattr(a, "value", None) for a in n.args] == ["spawn"]
               for n in ast.walk(node))


def test_every_process_the_app_starts_is_spawned() -> None:
    unspawned, forks = [], []
    for path in sorted((ROOT / "app").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "attr", getattr(node.func, "id", ""))
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            if name in PROCESS_MAKERS and not _spawn_context(node):
                unspawned.append(where)
            if name in {"set_start_method", "get_context", "fork"} and any(
                    getattr(a, "value", None) in ("fork", "forkserver") for a in node.args):
                forks.append(where)
            if getattr(node.func, "attr", "") == "fork" and \
                    getattr(node.func, "value", None) is not None and \
                    getattr(node.func.value, "id", "") == "os":  # type: ignore[attr-defined]
                forks.append(where)
    assert unspawned == [] and forks == []
    assert _spawn_context(ast.parse("ProcessPoolExecutor(2, multiprocessing."
                                    "get_context('spawn'))"))


def test_ci_can_make_spawn_the_default_start_method() -> None:
    import multiprocessing

    wanted = os.environ.get("ARCHIVIST_START_METHOD")
    if wanted is None:
        pytest.skip("ARCHIVIST_START_METHOD is not set (CI sets it to spawn for one run)")
    assert multiprocessing.get_start_method() == wanted
