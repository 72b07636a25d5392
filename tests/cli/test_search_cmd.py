"""``archivist search`` as helpful as the window's search field (real 2026-04-04 catalogue):
an unknown value is an error with "did you mean" (exit 2), a name with no match gets the
closest spelling or name, ``s:`` finds set families and set names."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli.main import main

pytestmark = pytest.mark.realdata


def _run(folder: Path, query: str, capsys: pytest.CaptureFixture[str], *extra: str
         ) -> tuple[int, str, str]:
    code = main(["search", "--data-dir", str(folder), query, *extra])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(("query", "hint"), [
    ("el:fier", "hint: did you mean fire"),
    ("cl:warior", "hint: did you mean warrior"),
    ("r:SSR", "hint: did you mean SR or CSR?"),
    ("f:standart", "hint: did you mean standard?"),
    ("s:dao", "hint: did you mean RDO or DOA"),
    ("s:do", "hint: set values starting with “do”: DOA, DOA 1st, DOA Alter, DOASD, DOAp"),
])
def test_an_unknown_value_is_an_error_with_did_you_mean(
    real_catalogue_dir: Path, capsys: pytest.CaptureFixture[str], query: str, hint: str,
) -> None:
    code, out, err = _run(real_catalogue_dir, query, capsys)
    assert code == 2 and out == ""
    assert err.startswith("archivist: ")
    assert any(line.startswith(hint) for line in err.splitlines())


@pytest.mark.parametrize(("query", "suggested"), [
    ("lorrane blademastr", "Lorraine, Blademaster"),  # misspelt words: the card's name
    ("blast nascent fire", "Nascent Blast"),          # words right, no name holds them all
    ("sprit of fire", "Spirit of Fire"),              # not "Sprint" of Bombastic Sprint
    ("Sprint of Fire", "Spirit of Fire"),
])
def test_a_name_with_no_match_suggests_the_closest(
    real_catalogue_dir: Path, capsys: pytest.CaptureFixture[str], query: str, suggested: str,
) -> None:
    code, out, _ = _run(real_catalogue_dir, query, capsys)
    assert code == 0
    assert out.splitlines()[-1].startswith(f"Did you mean: {suggested}?")


def test_set_families_and_set_names(
    real_catalogue_dir: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    def prefixes(query: str) -> set[str]:
        code, out, _ = _run(real_catalogue_dir, query, capsys, "--per", "edition", "--json")
        assert code == 0
        return {line.split('"')[3] for line in out.splitlines() if '"set_prefix"' in line}

    assert prefixes("s:doa") == {"DOA 1st", "DOA Alter"}  # no set is DOA: the family
    assert prefixes('s:"doa 1st"') == {"DOA 1st"}
    assert prefixes("s:alc") == {"ALC"}  # a prefix that exists is exact
    assert prefixes('s:"dawn of ashes"') == {"DOA 1st", "DOA Alter", "DOAp", "DOASD"}
    assert prefixes('s:"radiant origins"') == {"RDO"}  # a set of that very name


def test_banned_lines_tell_alike_cards_apart(
    real_catalogue_dir: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _run(real_catalogue_dir, "banned:standard", capsys)
    assert code == 0
    nameless = [line for line in out.splitlines() if line.startswith("Nameless Champion")]
    assert len(nameless) == 15
    assert len({line.split()[-1] for line in nameless}) == 15  # each ends with its slug
    assert all(line.split()[-1].startswith("nameless-champion") for line in nameless)


@pytest.mark.parametrize("typed", [
    "sprit of fire", "lorrane blademastr", "nascnt blast", "tristan shadowdncer",
    "arcane sigt", "spirit of serne watr", "zander blindng stel", "aqua vitea",
])
def test_a_suggestion_is_a_whole_name_that_finds_its_card(
    real_catalogue_dir: Path, real_catalogue: object, capsys: pytest.CaptureFixture[str],
    typed: str,
) -> None:
    from app.catalogue import LocalCatalogue
    from app.store.language.typing_names import all_card_names

    assert isinstance(real_catalogue, LocalCatalogue)
    helped = real_catalogue.query(typed).help
    suggestion = helped.suggestion if helped else None
    assert suggestion is not None
    assert suggestion.strip('"') in all_card_names(real_catalogue.store)
    code, out, _ = _run(real_catalogue_dir, suggestion, capsys)
    assert code == 0 and "No cards match" not in out


def test_filters_on_different_editions_do_not_combine_into_one_card(
    real_catalogue_dir: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _run(real_catalogue_dir, 'r:UR s:"DOA 1st"', capsys)
    assert code == 0 and out.splitlines()[-1] == "5 cards"
    assert "Arcane Sight" not in out and all(" DOA 1st " in line
                                             for line in out.splitlines()[:-1])
    _, per_edition, _ = _run(real_catalogue_dir, 'r:UR s:"DOA 1st"', capsys, "--per", "edition")
    assert per_edition.splitlines()[-1] == "5 editions"
