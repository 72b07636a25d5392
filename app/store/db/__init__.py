"""The catalogue file: its connection, schema and migrations, integrity check, meta table."""
