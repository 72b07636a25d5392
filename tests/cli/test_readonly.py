"""A read-only data folder (a real tmpfs remounted read-only): reading commands open the
catalogue read-only and work; writing commands say the folder is read-only
instead of failing halfway. Cards generated."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.helpers.cards import make_card
from tests.helpers.smallfs import small_fs
from tests.sync.servers import free_port


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", *args], capture_output=True, text=True,
                          timeout=120, check=False)


def test_reading_commands_work_and_writing_ones_say_read_only(tmp_path: Path) -> None:
    source = tmp_path / "cards.json"
    source.write_text(json.dumps([make_card()]), encoding="utf-8")
    with small_fs(tmp_path / "ro", size="8m") as mount:
        data = mount / "data"
        assert _run("import", "--data-dir", str(data), str(source)).returncode == 0
        subprocess.run(["mount", "-o", "remount,ro", str(mount)], check=True)
        got = _run("get", "--data-dir", str(data), "/cards/generated-card")
        assert got.returncode == 0, got.stderr
        assert json.loads(got.stdout)["uuid"] == "genCard001"
        found = _run("search", "--data-dir", str(data), "generated")
        assert found.returncode == 0 and "Generated Card" in found.stdout, found.stderr
        for command in (["import", str(source)], ["sync", "--api", "http://127.0.0.1:9"],
                        ["demo-thema"]):
            result = _run(command[0], "--data-dir", str(data), *command[1:])
            assert result.returncode == 1, command
            assert "Traceback" not in result.stderr
            assert f"archivist: The data folder {data} is read-only" in result.stderr, command
            assert "unable to open database file" not in result.stderr
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "app", "serve", "--data-dir", str(data),
                                   "--port", str(port)], stderr=subprocess.PIPE)
        try:
            for _ in range(200):
                try:
                    answer = httpx.get(f"http://127.0.0.1:{port}/cards/generated-card?x=1",
                                       timeout=2)
                    break
                except httpx.TransportError:
                    time.sleep(0.05)
            assert answer.status_code == 200 and answer.json()["slug"] == "generated-card"
        finally:
            server.terminate()
            server.wait(timeout=30)


def test_collection_show_in_a_read_only_folder_without_a_collection_is_empty(
    tmp_path: Path,
) -> None:
    source = tmp_path / "cards.json"
    source.write_text(json.dumps([make_card()]), encoding="utf-8")
    with small_fs(tmp_path / "ro", size="8m") as mount:
        data = mount / "data"
        assert _run("import", "--data-dir", str(data), str(source)).returncode == 0
        subprocess.run(["mount", "-o", "remount,ro", str(mount)], check=True)
        shown = _run("collection", "show", "--data-dir", str(data), "--json")
        assert shown.returncode == 0, shown.stderr
        assert json.loads(shown.stdout) == {
            "totals": {"copies": 0, "editions": 0, "cards": 0}, "sets": [], "entries": []}
        plain = _run("collection", "show", "--data-dir", str(data))
        assert plain.returncode == 0, plain.stderr
        assert plain.stdout.startswith("0 copies, 0 editions, 0 cards")
        assert not (data / "collection.sqlite3").exists()
