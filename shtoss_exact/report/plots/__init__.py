"""Plots (matplotlib, the optional extra ``plot``): a registry and one module per kind."""
