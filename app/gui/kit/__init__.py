"""Pieces every page shares: operations, image jobs, thumbnails, theme, settings, card data."""
