"""The cases of :mod:`benchmarks.hostile_user_data`: each returns what was tried, what
happened and whether it held (the behaviour the player's data needs)."""

from __future__ import annotations

import csv
import io
import os
import sqlite3
import subprocess
import sys
from contextlib import closing

from benchmarks.hostile_user_data import (
    EVENT,
    Case,
    Done,
    Lab,
    digest,
    entries,
    mkfifo,
    refused_untouched,
    run,
)

HEADER = "Quantity,Name,Set,Number\n"
FIRE = '1,Spirit of Fire,DOA 1st,1\n'
FORGED = "x\n 999 Lorraine, Blademaster [DOA 1st 005] foil NM"
FORMULAS = ('=HYPERLINK("http://x","click")', "+cmd|' /C calc'!A0", "@SUM(1)", "-2+3")


def _own_file_target(name: str, verb: tuple[str, ...]) -> Case:
    def case(lab: Lab) -> tuple[str, Done, bool]:
        data = lab.fresh()
        return refused_untouched(f"{' '.join(verb)} <data>/{name}", data,
                                 (*verb, str(data / name)))
    return case


def _export_through_a_link(lab: Lab) -> tuple[str, Done, bool]:
    data = lab.fresh()
    link = lab.root / f"{data.name}-link.csv"
    link.symlink_to(data / "collection.sqlite3")
    return refused_untouched("collection export LINK (a link to collection.sqlite3)", data,
                             ("collection", "export", str(link)))


def _export_into_backups(lab: Lab) -> tuple[str, Done, bool]:
    data = lab.fresh()
    (data / "backups").mkdir()
    return refused_untouched("collection export <data>/backups/x.csv", data,
                             ("collection", "export", str(data / "backups" / "x.csv")),
                             data / "backups" / "x.csv", code=2)


def _replace_with(label: str, text: str, code: int | tuple[int, ...] = 1) -> Case:
    def case(lab: Lab) -> tuple[str, Done, bool]:
        data = lab.fresh()
        source = lab.root / f"{data.name}.csv"
        source.write_text(text, encoding="utf-8")
        before = digest(data / "collection.sqlite3")
        done = run(data, "collection", "import", str(source), "--replace")
        codes = code if isinstance(code, tuple) else (code,)
        held = (done.code in codes and not done.crashed()
                and digest(data / "collection.sqlite3") == before)
        return f"collection import --replace: {label}", done, held
    return case


def _replace_partial(lab: Lab) -> tuple[str, Done, bool]:
    data = lab.fresh()
    source = lab.root / f"{data.name}.csv"
    source.write_text(HEADER + FIRE + "1,Spirit of Fire,NOPE 9th,1\n", encoding="utf-8")
    done = run(data, "collection", "import", str(source), "--replace", "--partial")
    return ("collection import --replace --partial: 1 good row, 1 unknown set", done,
            done.code == 1 and entries(data) == 1)


