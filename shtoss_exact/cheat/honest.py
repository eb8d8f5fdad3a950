"""The honest figure a cheat is compared with: the same bet dealt fairly, as ``case``
counts it (``case.bets.stay_odds``)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from shtoss_exact.case.bets import stay_odds
from shtoss_exact.case.rules import Side
from shtoss_exact.cheat.start import Start


def honest_edge(parts: Sequence[Start]) -> Fraction:
    """The banker's edge against the bet on the decks ``parts``, dealt fairly.

    >>> from shtoss_exact.cheat.start import start_of
    >>> honest_edge(start_of("7")[1])
    Fraction(101, 4998)
    """
    return sum(
        (
            -part.weight
            * stay_odds(
                part.scheme, cards=part.cards, copies=part.copies, turns=0, side=Side.OPEN
            ).ev
            for part in parts
        ),
        Fraction(0),
    )
