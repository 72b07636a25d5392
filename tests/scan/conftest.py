"""The scanner's small catalogue fixtures (:mod:`tests.helpers.scan_catalogue`)."""

from tests.helpers.scan_catalogue import scan_catalogue_dir, scan_dir

__all__ = ["scan_catalogue_dir", "scan_dir"]
