"""The bank: several bets decided by one deal, exactly.

One deal decides every staked rank; a rank leaves the game once killed or given,
and the deal runs until all are decided. Outcomes of different ranks are
dependent, so the banker's total is computed over the deal itself, by the
dynamic programme of ``bank_walk``: ranks with the same copies and the same
schemes form one class and are tracked as counts, and the stakes are handed to
the class's outcomes at the end (every assignment equally likely).

A rank staked by two punters is one rank with two bets: they share its outcome.
The words are those of one bet: a rank is *killed* when its first copy falls on a
lob alone, *plié* on a lob and its sonik, *given* on a sonik.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cached_property
from math import factorial, lcm
from typing import TYPE_CHECKING, Any, cast

from shtoss_exact.banks.cost import (
    BankEstimate,
    BetSpec,
    ClassSpec,
    check_bank,
    check_joint,
    estimate_bank,
)
from shtoss_exact.banks.records import BankBetOdds, JointRow, PairOdds, pair_moments, pair_odds
from shtoss_exact.banks.setup import (
    BankDeal,
    Bet,
    Label,
    as_bets,
    categorize,
    make_bank_deal,
    named_positions,
)
from shtoss_exact.banks.walk import RankClass, Walk, assign_all, walk
from shtoss_exact.deck import Deal
from shtoss_exact.distribution import Distribution
from shtoss_exact.engine import Kind, kind_counts
from shtoss_exact.errors import ShtossError
from shtoss_exact.errors import shown_number as shown
from shtoss_exact.frozen import dataclass, field, replace
from shtoss_exact.i18n import _
from shtoss_exact.numbers import whole_number
from shtoss_exact.pictures import plot_of
from shtoss_exact.records import Record, exact_fields, frozen_hash
from shtoss_exact.schemes.scheme import Scheme, SchemeArgument, Soda

if TYPE_CHECKING:
    from shtoss_exact.bet.measures import SchemeResult

__all__ = [
    "Bank",
    "BankBetOdds",
    "BankDeal",
    "Bet",
    "JointRow",
    "PairOdds",
    "bank",
    "bank_estimate",
    "bank_of",
]


@dataclass(frozen=True, repr=False, kw_only=True)
class Bank(Record):
    """The exact result of a bank: every bet decided by one deal.

    ``banker_net`` is the banker's total net result (value -> probability), minus the
    punters' total; ``length`` the number of abzugs the deal lasts (the abzug deciding
    the last staked rank) -> probability. ``as_shuffled`` is the deck as shuffled,
    ``as_played`` the deck the bets are played on (after faro's soda).

    >>> b = bank(["7", "Q"], cards=8, copies=2)
    >>> b.ev, b.all_given
    (Fraction(-2, 7), Fraction(2, 15))
    >>> b
    Bank(cards=8, one_deck=False, ev=-2/7, variance=1144/735, expected_abzugs=82/35, \
all_given=2/15, none_given=29/105)
    """

    as_shuffled: BankDeal
    as_played: BankDeal
    bets: tuple[Bet, ...]
    banker_net: Distribution
    length: Distribution
    all_given: Fraction
    none_given: Fraction
    played: tuple[Bet, ...] = field(compare=False)
    _pair_cache: dict[tuple[object, ...], dict[str, Fraction | None]] = field(
        default_factory=dict, compare=False
    )

    def __hash__(self) -> int:  # the fields hold mappings: hashed by their items
        return frozen_hash(self)

    @property
    def ranks(self) -> tuple[str, ...]:
        """The staked ranks, in the order the bets first name them."""
        return tuple(rank for rank, _ in self.as_played.copies)

    @property
    def ev(self) -> Fraction:
        """The punters' total expected net result (the banker's is ``-ev``)."""
        return -self.banker_net.mean

    @property
    def variance(self) -> Fraction:
        """The variance of the punters' total net result (and of the banker's)."""
        return self.banker_net.variance

    @property
    def expected_abzugs(self) -> Fraction:
        """The expected number of abzugs the deal lasts."""
        return self.length.mean

    @cached_property
    def bet_odds(self) -> tuple[BankBetOdds, ...]:
        """Each bet alone, from the one-bet engine; their ``ev`` add up to the bank's."""
        from shtoss_exact.bet.measures import scheme_result

        rows = []
        results: dict[tuple[int, Scheme], SchemeResult] = {}
        for number, (bet, played) in enumerate(zip(self.bets, self.played, strict=True), 1):
            m = self.as_played.copies_of(bet.rank)
            counts = kind_counts(self.as_played.cards, m)
            result = results.get((m, played.scheme))
            if result is None:
                result = scheme_result(Deal(self.as_played.cards, m), played.scheme)
                results[(m, played.scheme)] = result
            rows.append(
                BankBetOdds(
                    number=number,
                    bet=bet,
                    copies=self.as_shuffled.copies_of(bet.rank),
                    killed=Fraction(counts.killed, counts.total),
                    plie=Fraction(counts.plie, counts.total),
                    given=Fraction(counts.given, counts.total),
                    banker=result.banker,
                    punter=result.punter,
                    null=result.null,
                    ev=bet.stake * result.ev,
                    variance=bet.stake**2 * result.variance,
                )
            )
        return tuple(rows)

    def pair(self, first: int, second: int) -> PairOdds:
        """Conditional odds and covariance of bets ``first`` and ``second`` (indices of
        ``bets``, from 0), from a two-rank walk of the deal; the ``PairOdds`` numbers
        them from 1, as its record does (``bet``, ``other``).

        >>> p = bank(["7", "Q"], cards=8, copies=2).pair(0, 1)
        >>> p.given_if_other_given, p.given_if_other_not_given
        (Fraction(14, 45), Fraction(31, 60))
        """
        count = len(self.bets)
        for name, index in (("first", first), ("second", second)):
            whole_number(index, name=name)
            if index >= count:
                raise ShtossError(
                    _("{name}={index} is not a bet of this bank: allowed 0..{count}").format(
                        name=name, index=index, count=count - 1
                    )
                )
        a, b = self.played[first], self.played[second]
        n = self.as_played.cards
        ca, cb = self.as_played.copies_of(a.rank), self.as_played.copies_of(b.rank)
        same = a.rank == b.rank
        key: tuple[object, ...] = (same, ca, cb, a.scheme, b.scheme)
        found = self._pair_cache.get(key)
        if found is None:
            if same:
                schemes = (a.scheme, b.scheme)
                classes = [RankClass(ca, 1, categorize(n, schemes), named_positions(n, schemes))]
            else:
                classes = [
                    RankClass(c, 1, categorize(n, (s,)), named_positions(n, (s,)))
                    for c, s in ((ca, a.scheme), (cb, b.scheme))
                ]
            found = self._pair_cache[key] = pair_moments(walk(n, classes), same=same)
        return pair_odds(found, first + 1, second + 1, stakes=(a.stake, b.stake))

    @cached_property
    def pairs(self) -> tuple[PairOdds, ...]:
        """Every ordered pair of different bets."""
        k = len(self.bets)
        return tuple(self.pair(i, j) for i in range(k) for j in range(k) if i != j)

    def joint(self) -> tuple[JointRow, ...]:
        """The joint distribution of the ranks' outcomes (kind and abzug per rank, in
        ``ranks`` order); refused up front when it would be too large or too slow.

        >>> rows = bank(["7", "Q"], cards=4, copies=2).joint()
        >>> len(rows), rows[0].probability
        (4, Fraction(1, 3))
        """
        n = self.as_played.cards
        check_joint(n, [m for _, m in self.as_played.copies])

        def by_abzug(kind: Kind, position: int | None) -> tuple[Kind, int | None]:
            return kind, None if position is None else (position + 1) // 2

        result = walk(n, [RankClass(m, 1, by_abzug, None) for _, m in self.as_played.copies])
        rows = []
        for terminal, count in result.terminals.items():
            outcomes = tuple(
                cast(tuple[Kind, int | None], result.categories[k][counts[0][0]])
                for k, counts in enumerate(terminal)
            )
            rows.append(
                JointRow(
                    ranks=self.ranks, outcomes=outcomes, probability=Fraction(count, result.total)
                )
            )
        rows.sort(key=lambda r: tuple((a or 0, kind.value) for kind, a in r.outcomes))
        return tuple(rows)

    _rows = "bets"  # the natural rows: to_frame() and the displays

    def to_dict(self, *, joint: bool = False) -> dict[str, Any]:
        """The record: the deck, each bet, the banker's net, the deal's length, the
        pairs of bets and (``joint``) the joint outcome of the ranks."""
        values = {"ev": self.ev, "variance": self.variance,
                  "expected_abzugs": self.expected_abzugs, "all_given": self.all_given,
                  "none_given": self.none_given}  # fmt: skip
        record: dict[str, Any] = {
            "cards": self.as_shuffled.cards,
            "one_deck": self.as_shuffled.one_deck,
            **exact_fields(values),
            "bets": [row.to_dict() for row in self.bet_odds],
            "banker_net": self.banker_net.to_dict(),
            "length": self.length.to_dict(whole=True),
            "pairs": [pair.to_dict() for pair in self.pairs],
        }
        if joint:
            record["joint"] = [row.to_dict() for row in self.joint()]
        return record

    def plot(self, ax: Any = None) -> Any:
        """The matplotlib ``Figure`` of the banker's net result, drawn on ``ax``
        if given (matplotlib: the extra ``plot``)."""
        return plot_of(self, ax)


