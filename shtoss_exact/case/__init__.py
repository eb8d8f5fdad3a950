"""The whole deal with the case kept."""
