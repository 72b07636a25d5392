"""The Thema page: score history chart, its controls and data."""