def bank(
    bets: Sequence[Bet | str],
    *,
    deck: int = 52,
    cards: int | None = None,
    copies: int | Mapping[str, int] | None = None,
    one_deck: bool = False,
    scheme: SchemeArgument = "classic",
) -> Bank:
    """The exact result of a bank; ``bets`` as ``Bet``s or ``"rank[:stake[:scheme]]"``.

    ``scheme`` (a ``Scheme``, a built-in name or a scheme file's path) settles the bets
    that name none; the deck arguments are those of ``make_bank_deal``. A bank that
    would take more than about 10 s or 1 GB, or whose exact values would be too long,
    is refused up front (``bank_estimate`` tells its cost).

    >>> b = bank(["7:10", "Q:5", "A"])
    >>> b.ev == sum(o.ev for o in b.bet_odds)
    True
    >>> b.all_given
    Fraction(1982464, 21129555)
    """
    return bank_of(*_deal_of(bets, deck=deck, cards=cards, copies=copies, one_deck=one_deck,
                             scheme=scheme))  # fmt: skip


def bank_estimate(
    bets: Sequence[Bet | str],
    *,
    deck: int = 52,
    cards: int | None = None,
    copies: int | Mapping[str, int] | None = None,
    one_deck: bool = False,
    scheme: SchemeArgument = "classic",
) -> BankEstimate:
    """What ``bank`` with these arguments would cost (seconds, bytes, digits), before
    anything is computed.

    >>> bank_estimate(["7", "Q"]).total_seconds < 1
    True
    """
    deal, parsed = _deal_of(bets, deck=deck, cards=cards, copies=copies, one_deck=one_deck,
                            scheme=scheme)  # fmt: skip
    return _Plan.of(deal, parsed).estimate()


