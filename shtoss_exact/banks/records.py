"""The records of a bank's result beside the bank itself: one bet, a pair of bets, a
joint outcome of the ranks.

A pair of bets is settled from a walk of its two ranks alone (``bank_walk``): its
conditional odds and the (co)variances per unit stake depend on the ranks' copies and
schemes only, so they are computed once per kind of pair and scaled by the stakes.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import sqrt
from typing import Any, cast

from shtoss_exact.banks.setup import Bet, Label
from shtoss_exact.banks.walk import Walk
from shtoss_exact.engine import Kind
from shtoss_exact.frozen import dataclass
from shtoss_exact.numbers import exact_str
from shtoss_exact.records import Record, exact_fields

__all__ = ["BankBetOdds", "JointRow", "PairOdds", "pair_moments", "pair_odds"]


def _fields(values: Mapping[str, Fraction | None]) -> dict[str, Any]:
    """Exact strings (``None`` kept) and their floats under ``"float"``."""
    known = {key: value for key, value in values.items() if value is not None}
    record = exact_fields(known)
    floats = record.pop("float")
    out: dict[str, Any] = {key: record.get(key) for key in values}
    out["float"] = {key: floats.get(key) for key in values}
    return out


@dataclass(frozen=True, repr=False, kw_only=True)
class BankBetOdds(Record):
    """One bet's own odds, as if it were alone (the one-bet engine), and its net result.

    ``killed``, ``plie``, ``given``: where the first copy of its rank falls;
    ``banker``, ``punter``, ``null``: P(the punter's net < 0, > 0, = 0) under its
    scheme; ``ev`` and ``variance``: of the punter's net on the bet (its stake times
    the result per unit stake).
    """

    number: int
    bet: Bet
    copies: int
    killed: Fraction
    plie: Fraction
    given: Fraction
    banker: Fraction
    punter: Fraction
    null: Fraction
    ev: Fraction
    variance: Fraction

    def to_dict(self) -> dict[str, Any]:
        """The bet's record: its number, rank, stake, scheme and copies, then its odds."""
        values = {"banker": self.banker, "punter": self.punter, "null": self.null,
                  "killed": self.killed, "plie": self.plie, "given": self.given,
                  "ev": self.ev, "variance": self.variance}  # fmt: skip
        return {
            "bet": self.number,
            "rank": self.bet.rank,
            "stake": exact_str(self.bet.stake),
            "scheme": self.bet.scheme.name,
            "copies": self.copies,
            **exact_fields(values),
        }


@dataclass(frozen=True, repr=False, kw_only=True)
class PairOdds(Record):
    """Bet ``bet`` against bet ``other``: each its number in the bank, from 1, as in
    ``BankBetOdds.number`` and the record (``Bank.pair(i, j)`` takes the indices of
    ``Bank.bets``, from 0: it gives ``bet = i + 1``, ``other = j + 1``).

    ``given_if_other_given`` = P(bet's rank given | other's rank given) and
    ``given_if_other_not_given`` = P(bet's rank given | other's rank not given),
    ``None`` when the condition is impossible. ``covariance`` is that of the punters'
    net results on the two bets, ``variance_bet`` and ``variance_other`` each one's
    own; the correlation is its only irrational value.

    >>> from shtoss_exact.banks.odds import bank
    >>> pair = bank(["7", "Q"], cards=4, copies=2).pair(0, 1)
    >>> pair.bet, pair.other, pair.given_if_other_given
    (1, 2, Fraction(0, 1))
    """

    bet: int
    other: int
    given_if_other_given: Fraction | None
    given_if_other_not_given: Fraction | None
    covariance: Fraction
    variance_bet: Fraction
    variance_other: Fraction

    @property
    def correlation(self) -> float | None:
        """Pearson's correlation of the two results; ``None`` when one cannot vary."""
        if not self.variance_bet or not self.variance_other:
            return None
        # From its exact square, in [0, 1], so that no size of stake overflows a float.
        square = self.covariance**2 / (self.variance_bet * self.variance_other)
        return sqrt(float(square)) * (-1.0 if self.covariance < 0 else 1.0)

    def to_dict(self) -> dict[str, Any]:
        """The pair's record: ``bet`` and ``other`` numbered from 1, as in ``bets``."""
        record = _fields(
            {
                "given_if_other_given": self.given_if_other_given,
                "given_if_other_not_given": self.given_if_other_not_given,
                "covariance": self.covariance,
            }
        )
        record["float"]["correlation"] = self.correlation
        return {"bet": self.bet, "other": self.other, **record}


