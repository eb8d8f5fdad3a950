"""The ``strategy`` plot: the optimal value by bankroll, every optimal stake, bold play's."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from shtoss_exact.report.plots.strategy import bold_stakes, draw
from shtoss_exact.strategy.play import optimal_play
from tests.report.plots.conftest import lines_by_label

VALUE = "P(reach the target), best stakes"


def test_the_value_line_and_the_stakes_are_the_result(ax: Any) -> None:
    result = optimal_play(bankroll=3, target=8, plans=())
    draw(result, ax)
    xs, ys = lines_by_label(ax)[VALUE]
    assert xs == [float(x) for x in result.values]
    assert ys == [float(v) for v in result.values.values()]
    stakes = ax.get_figure().axes[1]  # the twin Axes of the stakes
    offsets = sorted(tuple(map(float, point)) for point in stakes.collections[0].get_offsets())
    assert offsets == sorted(
        (float(x), float(s)) for x, tied in result.policy.items() for s in tied
    )
    bold = lines_by_label(stakes)["bold play's stake"]
    assert bold[1] == [float(s) for s in bold_stakes(result)]


def test_two_to_four_is_one_bold_bet(ax: Any) -> None:
    # From 2 to 4 the best is to stake both units at once: P(given) = 400/833.
    result = optimal_play(bankroll=2, target=4, plans=())
    draw(result, ax)
    xs, ys = lines_by_label(ax)[VALUE]
    assert ys[xs.index(2.0)] == float(Fraction(400, 833))
    assert "from a bankroll of 2: P(reach) = 0.480192, stake 2" in ax.get_title()


def test_bold_stakes_are_the_start_of_the_search() -> None:
    result = optimal_play(bankroll=1, target=10, plans=())
    bold = bold_stakes(result)
    assert bold == [min(x, 10 - x) for x in range(1, 10)]
    assert all(b in result.policy[x] for b, x in zip(bold, result.policy, strict=True))
    capped = optimal_play(bankroll=1, target=10, max_stake=3, plans=())
    assert bold_stakes(capped) == [min(x, 10 - x, 3) for x in range(1, 10)]


def test_stay_has_no_bold_line(ax: Any) -> None:
    draw(optimal_play(bankroll=2, target=5, objective="stay", plans=()), ax)
    assert "expected deals, best stakes" in lines_by_label(ax)
    stakes = ax.get_figure().axes[1]
    assert "bold play's stake" not in lines_by_label(stakes)
