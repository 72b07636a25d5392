"""The validators a client sends with conditional requests (:mod:`app.net.validators`)."""

from __future__ import annotations

from app.net.validators import Validators


def test_held_validators_become_conditional_headers() -> None:
    held = Validators.from_json('{"/featured-sets":{"etag":"W/\\"ab\\"",'
                                '"last_modified":"Sun, 22 Nov 2026 10:00:00 GMT"}}')
    assert held.headers("/featured-sets") == {
        "If-None-Match": 'W/"ab"', "If-Modified-Since": "Sun, 22 Nov 2026 10:00:00 GMT"}
    assert held.headers("/option/search") == {}


def test_a_full_sync_sends_none_but_still_learns() -> None:
    held = Validators.from_json('{"/featured-sets":{"etag":"\\"ab\\""}}', send=False)
    assert held.headers("/featured-sets") == {}
    held.learn("/featured-sets", '"cd"', None)
    assert Validators.from_json(held.to_json()).headers("/featured-sets") == {
        "If-None-Match": '"cd"'}


def test_a_damaged_map_only_costs_full_answers() -> None:
    for text in ("not json", "[1, 2]", '{"/x": 3}', None):
        assert Validators.from_json(text).headers("/x") == {}


def test_kept_answers_keep_their_memo_and_forgotten_ones_go() -> None:
    held = Validators.from_json('{"/a":{"etag":"\\"1\\"","memo":{"total_cards":7}},'
                                '"/b":{"etag":"\\"2\\""},"/c":{"etag":"\\"3\\""}}')
    held.keep("/a")
    held.keep("/b")
    held.forget("/b")
    assert held.memo("/a") == {"total_cards": 7}
    assert set(Validators.from_json(held.to_json()).known) == {"/a"}  # /c was not asked
