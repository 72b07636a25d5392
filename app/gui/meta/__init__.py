"""The Meta page: what the field plays over the stored events' decklists."""
