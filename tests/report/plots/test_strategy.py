"""The ``strategy`` plot: registered, drawn headless, its options checked in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from shtoss_exact.report.plots.figures import render
from shtoss_exact.report.plots.registry import KINDS as PLOTS
from shtoss_exact.report.plots.strategy import bold_stakes
from shtoss_exact.strategy.play import optimal_play
from tests.conftest import Shtoss


def test_registered() -> None:
    assert "strategy" in PLOTS and PLOTS["strategy"].description


def test_bold_stakes_are_the_start_of_the_search() -> None:
    result = optimal_play(bankroll=1, target=10, plans=())
    bold = bold_stakes(result)
    assert bold == [min(x, 10 - x) for x in range(1, 10)]
    assert all(b in result.policy[x] for b, x in zip(bold, result.policy, strict=True))
    capped = optimal_play(bankroll=1, target=10, max_stake=3, plans=())
    assert bold_stakes(capped) == [min(x, 10 - x, 3) for x in range(1, 10)]


def test_svg_has_the_words(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "strategy.svg"
    render("strategy", target, bankroll=30, target=100)
    text = target.read_text()
    assert "The best a punter can do: target 100, classic scheme, free kush" in text
    assert "from a bankroll of 30: P(reach) = 0.275379, stake 5, 20, 30" in text
    assert "bold play" in text and "optimal stakes (every one where they tie)" in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["strategy.svg"]


def test_cli(tmp_path: Path, shtoss: Shtoss) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "s.svg"
    args = ["plot", "-o", str(target), "--kind", "strategy", "--target", "12", "--scheme",
            "lob-half", "--max-stake", "3", "--deck", "36"]  # fmt: skip
    result = shtoss(*args)
    assert result.status == 0, result.stderr
    text = target.read_text()
    assert "target 12, lob-half scheme, maximum stake 3" in text


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--kind", "strategy"], "--kind strategy needs --target T"),
        (["--kind", "strategy", "--target", "x"], "--target: 'x' is not an exact number"),
        (["--kind", "strategy", "--target", "9", "--plan", "flat"], "--plan is for --kind"),
        (["--kind", "strategy", "--target", "9", "--bet", "7"], "--bet is for --kind bank"),
        (["--kind", "strategy", "--target", "3", "--bankroll", "5"], "target=3 is not above"),
        (["--kind", "abzug", "--target", "3"], "--target is for --kind series or strategy"),
    ],
)
def test_bad_options_one_line(args: list[str], needle: str, tmp_path: Path, shtoss: Shtoss) -> None:
    pytest.importorskip("matplotlib")
    result = shtoss("plot", "-o", str(tmp_path / "x.png"), *args)
    lines = result.stderr.splitlines()
    assert result.status == 2 and len(lines) == 1, result.stderr
    assert needle in lines[0]
    assert list(tmp_path.iterdir()) == []
