"""The rows of one bet's tables: by position, by abzug, by the deciding card's suit.

Loaded only when a table is asked for, so that the summary odds start fast.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from shtoss_exact.deck import SuitRelation
from shtoss_exact.frozen import dataclass
from shtoss_exact.records import exact_fields


@dataclass(frozen=True)
class PositionOdds:
    """Probabilities that the bet is decided at one position, by kind.

    >>> from shtoss_exact.bet.odds import odds
    >>> odds(cards=52, copies=4).by_position[1].given  # the sonik, position 2
    Fraction(16, 221)
    """

    position: int
    killed: Fraction
    plie: Fraction
    given: Fraction

    @property
    def abzug(self) -> int:
        return (self.position + 1) // 2


@dataclass(frozen=True, kw_only=True)
class AbzugOdds:
    """Probabilities that the bet is decided in abzug ``abzug``: killed, plié, given.

    >>> from shtoss_exact.bet.odds import odds
    >>> odds(cards=52, copies=4).at_abzug(1).banker  # the lob: 4 copies in 52 cards
    Fraction(1, 13)
    """

    abzug: int
    killed: Fraction
    plie: Fraction
    given: Fraction

    @property
    def banker(self) -> Fraction:
        """The banker wins in this abzug: killed or plié."""
        return self.killed + self.plie

    def to_dict(self) -> dict[str, Any]:
        """The row: ``abzug``, then ``killed``, ``plie``, ``given`` exact (where the first
        copy falls; who wins is the scheme's, and ``banker`` is kept for that)."""
        exact = {"killed": self.killed, "plie": self.plie, "given": self.given}
        return {"abzug": self.abzug, **exact_fields(exact, floats=False)}


@dataclass(frozen=True)
class RelationOdds:
    """Probabilities of each kind jointly with the deciding card's suit relation."""

    relation: SuitRelation
    killed: Fraction
    plie: Fraction
    given: Fraction
