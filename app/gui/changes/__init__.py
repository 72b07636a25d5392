"""The Changes page: the catalogue's revisions and, for one, its cards as patch-note groups."""
