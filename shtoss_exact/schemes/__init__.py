"""Payout schemes: the built-in ones, their parts, scheme files and how a bet is settled."""
