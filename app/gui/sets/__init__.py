"""The Sets page: the featured sets as tiles."""
