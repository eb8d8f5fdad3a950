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
from fractions import Fraction
from functools import cached_property
from math import lcm, log10
from typing import Any

from shtoss_exact.deck import Deal
from shtoss_exact.distribution import Distribution
from shtoss_exact.engine import Kind, KindCounts, binom_bits, check_deal, kind_counts_of
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.frozen import dataclass, field
from shtoss_exact.i18n import _
from shtoss_exact.limits import MAX_RESULT_DIGITS, Budget, Cost, check_cost
from shtoss_exact.numbers import short_int
from shtoss_exact.records import Record, exact_fields, frozen_hash
from shtoss_exact.schemes.scheme import Scheme, SchemeArgument
from shtoss_exact.schemes.settlement import (
    PlayedDeck,
    SettlementCounts,
    played_decks,
    settlement_counts,
)


def expected_abzugs(deal: Deal, *, counts: KindCounts | None = None) -> Fraction:
    """E[abzugs exposed] on the deck a bet is played on (no soda applied here).

    The first copy's position ``p`` has E[p] = (n + 1) / (m + 1) (first of ``m``
    uniform places out of ``n``), and its abzug is (p + [p odd]) / 2, where
    P(p odd) = P(banker wins). With no copy the stake sits through all ceil(n/2) abzugs.
    ``counts``: the deck's summary counts, when already counted.

    >>> expected_abzugs(Deal(52, 4))
    Fraction(23157, 4165)
    """
    n, m = deal.cards, deal.copies
    if m == 0:
        return Fraction((n + 1) // 2)
    if counts is None:
        counts = kind_counts_of(deal)
    return (Fraction(n + 1, m + 1) + Fraction(counts.banker, counts.total)) / 2


def payoff_bits(scheme: Scheme) -> int:
    """Bits of the largest numerator plus those of the common denominator of every
    payoff, thirds factor and premium a scheme can pay (a bound on one settlement's size).

    >>> from shtoss_exact.schemes.files import as_scheme
    >>> payoff_bits(as_scheme("lob-half")), payoff_bits(as_scheme("thirds"))
    (3, 6)
    """
    values = [v for v in scheme.base.values()]
    values += [r.payoff for r in scheme.rules if r.payoff is not None]
    values += [p.amount for p in scheme.premiums]
    values += list((scheme.thirds or {}).values())
    numerator = max((abs(v.numerator).bit_length() for v in values), default=1)
    denominator = lcm(*(v.denominator for v in values)).bit_length()
    return numerator * (2 if scheme.thirds else 1) + denominator + len(scheme.premiums)


def check_scheme_cost(deal: Deal, scheme: Scheme) -> None:
    """Refuse up front a scheme on a deck whose exact measures would be too long to
    print: the variance has about twice the digits of C(n, m) times a payoff."""
    for _weight, part in scheme.played_deals(deal):
        check_deal(part)
    _check_scheme_digits(deal, scheme)


def _check_scheme_digits(deal: Deal, scheme: Scheme) -> None:
    """The digits half of ``check_scheme_cost``, for decks already guarded."""
    digits = 2 * (binom_bits(deal.cards, deal.copies) + payoff_bits(scheme)) * log10(2)
    check_cost(
        Cost(digits=digits),
        what=_("scheme {name!r} on cards={short_int} with copies={short_int2}").format(
            name=scheme.name, short_int=short_int(deal.cards), short_int2=short_int(deal.copies)
        ),
        advice=_("use shorter payoffs, fewer cards or fewer copies"),
        limit=Budget(digits=MAX_RESULT_DIGITS),
    )


@dataclass(frozen=True, repr=False, kw_only=True)
class SchemeResult(Record):
    """One bet under one scheme: every measure exact.

    >>> from shtoss_exact.schemes.scheme import scheme_named
    >>> r = scheme_result(Deal(4, 2), scheme_named("pharaon"))
    >>> r.edge, r.distribution
    (Fraction(1, 4), Distribution({-1: 1/2, -1/2: 1/6, 1: 1/3}))
    """

    scheme: Scheme
    deal: Deal
    counts: SettlementCounts = field(repr=False)
    played: tuple[PlayedDeck, ...] = field(default=(), repr=False, compare=False)
    """The decks the bet is played on, counted (``played_decks``); derived if empty."""

    def __hash__(self) -> int:  # the fields hold mappings: hashed by their items
        return frozen_hash(self)

    @cached_property
    def ev(self) -> Fraction:
        """The punter's expected net result per unit stake (kept: every edge divides it)."""
        return self.distribution.mean

    @property
    def edge(self) -> Fraction:
        """The banker's edge per bet settled: -ev."""
        return -self.ev

    @cached_property
    def distribution(self) -> Distribution:
        """The punter's net result per unit stake: value -> exact probability."""
        return self.counts.distribution()

    @property
    def variance(self) -> Fraction:
        """E[X²] - E[X]² of the punter's net result."""
        return self.distribution.variance

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

    @cached_property
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
        parts = self.played or played_decks(self.deal, self.scheme)
        weight = sum(part.weight for part in parts)
        exposed = (p.weight * expected_abzugs(p.deal, counts=p.counts) for p in parts)
        return sum(exposed, Fraction(0)) / weight

    @property
    def edge_per_abzug(self) -> Fraction | None:
        """The banker's edge per abzug exposed: edge / E[abzugs]; ``None`` on an empty deck."""
        return self.edge / self.expected_abzugs if self.expected_abzugs else None

    _rows = "distribution"  # the natural rows: to_frame() and the displays

    def to_dict(self) -> dict[str, Any]:
        """The record: the scheme, the outcomes by who wins, and every measure."""
        values = {
            "banker": self.banker, "punter": self.punter, "null": self.null, "ev": self.ev,
            "edge": self.edge, "variance": self.variance, "action": self.action,
            "expected_abzugs": self.expected_abzugs,
            # null where the measure does not exist: no action, or an empty deck
            "edge_per_action": self.edge_per_action, "edge_per_abzug": self.edge_per_abzug,
        }  # fmt: skip
        return {
            "scheme": self.scheme.name,
            "cards": self.deal.cards,
            "copies": self.deal.copies,
            "one_deck": self.deal.one_deck,
            **exact_fields(values),
            "distribution": self.distribution.to_dict(),
        }


def scheme_result(deal: Deal, scheme: SchemeArgument) -> SchemeResult:
    """Settle ``scheme`` (a ``Scheme`` or a built-in name) on ``deal`` (the deck as
    shuffled, soda included if any); the cost is checked first.

    >>> scheme_result(Deal(52, 4), "lob-half").edge
    Fraction(25, 21658)
    """
    if not isinstance(deal, Deal):
        raise ShtossError(
            _("deal={deal} is not a Deal: build one with make_deal(...)").format(deal=quoted(deal))
        )
    chosen = chosen_scheme(scheme)
    return settle_played(deal, chosen, played_decks(deal, chosen, guard=True))


def settle_played(deal: Deal, scheme: Scheme, played: tuple[PlayedDeck, ...]) -> SchemeResult:
    """``scheme_result`` of a normalised ``scheme`` whose decks ``played`` are already
    guarded and counted (``played_decks(deal, scheme, guard=True)``): nothing is derived
    twice."""
    _check_scheme_digits(deal, scheme)
    counts = settlement_counts(deal, scheme, played=played)
    return SchemeResult(scheme=scheme, deal=deal, counts=counts, played=played)


def chosen_scheme(scheme: SchemeArgument) -> Scheme:
    """``as_scheme(scheme)``; the reader of scheme files is loaded only for a file.

    >>> chosen_scheme("pharaon") is chosen_scheme(chosen_scheme("pharaon"))
    True
    """
    from shtoss_exact.schemes.scheme import BUILTIN, SCHEMES

    if isinstance(scheme, SCHEMES.kind) or (isinstance(scheme, str) and scheme in BUILTIN):
        return SCHEMES.resolve(scheme)  # a scheme, or a built-in's own name: no file
    from shtoss_exact.schemes.files import as_scheme

    return as_scheme(scheme)
