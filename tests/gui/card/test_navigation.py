"""Back/Forward navigation of the detail pane (app/gui/card/navigation.py; pure, no Qt)."""

from __future__ import annotations

from app.gui.card.navigation import Navigation


def test_an_empty_history_goes_nowhere() -> None:
    history: Navigation[str] = Navigation()
    assert history.current is None
    assert not history.can_back and not history.can_forward
    assert history.back() is None and history.forward() is None


def test_back_and_forward_walk_the_visits() -> None:
    history: Navigation[str] = Navigation()
    for slug in ("a", "b", "c"):
        assert history.visit(slug)
    assert history.current == "c" and history.can_back and not history.can_forward
    assert history.back() == "b"
    assert history.back() == "a"
    assert history.back() is None and history.current == "a"  # stops at the oldest
    assert history.forward() == "b"
    assert history.forward() == "c"
    assert history.forward() is None and history.current == "c"  # stops at the newest


def test_landing_on_an_entry_keeps_the_forward_entries() -> None:
    history: Navigation[str] = Navigation()
    for slug in ("a", "b", "c"):
        history.visit(slug)
    assert history.back() == "b"
    assert not history.visit("b")  # the card Back asked for arrives: nothing changes
    assert history.can_forward and history.entries() == ["a", "b", "c"]


def test_a_new_visit_after_back_drops_the_forward_entries() -> None:
    history: Navigation[str] = Navigation()
    for slug in ("a", "b", "c"):
        history.visit(slug)
    history.back()
    history.back()
    assert history.visit("d")
    assert history.entries() == ["a", "d"] and not history.can_forward
    assert history.back() == "a"


def test_visiting_the_current_entry_again_changes_nothing() -> None:
    history: Navigation[str] = Navigation()
    history.visit("a")
    assert not history.visit("a")
    assert history.entries() == ["a"]
    history.visit("b")
    history.visit("a")  # not the current one: a new entry
    assert history.entries() == ["a", "b", "a"]


def test_the_oldest_entries_are_dropped_at_the_limit() -> None:
    history: Navigation[int] = Navigation(limit=3)
    for number in range(5):
        history.visit(number)
    assert history.entries() == [2, 3, 4]
    assert history.back() == 3 and history.back() == 2 and history.back() is None


def test_clear() -> None:
    history: Navigation[str] = Navigation()
    history.visit("a")
    history.clear()
    assert history.current is None and history.entries() == []
