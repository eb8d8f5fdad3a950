"""A distribution handed to other exact libraries and back: icepool and sympy.stats.

Both sides stay exact. An icepool ``Die`` holds whole quantities over its denominator,
as a ``Distribution`` holds whole counts over its ``total``: the counts go across as
they are (no division), the values as ``Fraction`` outcomes (hashable and ordered,
which is all a ``Die`` asks of an outcome). sympy.stats gets a finite random variable
whose density maps ``sympy.Rational`` values to ``sympy.Rational`` probabilities, each
made from the numerator and denominator of a ``Fraction``: nothing is parsed.

Neither library is imported until one of these functions is called; a library that
is not installed is named in one ``ShtossError`` line.

>>> from shtoss_exact.distribution import Distribution
>>> d = Distribution.of({-1: Fraction(433, 833), 1: Fraction(400, 833)})
>>> die = d.to_icepool()
>>> die.denominator(), die.mean()
(833, Fraction(-33, 833))
>>> Distribution.from_icepool(die) == d
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.i18n import _

if TYPE_CHECKING:
    from shtoss_exact.distribution import Distribution

INSTALL = {"icepool": "pip install icepool", "sympy": "pip install sympy"}


def _library(name: str, *, what: str) -> Any:
    """The module ``name``, imported now; a missing one is one ``ShtossError`` line."""
    from importlib import import_module

    try:
        return import_module(name)
    except ImportError:
        raise ShtossError(
            _("{what} needs {name}, which is not installed: {install}").format(
                what=what, name=name, install=INSTALL[name]
            )
        ) from None


def to_icepool(distribution: Distribution) -> Any:
    """An ``icepool.Die`` with the same outcomes, its quantities the distribution's
    whole counts over the same denominator (``total``).

    >>> from shtoss_exact.distribution import Distribution
    >>> to_icepool(Distribution.of({0: Fraction(1, 4), Fraction(1, 2): Fraction(3, 4)})).variance()
    Fraction(3, 64)
    """
    icepool = _library("icepool", what="to_icepool")
    unit, pairs = distribution.unit, zip(distribution.points, distribution.counts, strict=True)
    return icepool.Die({point * unit: count for point, count in pairs})


def icepool_counts(die: object) -> tuple[list[tuple[Fraction | int, int]], int]:
    """The (outcome, quantity) pairs of an ``icepool.Die`` and its denominator, each
    outcome an int or a ``Fraction`` (refused otherwise: a float, a string, a tuple
    outcome is not an exact number), outcomes of quantity 0 left out.

    >>> import icepool
    >>> icepool_counts(icepool.Die({1: 2, 3: 6}))
    ([(1, 2), (3, 6)], 8)
    """
    icepool = _library("icepool", what="from_icepool")
    if not isinstance(die, icepool.Die):
        raise ShtossError(
            _(
                "from_icepool takes an icepool.Die, not a {name}: allowed a Die with int or "
                "Fraction outcomes"
            ).format(name=type(die).__name__)
        )
    pairs: list[tuple[Fraction | int, int]] = []
    for outcome, quantity in die.items():
        if isinstance(outcome, bool) or not isinstance(outcome, int | Fraction):
            raise ShtossError(
                _(
                    "icepool outcome {outcome} is a {name}: allowed int or Fraction outcomes "
                    "(exact numbers)"
                ).format(outcome=quoted(outcome), name=type(outcome).__name__)
            )
        if quantity:
            pairs.append((outcome, int(quantity)))
    total = sum(quantity for _, quantity in pairs)
    if total <= 0:
        raise ShtossError(
            _("the icepool Die is empty (denominator 0): allowed a Die with outcomes")
        )
    return pairs, total


def to_sympy(distribution: Distribution, name: str = "X") -> Any:
    """A ``sympy.stats`` finite random variable named ``name`` with the same density,
    values and probabilities as ``sympy.Rational``.

    >>> from shtoss_exact.distribution import Distribution
    >>> from sympy.stats import E, P
    >>> x = to_sympy(Distribution.of({-1: Fraction(433, 833), 1: Fraction(400, 833)}))
    >>> E(x), P(x > 0)
    (-33/833, 400/833)
    """
    if not isinstance(name, str) or not name.isidentifier():
        raise ShtossError(
            _("name={name}: allowed a name such as 'X' (an identifier)").format(name=quoted(name))
        )
    sympy = _library("sympy", what="to_sympy")
    stats = _library("sympy.stats", what="to_sympy")
    rational = sympy.Rational
    density = {
        rational(value.numerator, value.denominator): rational(p.numerator, p.denominator)
        for value, p in distribution.items()
    }
    return stats.FiniteRV(name, density)
