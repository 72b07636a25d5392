"""The log check of tests/helpers/logfail.py: an unexpected WARNING fails a test, an expected
one (``allow_log`` or ``caplog``) does not."""

from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]

CONFTEST = """
from tests.helpers.logfail import fail_on_unexpected_log  # noqa: F401

def pytest_configure(config):
    config.addinivalue_line("markers", "allow_log(*patterns): expected log messages")
"""


# The inner run shares this process's root logger: its records reach this test's check too.
@pytest.mark.allow_log(r"^disk on fire$", r"^checked by the test$")
def test_an_unexpected_warning_fails_and_expected_ones_pass(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(
        """
        import logging
        import pytest

        def test_unexpected():
            logging.getLogger("app.store").warning("disk on fire")

        @pytest.mark.allow_log(r"^disk on")
        def test_allowed():
            logging.getLogger("app.store").warning("disk on fire")

        def test_caplog(caplog):
            logging.getLogger("app.store").error("checked by the test")
            assert "checked" in caplog.text

        def test_info_is_fine():
            logging.getLogger("app.store").info("all well")
        """
    )
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=4, errors=1)
    result.stdout.fnmatch_lines(["*unexpected log records*", "*WARNING app.store: disk on fire*"])
