"""Several bets in one deal: the bank."""
