"""Decoding a response body: the fast decoder gives what ``json`` gives, errors included."""

from __future__ import annotations

import json

import pytest

from app.model import hostile

DOCUMENTS = [
    rb'["\ud800"]', rb'{"a": "\udc00x"}', rb'["\ud83d\ude00", "\u00e9", "\/"]',
    b'{"a": 1, "b": 2, "a": 3}', b'[NaN, Infinity, -Infinity]',
    b'[1.7976931348623157e309, 0.1, 1e-400, -0.0, 12345678901234567890123, 1.0, 10E2]',
    b"[" * 100 + b"]" * 100, b"[" * 3000 + b"]" * 3000, '{"nom": "é"}'.encode(),
]
BROKEN = [b'["a\x01b"]', b"\xef\xbb\xbf[1]", b"[1] x", b'{"a": ', b"\xff[]", b""]


@pytest.mark.parametrize("document", DOCUMENTS)
def test_decode_gives_what_json_gives(document: bytes) -> None:
    assert repr(hostile.decode(document)) == repr(hostile.loads(document.decode("utf-8")))


@pytest.mark.parametrize("document", BROKEN)
def test_decode_refuses_what_json_refuses(document: bytes) -> None:
    with pytest.raises((json.JSONDecodeError, UnicodeDecodeError)) as fast:
        hostile.decode(document)
    with pytest.raises((json.JSONDecodeError, UnicodeDecodeError)) as exact:
        hostile.loads(document.decode("utf-8"))
    assert type(fast.value) is type(exact.value)
