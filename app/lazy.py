"""A package's public names loaded on first use (PEP 562), so that importing one light
submodule does not load the heavy ones beside it.

Example (in a package's ``__init__``, with the names also imported under
``TYPE_CHECKING`` for the type checker)::

    _WHERE = {"restore": "app.backups.restoring"}
    __getattr__ = lazy_names(__name__, _WHERE)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(package: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """The module ``__getattr__`` of ``package``: a name of ``where`` (name → the module
    that defines it) is loaded from its module on first use.

    Raises (from the returned function):
        AttributeError: the package has no such name.
    """
    def __getattr__(name: str) -> Any:
        if name in where:
            return getattr(importlib.import_module(where[name]), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
