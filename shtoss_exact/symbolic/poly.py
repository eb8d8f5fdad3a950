"""Exact polynomials in one variable, for the closed forms: integers over one denominator.

The closed forms are fitted and checked here, over Python ints, and only turned
into sympy expressions at the end (``shtoss_exact.symbolic.forms``): exact Newton
interpolation through engine values, evaluation, binomials as falling factorials,
substitution of a linear expression, and division by a linear factor at a root.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import factorial, gcd, lcm


@dataclass(frozen=True)
class QPoly:
    """A polynomial with rational coefficients: ``sum(coeffs[i] * x**i) / den``.

    ``coeffs`` are ints, lowest degree first, with no trailing zeros (the zero
    polynomial has none); ``den`` is positive and shares no factor with all of them.

    >>> p = QPoly.of([Fraction(1, 2), 0, 3])
    >>> p(2), p.degree
    (Fraction(25, 2), 2)
    """

    coeffs: tuple[int, ...]
    den: int = 1

    @staticmethod
    def of(values: Iterable[Fraction | int]) -> QPoly:
        """The polynomial with these coefficients, lowest degree first."""
        fractions = [Fraction(v) for v in values]
        den = lcm(1, *(f.denominator for f in fractions))
        return QPoly._normal([f.numerator * (den // f.denominator) for f in fractions], den)

    @staticmethod
    def _normal(coeffs: Sequence[int], den: int) -> QPoly:
        items = list(coeffs)
        while items and items[-1] == 0:
            items.pop()
        common = gcd(den, *items)
        if den < 0:
            common = -common
        return QPoly(tuple(c // common for c in items), den // common)

    @property
    def degree(self) -> int:
        """The degree; -1 for the zero polynomial."""
        return len(self.coeffs) - 1

    def fractions(self) -> tuple[Fraction, ...]:
        """The coefficients as ``Fraction``s, lowest degree first."""
        return tuple(Fraction(c, self.den) for c in self.coeffs)

    def scaled(self, x: int) -> int:
        """``den * p(x)`` at a whole ``x``: an exact int (Horner's rule)."""
        value = 0
        for c in reversed(self.coeffs):
            value = value * x + c
        return value

    def __call__(self, x: int | Fraction) -> Fraction:
        if isinstance(x, int):
            return Fraction(self.scaled(x), self.den)
        value = Fraction(0)
        for c in reversed(self.coeffs):
            value = value * x + c
        return value / self.den

    def __add__(self, other: QPoly) -> QPoly:
        den = lcm(self.den, other.den)
        a, b = den // self.den, den // other.den
        size = max(len(self.coeffs), len(other.coeffs))
        left = self.coeffs + (0,) * (size - len(self.coeffs))
        right = other.coeffs + (0,) * (size - len(other.coeffs))
        return QPoly._normal([a * x + b * y for x, y in zip(left, right, strict=True)], den)

    def __sub__(self, other: QPoly) -> QPoly:
        return self + other.times(-1)

    def __mul__(self, other: QPoly) -> QPoly:
        if not self.coeffs or not other.coeffs:
            return ZERO
        out = [0] * (len(self.coeffs) + len(other.coeffs) - 1)
        for i, x in enumerate(self.coeffs):
            for k, y in enumerate(other.coeffs):
                out[i + k] += x * y
        return QPoly._normal(out, self.den * other.den)

    def times(self, factor: Fraction | int) -> QPoly:
        """The polynomial times a constant."""
        f = Fraction(factor)
        return QPoly._normal([c * f.numerator for c in self.coeffs], self.den * f.denominator)

    def compose(self, a: Fraction | int, b: Fraction | int) -> QPoly:
        """``p(a*y + b)`` as a polynomial in ``y`` (Horner's rule over polynomials)."""
        linear = QPoly.of([b, a])
        value = ZERO
        for c in reversed(self.coeffs):
            value = value * linear + QPoly((c,))
        return value.times(Fraction(1, self.den))

    def without_root(self, root: int) -> QPoly | None:
        """``p(y) / (y - root)`` when ``root`` is a root of ``p`` (synthetic division), else None.

        >>> QPoly.of([-2, 1, 1]).without_root(1)
        QPoly(coeffs=(2, 1), den=1)
        """
        if not self.coeffs or self.scaled(root) != 0:
            return None
        quotient = [0] * (len(self.coeffs) - 1)
        carry = 0
        for i in range(len(self.coeffs) - 1, 0, -1):
            carry = carry * root + self.coeffs[i]
            quotient[i - 1] = carry
        return QPoly._normal(quotient, self.den)


ZERO = QPoly(())
ONE = QPoly((1,))


def binomial_poly(k: int, shift: int = 0) -> QPoly:
    """C(x + shift, k) as the polynomial (x + shift)(x + shift - 1)...(x + shift - k + 1) / k!.

    It equals the binomial at every whole ``x + shift >= 0`` (it vanishes for
    ``0 <= x + shift < k``); it is zero for ``k < 0``.

    >>> [binomial_poly(2, 1)(x) for x in range(-1, 3)]
    [Fraction(0, 1), Fraction(0, 1), Fraction(1, 1), Fraction(3, 1)]
    """
    if k < 0:
        return ZERO
    product = ONE
    for i in range(k):
        product = product * QPoly.of([shift - i, 1])
    return product.times(Fraction(1, factorial(k)))


def falling(roots: Iterable[int]) -> QPoly:
    """The product of ``(y - r)`` over ``roots``."""
    product = ONE
    for r in roots:
        product = product * QPoly((-r, 1))
    return product


def interpolate(points: Sequence[tuple[int, Fraction]]) -> QPoly:
    """The polynomial of degree < len(points) through exact points (Newton's divided
    differences over ``Fraction``s; the abscissas distinct whole numbers).

    >>> interpolate([(0, Fraction(1)), (1, Fraction(2)), (2, Fraction(5))]).fractions()
    (Fraction(1, 1), Fraction(0, 1), Fraction(1, 1))
    """
    xs = [x for x, _ in points]
    table = [Fraction(y) for _, y in points]
    newton: list[Fraction] = []
    for level in range(len(points)):
        newton.append(table[0])
        table = [
            (table[i + 1] - table[i]) / (xs[i + level + 1] - xs[i]) for i in range(len(table) - 1)
        ]
    value = ZERO
    for level in range(len(newton) - 1, -1, -1):
        value = value * QPoly((-xs[level], 1)) + QPoly.of([newton[level]])
    return value
