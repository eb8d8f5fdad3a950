"""What a payout scheme is worth: expected value, edges, variance, the distribution.

Every measure is exact and counted from ``settlement_counts``, which never walks the
deck; the expected number of abzugs a stake is exposed comes from a closed form.

The measures, for the punter's net result ``X`` per unit stake:

* ``ev`` = E[X]; ``edge`` (the banker's edge per bet settled) = -E[X];
* ``variance`` = E[X²] - E[X]²;
* ``edge_per_action`` = edge / P(action), where *action* is an outcome that moves
  money: decided, not null and not a push (a payoff of 0) — as modern Faro studies
  measure it;
* ``edge_per_abzug`` = edge / E[abzugs exposed]: a bet decided in abzug ``j`` has
  been exposed for ``j`` abzugs, one never decided for every abzug of the deck.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from shtoss_exact.deck import Deal
from shtoss_exact.engine import Kind, kind_counts
from shtoss_exact.schemes import Scheme, SettlementCounts, settlement_counts


def expected_abzugs(deal: Deal) -> Fraction:
    """E[abzugs exposed] on the deck a bet is played on (no soda applied here).

    The first copy's position ``p`` has E[p] = (n + 1) / (m + 1) (first of ``m``
    uniform places out of ``n``), and its abzug is (p + [p odd]) / 2, where
    P(p odd) = P(banker wins). With no copy the stake sits through all ceil(n/2) abzugs.

    >>> expected_abzugs(Deal(52, 4))
    Fraction(23157, 4165)
    """
    n, m = deal.cards, deal.copies
    if m == 0:
        return Fraction((n + 1) // 2)
    counts = kind_counts(n, m)
    return (Fraction(n + 1, m + 1) + Fraction(counts.banker, counts.total)) / 2


@dataclass(frozen=True)
class SchemeResult:
    """One bet under one scheme: every measure exact.

    >>> from shtoss_exact.schemes import scheme_named
    >>> r = scheme_result(Deal(4, 2), scheme_named("pharaon"))
    >>> r.edge, r.distribution
    (Fraction(1, 4), {Fraction(-1, 1): Fraction(1, 2), Fraction(-1, 2): Fraction(1, 6), \
Fraction(1, 1): Fraction(1, 3)})
    """

    scheme: Scheme
    deal: Deal
    counts: SettlementCounts = field(repr=False)

    @property
    def ev(self) -> Fraction:
        """The punter's expected net result per unit stake."""
        return self.counts.mean

    @property
    def edge(self) -> Fraction:
        """The banker's edge per bet settled: -ev."""
        return -self.ev

    @cached_property
    def distribution(self) -> dict[Fraction, Fraction]:
        """The punter's net result per unit stake: value -> exact probability."""
        return self.counts.distribution()

    @property
    def variance(self) -> Fraction:
        """E[X²] - E[X]² of the punter's net result."""
        second = sum((v * v * p for v, p in self.distribution.items()), Fraction(0))
        return second - self.ev**2

    @property
    def banker(self) -> Fraction:
        """P(the punter's net result < 0): the banker wins."""
        return self._p(lambda payoff, null, kind: not null and payoff < 0)

    @property
    def punter(self) -> Fraction:
        """P(the punter's net result > 0): the punter wins."""
        return self._p(lambda payoff, null, kind: not null and payoff > 0)

    @property
    def null(self) -> Fraction:
        """P(no money changes hands): no copy, a null card, or a payoff of 0."""
        return 1 - self.action

    @property
    def action(self) -> Fraction:
        """P(money changes hands): decided, not null, payoff not 0."""
        return self._p(
            lambda payoff, null, kind: kind is not Kind.NONE and not null and payoff != 0
        )

    def _p(self, test: Callable[[Fraction, bool, Kind], bool]) -> Fraction:
        items = self.counts.items.items()
        hits = sum(c for (payoff, null, kind), c in items if test(payoff, null, kind))
        return Fraction(hits, self.counts.total)

    @property
    def edge_per_action(self) -> Fraction | None:
        """The banker's edge per unit of action: edge / P(action); ``None`` without action."""
        return self.edge / self.action if self.action else None

    @cached_property
    def expected_abzugs(self) -> Fraction:
        """E[abzugs the stake is exposed], averaged over the decks the bet is played on."""
        parts = self.scheme.played_deals(self.deal)
        weight = sum(w for w, _ in parts)
        return sum((w * expected_abzugs(d) for w, d in parts), Fraction(0)) / weight

    @property
    def edge_per_abzug(self) -> Fraction | None:
        """The banker's edge per abzug exposed: edge / E[abzugs]; ``None`` on an empty deck."""
        return self.edge / self.expected_abzugs if self.expected_abzugs else None


def scheme_result(deal: Deal, scheme: Scheme) -> SchemeResult:
    """Settle ``scheme`` on ``deal`` (the deck as shuffled, soda included if any).

    >>> from shtoss_exact.schemes import scheme_named
    >>> scheme_result(Deal(52, 4), scheme_named("lob-half")).edge
    Fraction(25, 21658)
    """
    return SchemeResult(scheme, deal, settlement_counts(deal, scheme))
