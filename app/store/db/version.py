"""The schema version of this Archivist's catalogue file, without its migrations.

Opening a catalogue already at this version needs nothing of :mod:`app.store.db.schema`,
whose migrations name the SQL and the data steps of the search facts, the official
search and the search language (a fifth of a one-shot command such as ``archivist get
/``): the connection loads them only for a file to migrate. A test holds this number
equal to the migrations' count (``schema.SCHEMA_VERSION``): a new migration raises both.
"""

SCHEMA_VERSION = 16
"""``PRAGMA user_version`` of a catalogue file at the newest schema."""
