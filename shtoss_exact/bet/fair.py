"""The fair-payoff solver: the value of one named payoff that makes the game fair.

A scheme's expected value is affine in any one payoff ``x`` (each outcome pays
``x`` times a fixed factor, or not at all), so EV(x) = EV(0) + x (EV(1) - EV(0)) and
the fair value is x* = -EV(0) / (EV(1) - EV(0)), exact in ``Fraction``. The
parameter is declared by name (``Param`` in the library, ``{param = "x"}`` in a
scheme file); nothing is parsed from free text.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from shtoss_exact.bet.measures import check_scheme_cost
from shtoss_exact.deck import Card, Deal, Suit, deal_from
from shtoss_exact.engine import check_deal
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.frozen import dataclass
from shtoss_exact.i18n import _
from shtoss_exact.records import Record, exact_fields
from shtoss_exact.schemes.files import as_scheme
from shtoss_exact.schemes.scheme import Scheme, SchemeArgument


@dataclass(frozen=True, repr=False, kw_only=True)
class FairPayoff(Record):
    """The fair value of parameter ``parameter`` and how the punter's EV depends on it.

    EV(x) = ``ev_at_zero`` + ``slope`` · x; ``current`` is the scheme's own value and
    ``ev`` the EV there; ``fair`` makes the EV exactly 0.

    >>> fair_payoff("lob-half", "lob", cards=52).fair
    Fraction(-404, 833)
    """

    scheme: Scheme
    deal: Deal
    parameter: str
    current: Fraction
    ev: Fraction
    ev_at_zero: Fraction
    slope: Fraction
    fair: Fraction

    def to_dict(self) -> dict[str, Any]:
        """The record: the set-up, the parameter, and the exact values."""
        return {
            "scheme": self.scheme.name,
            "cards": self.deal.cards,
            "copies": self.deal.copies,
            "one_deck": self.deal.one_deck,
            "parameter": self.parameter,
            **exact_fields(
                {
                    "current": self.current,
                    "ev": self.ev,
                    "ev_at_zero": self.ev_at_zero,
                    "slope": self.slope,
                    "fair": self.fair,
                }
            ),
        }


def fair_payoff(
    scheme: SchemeArgument,
    parameter: str,
    *,
    deal: Deal | None = None,
    deck: int | None = None,
    cards: int | None = None,
    copies: int | None = None,
    one_deck: bool | None = None,
    card: Card | str | None = None,
    suits: tuple[Suit, ...] | str | None = None,
) -> FairPayoff:
    """Solve EV(parameter) = 0 exactly on the deck of ``odds``' arguments (``deck``,
    ``cards``, ``copies``, ``one_deck``, ``card``, ``suits``: default the 52-card
    two-deck game), or on a built ``deal`` (the deck as shuffled), not both.

    ``scheme`` is a ``Scheme``, a built-in name or a scheme file's path; ``parameter``
    one of its parameters (``shtoss-exact schemes`` lists them).

    >>> fair_payoff("lob-half", "lob").fair
    Fraction(-404, 833)
    >>> fair_payoff("bait", "sonik", deck=36, one_deck=True).fair
    Fraction(289, 528)
    """
    if isinstance(scheme, Deal):
        raise ShtossError(
            _(
                "fair_payoff takes the scheme first: fair_payoff(scheme, parameter, deck=... or "
                "deal=...)"
            )
        )
    deal = deal_from(deal=deal, deck=deck, cards=cards, copies=copies, one_deck=one_deck,
                     card=card, suits=suits)  # fmt: skip
    scheme = as_scheme(scheme)
    if not isinstance(parameter, str):
        raise ShtossError(
            _("parameter={parameter} is not a parameter's name").format(parameter=quoted(parameter))
        )
    for _weight, part in scheme.played_deals(deal):
        check_deal(part)
    check_scheme_cost(deal, scheme)
    name = parameter
    params = scheme.params
    if name not in params:
        allowed = ", ".join(params) or "none (declare one with a param payoff)"
        raise ShtossError(
            _("scheme {name!r} has no parameter {name2!r}: its parameters: {allowed}").format(
                name=scheme.name, name2=name[:40], allowed=allowed
            )
        )
    ev0, ev1, ev2 = (scheme.with_params({name: x}).ev(deal) for x in (0, 1, 2))
    slope = ev1 - ev0
    if ev2 - ev1 != slope:
        raise ShtossError(
            _(
                "the EV of scheme {name!r} is not linear in {name2!r} (it multiplies itself): "
                "allowed one occurrence per outcome"
            ).format(name=scheme.name, name2=name)
        )
    if slope == 0:
        raise ShtossError(
            _(
                "parameter {name!r} of scheme {name2!r} never pays on this deal: no value of it "
                "makes the game fair"
            ).format(name=name, name2=scheme.name)
        )
    current = params[name]
    return FairPayoff(
        scheme=scheme,
        deal=deal,
        parameter=name,
        current=current,
        ev=ev0 + slope * current,
        ev_at_zero=ev0,
        slope=slope,
        fair=-ev0 / slope,
    )
