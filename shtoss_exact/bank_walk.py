"""The bank's dynamic programme: one abzug at a time over a deck holding several staked ranks.

Between abzugs the deal is described by the cards left and, for each *class* of
exchangeable staked ranks (the same copies; the caller decides what else makes
them alike), how many ranks are still undecided and the multiset of the outcome
*categories* its decided ranks got. An undecided rank still has all its copies in
the deck; a decided rank's leftover copies are just other cards. The deck is never
enumerated: every step multiplies a count of ordered (lob, sonik) choices.

Weights are Python ints over one denominator per abzug: each step multiplies the
weights by counts of ordered choices and the denominator by L (L - 1); then all are
divided by their gcd, so the numbers stay the size of the probabilities' own
denominators (ratios of binomials), never n!. Ended deals become ``Fraction``s.
"""

from __future__ import annotations

from bisect import insort
from collections import defaultdict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb, factorial, gcd

from shtoss_exact.engine import Kind

Categorize = Callable[[Kind, int | None], Hashable]
"""Maps an outcome (kind, deciding card's position; ``None`` with ``Kind.NONE``) to a category."""

ClassState = tuple[int, tuple[int, ...]]
State = tuple[ClassState, ...]


@dataclass(frozen=True)
class RankClass:
    """``size`` exchangeable staked ranks of ``copies`` copies each, outcomes via ``categorize``."""

    copies: int
    size: int
    categorize: Categorize


@dataclass(frozen=True)
class Walk:
    """The end of every deal: per class, the sorted category indices of its ranks.

    ``terminals`` and ``length`` (the abzug deciding the last staked rank; 0 when no
    rank can be decided) hold exact probabilities.
    """

    cards: int
    categories: tuple[tuple[Hashable, ...], ...]
    terminals: dict[tuple[tuple[int, ...], ...], Fraction]
    length: dict[int, Fraction]


def state_estimate(classes: Sequence[tuple[int, int]]) -> int:
    """An upper bound on the states of one abzug: per class (ranks K, categories C),
    the multisets of at most K categories, C(K + C, C), multiplied over the classes.

    >>> state_estimate([(13, 2)])
    105
    """
    bound = 1
    for size, categories in classes:
        bound *= comb(size + categories, categories)
    return bound


