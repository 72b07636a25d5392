"""Every command example in README.md runs on the data its first command imports (a
reader copies them as they stand), and ``archivist get -o`` never writes an error body into
its output file.

Examples are the README's first code line (``&&``-separated) and every inline ``archivist …``
span with arguments and without a ``[option]`` or a placeholder, plus the search language's
"Example:". Left out, and why: ``archivist`` alone (opens the window); mentions of a bare
command name in the text (``archivist sync`` needs the internet, ``archivist serve`` runs
until stopped, ``archivist search`` names the command); the install and test commands
(``pip``, ``pytest``: no catalogue involved)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.realdata

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text(encoding="utf-8")
SHARED = REPO.parent / "shared"
SKIPPED = {(): "opens the window", ("sync",): "needs the internet"}
EXIT_CODES = {"deck": (0, 1)}  # deck check: 0 legal, 1 not legal (README says so)


def first_command() -> list[list[str]]:
    block = re.search(r"```sh\n(.*?)\n", README)
    assert block is not None
    return [shlex.split(part) for part in block.group(1).split("&&")]


def archivist_args(words: list[str]) -> tuple[str, ...] | None:
    """The arguments after ``archivist`` (or ``.venv/bin/archivist``), else None."""
    if words and words[0] in ("archivist", ".venv/bin/archivist"):
        return tuple(words[1:])
    return None


def inline_examples() -> list[tuple[str, ...]]:
    found = []
    for span in re.findall(r"`([^`\n]+)`", README):
        if "[" in span or re.search(r"\b[A-Z_]{2,}(\.\.\.)?\b(?![^\"]*\"\s*$)", _unquoted(span)):
            continue  # a syntax line with options or placeholders, not an example
        args = archivist_args(shlex.split(span))
        if args is not None and (len(args) > 1 or args in SKIPPED):  # not a bare name
            found.append(args)
    language = re.search(r"group\. Example:\s*`([^`]+)`", README)
    assert language is not None, "the search language's example is in README"
    found.append(("search", language.group(1)))
    return list(dict.fromkeys(found))


def _unquoted(span: str) -> str:
    return re.sub(r"\"[^\"]*\"", "", span)


def run(args: tuple[str, ...], cwd: Path, data: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "ARCHIVIST_DATA_DIR": str(data), "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "-m", "app", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


@pytest.fixture(scope="module")
def readme_data(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A working folder beside ``shared`` (so README's ``../shared`` paths hold) and the
    data folder the README's first command fills (import, demo-thema)."""
    root = tmp_path_factory.mktemp("readme")
    (root / "shared").symlink_to(SHARED)
    cwd, data = root / "repo", root / "data"
    cwd.mkdir()
    for words in first_command():
        args = archivist_args(words)
        if args is None or args in SKIPPED:
            continue
        done = run(args, cwd, data)
        assert done.returncode == 0, done.stderr
    return cwd, data


def test_the_first_command_imports_the_catalogue(readme_data: tuple[Path, Path]) -> None:
    cwd, data = readme_data
    done = run(("search", "--per", "edition", ""), cwd, data)
    assert done.stdout.splitlines()[-1] == "4414 editions"


def assert_serves(args: tuple[str, ...], cwd: Path, data: Path) -> None:
    """A ``serve`` example runs until stopped: start it (on a free port instead of the one
    written), wait for its answer to ``/``, then stop it."""
    import socket
    import time
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    words = list(args)
    if "--port" in words:
        words[words.index("--port") + 1] = str(port)
    else:
        words += ["--port", str(port)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "app", *words, "--data-dir", str(data)], cwd=cwd,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, proc.communicate()[1]
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
                    assert answer.status == 200
                    return
            except OSError:
                assert time.monotonic() < deadline, "the server never answered"
                time.sleep(0.2)
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
        assert "Traceback" not in err


@pytest.mark.parametrize("args", inline_examples(), ids=" ".join)
def test_each_readme_example_runs(readme_data: tuple[Path, Path], args: tuple[str, ...]
                                  ) -> None:
    if args in SKIPPED:
        pytest.skip(SKIPPED[args])
    cwd, data = readme_data
    if args[0] == "serve":
        assert_serves(args, cwd, data)
        return
    done = run(args, cwd, data)
    assert "Traceback" not in done.stderr
    assert done.returncode in EXIT_CODES.get(args[0], (0,)), done.stderr
    assert done.stdout.strip() or "-o" in args
    if "-o" in args:
        written = cwd / args[args.index("-o") + 1]
        assert written.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_examples_cover_the_commands_readme_shows() -> None:
    commands = {args[0] if args else "" for args in inline_examples()}
    assert {"get", "deck", "search", ""} <= commands


def test_get_never_writes_an_error_into_the_output_file(readme_data: tuple[Path, Path]
                                                        ) -> None:
    cwd, data = readme_data
    target = cwd / "missing.png"
    target.write_bytes(b"keep me")
    done = run(("get", "/cards/images/nosuchimage.jpg?rounded=true", "-o", target.name),
               cwd, data)
    assert done.returncode == 1
    assert target.read_bytes() == b"keep me"
    assert done.stderr.strip().splitlines() == [
        "archivist get: status 404: Image not found: nosuchimage.jpg (missing.png not written)"]
    fresh = cwd / "fresh.png"
    run(("get", "/cards/nope-no-card", "-o", fresh.name), cwd, data)
    assert not fresh.exists()
