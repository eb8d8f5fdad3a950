"""Exact quotients of long numbers: ``a // b`` when ``b`` is known to divide ``a``.

CPython divides by long numbers digit by digit, in time (digits of b) times (digits of
the quotient). An exact quotient needs no remainder, so for a long odd ``b`` it is found
from ``b``'s inverse modulo a power of two (Hensel lifting), in a few Karatsuba products.
The binomial series of ``engine`` end with such divisions by k!.
"""

from __future__ import annotations

NEWTON_BITS = 6_000
"""Divisors up to which ``exact_quotient`` always divides (measured: below them plain
division is as fast whatever the quotient's length)."""

SHARED_DIVIDE_BITS = 3_000
"""Divisors up to which ``exact_quotients`` always divides, for several quotients."""

INVERT_ONE = 46
"""The factor of ``inverts`` for one quotient."""

INVERT_SEVERAL = 33
"""The factor of ``inverts`` for several quotients sharing one inverse.

Past its floor, a divisor of ``d`` bits is inverted for quotients of ``L`` bits when
``d > factor L**0.585``: plain division costs about ``d L`` and the inverse (Karatsuba's
products, ``L**1.585``) about ``factor L**1.585`` (measured on divisors of 5 000 to
30 000 bits and quotients 0.3 to 3 times as long: a quotient three times its divisor
of 7 500 bits, the plié's of 1 000 copies, divides 1.3 times faster than it inverts;
one of 30 000 bits inverts 1.25 times faster)."""


def inverts(divisor_bits: int, quotient_bits: int, *, several: bool = False) -> bool:
    """Whether an exact quotient of ``quotient_bits`` bits by a divisor of
    ``divisor_bits`` bits is found faster from the divisor's inverse than by division.

    >>> inverts(7_500, 22_000, several=True), inverts(30_000, 10_000)
    (False, True)
    """
    floor, factor = (SHARED_DIVIDE_BITS, INVERT_SEVERAL) if several else (NEWTON_BITS, INVERT_ONE)
    return divisor_bits > floor and divisor_bits > factor * max(quotient_bits, 1) ** 0.585


def twos_in(value: int) -> int:
    """The exponent of 2 in a non-zero whole number (the twos a division shifts off).

    >>> twos_in(48), twos_in(-7)
    (4, 0)
    """
    return (value & -value).bit_length() - 1


def exact_quotient(a: int, b: int) -> int:
    """``a // b`` for ``a`` a multiple of an odd ``b > 0``.

    CPython divides by long numbers digit by digit, in time (digits of b) times
    (digits of the quotient). For long ``b`` the quotient is found from ``b``'s inverse
    modulo ``2**L`` (``L`` bits past the quotient's, ``inverse_mod_power``): as
    ``a = b q`` exactly, ``q = a x mod 2**L``.

    >>> exact_quotient(3**50 * 7**40, 3**50) == 7**40
    True
    """
    return exact_quotients((a,), b)[0]


def exact_quotients(numbers: tuple[int, ...], b: int) -> list[int]:
    """``[a // b for a in numbers]``, each ``a`` a multiple of an odd ``b > 0``; when
    the divisor is long for its quotients (``inverts``), one inverse of ``b`` serves
    every quotient.

    A quotient ``q < 2**L`` is ``a x mod 2**L`` for ``x`` the inverse of ``b``. An
    inverse to ``h = L/2`` bits serves as well and costs a third as much: ``q = q0 +
    2**h q1`` with ``q0 = a x mod 2**h`` and ``q1 = ((a - b q0) / 2**h) x mod 2**h``
    (Karp and Markstein's last step), where only the low ``2h`` bits of ``a`` and ``b``
    count (measured: 10 to 25 % less than the whole inverse, whatever the lengths).

    >>> exact_quotients((3**9 * 5, -(3**9) * 7), 3**9)
    [5, -7]
    """
    bits = b.bit_length()
    longest = max(abs(a).bit_length() for a in numbers) - bits + 1
    if not inverts(bits, longest, several=len(numbers) > 1):
        return [a // b for a in numbers]
    return _by_inverse(numbers, b)


def _by_inverse(numbers: tuple[int, ...], b: int) -> list[int]:
    """``exact_quotients`` from one inverse of ``b`` to half the longest quotient."""
    bits = b.bit_length()
    size = max(2, max(abs(a).bit_length() for a in numbers) - bits + 2)  # q < 2**size
    half = (size + 1) // 2
    inverse, mask, wide = inverse_mod_power(b, half), (1 << half) - 1, (1 << 2 * half) - 1
    low_b = b & wide
    quotients = []
    for a in numbers:
        sign, a = (-1, -a) if a < 0 else (1, a)
        low = (a & mask) * inverse & mask
        high = ((((a & wide) - low_b * low) >> half) & mask) * inverse & mask
        quotients.append(sign * (low | high << half))
    return quotients


def inverse_mod_power(b: int, bits: int) -> int:
    """``x`` with ``b x = 1 (mod 2**bits)``, for an odd ``b``, by Newton's iteration
    (Hensel lifting): from ``x`` right to ``h`` bits, ``b x = 1 + 2**h e``, and
    ``x - 2**h (x e mod 2**(2h - h))`` is right to twice as many. Each step multiplies
    ``b`` by ``x`` and ``x`` by ``e``, both no longer than the bits wanted.

    >>> inverse_mod_power(3, 8) * 3 % 256
    1
    """
    steps = []
    while bits > 1:
        steps.append(bits)
        bits = (bits + 1) // 2
    inverse, right = 1, 1  # b x = 1 (mod 2): b is odd
    for wanted in reversed(steps):
        more = (1 << (wanted - right)) - 1
        error = ((b & ((1 << wanted) - 1)) * inverse >> right) & more
        inverse = (inverse - ((inverse * error & more) << right)) & ((1 << wanted) - 1)
        right = wanted
    return inverse
