"""Sums of binomials, exact: the alternating sum A(N, k), the parity sum E(N, k) and
the binomial series behind them, by binary splitting.

The summary counts of ``shtoss_exact.engine`` (plié, given, killed over C(n, m)) are
such sums: the plié is E(n - 2, m - 2) = (C(n - 1, m - 1) + A(n - 2, m - 2)) / 2. Each
sum here is one binomial series of k terms, made from a few products of the size of
the answer rather than k big-integer steps.
"""

from __future__ import annotations

from math import comb, lgamma, log, log2, perm

from shtoss_exact.quotients import exact_quotient, exact_quotients, inverts, twos_in

LN2 = log(2)


def binom(a: int, b: int) -> int:
    """C(a, b), zero outside 0 <= b <= a (so C(-1, 0) = 0, unlike some conventions)."""
    if b < 0 or a < 0 or b > a:
        return 0
    return comb(a, b)


def alternating_sum(top: int, k: int) -> int:
    """A(N, k) = sum over 0 <= q <= N of (-1)^(N - q) C(q, k), as one binomial series.

    Pascal's rule gives A(N, k) = A(N-1, k) + A(N-1, k-1), and pairing neighbours
    gives A(N, k) + A(N-1, k) = C(N, k); so 2 A(N, k) = C(N, k) + A(N-1, k-1), down to
    A(s, 0) = [s even] with s = N - k. Unrolled, with the diagonal C(s + j, j):

        2^k A(N, k) = [s even] + sum over 1 <= j <= k of 2^(j-1) C(s + j, j)
                    = [s even] + (S(s, 2, k) - 1) / 2,

    where S(x, c, t) = sum over 0 <= j <= t of c^j C(x + j, j) (``binomial_series``).
    When s < k the row is shorter than the diagonal: with q = k + i,
    A(N, k) = (-1)^s sum over 0 <= i <= s of (-1)^i C(k + i, i) = (-1)^s S(k, -1, s).
    """
    if top < 0 or k < 0 or top < k:
        return 0
    start = top - k
    if k <= start:
        return ((binomial_series(start, 2, k) - 1) // 2 + 1 - start % 2) >> k
    series = binomial_series(k, -1, start)
    return series if start % 2 == 0 else -series


LEAF_TERMS = 50
"""Terms of a binomial series added one by one before binary splitting takes over
(measured: 40 to 64 cost about the same; 50 the least for 100 to 200 copies)."""


def binomial_series(x: int, factor: int, terms: int) -> int:
    """S(x, c, t) = sum over 0 <= j <= t of c^j C(x + j, j), exactly, for x >= 0.

    The terms are t_0 = 1 and t_(j+1) = t_j p(j) / q(j) with p(j) = c (x + j + 1) and
    q(j) = j + 1, so by binary splitting: on the terms a < i <= b keep P = prod p(j),
    Q = prod q(j) (a <= j < b) and T with T / Q = sum of t_i / t_a. Two halves merge as
    P = P1 P2, Q = Q1 Q2, T = T1 Q2 + P1 T2, and S = 1 + T / Q with one exact division
    at the end: a few products of the size of the answer, where stepping the terms one
    by one costs t big-int steps. The twos are kept apart (``_split``).

    >>> binomial_series(3, 2, 2) == 1 + 2 * 4 + 4 * 10
    True
    """
    if terms <= LEAF_TERMS:  # few terms: each from the last, t_(j+1) = t_j p(j) / q(j)
        term = total = 1
        for j in range(terms):
            term = term * factor * (x + j + 1) // (j + 1)
            total += term
        return total if terms >= 0 else 0
    _, q, t, _, twos = _split(x, factor, 0, terms, last=True)
    return 1 + _times_power(exact_quotient(t, q), twos)


def _times_power(value: int, twos: int) -> int:
    """value 2^twos, a whole number (for twos < 0, value is a multiple of 2^-twos)."""
    return value << twos if twos >= 0 else value >> -twos


def _split(
    x: int, factor: int, a: int, b: int, *, last: bool = False
) -> tuple[int, int, int, int, int]:
    """(P, Q, T, e, f) of ``binomial_series`` for the terms a < i <= b, the twos apart:
    P 2^e / Q is their P / Q and T 2^f / Q their T / Q, with P and Q odd. ``last``: the
    range ends the series, so no merge needs its P (left out: 0).

    The p(j) = 2 (x + j + 1) of the diagonal hold about two twos each and the q(j) one:
    kept as exponents they cost shifts, not products (P and Q 6 to 9 % shorter).
    Two halves merge as P 2^e = P1 P2 2^(e1 + e2), Q = Q1 Q2 and
    T 2^f = T1 Q2 2^f1 + P1 T2 2^(e1 + f2), f the lesser exponent.
    """
    if b - a <= LEAF_TERMS:
        p_all, t = 1, 0
        # T / Q gains t_(j+1) / t_a = P / Q over the terms so far, this one included
        p_range = range(factor * (x + a + 1), factor * (x + b + 1), factor)
        # (the ranges are as long; the keyword strict= would cost zip 0.14 µs a call)
        for p_j, q_j in zip(p_range, range(a + 1, b + 1)):  # noqa: B905
            p_all *= p_j
            t = t * q_j + p_all
        q = perm(b, b - a)
        p_twos, q_twos = twos_in(p_all), twos_in(q)
        return p_all >> p_twos, q >> q_twos, t, p_twos - q_twos, -q_twos
    middle = (a + b) // 2
    p1, q1, t1, e1, f1 = _split(x, factor, a, middle)
    p2, q2, t2, e2, f2 = _split(x, factor, middle, b, last=last)
    left, right, shift = t1 * q2, p1 * t2, e1 + f2 - f1
    if shift >= 0:
        t, f = left + (right << shift), f1
    else:
        t, f = (left << -shift) + right, f1 + shift
    return (0 if last else p1 * p2), q1 * q2, t, e1 + e2, f


def parity_sum(top: int, k: int) -> int:
    """E(N, k) = sum of C(q, k) over 0 <= q <= N with q = N (mod 2).

    The plain sum is C(N + 1, k + 1) (hockey stick); adding the alternating sum
    keeps the terms of N's parity twice and cancels the others.

    >>> parity_sum(6, 1) == 6 + 4 + 2 + 0
    True
    """
    if top < 0 or k < 0:
        return 0
    return (binom(top + 1, k + 1) + alternating_sum(top, k)) // 2


SHORT_SERIES = 44
"""Terms of the diagonal series up to which stepping its whole terms one by one (the
last gives C(n, m) as well) costs less than ``plie_and_total`` (measured: the two
meet at 42 to 50 terms)."""


def plie_and_total(cards: int, copies: int) -> tuple[int, int]:
    """(plié, C(n, m)) from the diagonal series, for 0 <= m - 2 <= n - m.

    The series of ``alternating_sum`` on the diagonal, S(s, 2, k) with k = m - 2 and
    s = n - m, ends with the term 2^k C(N, k) (N = n - 2): ``diagonal`` gives both as
    whole numbers, and C(n, m) follows from C(N, k) in small steps (``math.comb``
    would build the product (N)_k a second time).

    >>> plie_and_total(400, 60) == (parity_sum(398, 58), comb(400, 60))
    True
    """
    top, k = cards - 2, copies - 2
    start = top - k
    if _one_splitting(start, k):
        return _inverted(cards, copies)
    series, last = diagonal(start, k)
    alternating = ((series - 1) // 2 + 1 - start % 2) >> k  # A(N, k)
    lower = (last >> k) * (top + 1) // (k + 1)  # C(n - 1, m - 1)
    return (lower + alternating) // 2, lower * cards // copies


def _inverted(cards: int, copies: int) -> tuple[int, int]:
    """``plie_and_total`` by one splitting of all the terms, when the divisions by the
    odd part of k! invert it.

    The splitting's P is 2^k (N)_k over Q = k!, so C(N, k) = P / (2^k k!) comes out of
    the same products; the two exact divisions share one inverse.
    """
    top, k = cards - 2, copies - 2
    start = top - k
    p, q, t, e, f = _split(start, 2, 0, k)
    # S - 1 = T 2^f / Q, and S - 1 + 2 [s even] = 2^(k + 1) A(N, k) (alternating_sum):
    # A is divided out of x 2^low = T 2^f + 2 [s even] Q with the twos of x shifted off
    # first, a quotient k bits shorter than that of S - 1 (whose low bits are known).
    low = min(f, 1)
    x = (t << (f - low)) + ((q << (1 - low)) if start % 2 == 0 else 0)
    twos = twos_in(x)
    alternating, binomial = exact_quotients((x >> twos, p), q)
    alternating = _times_power(alternating, twos + low - k - 1)  # A(N, k)
    binomial = _times_power(binomial, e - k)  # C(N, k)
    lower = binomial * (top + 1) // (k + 1)  # C(n - 1, m - 1)
    return (lower + alternating) // 2, lower * cards // copies


HALVED_TERMS = 200
"""Terms of the diagonal series up to which one splitting of them all costs less than
halves (measured: below about 200 terms the divisions are short, and the halves' extra
products cost more than they save)."""


def diagonal(x: int, terms: int) -> tuple[int, int]:
    """(S(x, 2, t), 2^t C(x + t, t)): the diagonal series and its last term, whole.

    By binary splitting the terms a < i <= t give P, Q and T over Q = (a + 1)...t
    (``_split``), and the series is S(x, 2, a) + t_a T / Q, its last term t_a P / Q.
    With a = 0 the two divisions are by t! whole. When that divisor is long for its
    quotients they are found from one inverse (``quotients.inverts``), whose cost is
    that of the quotients' length; when plain division pays, its cost is the
    divisor's length times the quotient's, and the series is cut in halves instead:
    the first half whole (the same way, recursively), the second half divided only by
    (h + 1)...t, half as long (about a sixth less time for 1 000 copies of 10^9
    cards, measured; 3 000 copies invert, and take ``_inverted``).

    >>> diagonal(3, 2) == (1 + 2 * 4 + 4 * 10, 4 * 10)
    True
    """
    if terms <= SHORT_SERIES:  # each whole term from the last
        term = total = 1
        for j in range(1, terms + 1):
            term = term * (x + j) // j << 1  # t_j = t_(j-1) 2 (x + j) / j
            total += term
        return total, term
    if _one_splitting(x, terms):
        p, q, t, e, f = _split(x, 2, 0, terms)
        rest, last = exact_quotients((t, p), q)
        return 1 + _times_power(rest, f), _times_power(last, e)
    half = terms // 2
    first, middle = diagonal(x, half)
    p, q, t, e, f = _split(x, 2, half, terms)
    rest, last = exact_quotients((middle * t, middle * p), q)
    return first + _times_power(rest, f), _times_power(last, e)


def _one_splitting(x: int, terms: int) -> bool:
    """Whether ``diagonal`` sums all its terms by one splitting: past SHORT_SERIES
    (whole terms up to it), and up to HALVED_TERMS or when its divisions invert."""
    return terms > SHORT_SERIES and (terms <= HALVED_TERMS or _inverts_whole(x, terms))


def _inverts_whole(x: int, terms: int) -> bool:
    """Whether the divisions of ``diagonal`` by the odd part of t! invert it, from the
    lengths alone: t! has about log2 t! bits, t - popcount(t) of them twos, and the
    quotient 2^t C(x + t, t) about t + log2 C(x + t, t)."""
    factorial_bits = lgamma(terms + 1) / LN2
    odd_bits = factorial_bits - (terms - terms.bit_count())
    # log2 C(x + t, t) = sum of log2((x + i) / i): t log2(x + t/2) - log2 t! within 3 %
    quotient = terms + terms * log2(x + terms // 2 + 1) - factorial_bits
    return inverts(int(odd_bits), int(quotient), several=True)
