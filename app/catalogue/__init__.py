"""The catalogue interface: the API's endpoints answered with the API's shapes."""

from app.catalogue.base import CardSummary, Catalogue
from app.catalogue.local import LocalCatalogue

__all__ = ["CardSummary", "Catalogue", "LocalCatalogue"]