@dataclass(frozen=True, repr=False, kw_only=True)
class JointRow(Record):
    """One joint outcome of the staked ranks: (kind, abzug) per rank, and its probability."""

    ranks: tuple[str, ...]
    outcomes: tuple[tuple[Kind, int | None], ...]
    probability: Fraction

    def to_dict(self) -> dict[str, Any]:
        """The row: per rank how it is decided and the abzug (``None`` when never)."""
        return {
            "outcomes": [
                {
                    "rank": rank,
                    "decided": "never" if kind is Kind.NONE else kind.value,
                    "abzug": abzug,
                }
                for rank, (kind, abzug) in zip(self.ranks, self.outcomes, strict=True)
            ],
            "probability": exact_str(self.probability),
        }


def pair_moments(result: Walk, *, same: bool) -> dict[str, Fraction | None]:
    """A pair's conditional odds and the (co)variances of its payoffs per unit stake
    P_1, P_2, from sums over its joint outcome: P(other given), P(both given), ...

    >>> from shtoss_exact.banks.setup import categorize
    >>> from shtoss_exact.banks.walk import RankClass, walk
    >>> from shtoss_exact.schemes.scheme import scheme_named
    >>> c = categorize(4, [scheme_named("classic")])
    >>> pair_moments(walk(4, [RankClass(2, 1, c), RankClass(2, 1, c)]), same=False)["covariance"]
    Fraction(-4, 9)
    """
    counts = dict.fromkeys(("g2", "g1g2", "n2", "g1n2"), 0)
    sums = dict.fromkeys(("p1", "p2", "p1p2", "p1p1", "p2p2"), Fraction(0))
    for terminal, w in result.terminals.items():
        labels = [cast(Label, result.categories[k][c[0][0]]) for k, c in enumerate(terminal)]
        if same:
            ((given1, (p1, p2)),) = labels
            given2 = given1
        else:
            (given1, (p1,)), (given2, (p2,)) = labels
        if given2:
            counts["g2"] += w
            counts["g1g2"] += w if given1 else 0
        else:
            counts["n2"] += w
            counts["g1n2"] += w if given1 else 0
        sums["p1"] += w * p1
        sums["p2"] += w * p2
        sums["p1p2"] += w * p1 * p2
        sums["p1p1"] += w * p1 * p1
        sums["p2p2"] += w * p2 * p2
    e = {key: Fraction(value, result.total) for key, value in counts.items()}
    e.update((key, value / result.total) for key, value in sums.items())
    return {
        "given_if_given": e["g1g2"] / e["g2"] if e["g2"] else None,
        "given_if_not_given": e["g1n2"] / e["n2"] if e["n2"] else None,
        "covariance": e["p1p2"] - e["p1"] * e["p2"],
        "variance_bet": e["p1p1"] - e["p1"] ** 2,
        "variance_other": e["p2p2"] - e["p2"] ** 2,
    }


def pair_odds(
    unit: Mapping[str, Fraction | None],
    bet: int,
    other: int,
    *,
    stakes: tuple[Fraction, Fraction],
) -> PairOdds:
    """Bet ``bet`` against bet ``other`` (their numbers, from 1) from their pair's
    ``pair_moments``: the punters' nets on the two bets are X_i = stake_i P_i, P_i per
    unit stake.

    >>> unit = {"given_if_given": Fraction(0), "given_if_not_given": Fraction(1, 2),
    ...         "covariance": Fraction(-4, 9), "variance_bet": Fraction(8, 9),
    ...         "variance_other": Fraction(8, 9)}
    >>> pair_odds(unit, 1, 2, stakes=(Fraction(1), Fraction(2))).covariance
    Fraction(-8, 9)
    """
    s1, s2 = stakes
    return PairOdds(
        bet=bet,
        other=other,
        given_if_other_given=unit["given_if_given"],
        given_if_other_not_given=unit["given_if_not_given"],
        covariance=s1 * s2 * cast(Fraction, unit["covariance"]),
        variance_bet=s1 * s1 * cast(Fraction, unit["variance_bet"]),
        variance_other=s2 * s2 * cast(Fraction, unit["variance_other"]),
    )