def _deal_of(
    bets: Sequence[Bet | str],
    *,
    deck: int,
    cards: int | None,
    copies: int | Mapping[str, int] | None,
    one_deck: bool,
    scheme: SchemeArgument,
) -> tuple[BankDeal, tuple[Bet, ...]]:
    parsed = as_bets(bets, scheme=scheme)
    ranks = list(dict.fromkeys(b.rank for b in parsed))
    return make_bank_deal(ranks, deck=deck, cards=cards, copies=copies, one_deck=one_deck), parsed


def _burn_soda(deal: BankDeal, bets: Sequence[Bet]) -> tuple[BankDeal, tuple[Bet, ...]]:
    """Faro and Stuss burn the first card (the soda) for the whole deal.

    The soda is turned before betting and is of none of the staked ranks (the
    ``soda="known"`` convention of one bet), so the bank is dealt from the ``n - 1``
    cards after it, each bet settled on them as its scheme settles the deck it plays.
    """
    burnt = {bet.scheme.dead_first for bet in bets}
    if burnt != {True}:
        if True in burnt:
            raise ShtossError(
                _(
                    "faro and stuss burn the first card (the soda) for the whole deal: stake every "
                    "bet under a scheme that burns it, or none"
                )
            )
        return deal, tuple(bets)
    if any(bet.scheme.soda is not Soda.KNOWN for bet in bets):
        raise ShtossError(
            _(
                "the bank deals after a soda seen before betting (soda=known); soda=before is for "
                "one bet alone"
            )
        )
    staked = sum(m for _, m in deal.copies)
    if deal.cards - staked < 1:
        raise ShtossError(
            _(
                "a soda of an unstaked rank needs a card that is not a copy of a staked rank: "
                "cards={shown}, staked copies={shown2}"
            ).format(shown=shown(deal.cards), shown2=shown(staked))
        )
    played = replace(deal, cards=deal.cards - 1)
    return played, tuple(replace(bet, scheme=replace(bet.scheme, dead_first=False)) for bet in bets)


