"""The exact law of the number of splits in one Faro deal, fair or with splits put up.

A Faro deal of ``N`` cards: the soda shown first, then ``T`` turns (a loser and a
winner), the hock last; a split is a turn whose two cards are of one rank. The soda
and the hock are no turns. Under fair dealing every order of the ``N`` cards is
equally likely, so the law is a count of orders.

Derivation (inclusion–exclusion over the turns, a product over ranks). Let ``N_k`` be
the number of orders of the ``N`` (distinct) cards with exactly ``k`` splits, and
``E_j`` the number of pairs (an order, a set of ``j`` of its split turns). Each order
with ``k`` splits is counted ``C(k, j)`` times, so ``E_j = sum_k C(k, j) N_k`` and,
by binomial inversion, ``N_k = sum_{j >= k} (-1)^(j-k) C(j, k) E_j``. To count
``E_j``: choose the ``j`` turns (``C(T, j)``); give each a rank, ``j_r`` of them to
rank ``r`` (``j! / prod j_r!`` ways); fill rank ``r``'s turns, in order, with ordered
pairs of its ``c_r`` cards (``c_r! / (c_r - 2 j_r)!`` ways); lay the other ``N - 2j``
cards in the other places in any order (``(N - 2j)!``). Hence

    E_j = C(T, j) * j! * (N - 2j)! * [x^j] prod_r f_{c_r}(x),
    f_c(x) = sum_i c! / ((c - 2i)! * i!) * x^i,

every coefficient of ``f_c`` a whole number (``c!/(c-2i)!`` is a product of ``2i``
consecutive numbers, a multiple of ``(2i)!``). For four copies ``f_4 = 1 + 12x + 12x^2``.
The counts are over the ``N!`` orders; the mean is ``T * sum_r c_r (c_r - 1) / (N (N - 1))``,
``25/17`` for a 52-card deal.

Whatever the soda, the rest is a fair order of the other ``N - 1`` cards, ``T`` turns
and the hock, and the law is the same (``split_counts`` of the copies left, with one
card over). With ``S`` pairs of ``S`` different full ranks (not the soda's) put up as
turns, the other ``N - 1 - 2S`` cards fall in fair order into the other ``T - S``
turns and the hock: the law is ``S`` plus that of those cards, the soda's rank with
``c - 1`` copies, the ``S`` ranks with ``c - 2``, the others ``c``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb, factorial, gcd

from shtoss_exact.distribution import Distribution
from shtoss_exact.errors import ShtossError, shown_value
from shtoss_exact.i18n import _

FAIR_COPIES = 4
"""Copies of each rank in a Faro deck."""

FAIR_RANKS = 13
"""Ranks of a 52-card Faro deck."""


def rank_factor(copies: int) -> list[int]:
    """The coefficients of ``f_c(x) = sum_i c! / ((c - 2i)! * i!) x^i``.

    >>> rank_factor(4), rank_factor(3), rank_factor(1)
    ([1, 12, 12], [1, 6], [1])
    """
    return [
        factorial(copies) // (factorial(copies - 2 * i) * factorial(i))
        for i in range(copies // 2 + 1)
    ]


def split_counts(copies: Sequence[int], *, turns: int) -> list[int]:
    """The number of orders of the cards (``copies[r]`` of each rank ``r``) with exactly
    ``k`` splits among the first ``turns`` turns, for ``k = 0..turns``; the other places
    (the soda, the hock) are no turns. The counts sum to ``N!``.

    >>> split_counts([2, 2], turns=1)  # 4 cards, one turn: 8 of the 24 orders split it
    [16, 8]
    """
    cards = sum(copies)
    if turns < 0 or 2 * turns > cards:
        raise ShtossError(
            _("{turns} turns of {cards} cards: allowed 0..{cards2}").format(
                turns=turns, cards=cards, cards2=cards // 2
            )
        )
    product = [1]
    for c in copies:
        factor = rank_factor(c)
        grown = [0] * (len(product) + len(factor) - 1)
        for i, a in enumerate(product):
            for k, b in enumerate(factor):
                grown[i + k] += a * b
        product = grown
    most = min(turns, len(product) - 1)
    marked = [
        comb(turns, j) * factorial(j) * factorial(cards - 2 * j) * product[j]
        for j in range(most + 1)
    ]  # E_j
    counts = [
        sum((-1) ** (j - k) * comb(j, k) * marked[j] for j in range(k, most + 1))
        for k in range(most + 1)
    ]
    return counts + [0] * (turns - most)


def _law(counts: list[int], *, shift: int = 0) -> Distribution:
    common = 0
    for c in counts:
        common = gcd(common, c)
    total = sum(counts) // common
    pairs = [(k + shift, c // common) for k, c in enumerate(counts)]
    return Distribution.on_grid(Fraction(1), [k for k, _ in pairs], [c for _, c in pairs], total)


def deck_shape(ranks: int, copies: int) -> tuple[int, int]:
    """The cards and turns of a Faro deal of ``ranks`` ranks of ``copies`` copies.

    >>> deck_shape(13, 4)
    (52, 25)
    """
    cards = ranks * copies
    return cards, max(0, (cards - 2) // 2)


def fair_splits(*, ranks: int = FAIR_RANKS, copies: int = FAIR_COPIES) -> Distribution:
    """The law of the number of splits in one fair deal.

    >>> law = fair_splits()
    >>> law.mean, law[0]
    (Fraction(25, 17), Fraction(8871794433380254866210816, 39771805680360892122359375))
    """
    _check_deck(ranks, copies)
    _cards, turns = deck_shape(ranks, copies)
    return _law(split_counts([copies] * ranks, turns=turns))


def stacked_splits(
    stacked: int, *, ranks: int = FAIR_RANKS, copies: int = FAIR_COPIES
) -> Distribution:
    """The law of the number of splits in one deal with ``stacked`` pairs of as many
    different full ranks (not the soda's) put up as turns, the rest in fair order.

    >>> stacked_splits(0) == fair_splits()
    True
    >>> stacked_splits(1).mean
    Fraction(17, 7)
    """
    _check_deck(ranks, copies)
    _cards, turns = deck_shape(ranks, copies)
    most = min(ranks - 1, turns) if copies >= 2 else 0
    if isinstance(stacked, bool) or not isinstance(stacked, int) or not 0 <= stacked <= most:
        raise ShtossError(
            _(
                "stacked={stacked}: allowed a whole number 0..{most} (pairs of different full "
                "ranks, not the soda's, in {turns} turns)"
            ).format(
                stacked=shown_value(stacked),
                most=most,
                turns=turns,
            )
        )
    rest = [copies - 1] + [copies - 2] * stacked + [copies] * (ranks - 1 - stacked)
    return _law(split_counts(rest, turns=turns - stacked), shift=stacked)


MAX_RANKS = 52
"""Most ranks of a deck whose split law is computed."""

MAX_COPIES = 8
"""Most copies of a rank in a deck whose split law is computed."""


def _check_deck(ranks: int, copies: int) -> None:
    for value, name, most in ((ranks, "ranks", MAX_RANKS), (copies, "copies", MAX_COPIES)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
            raise ShtossError(
                _("{name}={value}: allowed a whole number 1..{most}").format(
                    name=name,
                    value=shown_value(value),
                    most=most,
                )
            )
    if ranks * copies < 3:
        raise ShtossError(
            _("a deck of {ranks} cards has no turn: allowed 3 cards or more").format(
                ranks=ranks * copies
            )
        )
