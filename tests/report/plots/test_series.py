"""The ``series`` plot: bars of the punter's net result at its exact probabilities."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from shtoss_exact.deck import make_deal
from shtoss_exact.plans.series import series
from shtoss_exact.report import percent_str
from shtoss_exact.report.plots.series import draw
from tests.report.plots.conftest import bars


def test_the_bars_are_the_punter_net(ax: Any) -> None:
    result = series("paroli:2", deals=4)
    draw(result, ax)
    drawn = bars(ax)
    expected = sorted((float(v), float(p)) for v, p in result.net.items())
    assert [round(x, 9) for x, _ in drawn] == [round(x, 9) for x, _ in expected]
    assert [h for _, h in drawn] == [p for _, p in expected]


def test_two_flat_deals_by_hand(ax: Any) -> None:
    # Two flat deals of one unit: +2 when both are given (400/833 each), -2 when both are
    # lost, 0 otherwise (a classic bet is never null).
    win = Fraction(400, 833)
    draw(series("flat", deals=2), ax)
    assert bars(ax) == [(-2.0, float((1 - win) ** 2)), (0.0, float(2 * win * (1 - win))),
                        (2.0, float(win**2))]  # fmt: skip


def test_hermann_wins_three_nights(ax: Any) -> None:
    draw(series("hermann"), ax)
    labels = [text.get_text() for text in ax.get_legend().get_texts()]
    # Hermann is ahead only if he wins all three nights: (400/833)^3 = 11.072%.
    assert f"punter ahead: {percent_str(Fraction(400, 833) ** 3)}" in labels
    assert "punter ahead: 11.072%" in labels
    assert "plan hermann, 3 deals" in ax.get_title()


def test_the_title_names_the_limits(ax: Any) -> None:
    draw(series("flat", bankroll=3, target=5, deal=make_deal(deck=36)), ax)
    title = ax.get_title()
    assert "plan flat, until ruin or target" in title
    assert "kush 1, bankroll 3, target 5; classic scheme, 36 cards in the banker's deck" in title
