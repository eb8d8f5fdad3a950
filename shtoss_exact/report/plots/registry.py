"""The kinds of plot, by name: each one's description and where its drawing lives.

The registry imports nothing of the kinds: a kind's module is imported when the kind
is drawn, so the command line lists and checks kinds without loading any of them (or
matplotlib), and no module of a kind imports this one back.

>>> [kind.name for kind in KINDS.values()]
['abzug', 'edge', 'bank', 'series', 'case', 'strategy']
>>> plot_named("bank").module
'shtoss_exact.report.plots.bank'
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.frozen import dataclass

Draw = Callable[..., None]
"""A drawing: ``draw(axes, **options)``."""


@dataclass(frozen=True)
class PlotKind:
    """A kind of plot: its name, a one-line description, and its drawing function's
    module and name (imported on first use)."""

    name: str
    description: str
    module: str
    function: str

    @property
    def draw(self) -> Draw:
        """The drawing function, ``draw(axes, **options)``."""
        drawing: Draw = getattr(import_module(self.module), self.function)
        return drawing


def _kind(name: str, description: str, module: str) -> PlotKind:
    return PlotKind(name, description, f"shtoss_exact.report.plots.{module}", f"{name}_plot")


KINDS: dict[str, PlotKind] = {
    kind.name: kind
    for kind in (
        _kind("abzug", "probability of each outcome (killed, plié, given) by abzug", "odds"),
        _kind("edge", "the banker's edge against deck size, one line per scheme", "odds"),
        _kind(
            "bank",
            "the bank's net result: the banker's total over several bets in one deal",
            "bank",
        ),
        _kind(
            "series",
            "a series' net result: the punter's total after a plan over several deals",
            "series",
        ),
        _kind("case", "the banker's edge on each live rank along a recorded deal", "case"),
        _kind(
            "strategy", "the best stakes and the value they give, against the bankroll", "strategy"
        ),
    )
}
"""Every kind of plot, by name, in the order the command line lists them."""


def plot_named(name: Any) -> PlotKind:
    """The kind of plot called ``name``, or a ``ShtossError`` naming the kinds there are."""
    if not isinstance(name, str) or name not in KINDS:
        raise ShtossError(f"unknown plot {quoted(name)}: allowed plots are {', '.join(KINDS)}")
    return KINDS[name]
