"""A result's picture, drawn on the floor above: the ``plot`` method of every result.

The core never imports the renderers (data first, drawing on top): a result's
``plot(ax=None)`` hands itself to ``report.plots.figures.figure_of``, found by name
when a figure is asked for, as pandas finds its plotting backend. Its kind of plot
is the one ``report.plots.registry.KINDS`` lists for the result's class; matplotlib
(the extra ``plot``) is imported then, and a missing one is one ``ShtossError`` line.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

DRAWING = "shtoss_exact.report.plots.figures"
"""The module that draws every result (the floor above the core)."""


def plot_of(result: object, ax: Any = None) -> Any:
    """The matplotlib ``Figure`` of ``result``, drawn on ``ax`` (matplotlib Axes) if
    given, else on a new figure."""
    return import_module(DRAWING).figure_of(result, ax)
