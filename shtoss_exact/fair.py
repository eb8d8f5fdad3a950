"""The fair-payoff solver: the value of one named payoff that makes the game fair.

A scheme's expected value is affine in any one payoff ``x`` (each outcome pays
``x`` times a fixed factor, or not at all), so EV(x) = EV(0) + x (EV(1) - EV(0)) and
the fair value is x* = -EV(0) / (EV(1) - EV(0)), exact in ``Fraction``. The
parameter is declared by name (``Param`` in the library, ``{param = "x"}`` in a
scheme file); nothing is parsed from free text.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from shtoss_exact.deck import Deal
from shtoss_exact.errors import ShtossError
from shtoss_exact.schemes import Scheme


@dataclass(frozen=True)
class FairPayoff:
    """The fair value of parameter ``name`` and how the punter's EV depends on it.

    EV(x) = ``ev_at_zero`` + ``slope`` · x; ``current`` is the scheme's own value and
    ``ev`` the EV there.
    """

    scheme: Scheme
    deal: Deal
    name: str
    current: Fraction
    ev: Fraction
    ev_at_zero: Fraction
    slope: Fraction
    value: Fraction


def fair_payoff(deal: Deal, scheme: Scheme, name: str) -> FairPayoff:
    """Solve EV(name) = 0 exactly on ``deal`` (the deck as shuffled).

    >>> from shtoss_exact.schemes import scheme_named
    >>> fair_payoff(Deal(52, 4), scheme_named("lob-half"), "lob").value
    Fraction(-404, 833)
    """
    params = scheme.params
    if name not in params:
        allowed = ", ".join(params) or "none (declare one with a param payoff)"
        raise ShtossError(
            f"scheme {scheme.name!r} has no parameter {name!r}: its parameters: {allowed}"
        )
    ev0, ev1, ev2 = (scheme.with_params({name: x}).ev(deal) for x in (0, 1, 2))
    slope = ev1 - ev0
    if ev2 - ev1 != slope:
        raise ShtossError(
            f"the EV of scheme {scheme.name!r} is not linear in {name!r} (it multiplies "
            "itself): allowed one occurrence per outcome"
        )
    if slope == 0:
        raise ShtossError(
            f"parameter {name!r} of scheme {scheme.name!r} never pays on this deal: "
            "no value of it makes the game fair"
        )
    current = params[name]
    return FairPayoff(scheme, deal, name, current, ev0 + slope * current, ev0, slope, -ev0 / slope)
