"""The bank's dynamic programme: one abzug at a time over a deck holding several staked ranks.

Between abzugs the deal is described by the cards left and, for each *class* of
exchangeable staked ranks (the same copies; the caller decides what else makes
them alike), how many ranks are still undecided and how many of its decided ranks
got each outcome *category*. An undecided rank still has all its copies in the
deck; a decided rank's leftover copies are just other cards. The deck is never
enumerated: every step multiplies a count of ordered (lob, sonik) choices.

Two things make it fast. The undecided counts ``u`` alone fix the chances of the
next abzug, so the state is ``u`` and, under it, a map from the decided ranks'
category counts to a weight; those counts are one integer, bit fields side by side
(one per class and category, as wide as the class's size needs), so deciding a rank
adds that field's place value. And the successors of each ``u`` are the same at every
abzug where no scheme names a position: they are computed once, as coefficients of a
polynomial in the number of other cards left, and cached.

Weights are exact integers over one denominator, the number of arrangements of the
labelled deck, ``M = n! / (prod m_r! (n - sum m_r)!)``: a weight counts the
arrangements that pass through its state. One abzug with ``L`` cards left multiplies
each weight by a count of ordered choices and divides by L (L - 1), exactly (each
term counts arrangements); the divisions are gathered until they pass a machine word,
so the numbers stay about the size of ``M`` (never ``n!``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from math import comb, factorial

from shtoss_exact.engine import Kind
from shtoss_exact.frozen import dataclass

Categorize = Callable[[Kind, int | None], Hashable]
"""Maps an outcome (kind, deciding card's position, ``None`` for a position no rule
names or with ``Kind.NONE``) to a category: equal categories are one outcome."""

_WORD = 1 << 128

Transition = tuple[tuple[int, ...], int, int, int, int]
"""(the undecided counts after, the code's increase, A, B, C): the count of ordered
(lob, sonik) choices is A o (o - 1) + B o + C with ``o`` other cards left."""


@dataclass(frozen=True)
class RankClass:
    """``size`` exchangeable staked ranks of ``copies`` copies each, outcomes via ``categorize``.

    ``named`` are the positions whose outcomes ``categorize`` must see; at every other
    position it is asked with ``None``. ``named=None``: every position is seen.
    """

    copies: int
    size: int
    categorize: Categorize
    named: frozenset[int] | None = frozenset()


@dataclass(frozen=True)
class Walk:
    """The end of every deal, counted over ``total`` arrangements of the labelled deck.

    ``terminals`` maps, per class, the (category index, count) of its decided ranks
    (categories with none left out) to the number of arrangements ending so;
    ``length`` maps the abzug deciding the last staked rank (0 when no rank can be
    decided) to its count.
    """

    cards: int
    total: int
    categories: tuple[tuple[Hashable, ...], ...]
    terminals: dict[tuple[tuple[tuple[int, int], ...], ...], int]
    length: dict[int, int]

    def dense(self, counts: tuple[tuple[int, int], ...], k: int) -> tuple[int, ...]:
        """Class ``k``'s (category, count) pairs as one count per category.

        >>> w = walk(4, [RankClass(2, 1, lambda kind, position: kind.value)])
        >>> w.categories[0], w.dense(((2, 1),), 0)
        (('given', 'killed', 'plie'), (0, 0, 1))
        """
        vector = [0] * len(self.categories[k])
        for index, count in counts:
            vector[index] = count
        return tuple(vector)


def arrangements(cards: int, copies: Sequence[int]) -> int:
    """The arrangements of a deck of ``cards`` with ``copies[r]`` copies of each staked
    rank ``r`` and other cards alike: the multinomial n! / (prod m_r! (n - sum m_r)!).

    >>> arrangements(4, [2, 2]), arrangements(52, [4])
    (6, 270725)
    """
    total, left = 1, cards
    for m in copies:
        total *= comb(left, m)
        left -= m
    return total


def walk(cards: int, classes: Sequence[RankClass]) -> Walk:
    """Run the deal abzug by abzug until every staked rank is decided.

    One abzug with ``L`` cards left, ``u_k`` undecided ranks of ``c_k`` copies in class
    ``k`` and ``o = L - sum u_k c_k`` other cards, counted as ordered (lob, sonik):

    * lob other, sonik other: o (o - 1), nothing decided;
    * lob other, sonik of a class-k' rank: o u_k' c_k', that rank given;
    * lob of a class-k rank (u_k c_k ways), then the sonik is
      its own rank (c_k - 1: plié), another undecided rank ((u_k' - [k' = k]) c_k':
      killed and given) or other (o: killed);
    * a lone last card (L = 1) is a lob: it kills its rank (an undecided rank means
      its copies are still in the deck, so that card is one).

    >>> w = walk(4, [RankClass(2, 1, lambda kind, position: kind.value)])
    >>> w.total, sorted((w.categories[0][t[0][0][0]], c) for t, c in w.terminals.items())
    (6, [('given', 2), ('killed', 2), ('plie', 2)])
    """
    count = len(classes)
    sizes = [cls.size for cls in classes]
    copies = [cls.copies for cls in classes]
    labels: list[dict[Hashable, int]] = [{} for _ in classes]
    places: list[list[int]] = [[] for _ in classes]
    seen: list[dict[tuple[Kind, int | None], int]] = [{} for _ in classes]
    fields: dict[int, tuple[int, int, int]] = {}  # first bit -> (class, category, width)
    next_bit = [0]

    def place(k: int, kind: Kind, position: int | None) -> int:
        """The place value of the digit counting class ``k``'s ranks decided so."""
        named = classes[k].named
        asked = position if named is None or position in named else None
        key = (kind, asked)
        found = seen[k].get(key)
        if found is None:
            label = classes[k].categorize(kind, asked)
            index = labels[k].setdefault(label, len(labels[k]))
            if index == len(places[k]):
                width = sizes[k].bit_length()
                fields[next_bit[0]] = (k, index, width)
                places[k].append(1 << next_bit[0])
                next_bit[0] += width
            found = seen[k][key] = places[k][index]
        return found

    total = arrangements(cards, [c for cls in classes for c in [cls.copies] * cls.size])
    start = [0 if c == 0 else s for s, c in zip(sizes, copies, strict=True)]
    code = sum(s * place(k, Kind.NONE, None) for k, s in enumerate(sizes) if copies[k] == 0)
    first = tuple(start)
    done = (0,) * count
    terminals: dict[int, int] = {}
    length: dict[int, int] = {}
    if first == done:
        return _finish(cards, total, classes, labels, fields, {code: total}, {0: total})

    def successors(u: tuple[int, ...], lob: int) -> list[Transition]:
        """Every way the abzug whose lob is at ``lob`` can leave ``u``, merged by target."""
        live = [k for k in range(count) if u[k]]
        merged: dict[tuple[tuple[int, ...], int], list[int]] = {}

        def add(after: tuple[int, ...], delta: int, a: int, b: int, c: int) -> None:
            row = merged.setdefault((after, delta), [0, 0, 0])
            row[0] += a
            row[1] += b
            row[2] += c

        def less(v: tuple[int, ...], k: int) -> tuple[int, ...]:
            return (*v[:k], v[k] - 1, *v[k + 1 :])

        add(u, 0, 1, 0, 0)
        for k in live:
            add(less(u, k), place(k, Kind.GIVEN, lob + 1), 0, u[k] * copies[k], 0)
        for k in live:
            ways = u[k] * copies[k]
            killed = place(k, Kind.KILLED, lob)
            after = less(u, k)
            if copies[k] >= 2:
                add(after, place(k, Kind.PLIE, lob), 0, 0, ways * (copies[k] - 1))
            add(after, killed, 0, ways, 0)
            for k2 in live:
                other = (u[k2] - (k2 == k)) * copies[k2]
                if other:
                    given = place(k2, Kind.GIVEN, lob + 1)
                    add(less(after, k2), killed + given, 0, 0, ways * other)
        return [(after, delta, a, b, c) for (after, delta), (a, b, c) in merged.items()]

    generic = all(cls.named is not None for cls in classes)
    named = set().union(*(cls.named or () for cls in classes))
    cache: dict[tuple[int, ...], list[Transition]] = {}
    layer: dict[tuple[int, ...], dict[int, int]] = {first: {code: total}}
    left, abzug, pending = cards, 0, 1
    while layer:
        abzug += 1
        lob = cards - left + 1
        nxt: dict[tuple[int, ...], dict[int, int]] = {}
        if left == 1:
            # The lone last card is a copy of the one undecided rank left: it kills it.
            for u, poly in layer.items():
                (k,) = (k for k in range(count) if u[k])
                delta = place(k, Kind.KILLED, lob)
                ended = nxt.setdefault(done, {})
                for key, w in poly.items():
                    ended[key + delta] = ended.get(key + delta, 0) + w
            divisor = 1
        else:
            plain = generic and lob not in named and lob + 1 not in named
            # Fewest undecided first: a state's own "nothing decided" move then makes
            # its next map (the ways that decide ranks only lead to fewer undecided).
            for u in sorted(layer, key=sum):
                poly = layer[u]
                moves = cache.get(u) if plain else None
                if moves is None:
                    moves = successors(u, lob)
                    if plain:
                        cache[u] = moves
                o = left - sum(s * c for s, c in zip(u, copies, strict=True))
                for after, delta, a, b, c in moves:
                    ways = c + o * (b + a * (o - 1))
                    if not ways:
                        continue
                    target = nxt.get(after)
                    if target is None:
                        nxt[after] = {key + delta: w * ways for key, w in poly.items()}
                        continue
                    get = target.get
                    for key, w in poly.items():
                        moved = key + delta
                        target[moved] = get(moved, 0) + w * ways
            divisor = left * (left - 1)
        # Weights are counts times ``pending``; divided down once it passes a word.
        pending *= divisor
        ended_here = nxt.pop(done, None)
        if ended_here:
            ended_total = 0
            for key, w in ended_here.items():
                w //= pending
                terminals[key] = terminals.get(key, 0) + w
                ended_total += w
            length[abzug] = ended_total
        if pending >= _WORD:
            nxt = {u: {key: w // pending for key, w in poly.items()} for u, poly in nxt.items()}
            pending = 1
        layer = nxt
        left = max(left - 2, 0)
    return _finish(cards, total, classes, labels, fields, terminals, length)


def _finish(
    cards: int,
    total: int,
    classes: Sequence[RankClass],
    labels: list[dict[Hashable, int]],
    fields: dict[int, tuple[int, int, int]],
    codes: dict[int, int],
    length: dict[int, int],
) -> Walk:
    owner = [0] * sum(width for _, _, width in fields.values())
    for start, (_, _, width) in fields.items():
        owner[start : start + width] = [start] * width
    terminals: dict[tuple[tuple[tuple[int, int], ...], ...], int] = {}
    for code, w in codes.items():
        if not w:
            continue
        found: list[list[tuple[int, int]]] = [[] for _ in classes]
        while code:
            # The lowest set bit lies in the lowest field not yet read.
            start = owner[(code & -code).bit_length() - 1]
            k, index, width = fields[start]
            count = (code >> start) & ((1 << width) - 1)
            found[k].append((index, count))
            code ^= count << start
        key = tuple(tuple(sorted(pairs)) for pairs in found)
        terminals[key] = terminals.get(key, 0) + w
    categories = tuple(tuple(sorted(ix, key=ix.__getitem__)) for ix in labels)
    return Walk(cards, total, categories, terminals, dict(sorted(length.items())))


def assign_all(
    size: int,
    values: Sequence[Sequence[int]],
    categories: int,
    *,
    caps: Sequence[int] | None = None,
) -> dict[tuple[int, ...], dict[int, int]]:
    """For every count vector of ``size`` ranks over the categories: the distribution
    of the class's sum.

    Exchangeable ranks make every assignment of the outcomes to the ranks equally
    likely. One pass over the ranks counts the category sequences by their counts
    and sum; counts ``m_c`` come from K! / prod m_c! sequences, so multiplying by
    prod m_c! puts every distribution over K!. ``values[r][c]`` is rank ``r``'s
    integer value in category ``c``. ``caps[c]``, when given, is the most ranks category
    ``c`` can hold (a category only named positions give): count vectors beyond it are
    never built.

    >>> assign_all(2, [(1, -1), (2, -2)], 2)[(1, 1)]
    {-1: 1, 1: 1}
    """
    layer: dict[tuple[int, ...], dict[int, int]] = {(0,) * categories: {0: 1}}
    for row in values:
        nxt: dict[tuple[int, ...], dict[int, int]] = {}
        for used, dist in layer.items():
            for c in range(categories):
                if caps is not None and used[c] >= caps[c]:
                    continue
                v = row[c]
                key = (*used[:c], used[c] + 1, *used[c + 1 :])
                target = nxt.setdefault(key, {})
                for sum_, ways in dist.items():
                    target[sum_ + v] = target.get(sum_ + v, 0) + ways
        layer = nxt
    out: dict[tuple[int, ...], dict[int, int]] = {}
    for used, dist in layer.items():
        scale = 1
        for m in used:
            scale *= factorial(m)
        out[used] = {v: w * scale for v, w in sorted(dist.items())}
    return out
