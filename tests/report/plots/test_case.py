"""The ``case`` plot: the edge of the report's bet on each live rank, now or turn by turn."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from shtoss_exact.case.state import Case
from shtoss_exact.errors import ShtossError
from shtoss_exact.report.plots.case import draw, replay_lines
from tests.report.plots.conftest import bars, lines_by_label

SEEN = "5h Ks 5d 8d 6h 5c 6d"


def test_the_replay_lines_are_the_report_edges(ax: Any) -> None:
    report = Case.from_seen(SEEN, game="faro").report(replay=True)
    draw(report, ax)
    lines = lines_by_label(ax)
    assert report.replay is not None
    for rank, (xs, ys) in lines.items():
        points = [(row.case.turns_dealt, bet.edge) for row in report.replay
                  for bet in row.bets if bet.rank == rank]  # fmt: skip
        assert xs == [float(t) for t, _ in points] and ys == [float(e) * 100 for _, e in points]
    # A rank none of whose copies is seen, right after the soda: 101/4998 of the stake.
    assert lines["A"][1][0] == float(Fraction(101, 4998)) * 100
    assert "turn by turn" in ax.get_title() and ax.get_xlabel() == "turns dealt"


def test_a_rank_ends_when_its_last_copy_is_dealt() -> None:
    # The soda 5h, then 5s and 5d (one 5 left), then 8d and the last 5: the 5s' line
    # stops after the first turn, every other rank's goes on.
    lines = replay_lines(Case.from_seen("5h 5s 5d 8d 5c", game="faro").report(replay=True))
    assert [turns for turns, _ in lines["5"]] == [0, 1]
    assert [turns for turns, _ in lines["A"]] == [0, 1, 2]
    assert len(lines) == 13


def test_without_a_replay_the_bets_now_are_bars(ax: Any) -> None:
    report = Case.from_seen("5h Ks 5d", game="faro").report(kind="one-turn")
    draw(report, ax)
    live = [bet for bet in report.now.bets if bet.copies_left]
    assert len(live) == 13  # one 5 and one K seen: no rank dealt out
    assert [height for _, height in bars(ax)] == [float(b.edge) * 100 for b in live]
    labels = [tick.get_text() for tick in ax.get_xticklabels()]
    assert labels == [bet.rank for bet in live]
    assert "now" in ax.get_title() and "bet on one turn" in ax.get_title()


def test_high_card_alone_has_no_picture(ax: Any) -> None:
    report = Case.from_seen("5h", game="faro").report(kind="high-card")
    with pytest.raises(ShtossError, match="no high-card bet on a live rank: nothing to plot"):
        draw(report, ax)
