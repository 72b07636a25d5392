"""The log file (app/logs.py): opened by the first record, not by start-up."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.logs import setup_logging


@pytest.fixture
def fresh_app_logger() -> Iterator[logging.Logger]:
    logger = logging.getLogger("app")
    saved, level = logger.handlers[:], logger.level
    logger.handlers = []
    yield logger
    for handler in logger.handlers:
        handler.close()
    logger.handlers, logger.level = saved, level


def test_the_log_file_appears_with_the_first_record(
    fresh_app_logger: logging.Logger, tmp_path: Path
) -> None:
    logs = tmp_path / "logs"
    setup_logging(logs)
    assert not logs.exists()  # a command that logs nothing leaves no folder behind
    logging.getLogger("app.sync").info("fetched 3 pages")
    logging.getLogger("app.sync").info("applied")
    lines = (logs / "archivist.log").read_text("utf-8").splitlines()
    assert [line.split(": ", 1)[1] for line in lines] == ["fetched 3 pages", "applied"]
    assert "INFO app.sync" in lines[0]


def test_a_log_folder_that_cannot_be_made_drops_the_files_records(
    fresh_app_logger: logging.Logger, tmp_path: Path
) -> None:
    (tmp_path / "taken").write_text("a file where the folder would go", "utf-8")
    setup_logging(tmp_path / "taken" / "logs")
    logging.getLogger("app.sync").info("fetched")  # no error reaches the caller
    logging.getLogger("app.sync").info("again")
    assert (tmp_path / "taken").read_text("utf-8") == "a file where the folder would go"
