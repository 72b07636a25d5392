"""The history kept in the catalogue file: revisions, a card's versions, the Thema history."""
