"""The ``abzug`` plot: the lines drawn are the exact probabilities of the ``Odds``, by abzug."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest

from shtoss_exact.bet.odds import odds
from shtoss_exact.report.plots.figures import MAX_POINTS
from shtoss_exact.report.plots.odds import abzug_series, draw
from tests.report.plots.conftest import lines_by_label

GIVEN, KILLED, PLIE = (
    "given on the sonik (punter wins)",
    "killed by the lob (banker wins)",
    "plié (banker wins)",
)


def brute_force(cards: int, copies: int) -> dict[str, list[Fraction]]:
    """Where the first copy falls, abzug by abzug, over every placing of the copies
    (positions 1, 2 are the first abzug's lob and sonik, 3, 4 the next...)."""
    found = {"killed": [], "plie": [], "given": []}
    places = list(combinations(range(1, cards + 1), copies))
    for abzug in range(1, (cards + 1) // 2 + 1):
        lob, sonik = 2 * abzug - 1, 2 * abzug
        counts = {"killed": 0, "plie": 0, "given": 0}
        for chosen in places:
            first = min(chosen)
            if first == lob:
                counts["plie" if sonik in chosen else "killed"] += 1
            elif first == sonik:
                counts["given"] += 1
        for name, count in counts.items():
            found[name].append(Fraction(count, len(places)))
    return found


def test_the_lines_are_the_exact_values(ax: Any) -> None:
    result = odds(cards=52, copies=4)
    draw(result, ax)
    lines = lines_by_label(ax)
    assert set(lines) == {GIVEN, KILLED, PLIE}
    rows = result.by_abzug
    assert lines[GIVEN] == ([float(r.abzug) for r in rows], [float(r.given) for r in rows])
    assert lines[KILLED][1] == [float(r.killed) for r in rows]
    assert lines[PLIE][1] == [float(r.plie) for r in rows]
    assert lines[GIVEN][1][0] == float(Fraction(16, 221))  # winning the sonik at once
    assert lines[KILLED][1] == lines[GIVEN][1]  # an even deck: lob and sonik mirror


@pytest.mark.parametrize(("cards", "copies"), [(7, 3), (8, 2), (9, 4)])
def test_the_lines_match_a_brute_force(ax: Any, cards: int, copies: int) -> None:
    draw(odds(cards=cards, copies=copies), ax)
    lines = lines_by_label(ax)
    expected = brute_force(cards, copies)
    for name, label in (("given", GIVEN), ("killed", KILLED), ("plie", PLIE)):
        assert lines[label][1] == [float(p) for p in expected[name]], name
    assert lines[GIVEN][0] == [float(j) for j in range(1, (cards + 1) // 2 + 1)]


def test_a_huge_deck_is_thinned_evenly_its_ends_kept(ax: Any) -> None:
    result = odds(cards=10**7 + 1, copies=4)
    series = abzug_series(result)
    assert len(series["abzug"]) == MAX_POINTS
    assert series["abzug"][0] == 1 and series["abzug"][-1] == 5 * 10**6 + 1
    assert series["killed"][-1] == 0  # the lone last card, a lob: never the first copy
    draw(result, ax)
    xs, ys = lines_by_label(ax)[PLIE]
    for index in (0, 400, MAX_POINTS - 1):
        assert ys[index] == float(result.at_abzug(int(xs[index])).plie)


def test_the_title_names_the_deal(ax: Any) -> None:
    draw(odds(deck=36, one_deck=True), ax)
    assert "35 cards in the one-deck game, 3 copies of the punter's rank" in ax.get_title()
