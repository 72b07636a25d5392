"""The Search page: query field, options, filters, result grid and its model."""
