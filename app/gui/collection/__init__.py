"""The Collection page: the cards owned as rows or tiles, totals, set completion with the
missing editions as a grid; import, export and undo."""
