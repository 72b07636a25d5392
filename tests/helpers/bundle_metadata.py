"""packaging/metadata.py, loaded by path (a folder named ``packaging`` would shadow the
``packaging`` library if it were put on ``sys.path``)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SOURCE = Path(__file__).resolve().parents[2] / "packaging" / "metadata.py"


def load() -> ModuleType:
    """The module, loaded once."""
    name = "archivist_packaging_metadata"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, SOURCE)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]
