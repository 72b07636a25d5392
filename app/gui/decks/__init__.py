"""The Decks page and its PDF drawing (the logic lives in :mod:`app.decks`)."""
