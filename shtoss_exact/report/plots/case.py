"""The plot ``case``: the banker's edge on each live rank along a recorded deal.

After each turn of the cards seen, the edge (per unit staked) of a bet that stays on
each rank still live; a rank's line ends when its last copy is dealt. Listed in
``registry.KINDS`` as the kind ``case``.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from shtoss_exact.case.state import Case
from shtoss_exact.deck import Card
from shtoss_exact.schemes.scheme import SchemeArgument


def case_series(case: Case) -> dict[str, list[tuple[int, Fraction]]]:
    """The edge of a staying open bet on each rank after each turn of the cards seen,
    as (turns dealt, edge) points, rank by rank while it is live.

    >>> series = case_series(Case.from_seen("5h Ks 5d", game="faro"))
    >>> series["5"]
    [(0, Fraction(25, 1666)), (1, Fraction(1, 98))]
    """
    series: dict[str, list[tuple[int, Fraction]]] = {rank: [] for rank in case.ranks}
    for state in case.history():
        for bet in state.bets():
            assert bet.rank is not None
            series[bet.rank].append((state.turns_dealt, bet.edge))
    return {rank: points for rank, points in series.items() if points}


def case_plot(
    axes: Any,
    *,
    seen: str | Iterable[Card | str],
    game: SchemeArgument = "faro",
    deck: int = 52,
) -> None:
    # Options as those of ``Case.from_seen``.
    case = Case.from_seen(seen, game=game, deck=deck)
    series = case_series(case)
    markers = "osD^v<>px*hH+"
    colours = [f"C{i}" for i in range(10)]
    for index, (rank, points) in enumerate(series.items()):
        axes.plot(
            [turns for turns, _ in points],
            [float(edge) * 100 for _, edge in points],
            marker=markers[index % len(markers)],
            markersize=4,
            color=colours[index % len(colours)],
            linestyle=("-", "--", "-.", ":")[index % 4],
            label=rank,
        )
    title = case.game.name.capitalize() if case.game.name != "two-deck" else "Stoss"
    axes.set_title(
        f"{title}: the banker's edge on each live rank, turn by turn\n"
        f"a bet that stays until decided; {len(case.history()) - 1} turns of a recorded deal",
        fontsize=11,
    )
    axes.set_xlabel("turns dealt")
    axes.set_ylabel("banker's edge (% of the stake)")
    axes.axhline(0, color="black", linewidth=0.5)
    axes.grid(alpha=0.3)
    axes.legend(title="rank", ncol=2, fontsize=8)
