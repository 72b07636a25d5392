"""The collection: the cards a person owns, kept in ``collection.sqlite3`` (no Qt here).

Example::

    from app.collection import import_csv, completion, totals

    store = app.collection.collection_store()  # app: from app.bootstrap.build()
    editions = app.collection.collection_editions()
    report = import_csv(store, editions, Path("owned.csv"))
    print(report.imported, [p.text() for p in report.problems])
    print(totals(store.entries(), editions).to_json())

The names below load on first use (PEP 562): the window's − / + keys need only
:class:`Entry`, not the CSV reader, the deck need or rapidfuzz.
"""

from typing import TYPE_CHECKING

from app.lazy import lazy_names

if TYPE_CHECKING:
    from app.collection.csvfile import ALIASES, COLUMNS, read_csv, write_csv
    from app.collection.editions import CollectionEdition, CollectionEditions, OwnedRow, number_key
    from app.collection.match import RowProblem, label, match_rows
    from app.collection.model import CONDITIONS, Entry, Key, Totals
    from app.collection.need import DeckNeed, NeedLine, deck_need, owned_by_name
    from app.collection.storage import COLLECTION_FILE, CollectionStore
    from app.collection.summary import (
        NOT_IN_CATALOGUE,
        OwnedEntry,
        SetCompletion,
        completion,
        completion_of,
        owned_entries,
        totals,
    )
    from app.collection.transfer import CsvImportReport, export_csv, import_csv

_WHERE = {
    **dict.fromkeys(("CollectionEdition", "CollectionEditions", "OwnedRow", "number_key"),
                    "app.collection.editions"),
    **dict.fromkeys(("ALIASES", "COLUMNS", "read_csv", "write_csv"), "app.collection.csvfile"),
    **dict.fromkeys(("RowProblem", "label", "match_rows"), "app.collection.match"),
    **dict.fromkeys(("CONDITIONS", "Entry", "Key", "Totals"), "app.collection.model"),
    **dict.fromkeys(("DeckNeed", "NeedLine", "deck_need", "owned_by_name"), "app.collection.need"),
    **dict.fromkeys(("COLLECTION_FILE", "CollectionStore"), "app.collection.storage"),
    **dict.fromkeys(("NOT_IN_CATALOGUE", "OwnedEntry", "SetCompletion", "completion",
                     "completion_of", "owned_entries", "totals"), "app.collection.summary"),
    **dict.fromkeys(("CsvImportReport", "export_csv", "import_csv"), "app.collection.transfer"),
}


__getattr__ = lazy_names(__name__, _WHERE)


__all__ = [
    "ALIASES",
    "COLLECTION_FILE",
    "COLUMNS",
    "CONDITIONS",
    "NOT_IN_CATALOGUE",
    "CollectionEdition",
    "CollectionEditions",
    "CollectionStore",
    "CsvImportReport",
    "DeckNeed",
    "Entry",
    "Key",
    "NeedLine",
    "OwnedEntry",
    "OwnedRow",
    "RowProblem",
    "SetCompletion",
    "Totals",
    "completion",
    "completion_of",
    "deck_need",
    "export_csv",
    "import_csv",
    "label",
    "match_rows",
    "number_key",
    "owned_by_name",
    "owned_entries",
    "read_csv",
    "totals",
    "write_csv",
]
