"""The catalogue interface: the API's endpoints answered with the API's shapes, and what
only a local catalogue answers (the search language, counts, options, status)."""

from app.catalogue.base import Catalogue, Endpoints
from app.catalogue.local import LocalCatalogue
from app.model.query import CardSummary, EditionHit, Hit, QueryResult

__all__ = ["CardSummary", "Catalogue", "EditionHit", "Endpoints", "Hit", "LocalCatalogue",
           "QueryResult"]