@dataclass(frozen=True)
class _Class:
    """Ranks of the same copies and the same schemes (in order), with their stakes."""

    copies: int
    schemes: tuple[Scheme, ...]
    stakes: list[tuple[Fraction, ...]]


@dataclass(frozen=True)
class _Plan:
    """A bank set up: the deck as shuffled and as played, the bets, the classes of ranks."""

    as_shuffled: BankDeal
    as_played: BankDeal
    bets: tuple[Bet, ...]
    played: tuple[Bet, ...]
    classes: tuple[_Class, ...]

    @classmethod
    def of(cls, as_shuffled: BankDeal, bets: Sequence[Bet]) -> _Plan:
        as_played, played = _burn_soda(as_shuffled, bets)
        # Each rank: its schemes in a fixed order (by name) and the stakes beside them.
        slots: dict[str, list[Bet]] = {rank: [] for rank, _ in as_played.copies}
        for bet in played:
            if bet.rank not in slots:
                raise ShtossError(
                    _("rank {rank} has no copies set in the deck: stake it first").format(
                        rank=bet.rank
                    )
                )
            slots[bet.rank].append(bet)
        groups: dict[tuple[int, tuple[Scheme, ...]], _Class] = {}
        for rank, m in as_played.copies:
            ordered = sorted(slots[rank], key=lambda b: b.scheme.name)
            schemes = tuple(b.scheme for b in ordered)
            group = groups.setdefault((m, schemes), _Class(m, schemes, []))
            group.stakes.append(tuple(b.stake for b in ordered))
        return cls(as_shuffled, as_played, tuple(bets), played, tuple(groups.values()))

    def _specs(self) -> tuple[list[ClassSpec], list[BetSpec]]:
        copies = dict(self.as_played.copies)
        return (
            [(c.copies, c.schemes, c.stakes) for c in self.classes],
            [(b.rank, copies[b.rank], b.scheme) for b in self.played],
        )

    def estimate(self) -> BankEstimate:
        classes, bets = self._specs()
        return estimate_bank(self.as_played.cards, classes, bets=bets)

    def check(self) -> None:
        classes, bets = self._specs()
        check_bank(self.as_played.cards, classes, bets=bets)