def walk(cards: int, classes: Sequence[RankClass]) -> Walk:
    """Run the deal abzug by abzug until every staked rank is decided.

    One abzug with ``L`` cards left, ``u_k`` undecided ranks of ``c_k`` copies in class
    ``k`` and ``O = L - sum u_k c_k`` other cards, counted as ordered (lob, sonik):

    * lob other, sonik other: O (O - 1), nothing decided;
    * lob other, sonik of a class-k' rank: O u_k' c_k', that rank given;
    * lob of a class-k rank (u_k c_k ways), then the sonik is
      its own rank (c_k - 1: plié), another undecided rank ((u_k' - [k' = k]) c_k':
      killed and given) or other (O: killed);
    * a lone last card (L = 1) is a lob: it kills its rank (an undecided rank means
      its copies are still in the deck, so that card is one).

    >>> w = walk(4, [RankClass(2, 1, lambda kind, position: kind.value)])
    >>> sorted((w.categories[0][t[0][0]], p) for t, p in w.terminals.items())
    [('given', Fraction(1, 3)), ('killed', Fraction(1, 3)), ('plie', Fraction(1, 3))]
    """
    index: list[dict[Hashable, int]] = [{} for _ in classes]
    cached: list[dict[tuple[Kind, int | None], int]] = [{} for _ in classes]

    def category(k: int, kind: Kind, position: int | None) -> int:
        key = (kind, position)
        found = cached[k].get(key)
        if found is None:
            label = classes[k].categorize(kind, position)
            found = index[k].setdefault(label, len(index[k]))
            cached[k][key] = found
        return found

    start: list[ClassState] = []
    for k, cls in enumerate(classes):
        if cls.copies == 0:
            start.append((0, (category(k, Kind.NONE, None),) * cls.size))
        else:
            start.append((cls.size, ()))
    copies = [cls.copies for cls in classes]
    terminals: dict[tuple[tuple[int, ...], ...], Fraction] = defaultdict(Fraction)
    length: dict[int, Fraction] = defaultdict(Fraction)
    first: State = tuple(start)
    if all(u == 0 for u, _ in first):
        terminals[tuple(ms for _, ms in first)] = Fraction(1)
        length[0] = Fraction(1)
        return _finish(cards, index, terminals, length)

    def decide(state: State, k: int, cat: int) -> State:
        u, ms = state[k]
        grown = list(ms)
        insort(grown, cat)
        return (*state[:k], (u - 1, tuple(grown)), *state[k + 1 :])

    layer: dict[State, int] = {first: 1}
    left, abzug, denominator = cards, 0, 1
    while layer:
        abzug += 1
        lob = cards - left + 1
        after = max(left - 2, 0)
        nxt: dict[State, int] = defaultdict(int)
        ended: dict[State, int] = defaultdict(int)

        def add(state: State, weight: int) -> None:
            if all(u == 0 for u, _ in state):
                ended[state] += weight  # noqa: B023  (this abzug's dict)
            else:
                nxt[state] += weight  # noqa: B023

        for state, weight in layer.items():
            live = [(k, u, copies[k]) for k, (u, _) in enumerate(state) if u]
            other = left - sum(u * c for _, u, c in live)
            if left == 1:
                # The lone last card is a copy of the one undecided rank left.
                (k, u, c), = live  # fmt: skip
                add(decide(state, k, category(k, Kind.KILLED, lob)), weight * u * c)
                continue
            if other >= 2:
                add(state, weight * other * (other - 1))
            for k2, u2, c2 in live:
                if other:
                    add(
                        decide(state, k2, category(k2, Kind.GIVEN, lob + 1)),
                        weight * other * u2 * c2,
                    )
            for k, u, c in live:
                w_lob = weight * u * c
                killed = category(k, Kind.KILLED, lob)
                if c >= 2:
                    add(decide(state, k, category(k, Kind.PLIE, lob)), w_lob * (c - 1))
                if other:
                    add(decide(state, k, killed), w_lob * other)
                after_kill = decide(state, k, killed)
                for k2, u2, c2 in live:
                    ways = (u2 - 1 if k2 == k else u2) * c2
                    if ways:
                        given = category(k2, Kind.GIVEN, lob + 1)
                        add(decide(after_kill, k2, given), w_lob * ways)
        denominator *= left * (left - 1) if left >= 2 else 1
        common = gcd(denominator, *nxt.values())
        denominator //= common
        layer = {state: weight // common for state, weight in nxt.items()}
        for state, weight in ended.items():
            p = Fraction(weight, denominator * common)
            terminals[tuple(ms for _, ms in state)] += p
            length[abzug] += p
        left = after
    return _finish(cards, index, terminals, length)


def _finish(
    cards: int,
    index: list[dict[Hashable, int]],
    terminals: dict[tuple[tuple[int, ...], ...], Fraction],
    length: dict[int, Fraction],
) -> Walk:
    categories = tuple(tuple(sorted(ix, key=ix.__getitem__)) for ix in index)
    return Walk(cards, categories, dict(terminals), dict(sorted(length.items())))


def assign_all(
    size: int, values: Sequence[Callable[[int], int]], categories: int
) -> dict[tuple[int, ...], dict[int, int]]:
    """For every multiset of ``size`` categories: the distribution of the class's sum.

    Exchangeable ranks make every assignment of a multiset M to the ranks equally
    likely. One pass over the ranks counts the category sequences by their multiset
    and sum; a multiset with counts m_c has K! / prod m_c! sequences, so multiplying
    by prod m_c! puts every distribution over K!. ``values[r](c)`` is rank ``r``'s
    integer value for category ``c``; the keys are sorted tuples of category indices.

    >>> assign_all(2, [lambda c: (1, -1)[c], lambda c: 2 * (1, -1)[c]], 2)[(0, 1)]
    {-1: 1, 1: 1}
    """
    layer: dict[tuple[int, ...], dict[int, int]] = {(0,) * categories: {0: 1}}
    for value in values:
        row = [value(c) for c in range(categories)]
        nxt: dict[tuple[int, ...], dict[int, int]] = defaultdict(lambda: defaultdict(int))
        for used, dist in layer.items():
            for c in range(categories):
                v = row[c]
                target = nxt[(*used[:c], used[c] + 1, *used[c + 1 :])]
                for total, ways in dist.items():
                    target[total + v] += ways
        layer = nxt
    out: dict[tuple[int, ...], dict[int, int]] = {}
    for used, dist in layer.items():
        scale = 1
        for m in used:
            scale *= factorial(m)
        key = tuple(c for c, m in enumerate(used) for _ in range(m))
        out[key] = {v: w * scale for v, w in sorted(dist.items())}
    return out


def convolve(first: dict[int, int], second: dict[int, int]) -> dict[int, int]:
    """The distribution of a sum of two independent parts (counts multiply).

    >>> convolve({0: 1, 1: 1}, {0: 1, 1: 1})
    {0: 1, 1: 2, 2: 1}
    """
    out: dict[int, int] = defaultdict(int)
    for a, wa in first.items():
        for b, wb in second.items():
            out[a + b] += wa * wb
    return dict(sorted(out.items()))
