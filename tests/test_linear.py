"""The exact solver of a chain until it ends: p-adic lifting against sympy and Fractions."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import shtoss_exact.linear as linear
from shtoss_exact.errors import ShtossError
from shtoss_exact.linear import elimination_work, solve, solve_sums


@st.composite
def systems(draw: st.DrawFn) -> tuple[list[dict[int, int]], list[int]]:
    size = draw(st.integers(1, 7))
    rows = []
    for i in range(size):
        row = {j: draw(st.integers(-9, 9)) for j in range(size) if draw(st.booleans())}
        row[i] = draw(st.integers(-60, 60))
        rows.append({j: v for j, v in row.items() if v})
    rhs = draw(st.lists(st.integers(-(10**6), 10**6), min_size=size, max_size=size))
    return rows, rhs


def sympy_solve(rows: list[dict[int, int]], rhs: list[int]) -> list[Fraction] | None:
    size = len(rows)
    matrix = sympy.Matrix(size, size, lambda i, j: rows[i].get(j, 0))
    if matrix.det() == 0:
        return None
    x = matrix.LUsolve(sympy.Matrix(rhs))
    return [Fraction(int(v.p), int(v.q)) for v in x]


def zero_pivot(rows: list[dict[int, int]]) -> bool:
    """Gaussian elimination in the given order meets a zero pivot (over the rationals)."""
    size = len(rows)
    work = [[Fraction(rows[i].get(j, 0)) for j in range(size)] for i in range(size)]
    for k in range(size):
        if work[k][k] == 0:
            return True
        for r in range(k + 1, size):
            factor = work[r][k] / work[k][k]
            work[r] = [a - factor * b for a, b in zip(work[r], work[k], strict=True)]
    return False


@settings(max_examples=150, deadline=None)
@given(systems())
def test_solve_equals_sympy(system: tuple[list[dict[int, int]], list[int]]) -> None:
    rows, rhs = system
    expected = sympy_solve(rows, rhs)
    if expected is None or zero_pivot(rows):
        with pytest.raises(ShtossError, match="no unique solution"):
            solve(rows, rhs)
        return
    assert solve(rows, rhs) == expected
    weights = [{0: 3}, {i: i + 1 for i in range(len(rows))}]
    assert solve_sums(rows, rhs, weights) == [
        sum((w * expected[j] for j, w in s.items()), Fraction(0)) for s in weights
    ]


@settings(max_examples=150, deadline=None)
@given(systems(), st.integers(1, 80))
def test_a_solve_bounded_in_bits_is_the_solve_or_too_long(
    system: tuple[list[dict[int, int]], list[int]], max_bits: int
) -> None:
    # Lifting only as far as max_bits needs: the same solution when every numerator and
    # denominator fits, TooLong when one does not (never a wrong answer).
    rows, rhs = system
    expected = sympy_solve(rows, rhs)
    if expected is None or zero_pivot(rows):
        return
    longest = max(max(abs(x.numerator).bit_length(), x.denominator.bit_length()) for x in expected)
    if longest <= max_bits:
        assert solve(rows, rhs, max_bits=max_bits) == expected
    else:
        with pytest.raises(linear.TooLong):
            solve(rows, rhs, max_bits=max_bits)


def test_a_pivot_that_vanishes_modulo_the_prime_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    # 7 divides the first pivot: with the primes 7 and 7 the exact elimination answers.
    monkeypatch.setattr(linear, "PRIMES", (7, 7, 7))
    assert solve([{0: 7, 1: 1}, {0: 1, 1: 2}], [1, 0]) == [Fraction(2, 13), Fraction(-1, 13)]
    monkeypatch.setattr(linear, "PRIMES", (7, 11, 13))
    assert solve([{0: 7, 1: 1}, {0: 1, 1: 2}], [1, 0]) == [Fraction(2, 13), Fraction(-1, 13)]


def test_a_ruin_walk_against_its_closed_form() -> None:
    # Visits of a +-1 walk on 1..N-1, absorbed at 0 and N: P(reach N from i).
    p, q, size, start = 400, 433, 60, 25
    d = p + q
    rows = [{j: d} for j in range(size - 1)]
    for i in range(size - 1):
        for j, c in ((i + 1, p), (i - 1, q)):
            if 0 <= j < size - 1:
                rows[j][i] = rows[j].get(i, 0) - c
    rhs = [0] * (size - 1)
    rhs[start - 1] = d
    (reach,) = solve_sums(rows, rhs, [{size - 2: p}])
    r = Fraction(q, p)
    assert reach / d == (1 - r**start) / (1 - r**size)


def test_elimination_work_grows_with_the_system() -> None:
    def walk(size: int) -> list[dict[int, int]]:
        return [{i: 3, **({i - 1: -1} if i else {}), **({i + 1: -1} if i + 1 < size else {})}
                for i in range(size)]  # fmt: skip

    small, large = elimination_work(walk(10), bits=10), elimination_work(walk(100), bits=10)
    assert 0 < small < large
    assert elimination_work(walk(1000), bits=10, limit=1.0) > 1.0


def test_a_system_past_the_limit_is_estimated_without_its_dry_run() -> None:
    # The lifting alone, over A's own entries, passes the limit: no fill-in is followed,
    # and the estimate is still at least the limit.
    import time

    size = 20_000
    rows = [{i: 3, (i + 1) % size: -1, (i + 7) % size: -1} for i in range(size)]
    start = time.process_time()
    assert elimination_work(rows, bits=10, limit=1e9) > 1e9
    assert time.process_time() - start < 0.5