def _formulas_round_trip(lab: Lab) -> tuple[str, Done, bool]:
    data = lab.fresh()
    source, out = lab.root / f"{data.name}-in.csv", lab.root / f"{data.name}-out.csv"
    source.write_text("Quantity,Name,Set,Number,Language,Tag\n" + "".join(
        f'1,Spirit of Fire,DOA 1st,1,"{f.replace(chr(34), chr(34) * 2)}",'
        f'"{f.replace(chr(34), chr(34) * 2)}"\n' for f in FORMULAS), encoding="utf-8")
    run(data, "collection", "import", str(source), "--replace")
    shown = run(data, "collection", "show", "--json").out
    done = run(data, "collection", "export", str(out))
    cells = [c for row in csv.reader(io.StringIO(out.read_text("utf-8") if out.is_file()
                                                  else "")) for c in row]
    unsafe = [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")]
    again = lab.fresh()
    run(again, "collection", "import", str(out), "--replace")
    same = run(again, "collection", "show", "--json").out == shown
    return ("tags and languages =HYPERLINK(…), +cmd|…, @SUM(1): export, import again",
            Done(done.code, f"{len(unsafe)} cells start with a formula character; round "
                            f"trip {'same' if same else 'differs'}", ""),
            done.code == 0 and not unsafe and bool(cells) and same)


def _odd_collection_file(kind: str, args: tuple[str, ...]) -> Case:
    def case(lab: Lab) -> tuple[str, Done, bool]:
        data = lab.fresh()
        live = data / "collection.sqlite3"
        live.unlink()
        if kind == "a folder":
            live.mkdir()
        elif kind == "a FIFO":
            mkfifo(live)
        else:
            live.symlink_to("/dev/null")
        good = lab.root / f"{data.name}-good.csv"
        good.write_text(HEADER + FIRE, encoding="utf-8")
        words = tuple(str(good) if a == "GOOD" else a for a in args)
        before = digest(good)
        done = run(data, *words)
        held = (done.code == 2 and not done.crashed() and str(live) in done.err
                and digest(good) == before)
        return f"collection.sqlite3 is {kind}: {' '.join(args)}", done, held
    return case


def _reader_on_fifo(args: tuple[str, ...]) -> Case:
    def case(lab: Lab) -> tuple[str, Done, bool]:
        data = lab.fresh()
        fifo = lab.root / f"{data.name}.fifo"
        mkfifo(fifo)
        words = tuple(str(fifo) if a == "FIFO" else str(lab.root / "out.png") if a == "OUT"
                      else a for a in args)
        done = run(data, *words)
        return (f"{' '.join(args)} (FIFO)", done, done.code == 2 and not done.crashed())
    return case


def _damaged_rows(lab: Lab) -> tuple[str, Done, bool]:
    data = lab.fresh()
    try:
        with closing(sqlite3.connect(data / "collection.sqlite3")) as conn, conn:
            conn.execute("INSERT INTO entries VALUES ('x1', 0, '', '', '', 'lots')")
            conn.execute("INSERT INTO entries VALUES ('x2', 0, '', ?, '', 1)", (b"\xff\x00",))
            conn.execute("INSERT INTO entries VALUES (?, 0, '', '', '', 1)", (b"\xfe",))
    except sqlite3.Error as error:  # typed tables refuse the rows: nothing to read wrong
        return ("rows of the wrong type written into the collection", Done(
            0, f"the file refuses them ({error})", ""), True)
    shown = run(data, "collection", "show")
    out = lab.root / f"{data.name}.csv"
    exported = run(data, "collection", "export", str(out))
    held = (not shown.crashed() and not exported.crashed() and shown.code in (0, 1)
            and "unreadable" in (shown.out + shown.err).lower()
            and exported.code in (0, 1))
    return ("collection rows: quantity 'lots', a BLOB language, a BLOB uuid: show, export",
            Done(shown.code, shown.err.strip().splitlines()[-1][:110] if shown.crashed()
                 else shown.said(), ""), held)


def _damaged_deck(lab: Lab) -> tuple[str, Done, bool]:
    data = lab.fresh()
    try:
        with closing(sqlite3.connect(data / "decks.sqlite3")) as conn, conn:
            conn.execute("UPDATE entries SET name = ?, quantity = -5 WHERE position = 0",
                         (b"\xff\x00",))
    except sqlite3.Error as error:
        return ("a BLOB card name in a kept deck", Done(0, f"refused ({error})", ""), True)
    need = run(data, "deck", "need", "Kept")
    text = lab.root / f"{data.name}.txt"
    exported = run(data, "deck", "export", "Kept", "--text", str(text))
    written = text.read_text("utf-8", "replace") if text.is_file() else ""
    held = (not need.crashed() and not exported.crashed() and "b'\\xff" not in written
            and "-5 " not in written)
    return ("a BLOB card name (quantity -5) in a kept deck: deck need, deck export --text",
            need, held)


def _window_page(kind: str, page: str) -> Case:
    def case(lab: Lab) -> tuple[str, Done, bool]:
        data = lab.fresh()
        live = data / ("collection.sqlite3" if page == "collection" else "decks.sqlite3")
        if kind == "truncated":
            live.write_bytes(live.read_bytes()[:3000])
        elif kind == "newer schema":
            with closing(sqlite3.connect(live)) as conn:
                conn.execute("PRAGMA user_version = 99")
        else:
            live.write_bytes(b"\x00garbage" * 500)
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
        probe = subprocess.run([sys.executable, "-m", "benchmarks.hostile_window", str(data),
                                page], capture_output=True, text=True, timeout=120,
                               check=False, env=env)
        shown = probe.stdout
        held = (probe.returncode == 0 and "Reading the collection…" not in shown
                and str(live) in shown)
        return (f"the window's {page} page over a {kind} {live.name}",
                Done(probe.returncode, " ".join(shown.split())[:110] or probe.stderr[-110:],
                     ""), held)
    return case


def _as_of(args: tuple[str, ...]) -> Case:
    def case(lab: Lab) -> tuple[str, Done, bool]:
        data = lab.fresh()
        words = []
        for a in args:
            if a == "DECK":
                deck = lab.root / f"{data.name}.txt"
                deck.write_text("1 Spirit of Fire\n", encoding="utf-8")
                a = str(deck)
            elif a == "EVENT":
                event = lab.root / f"{data.name}.json"
                event.write_text(EVENT.read_text("utf-8").replace(
                    '"2026-04-26T04:00:00.000Z"', '"9999-12-31T23:59:59-12:00"'), "utf-8")
                a = str(event)
            words.append(a)
        done = run(data, *words)
        return " ".join(args), done, done.code == 2 and not done.crashed()
    return case


def _bad_tag(label: str, tag: str) -> Case:
    def case(lab: Lab) -> tuple[str, Done, bool]:
        data = lab.fresh()
        return refused_untouched(f"collection add … --tag {label}", data, (
            "collection", "add", "Spirit of Fire", "--set", "DOA 1st", "--number", "1",
            "--tag", tag))
    return case


def _bad_tag_csv(lab: Lab) -> tuple[str, Done, bool]:
    data = lab.fresh()
    source = lab.root / f"{data.name}.csv"
    source.write_text("Quantity,Name,Set,Number,Tag\n" + f'1,Spirit of Fire,DOA 1st,1,"{FORGED}"\n'
                      + f'1,Spirit of Fire,DOA 1st,1,{"t" * 200}\n', encoding="utf-8")
    before = digest(data / "collection.sqlite3")
    done = run(data, "collection", "import", str(source))
    shown = run(data, "collection", "show").out
    held = (done.code == 1 and not done.crashed() and "999 Lorraine" not in shown
            and digest(data / "collection.sqlite3") == before)
    return ("collection import: a tag with a line break, a 200-character tag", done, held)


def _capped_rows(lab: Lab) -> tuple[str, Done, bool]:
    data = lab.fresh()
    source = lab.root / f"{data.name}.csv"
    source.write_text(HEADER + "999999,Spirit of Fire,DOA 1st,1\n" * 2, encoding="utf-8")
    done = run(data, "collection", "import", str(source))
    said = done.out + done.err
    held = (done.code == 1 and "1999998" not in said.replace(",", "")
            and "2000003" not in said.replace(",", "") and "999999" in said.replace(",", ""))
    return "collection import: two rows of 999,999 copies of one edition", done, held


def _add_at_cap(lab: Lab) -> tuple[str, Done, bool]:
    data = lab.fresh()
    words = ("collection", "add", "Spirit of Fire", "--set", "DOA 1st", "--number", "1",
             "--qty", "999999")
    run(data, *words)
    done = run(data, *words)
    held = done.code == 1 and "999999 → 999999" not in done.out
    return "collection add --qty 999999 on an entry at the cap", done, held


def _utf16(lab: Lab) -> tuple[str, Done, bool]:
    data = lab.fresh()
    source = lab.root / f"{data.name}.csv"
    source.write_bytes((HEADER + FIRE).encode("utf-16"))
    done = run(data, "collection", "import", str(source))
    return ("collection import of a UTF-16 file with a BOM", done,
            done.code == 2 and "UTF-16" in done.err and "UTF-8" in done.err)


def _arabic_digits(lab: Lab) -> tuple[str, Done, bool]:
    data = lab.fresh()
    return refused_untouched("collection add … --qty ١٢ (Arabic-Indic digits)", data, (
        "collection", "add", "Spirit of Fire", "--set", "DOA 1st", "--number", "1", "--qty",
        "١٢"))


def _bad_rarity(lab: Lab) -> tuple[str, Done, bool]:
    data = lab.fresh()
    tried, done, held = refused_untouched("collection add … --rarity QQ", data, (
        "collection", "add", "Spirit of Fire", "--set", "DOA 1st", "--number", "1",
        "--rarity", "QQ"))
    return tried, done, held and "QQ" in done.err


def _missing_folder(lab: Lab) -> tuple[str, Done, bool]:
    data = lab.fresh()
    target = lab.root / f"{data.name}-missing" / "dir" / "x.csv"
    done = run(data, "collection", "export", str(target))
    return ("collection export /missing/dir/x.csv", done,
            done.code == 2 and not target.parent.parent.exists())


def _first_import_not_new(lab: Lab) -> tuple[str, Done, bool]:
    from benchmarks.common import SNAPSHOT_0404

    data = lab.root / "first-import"
    run(data, "import", str(SNAPSHOT_0404), timeout=600)
    done = run(data, "search", "is:new")
    last = done.out.strip().splitlines()[-1] if done.out.strip() else ""
    return ("search is:new after the first import into an empty catalogue", Done(
        done.code, last, done.err), "2235" not in last and not done.crashed())


def _full_disk(lab: Lab) -> tuple[str, Done, bool | None]:
    data = lab.root / "small"
    data.mkdir()
    size = (lab.template / "catalogue.sqlite3").stat().st_size // 1024 + 1536
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}k", "tmpfs",
                              str(data)], capture_output=True, text=True, check=False)
    if mounted.returncode != 0:
        return ("a full disk during collection import", Done(
            0, "not tried: mounting a small file system needs root", ""), None)
    try:
        for name in ("catalogue.sqlite3", "collection.sqlite3", "decks.sqlite3"):
            (data / name).write_bytes((lab.template / name).read_bytes())
        stat = os.statvfs(data)
        (data / "filler").write_bytes(b"\0" * max(0, stat.f_bavail * stat.f_frsize - 200_000))
        with closing(sqlite3.connect(lab.template / "catalogue.sqlite3")) as conn:
            uuids = [row[0] for row in conn.execute("SELECT uuid FROM editions LIMIT 1000")]
        source = lab.root / "many.csv"
        source.write_text("Quantity,Edition UUID,Tag\n" + "".join(
            f"1,{uuid},{tag:02d}{'t' * 58}\n" for tag in range(30) for uuid in uuids),
            encoding="utf-8")
        done = run(data, "collection", "import", str(source))
        journal = data / "collection.sqlite3-journal"
        left = journal.stat().st_size if journal.exists() else 0
        held = done.code in (1, 2) and not done.crashed() and left == 0 and entries(data) == 41
        return ("a full disk during collection import (30,000 rows)", Done(
            done.code, f"journal left: {left:,} bytes; {done.said()}", ""), held)
    finally:
        subprocess.run(["umount", str(data)], capture_output=True, check=False)


