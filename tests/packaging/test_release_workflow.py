"""The release workflow: actionlint passes, and it does what packaging/README.md says on
each of the three platforms (it runs only on GitHub's runners)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def actionlint() -> str | None:
    beside = Path(sys.executable).with_name("actionlint")
    return str(beside) if beside.is_file() else shutil.which("actionlint")


def test_actionlint_passes() -> None:
    tool = actionlint()
    if tool is None:
        pytest.skip("actionlint is not installed (pip install -e '.[dev]')")
    run = subprocess.run([tool, str(WORKFLOW)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr


def test_actionlint_would_catch_a_broken_workflow(tmp_path: Path) -> None:
    tool = actionlint()
    if tool is None:
        pytest.skip("actionlint is not installed (pip install -e '.[dev]')")
    broken = tmp_path / ".github" / "workflows" / "release.yml"
    broken.parent.mkdir(parents=True)
    broken.write_text(WORKFLOW.read_text(encoding="utf-8").replace(
        "runs-on: ${{ matrix.os }}", "runs-on: ${{ matrix.operating_system }}"),
        encoding="utf-8")
    run = subprocess.run([tool, str(broken)], capture_output=True, text=True, timeout=120)
    assert run.returncode != 0 and "operating_system" in run.stdout


def test_the_workflow_builds_tests_and_starts_the_app_on_three_platforms() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    for runner in ("ubuntu-", "windows-", "macos-"):
        assert f"os: {runner}" in text
    for step in ("pip install '.[dev]'", "python -m pytest", "packaging/build.py",
                 "screenshot", "hdiutil create", "upload-artifact", "du -sh"):
        assert step in text
    assert 'tags: ["v*"]' in text
