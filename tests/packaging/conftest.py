"""The desktop bundle, built once per test session with ``packaging/build.py``."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD_TIMEOUT_S = 1800


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``dist`` folder of a fresh build: ``Archivist/`` and (on Linux) ``linux/``;
    ``ARCHIVIST_BUILT_BUNDLE=DIST`` tests a bundle already built (e.g. from a fresh clone,
    as the release workflow builds it) instead of building one."""
    given = os.environ.get("ARCHIVIST_BUILT_BUNDLE")
    if given:
        return Path(given)
    folder = tmp_path_factory.mktemp("bundle")
    started = time.monotonic()
    run = subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "build.py"), "--dist", str(folder / "dist"),
         "--work", str(folder / "work")],
        cwd=ROOT, capture_output=True, text=True, timeout=BUILD_TIMEOUT_S,
    )
    if run.returncode != 0:
        pytest.fail(f"packaging/build.py failed ({run.returncode}):\n{run.stdout[-3000:]}\n"
                    f"{run.stderr[-5000:]}")
    print(f"\nbundle built in {time.monotonic() - started:.0f} s: {run.stdout.strip()}")
    return folder / "dist"
