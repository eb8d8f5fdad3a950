"""One bet in one deal: odds, measures, fair payoffs and tables."""