def _replace_backed_up(lab: Lab) -> tuple[str, Done, bool]:
    data = lab.fresh()
    source = lab.root / f"{data.name}.csv"
    source.write_text(HEADER + FIRE, encoding="utf-8")
    run(data, "collection", "import", str(source), "--replace")
    done = run(data, "backup", "list")
    return ("collection import --replace, then backup list", done,
            done.code == 0 and "before-replace" in done.out and "41 entries" in done.out)


def _damaged_backup_refused(lab: Lab) -> tuple[str, Done, bool]:
    data = lab.fresh()
    (data / "backups").mkdir()
    bad = data / "backups" / "collection-20260101T000000.000Z-manual.sqlite3"
    bad.write_bytes(b"SQLite format 3\x00" + b"\x07" * 4096)
    return refused_untouched("backup restore of a damaged backup", data,
                             ("backup", "restore", bad.name))


CASES: list[tuple[str, Case]] = [
    ("1", _own_file_target("collection.sqlite3", ("collection", "export"))),
    ("1", _own_file_target("decks.sqlite3", ("collection", "export"))),
    ("1", _own_file_target("catalogue.sqlite3", ("collection", "export"))),
    ("1", _own_file_target("collection.sqlite3-journal", ("collection", "export"))),
    ("1", _own_file_target("decks.sqlite3", ("deck", "export", "Kept", "--text"))),
    ("1", _export_through_a_link),
    ("1", _export_into_backups),
    ("2", _replace_with("one unknown set", HEADER + "1,Spirit of Fire,NOPE 9th,1\n")),
    ("2", _replace_with("an unterminated quote", HEADER + '1,"Spirit of Fire,DOA 1st,1\n',
                        (1, 2))),
    ("2", _replace_with("Set and Set Code both", "Quantity,Name,Set,Set Code,Number\n"
                        "1,Spirit of Fire,DOA 1st,DOA 1st,1\n", 2)),
    ("2", _replace_with("one good row, one unknown set", HEADER + FIRE
                        + "1,Spirit of Fire,NOPE 9th,1\n")),
    ("2", _replace_partial),
    ("3", _formulas_round_trip),
    *[("4", _odd_collection_file(kind, args))
      for kind in ("a folder", "a FIFO", "a link to /dev/null")
      for args in (("collection", "show"), ("collection", "export", "GOOD"),
                   ("deck", "need", "Kept"))],
    ("5", _reader_on_fifo(("collection", "import", "FIFO"))),
    ("5", _reader_on_fifo(("deck", "check", "FIFO"))),
    ("5", _reader_on_fifo(("deck", "import", "FIFO"))),
    ("5", _reader_on_fifo(("screenshot", "OUT", "--page", "decks", "--deck", "FIFO"))),
    ("6", _damaged_rows),
    ("6", _damaged_deck),
    *[("7", _window_page(kind, "collection"))
      for kind in ("truncated", "newer schema", "unreadable")],
    ("7", _window_page("unreadable", "decks")),
    ("8", _as_of(("banlist", "--as-of", "9999-12-31T23:59:59-12:00"))),
    ("8", _as_of(("deck", "check", "DECK", "--as-of", "0001-01-01T00:00:00+14:00"))),
    ("8", _as_of(("deck", "check", "EVENT"))),
    ("9", _bad_tag("'x\\n 999 Lorraine…' (a line break)", FORGED)),
    ("9", _bad_tag("of 100,000 characters", "t" * 100_000)),
    ("9", _bad_tag_csv),
    ("10", _capped_rows),
    ("10", _add_at_cap),
    ("also", _utf16),
    ("also", _arabic_digits),
    ("also", _bad_rarity),
    ("also", _full_disk),
    ("also", _missing_folder),
    ("also", _first_import_not_new),
    ("bkp", _replace_backed_up),
    ("bkp", _damaged_backup_refused),
]
"""(the issue's item, the case), in the issue's order."""
