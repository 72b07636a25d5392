"""``changes``, ``history`` and ``revert`` over a history with a damaged row (real data):
the row says "unreadable" where it stands, everything else reads as before, and revert
refuses (exit 2, one line, nothing changed)."""

from __future__ import annotations

import contextlib
import io
import json
import sqlite3
import zlib
from pathlib import Path

import pytest

from app.cli.main import main
from tests.helpers.cards import make_card
from tests.helpers.damaged_history import (
    CARD,
    DAMAGES,
    REVISION,
    SLUG,
    Damage,
    build_history,
    copy_catalogue,
    damaged,
    state,
)
from tests.helpers.newer_catalogue import RENAMED

pytestmark = [pytest.mark.realdata, pytest.mark.allow_log(r"^rejected ", r"^not stored: ")]


def run(*argv: str) -> tuple[int, str, str]:
    """``archivist ARGV`` in this process: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def history_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_history(tmp_path_factory.mktemp("history"))


@pytest.fixture(scope="module")
def sound(history_dir: Path) -> tuple[str, dict[str, object]]:
    """The undamaged answers: ``changes`` text and ``changes --json`` of revision 2."""
    text = run("changes", "--data-dir", str(history_dir))[1]
    listed = json.loads(run("changes", "--json", "--data-dir", str(history_dir))[1])
    return text, listed["revisions"][0]


def without_card(text: str, name: str) -> list[str]:
    """The lines of ``changes`` text without the card ``name``'s lines and its notes, and
    without the counts of the groups (up to the records kept out)."""
    lines, skip_deeper = [], -1
    for line in text.split("\n  Kept out")[0].splitlines():
        if line.startswith("  ") and not line.startswith("   "):
            line = line.rsplit(" (", 1)[0]  # a group's title without its count
        depth = len(line) - len(line.lstrip())
        if skip_deeper >= 0 and depth > skip_deeper:
            continue
        skip_deeper = -1
        if line.lstrip().startswith(f"{name} ("):
            skip_deeper = depth
            continue
        lines.append(line)
    return lines


@pytest.mark.parametrize("damage", DAMAGES, ids=[d.name for d in DAMAGES])
def test_a_damaged_row_reads_as_unreadable_where_it_stands_and_is_not_reverted(
    damage: Damage, history_dir: Path, sound: tuple[str, dict[str, object]], tmp_path: Path,
) -> None:
    data = str(damaged(history_dir, tmp_path / "data", damage))
    text, listed = sound
    code, out, err = run("changes", "--data-dir", data)
    assert (code, err) == (0, "")
    if damage.where == "card":
        marked = [line for line in out.splitlines() if line.lstrip().startswith(f"{CARD} (")]
        assert marked and all("— unreadable: " in line and damage.why in line
                              for line in marked)
        assert without_card(out, CARD) == without_card(text, CARD)  # the rest as before
    else:
        head, groups = out.split("\n  New cards", 1)
        assert "unreadable: " in head.lower() and damage.why in head
        assert without_card(groups, CARD) == without_card(text.split("\n  New cards", 1)[1],
                                                           CARD)
    code, out, err = run("changes", "--revision", str(REVISION), "--json", "--data-dir", data)
    assert (code, err) == (0, "")
    shown = json.loads(out)["revisions"][0]
    if damage.where == "card":
        entry = next(c for c in shown["changes"] if c["slug"] == SLUG)
        assert (entry["name"], damage.why in entry["unreadable"]) == (CARD, True)
    else:
        assert damage.why in shown["unreadable"]
    assert [c for c in shown["changes"] if c["slug"] != SLUG] == [
        c for c in listed["changes"] if c["slug"] != SLUG]  # type: ignore[attr-defined]
    code, out, err = run("history", "--data-dir", data, SLUG)
    assert (code, err) == (0, "")
    if damage.name != "card-row-deleted":  # then revision 2 has no row of the card at all
        assert "unreadable: " in out and damage.why in out
    before = state(Path(data))
    code, out, err = run("revert", "--data-dir", data, str(REVISION))
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith(
        f"archivist: Revision {REVISION} cannot be reverted, nothing was changed: ")
    assert damage.why in err
    assert state(Path(data)) == before


def test_a_damaged_list_of_kept_out_records_says_so_and_the_rest_reads(
    history_dir: Path, sound: tuple[str, dict[str, object]], tmp_path: Path,
) -> None:
    data = copy_catalogue(history_dir, tmp_path / "data")
    with contextlib.closing(sqlite3.connect(data / "catalogue.sqlite3")) as conn:
        conn.execute("UPDATE revisions SET kept_out = '[\"cut' WHERE number = 2")
        conn.commit()
    code, out, err = run("changes", "--data-dir", str(data))
    assert (code, err) == (0, "")
    assert "the list of records kept out is damaged" in out
    assert out.split("  Kept out")[0] == sound[0].split("  Kept out")[0]


def test_a_revert_that_cannot_put_a_card_back_changes_nothing_and_says_why(
    history_dir: Path, tmp_path: Path,
) -> None:
    """Revision 2 renamed tanky-specter to drifting-abysshell; a new card took the old slug
    since, so the revert cannot give it back (before: "Reverted revision 2", exit 0, and
    the card kept its new slug)."""
    data = copy_catalogue(history_dir, tmp_path / "data")
    newcomer = tmp_path / "newcomer.json"
    newcomer.write_text(json.dumps([make_card("genTanky01", "Tanky Specter")]),
                        encoding="utf-8")
    assert run("import", "--data-dir", str(data), str(newcomer))[0] == 0
    before = state(data)
    code, out, err = run("revert", "--data-dir", str(data), "2")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith(
        "archivist: Revision 2 cannot be reverted, nothing was changed: the card "
        "tanky-specter cannot be stored: the slug 'tanky-specter' belongs to another card")
    assert state(data) == before
    code, out, _ = run("get", "--data-dir", str(data), "/cards/drifting-abysshell")
    assert code == 0 and json.loads(out)["slug"] == "drifting-abysshell"


@pytest.mark.parametrize("damage", [d for d in DAMAGES if d.where == "card"],
                         ids=[d.name for d in DAMAGES if d.where == "card"])
def test_a_deck_checked_as_of_a_date_over_a_damaged_history_is_still_judged(
    damage: Damage, history_dir: Path, tmp_path: Path,
) -> None:
    data = str(damaged(history_dir, tmp_path / "data", damage))
    deck = tmp_path / "deck.txt"
    deck.write_text(f"# Main Deck\n4 {CARD}\n", encoding="utf-8")
    code, out, err = run("deck", "check", str(deck), "--as-of", "2026-03-01", "--json",
                         "--data-dir", data)
    assert "Traceback" not in err
    assert code in (0, 1), err
    assert json.loads(out)["decks"][0]["as_of"].startswith("2026-03-01")


def test_a_damaged_row_of_a_renamed_card_leaves_the_references_to_it_plain(
    newer_catalogue_dir: Path, tmp_path: Path,
) -> None:
    """Dire Wolf (renamed from Direwolf in revision 2) has a damaged row: it reads
    unreadable, the two cards that refer to it are listed with their notes but without
    "renamed from" (the old name cannot be read back), and nothing raises."""
    data = copy_catalogue(newer_catalogue_dir, tmp_path / "data")
    with contextlib.closing(sqlite3.connect(data / "catalogue.sqlite3")) as conn, conn:
        conn.execute("UPDATE revision_cards SET previous = ? WHERE revision = 2 AND "
                     "slug = ?", (b"d\x00 not zlib at all", RENAMED))
    code, out, err = run("changes", "--data-dir", str(data))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert any(line.startswith("    Dire Wolf (dire-wolf) — unreadable: ") for line in lines)
    assert "renamed from Direwolf" not in out
    assert sum(line.startswith(("    Dire Requiem (", "    Direwolf Alpha (")) for line in lines
               ) == 2
    code, out, err = run("history", "--data-dir", str(data), "Dire Requiem")
    assert (code, err) == (0, "") and "renamed from" not in out


def test_a_damaged_row_of_the_first_import_is_listed_though_its_cards_are_no_news(
    history_dir: Path, tmp_path: Path,
) -> None:
    """Revision 1 filled the empty catalogue: its cards are not listed, but a damaged row
    of it is (and it is not reverted)."""
    data = copy_catalogue(history_dir, tmp_path / "data")
    with contextlib.closing(sqlite3.connect(data / "catalogue.sqlite3")) as conn, conn:
        conn.execute("UPDATE revision_cards SET previous = ? WHERE revision = 1 AND slug = ?",
                     (b"z" + zlib.compress(b"{}"), SLUG))
    code, out, err = run("changes", "--revision", "1", "--data-dir", str(data))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert "· first import from " in lines[0]
    assert lines[1:3] == ["  Unreadable (1)", f"    {CARD} ({SLUG}) — unreadable: it says the "
                          "card was added yet keeps a previous version"]
    code, out, err = run("revert", "--data-dir", str(data), "1")
    assert (code, out) == (2, "") and "added yet keeps a previous version" in err
