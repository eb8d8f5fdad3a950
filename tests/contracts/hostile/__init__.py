"""Hostile input, through the real program: one table of refusals, one of answers.

Each module but ``harness`` holds the rows of one command (or of one kind of input
file) as ``CASES``; ``answered`` holds ``ANSWERED``, the inputs that look hostile but
must be answered. ``tests/contracts/test_hostile.py`` runs them all.
"""
