"""Endpoint 7's parameters: the date range of rule 3, the kind and the edition uuid."""

from __future__ import annotations

from datetime import date

import pytest

from app.errors import InvalidRequest
from app.thema import resolve_range, shift_years, validate_edition_uuid, validate_kind

TODAY = date(2026, 4, 4)


def d(text: str) -> date:
    return date.fromisoformat(text)


def test_no_dates_is_the_year_up_to_today() -> None:
    assert resolve_range(None, None, TODAY) == (d("2025-04-04"), d("2026-04-04"))


def test_only_from_ends_one_year_after_from() -> None:
    assert resolve_range("2025-01-10", None, TODAY) == (d("2025-01-10"), d("2026-01-10"))


def test_only_from_may_lie_in_the_future() -> None:
    assert resolve_range("2026-12-01", None, TODAY) == (d("2026-12-01"), d("2027-12-01"))


def test_only_to_starts_one_year_before_to() -> None:
    assert resolve_range(None, "2026-03-01", TODAY) == (d("2025-03-01"), d("2026-03-01"))


def test_both_within_a_year_are_kept() -> None:
    assert resolve_range("2025-06-01", "2025-09-30", TODAY) == (d("2025-06-01"), d("2025-09-30"))


def test_both_on_the_same_day_is_one_day() -> None:
    assert resolve_range("2025-06-01", "2025-06-01", TODAY) == (d("2025-06-01"), d("2025-06-01"))


def test_exactly_one_year_is_accepted() -> None:
    assert resolve_range("2025-04-04", "2026-04-04", TODAY) == (d("2025-04-04"), d("2026-04-04"))


def test_one_year_and_one_day_is_refused() -> None:
    with pytest.raises(InvalidRequest, match="longer than one year") as caught:
        resolve_range("2025-04-04", "2026-04-05", TODAY)
    assert caught.value.status == 400
    assert "at most 2026-04-04" in caught.value.message


def test_from_after_to_is_refused() -> None:
    with pytest.raises(InvalidRequest, match="from 2026-04-05 is after to 2026-04-04"):
        resolve_range("2026-04-05", "2026-04-04", TODAY)


def test_leap_day_maps_to_february_28() -> None:
    assert shift_years(d("2024-02-29"), 1) == d("2025-02-28")
    assert shift_years(d("2024-02-29"), -1) == d("2023-02-28")
    assert shift_years(d("2023-02-28"), 1) == d("2024-02-28")
    assert resolve_range("2024-02-29", None, TODAY) == (d("2024-02-29"), d("2025-02-28"))
    assert resolve_range(None, "2024-02-29", TODAY) == (d("2023-02-28"), d("2024-02-29"))
    assert resolve_range(None, None, d("2024-02-29")) == (d("2023-02-28"), d("2024-02-29"))
    assert resolve_range("2024-02-29", "2025-02-28", TODAY)[1] == d("2025-02-28")
    with pytest.raises(InvalidRequest, match="longer than one year"):
        resolve_range("2024-02-29", "2025-03-01", TODAY)


@pytest.mark.parametrize(
    "text", ["2026-4-4", "20260404", "2026/04/04", "", " 2026-04-04", "2026-04-04T00:00:00",
             "2026-04-04Z", "04-04-2026", "today", "２０２６-04-04", "2026-04-04\n"],
)
@pytest.mark.parametrize("which", ["from", "to"])
def test_malformed_dates_are_refused_naming_the_parameter(text: str, which: str) -> None:
    args = (text, None) if which == "from" else (None, text)
    with pytest.raises(InvalidRequest, match=f"'{which}' must be a date YYYY-MM-DD"):
        resolve_range(*args, TODAY)


@pytest.mark.parametrize("text", ["2026-02-30", "2025-02-29", "2026-13-01", "2026-00-10",
                                  "2026-04-31", "0000-01-01"])
def test_impossible_dates_are_refused(text: str) -> None:
    with pytest.raises(InvalidRequest, match=f"'from' is not a real date: '{text}'"):
        resolve_range(text, "2026-04-04", TODAY)


def test_ranges_beyond_the_calendar_are_refused_not_crashing() -> None:
    with pytest.raises(InvalidRequest, match="end of the calendar"):
        resolve_range(None, "0001-06-01", TODAY)
    with pytest.raises(InvalidRequest, match="end of the calendar"):
        resolve_range("9999-06-01", None, TODAY)


@pytest.mark.parametrize(("given", "expected"), [
    ("FOIL", "FOIL"), ("foil", "FOIL"), ("NonFoil", "NONFOIL"), ("NONFOIL", "NONFOIL"),
])
def test_kind_is_case_insensitive_and_upper_cased(given: str, expected: str) -> None:
    assert validate_kind(given) == expected


@pytest.mark.parametrize("missing", [None, ""])
def test_missing_kind_is_refused(missing: str | None) -> None:
    with pytest.raises(InvalidRequest, match="'kind' is required: FOIL or NONFOIL"):
        validate_kind(missing)


@pytest.mark.parametrize("bad", ["GOLD", "FOILS", " FOIL", "non-foil", "foıl"])
def test_unknown_kind_is_refused_naming_the_allowed_values(bad: str) -> None:
    with pytest.raises(InvalidRequest, match="must be FOIL or NONFOIL") as caught:
        validate_kind(bad)
    assert caught.value.status == 400


def test_edition_uuid_of_ten_alphanumerics_is_accepted() -> None:
    assert validate_edition_uuid("XCD6xEf8Sv") == "XCD6xEf8Sv"


@pytest.mark.parametrize("bad", ["XCD6xEf8S", "XCD6xEf8Sv1", "XCD6xEf8S-", "XCD6xEf8Sv\n",
                                 "ÄCD6xEf8Sv", "", "XCD6 Ef8Sv"])
def test_edition_uuid_of_another_shape_is_refused(bad: str) -> None:
    with pytest.raises(InvalidRequest, match="10 letters or digits") as caught:
        validate_edition_uuid(bad)
    assert caught.value.status == 400
