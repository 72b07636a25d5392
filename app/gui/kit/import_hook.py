"""A lighter check in PySide's import hook: start-up imports ~150 modules after Qt.

PySide6 replaces ``__import__`` to support ``from __feature__ import snake_case``; after each
import it asks whether the new module mentions "PySide6" by reading its whole source through
``inspect.getsource`` (``shibokensupport.feature._mod_uses_pyside``, PYSIDE-2029) - ~0.1 ms a
module, ~15 ms of the window's start. :func:`lighten_feature_check` gives it the
same answer from the file's bytes. It changes nothing else: a module without a ``.py`` file
(the bundle's) gets the original check, and a PySide without that function is left alone.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any


def lighten_feature_check() -> bool:
    """Make PySide's per-import check read the module's file directly (once per process).

    Returns:
        True when the check is the light one now; False when PySide has no such check.
    """
    feature: Any = sys.modules.get("shibokensupport.feature")
    original = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or not callable(original):
        return False
    if getattr(original, "_archivist_light", False):
        return True
    feature._mod_uses_pyside = _light(original)
    return True


def _light(original: Callable[[ModuleType], bool]) -> Callable[[ModuleType], bool]:
    def uses_pyside(module: ModuleType) -> bool:
        path = getattr(module, "__file__", None)
        if not isinstance(path, str) or not path.endswith(".py"):
            return original(module)
        try:
            with open(path, "rb") as source:
                return b"PySide6" in source.read()
        except OSError:  # as the original: no source, no PySide
            return False

    uses_pyside._archivist_light = True  # type: ignore[attr-defined]
    return uses_pyside