def bank_of(deal: BankDeal, bets: Sequence[Bet]) -> Bank:
    """The exact result of ``bets`` on the deck ``deal`` as shuffled.

    >>> bank_of(BankDeal(4, (("7", 2),)), [Bet("7", stake=2)]).banker_net
    Distribution({-2: 1/3, 2: 2/3})
    """
    plan = _Plan.of(deal, bets)
    plan.check()
    n = plan.as_played.cards
    result = walk(
        n,
        [
            RankClass(c.copies, len(c.stakes), categorize(n, c.schemes),
                      named_positions(n, c.schemes))
            for c in plan.classes
        ],
    )  # fmt: skip
    net, all_given, none_given = _settle(result, plan.classes)
    return Bank(
        as_shuffled=plan.as_shuffled,
        as_played=plan.as_played,
        bets=plan.bets,
        played=plan.played,
        banker_net=net,
        length=Distribution.from_counts(result.length, result.total),
        all_given=all_given,
        none_given=none_given,
    )


def _settle(result: Walk, classes: Sequence[_Class]) -> tuple[Distribution, Fraction, Fraction]:
    """The banker's net distribution, P(every rank given), P(no rank given).

    The banker's net on a rank is minus the sum of its stakes times their payoffs,
    an integer over ``scale``. Class by class, each ended deal's count of ranks per
    category is replaced by the distribution of the class's sum (``assign_all``:
    every assignment of the outcomes to the ranks equally likely), and equal partial
    sums are merged, so the work is that of the distinct sums, not of the deals.
    """
    labels = [cast(tuple[Label, ...], cats) for cats in result.categories]
    rows = [
        [[-sum((s * p for s, p in zip(stakes, label[1], strict=True)), Fraction(0))
          for label in labels[k]] for stakes in cls.stakes]
        for k, cls in enumerate(classes)
    ]  # fmt: skip
    scale = lcm(1, *(v.denominator for cls in rows for rank in cls for v in rank))
    ints = [[[int(v * scale) for v in rank] for rank in cls] for cls in rows]
    dense = {
        terminal: tuple(result.dense(counts, k) for k, counts in enumerate(terminal))
        for terminal in result.terminals
    }
    tables: list[dict[tuple[int, ...], dict[int, int]] | None] = []
    for k, values in enumerate(ints):
        if all(rank == values[0] for rank in values):
            tables.append(None)  # stakes alike: one sum per count vector, no hand-out
            continue
        # A category holds at most as many ranks as it does in some ended deal.
        caps = [max(vectors[k][c] for vectors in dense.values()) for c in range(len(labels[k]))]
        tables.append(assign_all(len(values), values, len(labels[k]), caps=caps))

    given = none = 0
    stage: dict[tuple[int, tuple[tuple[int, ...], ...]], int] = {}
    for terminal, count in result.terminals.items():
        flags = [
            (sum(n for c, n in counts if not labels[k][c][0]),
             sum(n for c, n in counts if labels[k][c][0]))
            for k, counts in enumerate(terminal)
        ]  # fmt: skip
        given += count if all(not lost for lost, _ in flags) else 0
        none += count if all(not won for _, won in flags) else 0
        key = (0, dense[terminal])
        stage[key] = stage.get(key, 0) + count
    for k, group in enumerate(classes):
        table = tables[k]
        weight = factorial(len(group.stakes))
        merged: dict[tuple[int, tuple[tuple[int, ...], ...]], int] = {}
        for (value, rest), count in stage.items():
            counts, tail = rest[0], rest[1:]
            if table is None:
                point = value + sum(n * v for n, v in zip(counts, ints[k][0], strict=True))
                merged[(point, tail)] = merged.get((point, tail), 0) + count * weight
                continue
            for v, ways in table[counts].items():
                key = (value + v, tail)
                merged[key] = merged.get(key, 0) + count * ways
        stage = merged
    total = result.total
    for group in classes:
        total *= factorial(len(group.stakes))
    net = Distribution.on_grid(Fraction(1, scale), (v for v, _ in stage), stage.values(), total)
    return net, Fraction(given, result.total), Fraction(none, result.total)
