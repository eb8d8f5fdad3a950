"""Putting up splits (Maskelyne, *Sharps and Flats*, 1894, ch. VIII): while the previous
deal is gathered the dealer puts ``stacked`` pairs of different full ranks together, so
that each pair falls as one turn; every other card is in fair random order. The answer
is the exact law of the number of splits (turns of two cards of one rank) in the rest
of the deal, the stacked ones included.

Fair counting. Label the ``n`` cards (``c_r`` of rank ``r``); all ``n!`` orders are
equally likely, and ``T`` turns are dealt. For ``i`` chosen turns, the orders in which
each of them is a pair number ``h_i (n - 2i)!``, where ``h_i`` counts the ordered ways
to fill ``i`` ordered turns with pairs:

    h_i = i! [x^i] prod_r sum_k (c_r)_(2k) x^k / k!      ((c)_(j) the falling factorial)

(built rank by rank as ``h'_i = sum_k C(i, k) h_(i-k) (c_r)_(2k)``, integers only). With
``A_i = C(T, i) h_i (n - 2i)!`` the orders with exactly ``j`` splits are, by inclusion
and exclusion, ``E_j = sum_(i >= j) (-1)^(i-j) C(i, j) A_i``, and they sum to ``n!``.
Stacked pairs add ``stacked`` splits to the fair rest: ``n - 2 stacked`` cards (two of
each stacked rank left) in ``T - stacked`` turns. A soda still to come is of a rank not
put up (the dealer puts up pairs of other ranks than the soda's): the rest is the fair
order of the other cards after each such soda, each soda card as likely, the law of
``audit.law.stacked_splits`` for a fresh deal.

Under the ``every-rank`` pattern (a unit on every live rank at every turn, Faro and
Stuss) a turn of two ranks loses one bet and wins another, and a split takes the
split's cost from its rank's bet: the banker's take over the deal is the number of
splits times that cost (1/2 in Faro, 1 in Stuss), whatever the order of the cards.
With no stacked pair it is the whole deal of ``case --pattern every-rank``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb, factorial
from typing import TYPE_CHECKING, Any

from shtoss_exact.distribution import Distribution
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.i18n import _
from shtoss_exact.numbers import short_int
from shtoss_exact.records import Record, exact_fields

if TYPE_CHECKING:
    from shtoss_exact.case.state import Case
    from shtoss_exact.schemes.scheme import SchemeArgument

__all__ = ["SplitsResult", "split_counts", "stacked_splits"]

FULL = 4


def _falling(count: int, many: int) -> int:
    return factorial(count) // factorial(count - many) if 0 <= many <= count else 0


def split_counts(left: Sequence[int], turns: int) -> dict[int, int]:
    """The orders of the cards ``left`` (copies by rank, labelled cards) with each number
    of splits among ``turns`` turns; they sum to ``n!``.

    >>> counts = split_counts([2, 1], 1)  # A A K, one turn: a split in 2 of 6 orders
    >>> counts
    {0: 4, 1: 2}
    """
    cards = sum(left)
    ways = [1]  # h_i
    for copies in left:
        fills = [_falling(copies, 2 * k) for k in range(copies // 2 + 1)]
        ways = [
            sum(
                comb(i, k) * ways[i - k] * fills[k]
                for k in range(len(fills))
                if 0 <= i - k < len(ways)
            )
            for i in range(len(ways) + len(fills) - 1)
        ]
    most = min(turns, len(ways) - 1)
    at_least = [comb(turns, i) * ways[i] * factorial(cards - 2 * i) for i in range(most + 1)]
    exactly = {
        j: sum((-1) ** (i - j) * comb(i, j) * at_least[i] for i in range(j, most + 1))
        for j in range(most + 1)
    }
    return {j: count for j, count in exactly.items() if count}


@dataclass(frozen=True, repr=False, kw_only=True)
class SplitsResult(Record):
    """The law of the number of splits in the rest of the deal, ``stacked`` pairs put up."""

    game: str
    cards_left: int
    turns_left: int
    stacked: int
    splits: Distribution
    pattern: str | None = None
    banker_take: Distribution | None = None
    """The banker's net over the rest of the deal under ``pattern`` (``every-rank``)."""

    @property
    def mean(self) -> Fraction:
        return self.splits.mean

    _rows = "splits"  # the natural rows: to_frame() and the displays

    def to_dict(self) -> dict[str, Any]:
        return {
            "cheat": "splits",
            "game": self.game,
            "cards_left": self.cards_left,
            "turns_left": self.turns_left,
            "stacked": self.stacked,
            **exact_fields({"mean": self.mean}),
            "splits": self.splits.to_dict(whole=True),
            "pattern": self.pattern,
            "banker_take": None if self.banker_take is None else self.banker_take.to_dict(),
        }


