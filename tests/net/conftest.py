"""The client tests use the sync tests' loopback servers (a generated upstream behind the
fault-injecting server)."""

from tests.sync.conftest import healthy, server, upstream

__all__ = ["healthy", "server", "upstream"]
