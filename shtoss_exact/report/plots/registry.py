"""The kinds of plot, by name: each one's description, the result it draws, the command
that computes that result, and where its drawing lives.

The registry imports nothing of the kinds: a kind's module is imported when the kind
is drawn, so the command line lists and checks kinds without loading any of them (or
matplotlib), and no module of a kind imports this one back.

>>> [kind.name for kind in KINDS.values()]
['abzug', 'edge', 'bank', 'series', 'strategy', 'case']
>>> kind_of_result("Bank").module, kind_of_result("Bank").command
('shtoss_exact.report.plots.bank', 'bank')
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.frozen import dataclass
from shtoss_exact.i18n import _

Draw = Callable[[Any, Any], None]
"""A drawing: ``draw(result, ax)`` puts a finished result on matplotlib Axes."""


@dataclass(frozen=True)
class PlotKind:
    """A kind of plot: its name, a one-line description, the class of the result it
    draws, the command that computes that result (``--plot FILE``), and the module of
    its ``draw(result, ax)`` (imported on first use)."""

    name: str
    description: str
    result: str
    command: str
    module: str

    @property
    def draw(self) -> Draw:
        """The drawing function, ``draw(result, ax)``."""
        drawing: Draw = import_module(self.module).draw
        return drawing


def _kind(name: str, description: str, result: str, command: str) -> PlotKind:
    return PlotKind(name, description, result, command, f"shtoss_exact.report.plots.{command}")


KINDS: dict[str, PlotKind] = {
    kind.name: kind
    for kind in (
        _kind("abzug", "each outcome's probability (killed, plié, given) by abzug", "Odds", "odds"),
        _kind(
            "edge",
            "the banker's edge against deck size, one line per scheme",
            "SummaryTable",
            "table",
        ),
        _kind("bank", "the banker's net result over the bets of one deal", "Bank", "bank"),
        _kind(
            "series", "the punter's net result after a plan over deals", "SeriesResult", "series"
        ),
        _kind(
            "strategy",
            "the best stakes and the value they give, against the bankroll",
            "OptimalPlay",
            "strategy",
        ),
        _kind(
            "case",
            "the banker's edge on each live rank, now or turn by turn (replay)",
            "CaseReport",
            "case",
        ),
    )
}
"""Every kind of plot, by name, in the order the command line lists them."""


def plot_named(name: Any) -> PlotKind:
    """The kind of plot called ``name``, or a ``ShtossError`` naming the kinds there are."""
    if not isinstance(name, str) or name not in KINDS:
        raise ShtossError(
            _("unknown plot {name}: allowed plots are {kinds}").format(
                name=quoted(name), kinds=", ".join(KINDS)
            )
        )
    return KINDS[name]


def kind_of_result(class_name: str) -> PlotKind:
    """The kind of plot that draws a result of the class ``class_name``."""
    for kind in KINDS.values():
        if kind.result == class_name:
            return kind
    drawn = ", ".join(kind.result for kind in KINDS.values())
    raise ShtossError(
        _("a {class_name} has no picture: drawn are {drawn}").format(
            class_name=class_name[:40], drawn=drawn
        )
    )
