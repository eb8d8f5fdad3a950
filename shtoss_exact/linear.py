"""Exact sparse linear solves over the integers: p-adic lifting, one ``Fraction`` per answer.

The chains of this package (a punter's plan until ruin or target, a punter's stakes
under a policy) give systems ``A x = b`` whose coefficients share one denominator, so
they are scaled to integers first. An exact elimination over the integers (or over
``Fraction``) makes its numbers grow to the size of the answer at every one of the
``n * band`` entries it updates; Dixon's p-adic lifting (J. D. Dixon, "Exact solution
of linear equations using p-adic expansions", Numer. Math. 40, 1982) keeps every
number of the elimination small instead:

1. ``A`` is factored once modulo ``q = p**4`` (``p = 2**61 - 1``), without pivoting,
   in the order the rows are given (a chain found breadth-first keeps the fill-in
   within the band of a ruin walk);
2. the solution is lifted one base-``q`` digit at a time: ``y = A^-1 r (mod q)``,
   ``r = (r - A y) / q`` (an exact division), so that after ``t`` steps
   ``x = y_0 + y_1 q + ... (mod q**t)``;
3. ``t`` is chosen from Hadamard's bound on ``det A`` (which bounds every denominator)
   and on the numerators (Cramer's rule), so that each answer is the one fraction with
   numerator and denominator within the bounds that matches modulo ``q**t`` (rational
   reconstruction by the extended Euclidean algorithm; the first answer's denominator
   is tried on the others, which usually share it).

A system that is singular (or has a zero pivot in the given order) is refused; a
pivot that is zero modulo ``p`` alone (a chance of about ``n / 2**61``) is retried
with another prime, and failing that with an exact fraction-free elimination.
``elimination_work`` estimates the cost up front from a dry run of the fill-in.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import gcd, isqrt, prod

from shtoss_exact.errors import ShtossError
from shtoss_exact.i18n import N_, _

Row = dict[int, int]
"""One equation's non-zero integer coefficients, by unknown's index."""

PRIMES = ((1 << 61) - 1, (1 << 62) - 57, (1 << 63) - 25)
"""The primes of the lifting, tried in turn."""

POWER = 4
"""The lifting works modulo ``p**POWER``: four words a digit, a quarter of the steps."""

_SINGULAR = N_("the system has no unique solution (the play never ends)")


class TooLong(ArithmeticError):
    """The solution has a numerator or a denominator longer than the bits allowed."""


def solve(rows: Sequence[Row], rhs: Sequence[int], *, max_bits: int | None = None
          ) -> list[Fraction]:  # fmt: skip
    """The exact solution of ``rows * x = rhs`` (integer coefficients, sparse rows).

    A singular system is refused with ``ShtossError`` (the caller's chain never ends).
    ``max_bits``: a solution whose numerators or denominators would be longer raises
    ``TooLong``, found by lifting only as far as ``max_bits`` needs (Hadamard's bound,
    far above most solutions, would lift much further) and checking the solution so
    found against the system.

    >>> solve([{0: 2, 1: -1}, {0: -1, 1: 2}], [1, 0])
    [Fraction(2, 3), Fraction(1, 3)]
    >>> solve([{0: 3**40}], [1], max_bits=20)
    Traceback (most recent call last):
    ...
    shtoss_exact.linear.TooLong: a solution longer than 20 bits
    """
    sums = [{i: 1} for i in range(len(rows))]
    if max_bits is None:
        return solve_sums(rows, rhs, sums)
    longer = TooLong(f"a solution longer than {max_bits} bits")
    try:
        solution = solve_sums(rows, rhs, sums, max_bits=max_bits)
    except ArithmeticError:  # no fraction within the bits: a longer solution
        raise longer from None
    if not _solves(rows, rhs, solution):  # a fraction within the bits, but not the one
        raise longer
    if any(max(abs(x.numerator), x.denominator).bit_length() > max_bits for x in solution):
        raise longer
    return solution


def _solves(rows: Sequence[Row], rhs: Sequence[int], solution: list[Fraction]) -> bool:
    """Whether ``solution`` satisfies every equation exactly (over one denominator)."""
    common = 1
    for value in solution:
        common = common * value.denominator // gcd(common, value.denominator)
    whole = [value.numerator * (common // value.denominator) for value in solution]
    return all(
        sum(v * whole[c] for c, v in row.items()) == b * common
        for row, b in zip(rows, rhs, strict=True)
    )


def solve_sums(rows: Sequence[Row], rhs: Sequence[int], sums: Sequence[Row], *,
               max_bits: int | None = None) -> list[Fraction]:  # fmt: skip
    """The exact values of ``sum_j w_j x_j`` for each ``w`` of ``sums``, where
    ``rows * x = rhs``: only these are reconstructed (e.g. the probability of each end
    of a chain from its expected visits), not every unknown. ``max_bits``: lifted only
    as far as answers of that many bits need (the caller checks what it gets: ``solve``).

    >>> solve_sums([{0: 2, 1: -1}, {0: -1, 1: 2}], [1, 0], [{0: 1, 1: 1}, {0: 3}])
    [Fraction(1, 1), Fraction(2, 1)]
    """
    size = len(rows)
    if len(rhs) != size:
        raise ValueError(f"{size} rows but {len(rhs)} right-hand sides")
    if size == 0:
        return [Fraction(0) for _ in sums]
    for prime in PRIMES:
        factors = _factor(rows, prime**POWER, prime)
        if factors is not None:
            return _lift(rows, rhs, sums, factors, max_bits=max_bits)
    # Zero pivots modulo three primes: almost surely a zero pivot over the rationals,
    # which the exact elimination finds (and refuses) for certain.
    values = _exact_solve(rows, rhs)
    return [sum((w * values[j] for j, w in s.items()), Fraction(0)) for s in sums]


class _Factors:
    """``A = L U`` modulo ``q``: L's multipliers by pivot, U's rows and pivot inverses."""

    def __init__(
        self, modulus: int, lower: list[list[tuple[int, int]]], upper: list[list[tuple[int, int]]],
        inverse: list[int],
    ) -> None:  # fmt: skip
        self.modulus = modulus
        self.lower = lower
        self.upper = upper
        self.inverse = inverse

    def solve(self, right: list[int]) -> list[int]:
        """``A^-1 right`` modulo ``q`` (``right`` is overwritten)."""
        q = self.modulus
        for k, column in enumerate(self.lower):  # forward: L y = right
            head = right[k] % q
            right[k] = head
            if head:
                for r, factor in column:
                    right[r] -= factor * head
        x = [0] * len(right)
        for k in range(len(right) - 1, -1, -1):  # backward: U x = y
            total = right[k]
            for c, value in self.upper[k]:
                total -= value * x[c]
            x[k] = total % q * self.inverse[k] % q
        return x


def _factor(rows: Sequence[Row], q: int, prime: int) -> _Factors | None:
    """Gaussian elimination modulo ``q`` without pivoting; None at a pivot divisible by
    ``prime`` (not invertible modulo ``q``)."""
    size = len(rows)
    work: list[Row] = []
    for row in rows:
        reduced = {}
        for c, v in row.items():
            v %= q
            if v:
                reduced[c] = v
        work.append(reduced)
    holders: list[set[int]] = [set() for _ in range(size)]  # column -> rows below holding it
    for r, row in enumerate(work):
        for c in row:
            if r > c:
                holders[c].add(r)
    lower: list[list[tuple[int, int]]] = []
    inverse: list[int] = []
    for k in range(size):
        row = work[k]
        head = row.get(k, 0)
        if head % prime == 0:
            return None
        inv = pow(head, -1, q)
        inverse.append(inv)
        column: list[tuple[int, int]] = []
        pivot_items = [(c, v) for c, v in row.items() if c > k]
        for r in sorted(holders[k]):
            other = work[r]
            factor = other.pop(k) * inv % q
            column.append((r, factor))
            for c, v in pivot_items:
                updated = (other.get(c, 0) - factor * v) % q
                if updated:
                    if c not in other and r > c:
                        holders[c].add(r)
                    other[c] = updated
                elif c in other:
                    del other[c]
                    holders[c].discard(r)
        holders[k] = set()
        lower.append(column)
    upper = [[(c, v) for c, v in work[k].items() if c > k] for k in range(size)]
    return _Factors(q, lower, upper, inverse)


def _bounds(rows: Sequence[Row], rhs: Sequence[int]) -> tuple[int, int]:
    """Hadamard's bound on ``|det A|`` and on Cramer's numerators ``|det A_i|``."""
    columns: dict[int, int] = {}
    for row in rows:
        for c, v in row.items():
            columns[c] = columns.get(c, 0) + v * v
    by_rows = prod(sum(v * v for v in row.values()) for row in rows)
    by_columns = prod(columns.values())
    det = isqrt(min(by_rows, by_columns)) + 1
    # det A_i: column i replaced by rhs, so at most det's column bound times |rhs|.
    numerator = (isqrt(by_columns) + 1) * (isqrt(sum(b * b for b in rhs)) + 1)
    return det, numerator


def _lift(
    rows: Sequence[Row], rhs: Sequence[int], sums: Sequence[Row], factors: _Factors,
    *, max_bits: int | None = None,
) -> list[Fraction]:  # fmt: skip
    det, numerator = _bounds(rows, rhs)
    weight = max((sum(abs(w) for w in s.values()) for s in sums), default=1) or 1
    top = numerator * weight  # |numerator of sum_j w_j x_j| <= weight * max |det A_i|
    if max_bits is not None:  # as far as answers of max_bits need (checked by the caller)
        top, det = min(top, weight << max_bits), min(det, 1 << max_bits)
    q = factors.modulus
    steps = 1
    modulus = q
    slack = 3 * len(sums) + 1  # room to reconstruct a combination of every sum at once
    while modulus <= 2 * top * det * slack:
        steps += 1
        modulus *= q
    residual = list(rhs)
    size = len(rows)
    weights = [None if len(s) == size and all(w == 1 for w in s.values()) else list(s.items())
               for s in sums]  # fmt: skip
    equations = [list(row.items()) for row in rows]
    digits: list[list[int]] = []  # per step, each sum's base-q digit
    for _step in range(steps):
        y = factors.solve(list(residual))
        digits.append([sum(y) if w is None else sum(v * y[j] for j, v in w) for w in weights])
        for i, row in enumerate(equations):
            total = residual[i]
            for c, v in row:
                total -= v * y[c]
            residual[i] = total // q  # exact: A y = residual (mod q)
    values = []
    for index in range(len(sums)):
        value = 0
        for step in reversed(digits):
            value = value * q + step[index]
        values.append(value % modulus)
    return _reconstruct(values, modulus, top, det)


def _reconstruct(values: list[int], modulus: int, top: int, det: int) -> list[Fraction]:
    """Each residue as the fraction ``a/b`` with ``|a| <= top``, ``0 < b <= det``.

    One rational reconstruction (a Euclidean algorithm on numbers of the modulus's
    size) of the combination ``sum (1 + i mod 3) value_i`` gives, but for a rare
    cancellation, the common denominator of every answer; each is then one
    multiplication, checked against ``top`` (a check that cannot pass wrongly while
    ``modulus > 2 top det``), and a Euclid only where the check fails.
    """
    half = modulus // 2
    answers: list[Fraction] = []
    weights = [1 + i % 3 for i in range(len(values))]
    combined = sum(w * v for w, v in zip(weights, values, strict=True)) % modulus
    try:
        common = _rational(combined, modulus, top * sum(weights), det).denominator
    except ArithmeticError:
        common = 0
    for value in values:
        if common:
            candidate = common * value % modulus
            if candidate > half:
                candidate -= modulus
            if abs(candidate) <= top:
                answers.append(Fraction(candidate, common))
                continue
        answer = _rational(value, modulus, top, det)
        answers.append(answer)
        common = (
            answer.denominator
            if not common
            else common * answer.denominator // gcd(common, answer.denominator)
        )
        if common > det:
            common = answer.denominator
    return answers


def _rational(value: int, modulus: int, top: int, det: int) -> Fraction:
    """Rational reconstruction: the half-extended Euclidean algorithm on (modulus, value)."""
    r0, r1 = modulus, value
    t0, t1 = 0, 1
    while r1 > top:
        quotient = r0 // r1
        r0, r1 = r1, r0 - quotient * r1
        t0, t1 = t1, t0 - quotient * t1
    if t1 == 0 or abs(t1) > det:  # cannot happen when the bounds hold
        raise ArithmeticError("rational reconstruction failed: the bounds do not hold")
    return Fraction(r1, t1)


def _exact_solve(rows: Sequence[Row], rhs: Sequence[int]) -> list[Fraction]:
    """Fraction-free elimination over the integers (row gcds divided out): slow, certain."""
    size = len(rows)
    work: list[Row] = [{c: v for c, v in row.items() if v} for row in rows]
    right = list(rhs)
    holders: list[set[int]] = [set() for _ in range(size)]
    for r, row in enumerate(work):
        for c in row:
            holders[c].add(r)
    for pivot in range(size):
        if work[pivot].get(pivot, 0) == 0:
            raise ShtossError(_(_SINGULAR))
        for r in [r for r in holders[pivot] if r > pivot]:
            _combine(work, right, holders, r, pivot)
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


FILL_COST = 600.0
"""Bit operations charged per entry update of the factorization (one modular product
and a dict update: about 0.6 microseconds)."""

STEP_COST = 400.0
"""Bit operations charged per stored entry of L, U or A, and per unknown, at each
lifting step (a product of numbers of a few words and a sum). Measured 350 to 420 on
the ruin chains of ``raise`` (2 000 to 4 800 unknowns), where 300 made a solve
estimated at 9.6 s take 11.8 s."""


def elimination_work(
    rows: Sequence[Row],
    *,
    bits: int,
    sums: int = 1,
    limit: float = float("inf"),
    max_bits: int | None = None,
) -> float:
    """Estimated bit operations of ``solve`` (about one a nanosecond), from a dry run of
    the fill-in on the pattern of non-zero entries alone (no arithmetic).

    The factorization costs ``FILL_COST`` per entry update; the lifting takes one step
    per ``244`` bits of the answer's bound (about ``2 n (bits + 1)`` bits, Hadamard's),
    each costing ``STEP_COST`` per entry of L, U and A; the reconstruction is a
    Euclidean algorithm on numbers of that size, and each of the ``sums`` answers a
    multiplication modulo them. The dry run stops once the sum passes ``limit``.
    ``max_bits``: the answers are lifted only as far as ``solve(max_bits=)`` lifts them.

    >>> elimination_work([{0: 3, 1: -1}, {0: -1, 1: 3}], bits=2) > 0
    True
    """
    size = len(rows)
    # The lifting alone, over the entries of A (the factors hold at least as many), is
    # a lower bound known before the dry run: past the limit, no fill-in is followed.
    floor = lifting_work(
        size, sum(len(row) for row in rows), stored=0, bits=bits, sums=sums, max_bits=max_bits
    )
    if floor > limit:
        return floor
    pattern: list[set[int]] = [set(row) | {i} for i, row in enumerate(rows)]
    holders: list[set[int]] = [set() for _ in range(size)]
    for r, row in enumerate(pattern):
        for c in row:
            if r > c:
                holders[c].add(r)
    updates = 0
    stored = 0
    for pivot in range(size):
        row = pattern[pivot]
        right = [c for c in row if c > pivot]
        stored += len(right) + len(holders[pivot]) + 1
        for r in holders[pivot]:
            other = pattern[r]
            updates += len(right)
            for c in right:
                if c not in other:
                    other.add(c)
                    if r > c:
                        holders[c].add(r)
        holders[pivot] = set()
        if updates * FILL_COST > limit:
            return updates * FILL_COST
    entries = sum(len(row) for row in rows)
    lifting = lifting_work(size, entries, stored=stored, bits=bits, sums=sums, max_bits=max_bits)
    return updates * FILL_COST + lifting


def lifted_bits(size: int, bits: int, max_bits: int | None = None) -> int:
    """Bits of the modulus the lifting reaches for ``size`` unknowns of ``bits``-bit
    entries: Hadamard's bound, or twice ``max_bits`` when that is less."""
    hadamard = 2 * size * (bits + 1) + 64
    return hadamard if max_bits is None else min(hadamard, 2 * max_bits + 64)


def lifting_work(
    size: int, entries: int, *, stored: int, bits: int, sums: int, max_bits: int | None = None
) -> float:
    """Bit operations of the lifting of ``size`` unknowns (``entries`` of A, ``stored``
    of L and U) to Hadamard's bound, and of the reconstruction of ``sums`` answers: the
    digits of the answer, about ``2 n (bits + 1)`` bits, decide the steps; with
    ``max_bits``, at most ``2 max_bits`` (a numerator and a denominator of that many:
    4 096 bankrolls were estimated 2.5 times their time, lifted to Hadamard's bound)."""
    answer_bits = lifted_bits(size, bits, max_bits)
    steps = answer_bits // (61 * POWER) + 1
    kilobits = answer_bits / 1000
    euclid = kilobits**2 * 5000.0  # one reconstruction, ~5 us per kbit**2
    answers = sums * kilobits**2 * 1300.0  # one product modulo the modulus per answer
    return steps * (stored + entries + 4 * size) * STEP_COST + euclid + answers
