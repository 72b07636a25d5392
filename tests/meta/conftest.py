"""The meta tests use the event tests' GENERATED events and catalogue."""

from tests.events.conftest import cards, store  # noqa: F401 (fixtures)
