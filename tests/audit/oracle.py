"""An independent oracle for the audits: every distinct order of a small deck, counted.

Nothing here uses the code under test: the orders come from sympy's multiset
permutations, the splits are counted turn by turn, the laws are plain dicts of Fractions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import product

from sympy.utilities.iterables import multiset_permutations


def orders(ranks: int, copies: int) -> Iterator[tuple[int, ...]]:
    """Every distinct order of the ranks (each order of the cards is as likely)."""
    deck = [r for r in range(ranks) for _ in range(copies)]
    for order in multiset_permutations(deck):
        yield tuple(order)


def turns_of(cards: int) -> list[tuple[int, int]]:
    """The places of the turns: after the soda (place 0), two a turn; the rest no turn."""
    return [(1 + 2 * t, 2 + 2 * t) for t in range((cards - 2) // 2)]


def splits_of(order: Sequence[int]) -> int:
    return sum(1 for a, b in turns_of(len(order)) if order[a] == order[b])


def law(counter: Counter[int]) -> dict[int, Fraction]:
    whole = sum(counter.values())
    return {k: Fraction(v, whole) for k, v in sorted(counter.items())}


def fair_law(ranks: int, copies: int) -> dict[int, Fraction]:
    """The split law of one fair deal, by enumeration."""
    return law(Counter(splits_of(o) for o in orders(ranks, copies)))


def stacked_law(ranks: int, copies: int, stacked: int) -> dict[int, Fraction]:
    """Every order whose soda is of rank 0 and whose last ``stacked`` turns hold one pair
    of each of the ranks 1..stacked (in any arrangement): the law of all its splits."""
    places = turns_of(ranks * copies)[len(turns_of(ranks * copies)) - stacked :]
    wanted = set(range(1, stacked + 1))
    found: Counter[int] = Counter()
    for order in orders(ranks, copies):
        if order[0] != 0:
            continue
        pairs = [order[a] for a, b in places if order[a] == order[b]]
        if len(pairs) == stacked and set(pairs) == wanted:
            found[splits_of(order)] += 1
    return law(found)


def sum_of(laws: Sequence[dict[int, Fraction]]) -> dict[int, Fraction]:
    """The law of the sum of independent results, by every combination of outcomes."""
    total: dict[int, Fraction] = {}
    for outcome in product(*(list(one.items()) for one in laws)):
        value = sum(v for v, _ in outcome)
        p = Fraction(1)
        for _, q in outcome:
            p *= q
        total[value] = total.get(value, Fraction(0)) + p
    return dict(sorted(total.items()))


def tail(one: dict[int, Fraction], at: int) -> Fraction:
    return sum((p for v, p in one.items() if v >= at), Fraction(0))
