"""Writing the catalogue: the one writer, what a write receives and removes, the guard rules."""
