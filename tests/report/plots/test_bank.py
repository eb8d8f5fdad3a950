"""The ``bank`` plot: bars of the banker's net result at its exact probabilities."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations
from typing import Any

from shtoss_exact.banks.odds import bank
from shtoss_exact.distribution import Distribution
from shtoss_exact.report import decimal_str, percent_str
from shtoss_exact.report.plots import figures
from shtoss_exact.report.plots.bank import draw
from shtoss_exact.report.plots.figures import bar_width
from tests.report.plots.conftest import bars

FIVE = ["7:10", "Q:5", "A:20", "3:1:lob-half", "K:2:pharaon"]


def test_the_bars_are_the_banker_net(ax: Any) -> None:
    result = bank(["7:10", "Q:5", "K:2:pharaon"], deck=36)
    draw(result, ax)
    drawn = bars(ax)
    expected = sorted((float(v), float(p)) for v, p in result.banker_net.items())
    assert [round(x, 9) for x, _ in drawn] == [round(x, 9) for x, _ in expected]
    assert [h for _, h in drawn] == [p for _, p in expected]
    mean = [line for line in ax.get_lines() if "expected net" in str(line.get_label())]
    assert [float(line.get_xdata()[0]) for line in mean] == [float(result.banker_net.mean)]


def test_the_legend_and_title_have_the_words(ax: Any) -> None:
    result = bank(FIVE)
    draw(result, ax)
    behind, _, ahead = result.banker_net.sides()
    labels = [text.get_text() for text in ax.get_legend().get_texts()]
    assert f"banker ahead: {percent_str(ahead)}" in labels
    assert f"punters ahead: {percent_str(behind)}" in labels
    assert f"banker's expected net: {decimal_str(-result.ev, 4)}" in labels
    assert "one deal decides 5 bets" in ax.get_title()
    assert "stakes 7:10, Q:5, A:20, 3:1:lob-half, K:2:pharaon" in ax.get_title()


def test_sides_of_a_small_bank_by_brute_force() -> None:
    # 7 and Q, two copies each, in 4 cards: every arrangement equally likely. The
    # banker wins a card killed (lob, plié included) and pays a card given (sonik).
    stakes = {"7": 1, "Q": 2}
    counts: dict[int, int] = {}
    arrangements = set(permutations("77QQ"))
    for order in arrangements:
        net, decided = 0, set()
        for position, card in enumerate(order, start=1):
            if card in decided:
                continue
            decided.add(card)
            # An odd position is a lob (banker's card), an even one a sonik (punter's).
            net += stakes[card] if position % 2 else -stakes[card]
        counts[net] = counts.get(net, 0) + 1
    total = len(arrangements)
    result = bank(["7:1", "Q:2"], cards=4, copies=2)
    assert dict(result.banker_net.items()) == {
        Fraction(v): Fraction(c, total) for v, c in counts.items()
    }


def test_bar_width_and_sides() -> None:
    assert bar_width([Fraction(0)]) == 0.8
    assert bar_width([Fraction(k) for k in range(21)]) == 0.8
    assert bar_width([Fraction(-1), Fraction(-1, 2), Fraction(1)]) == float(Fraction(2, 15))
    # Two far apart values: a fifteenth of the span, not 0.8 of the gap.
    assert bar_width([Fraction(-47000), Fraction(329000)]) == 376000 / 15
    distribution = {Fraction(-2): Fraction(1, 6), Fraction(0): Fraction(1, 3),
                    Fraction(5): Fraction(1, 2)}  # fmt: skip
    assert Distribution.of(distribution).sides() == (Fraction(1, 6), Fraction(1, 3), Fraction(1, 2))


def test_many_results_are_lines_not_bars(ax: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr(figures, "MAX_BARS", 2)
    result = bank(["7", "Q:2"], cards=8, copies=2)  # nets -3, -1, 1, 3: never even
    draw(result, ax)
    # One line of strokes (x, 0) -> (x, p), broken by NaNs, for each side ahead.
    lines = [line for line in ax.lines if len(line.get_xdata()) % 3 == 0 and
             any(y != y for y in line.get_ydata())]  # fmt: skip
    assert bars(ax) == [] and len(lines) == 2  # banker ahead, punters ahead
    drawn = []
    for line in lines:
        xs, ys = list(line.get_xdata()), list(line.get_ydata())
        for i in range(0, len(xs), 3):
            assert xs[i] == xs[i + 1] and ys[i] == 0 and xs[i + 2] != xs[i + 2]
            drawn.append((float(xs[i]), float(ys[i + 1])))
    drawn.sort()
    assert drawn == sorted((float(v), float(p)) for v, p in result.banker_net.items())
