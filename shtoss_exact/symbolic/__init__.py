"""Closed forms in the number of cards (sympy)."""
