"""The catalogue interface: the API's endpoints answered with the API's shapes, and what
only a local catalogue answers (the search language, counts, options, status).

The names load on first use: importing one module of the package loads no other.
"""

from typing import TYPE_CHECKING

from app.lazy import lazy_names

if TYPE_CHECKING:
    from app.catalogue.base import Catalogue, Endpoints
    from app.catalogue.local import LocalCatalogue
    from app.model.query import CardSummary, EditionHit, Hit, QueryResult

__all__ = ["CardSummary", "Catalogue", "EditionHit", "Endpoints", "Hit", "LocalCatalogue",
           "QueryResult"]
__getattr__ = lazy_names(__name__, {
    "Catalogue": "app.catalogue.base", "Endpoints": "app.catalogue.base",
    "LocalCatalogue": "app.catalogue.local", "CardSummary": "app.model.query",
    "EditionHit": "app.model.query", "Hit": "app.model.query", "QueryResult": "app.model.query"})
