"""The application object over a catalogue a test opened itself (``LocalCatalogue.open``)."""

from __future__ import annotations

from app.bootstrap import Application, assemble
from app.catalogue import LocalCatalogue


def parts_of(catalogue: LocalCatalogue) -> Application:
    """The application object over ``catalogue`` and its folders (its services: history,
    decks, collection, sync, export, importer)."""
    assert catalogue.paths is not None, "a catalogue opened from a data folder"
    return assemble(catalogue, catalogue.paths)
