"""Plain reads of the catalogue: cards, sets, and the rows decks, collection, export and
sync need."""
