"""The examples in the search modules' docstrings are true."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from app.search import errors, lexer, parse, parser


@pytest.mark.parametrize("module", [errors, lexer, parser])
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module, extraglobs={"parse": parse})
    assert result.failed == 0 and result.attempted > 0
