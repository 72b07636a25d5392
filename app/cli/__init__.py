"""The ``archivist`` command line."""
