"""Exactly optimal stakes."""
