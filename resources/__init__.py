"""Application resources (icons), installed as the package ``app.resources``."""
