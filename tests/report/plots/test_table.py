"""The ``edge`` plot: one line per scheme through the table's rows, the banker's edge in %."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from shtoss_exact.bet.tables import SummaryRow, SummaryTable, TableSpec
from shtoss_exact.deck import Game
from shtoss_exact.errors import ShtossError
from shtoss_exact.report.plots.figures import MAX_POINTS
from shtoss_exact.report.plots.table import draw, edge_lines
from tests.report.plots.conftest import lines_by_label


def table(**spec: Any) -> SummaryTable:
    return SummaryTable(rows=tuple(TableSpec(**spec).rows()))


def test_the_lines_are_the_rows_edges(ax: Any) -> None:
    result = table(cards=[12, 36, 52], copies=(4,), schemes=["classic", "pharaon"])
    draw(result, ax)
    lines = lines_by_label(ax)
    assert set(lines) == {"classic", "pharaon"}
    for name, (xs, ys) in lines.items():
        rows = [row for row in result.rows if row.scheme == name]
        assert xs == [float(row.deck) for row in rows]
        assert ys == [float(-row.ev) * 100 for row in rows]
    # The classic edge is the plié, 33/833 at 52 cards; the pharaon pays half a plié.
    assert lines["classic"][1][-1] == float(Fraction(33, 833)) * 100
    assert lines["pharaon"][1][-1] == float(Fraction(33, 1666)) * 100


def test_copies_and_games_name_the_lines(ax: Any) -> None:
    result = table(cards=[8, 12], copies=(2, 4), schemes=["classic"],
                   games=(Game.TWO_DECK, Game.ONE_DECK))  # fmt: skip
    draw(result, ax)
    setups = {(row.copies, row.game.value) for row in result.rows}
    assert len(setups) == 4
    named = {f"classic, {c} {'copy' if c == 1 else 'copies'}, {g}" for c, g in setups}
    assert set(lines_by_label(ax)) == named  # one copy is singular (the one-deck game's 2 - 1)
    assert "games as named" in ax.get_title() and "copies as named" in ax.get_title()


def _row(deck: int) -> SummaryRow:
    half = Fraction(1, 2)
    return SummaryRow(
        deck=deck, game=Game.TWO_DECK, cards=deck, copies=4, scheme="classic",
        banker=half, punter=half, null=Fraction(0), ev=Fraction(-1, deck),
    )  # fmt: skip


def test_more_rows_than_pixels_are_thinned() -> None:
    lines = edge_lines(SummaryTable(rows=tuple(_row(deck) for deck in range(8, 3008))))
    points = lines["classic"]
    assert len(points) == MAX_POINTS
    assert points[0] == (8, Fraction(1, 8)) and points[-1] == (3007, Fraction(1, 3007))


def test_an_empty_table_has_no_picture(ax: Any) -> None:
    with pytest.raises(ShtossError, match="the table has no rows: nothing to plot"):
        draw(SummaryTable(rows=()), ax)
