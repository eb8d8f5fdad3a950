"""The registry: every kind names a result class that has ``plot``, a command with
``--plot``, and a module with ``draw(result, ax)``."""

from __future__ import annotations

from importlib import import_module

import pytest

import shtoss_exact
from shtoss_exact.cli import all_commands
from shtoss_exact.errors import ShtossError
from shtoss_exact.report.plots.registry import KINDS, kind_of_result, plot_named

CLASSES = {
    "Odds": "shtoss_exact.bet.odds",
    "SummaryTable": "shtoss_exact.bet.tables",
    "Bank": "shtoss_exact.banks.odds",
    "SeriesResult": "shtoss_exact.plans.result",
    "OptimalPlay": "shtoss_exact.strategy.play",
    "CaseReport": "shtoss_exact.case.answers",
}


@pytest.mark.parametrize("name", sorted(KINDS))
def test_each_kind_is_whole(name: str) -> None:
    kind = KINDS[name]
    assert (
        callable(import_module(kind.module).draw) and kind.draw is import_module(kind.module).draw
    )
    result_class = getattr(import_module(CLASSES[kind.result]), kind.result)
    assert callable(result_class.plot)
    assert kind_of_result(kind.result) is kind
    command = all_commands()[kind.command]
    assert any("--plot" in getattr(param, "opts", ()) for param in command.params)


def test_unknown_names_are_refused() -> None:
    with pytest.raises(ShtossError, match="unknown plot 'pie': allowed plots are abzug, edge"):
        plot_named("pie")
    with pytest.raises(ShtossError, match="a Deal has no picture: drawn are Odds, SummaryTable"):
        kind_of_result("Deal")
    assert shtoss_exact.odds is not None
