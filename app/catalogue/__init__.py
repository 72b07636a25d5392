"""The catalogue interface: the API's endpoints answered with the API's shapes."""

from app.catalogue.base import CardSummary, Catalogue
from app.catalogue.local import LocalCatalogue
from app.catalogue.routes import ApiResponse, dispatch

__all__ = ["ApiResponse", "CardSummary", "Catalogue", "LocalCatalogue", "dispatch"]