def stacked_splits(
    stacked: int = 0,
    *,
    game: str = "faro",
    scheme: SchemeArgument | None = None,
    deck: int = 52,
    seen: str | None = None,
    case: str | Case | None = None,
    pattern: str | None = None,
) -> SplitsResult:
    """The exact law of the number of splits in the rest of the deal when ``stacked``
    pairs of different full ranks are put up as turns, the rest fair; with
    ``pattern="every-rank"`` (Faro, Stuss) the banker's take over the deal too.

    >>> fair = stacked_splits(0)
    >>> fair.mean  # 25 turns, each a pair with chance 13 * 4 * 3 / (52 * 51)
    Fraction(25, 17)
    >>> stacked_splits(3).mean - fair.mean > 2
    True
    """
    from shtoss_exact.cheat.start import case_of

    state = case_of(game=game, scheme=scheme, deck=deck, seen=seen, case=case)
    turns = state.turns_left
    full = [index for index, copies in enumerate(state.left) if copies == FULL]
    if isinstance(stacked, bool) or not isinstance(stacked, int) or stacked < 0:
        raise ShtossError(
            _("stacked={stacked}: allowed a whole number >= 0").format(stacked=quoted(stacked))
        )
    # A soda still to come is of a rank not put up: one full rank is left for it.
    most = min(len(full) - (1 if state.soda_due else 0), turns)
    if stacked > most:
        soda = _(", one of them the soda's") if state.soda_due else ""
        raise ShtossError(
            _(
                "stacked={stacked}: allowed at most {max} here ({full_count} full ranks{soda}, "
                "{turns} turns left)"
            ).format(
                stacked=short_int(stacked),
                max=max(most, 0),
                full_count=len(full),
                soda=soda,
                turns=turns,
            )
        )
    left = list(state.left)
    for index in full[:stacked]:
        left[index] -= 2
    law = Distribution.from_counts(
        {stacked + j: count for j, count in _rest_counts(state, left, turns - stacked).items()}
    )
    take = None if pattern is None else law.scaled(_split_cost(state, pattern))
    return SplitsResult(
        game=state.game.name,
        cards_left=state.cards_left,
        turns_left=turns,
        stacked=stacked,
        splits=law,
        pattern=None if pattern is None else "every-rank",
        banker_take=take,
    )


def _rest_counts(state: Case, left: list[int], turns: int) -> dict[int, int]:
    """The orders of the cards not put up by their number of splits in ``turns`` turns.
    A soda still to come is a card of a rank not put up, each such card alike (the pairs
    are put up from ranks other than the soda's): the counts over each soda, added."""
    if not state.soda_due:
        return split_counts(left, turns)
    stacked = {i for i, (was, now) in enumerate(zip(state.left, left, strict=True)) if was != now}
    total: dict[int, int] = {}
    for index, copies in enumerate(left):
        if index in stacked or not copies:
            continue
        rest = [*left[:index], copies - 1, *left[index + 1 :]]
        for splits, count in split_counts(rest, turns).items():
            total[splits] = total.get(splits, 0) + copies * count
    return total


def _split_cost(state: Case, pattern: object) -> Fraction:
    """What a split takes from the bet on its rank under ``every-rank``, the one pattern
    whose take is the split count's (Faro and Stuss)."""
    from shtoss_exact.case.pattern import resolve_pattern
    from shtoss_exact.engine import Kind
    from shtoss_exact.schemes.parts import Outcome

    if resolve_pattern(pattern).name != "every-rank":
        raise ShtossError(_(
                "pattern={pattern}: allowed every-rank (a unit on every live rank), whose take is "
                "the splits' cost"
            ).format(pattern=quoted(pattern)))  # fmt: skip
    if state.game.name not in ("faro", "stuss"):
        raise ShtossError(
            _("pattern= with {name}: allowed faro or stuss (a split the only cost)").format(
                name=state.game.name
            )
        )
    return -state.game.scheme.settle(Outcome(Kind.PLIE, 1, 3)).payoff
