"""An unexpected WARNING or ERROR log fails the test that caused it (DESIGN.md, Tests).

In the spirit of qutebrowser's ``tests/helpers/logfail.py``: a handler on the root logger
collects every record of level WARNING or above while a test runs; the test fails at teardown
when one was logged, unless

- the test takes pytest's ``caplog`` fixture (it then asserts on the records itself), or
- the test is marked ``@pytest.mark.allow_log(r"regex", ...)`` and each such record's message
  matches one of the patterns (for warnings that are part of the behaviour under test).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator

import pytest


class _Collector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(autouse=True)
def fail_on_unexpected_log(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail the running test on a WARNING/ERROR record it did not expect."""
    collector = _Collector()
    root = logging.getLogger()
    root.addHandler(collector)
    try:
        yield
    finally:
        root.removeHandler(collector)
    if "caplog" in request.fixturenames:
        return
    allowed = [
        re.compile(pattern)
        for marker in request.node.iter_markers("allow_log")
        for pattern in marker.args
    ]
    unexpected = [
        record for record in collector.records
        if not any(p.search(record.getMessage()) for p in allowed)
    ]
    if unexpected:
        lines = "\n".join(
            f"  {r.levelname} {r.name}: {r.getMessage()}" for r in unexpected[:10]
        )
        pytest.fail(f"unexpected log records (mark the test allow_log if intended):\n{lines}",
                    pytrace=False)
