"""Exact sparse linear solves over the integers: fraction-free, one ``Fraction`` per answer.

The chains of this package (a punter's plan until ruin or target, a punter's stakes
under a policy) give systems ``A x = b`` whose coefficients share one denominator,
so they are scaled to integers first. Elimination then never divides: row ``r`` is
replaced by ``a_kk * row_r - a_rk * row_k`` (the pivot row ``k`` scaled up, not
``row_r`` divided down) and divided by the gcd of its entries, which keeps the
integers as small as the answer needs. Forward elimination makes the system upper
triangular; backward elimination clears it to a diagonal, so that each unknown is
``Fraction(b_i, a_ii)``: no ``Fraction`` arithmetic (and no gcd of fractions) on the way.

Rows are eliminated in the order given, which for a chain found breadth-first keeps
the fill-in within the band of a ruin walk. ``elimination_work`` estimates the cost
up front by a dry run of the fill-in on the pattern alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import gcd

from shtoss_exact.errors import ShtossError

Row = dict[int, int]
"""One equation's non-zero integer coefficients, by unknown's index."""


def solve(rows: Sequence[Row], rhs: Sequence[int]) -> list[Fraction]:
    """The exact solution of ``rows * x = rhs`` (integer coefficients, sparse rows).

    A singular system is refused with ``ShtossError`` (the caller's chain never ends).

    >>> solve([{0: 2, 1: -1}, {0: -1, 1: 2}], [1, 0])
    [Fraction(2, 3), Fraction(1, 3)]
    """
    size = len(rows)
    work: list[Row] = [{c: v for c, v in row.items() if v} for row in rows]
    right = list(rhs)
    holders: list[set[int]] = [set() for _ in range(size)]  # column -> rows holding it
    for r, row in enumerate(work):
        for c in row:
            holders[c].add(r)
    for pivot in range(size):
        row = work[pivot]
        head = row.get(pivot, 0)
        if head == 0:
            raise ShtossError("the system has no unique solution (the play never ends)")
        for r in [r for r in holders[pivot] if r > pivot]:  # rows above: the backward pass
            _combine(work, right, holders, r, pivot)
    # Backward: clear each column above its pivot, last pivot first; row k is then
    # {k: a_kk}, so an update scales row r's other entries by a_kk and fixes its rhs.
    for pivot in reversed(range(size)):
        for r in [r for r in holders[pivot] if r < pivot]:
            _combine(work, right, holders, r, pivot)
    return [Fraction(right[i], work[i][i]) for i in range(size)]


def _combine(work: list[Row], right: list[int], holders: list[set[int]], r: int, k: int) -> None:
    """row_r := a_kk row_r - a_rk row_k, then divided by the gcd of its entries."""
    pivot_row, other = work[k], work[r]
    head, factor = pivot_row[k], other.pop(k)
    holders[k].discard(r)
    if head != 1:
        for c in other:
            other[c] *= head
    for c, value in pivot_row.items():
        if c == k:
            continue
        updated = other.get(c, 0) - factor * value
        if updated:
            if c not in other:
                holders[c].add(r)
            other[c] = updated
        elif c in other:
            del other[c]
            holders[c].discard(r)
    right[r] = head * right[r] - factor * right[k]
    common = gcd(right[r], *other.values())
    if common > 1:
        for c in other:
            other[c] //= common
        right[r] //= common


def elimination_work(rows: Sequence[Row], *, bits: int, limit: float = float("inf")) -> float:
    """Estimated bit operations of ``solve``, from a dry run of the fill-in.

    The elimination is run on the pattern of non-zero entries alone (no arithmetic),
    counting every entry a row update touches; the integers grow by about ``bits``
    (the coefficients' size) per pivot, so an update at pivot ``k`` is weighted by
    ``(k + 1) * bits``. The dry run stops once the sum passes ``limit``.

    >>> elimination_work([{0: 3, 1: -1}, {0: -1, 1: 3}], bits=2)
    4.0
    """
    size = len(rows)
    pattern: list[set[int]] = [set(row) | {i} for i, row in enumerate(rows)]
    holders: list[set[int]] = [set() for _ in range(size)]
    for r, row in enumerate(pattern):
        for c in row:
            holders[c].add(r)
    total = 0.0
    for pivot in range(size):
        row = pattern[pivot]
        for c in row:
            holders[c].discard(pivot)
        for r in holders[pivot]:
            if r < pivot:
                continue
            total += len(row) * (pivot + 1) * bits
            other = pattern[r]
            for c in row - other:
                other.add(c)
                holders[c].add(r)
        if total > limit:
            break
    return total
