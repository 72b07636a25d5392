"""The official API's catalogue endpoints in SQL: ``/cards/search``, its facts, the other
reads."""
