"""A scheme as a value (``shtoss_exact.schemes.model``): the decks it is played on, its
parameters, its hash, and its settlement from the rules that can match, against the
rules read one by one."""

from __future__ import annotations

from fractions import Fraction

import pytest

from shtoss_exact import ShtossError
from shtoss_exact.deck import Deal, parse_card, parse_suits
from shtoss_exact.engine import Kind
from shtoss_exact.schemes.model import Scheme
from shtoss_exact.schemes.parts import Match, Outcome, Premium, Soda
from shtoss_exact.schemes.scheme import (
    BUILTIN,
    classic,
    faro,
    lob_half,
    pharaon,
    scheme_named,
    with_premiums,
)


def test_scheme_is_importable_from_the_built_ins_module_too() -> None:
    from shtoss_exact.schemes import scheme

    assert scheme.Scheme is Scheme and "Scheme" in scheme.__all__


def test_played_deals_weights() -> None:
    deal = Deal(10, 3)
    assert classic().played_deals(deal) == ((1, deal),)
    assert faro().played_deals(deal) == ((1, Deal(9, 3)),)
    suited = Deal(6, 3, parse_card("7h"), parse_suits("hhs"))
    assert faro(soda=Soda.BEFORE).played_deals(suited) == (
        (3, Deal(5, 3, parse_card("7h"), parse_suits("hhs"))),
        (1, Deal(5, 2, parse_card("7h"), parse_suits("hh"))),
        (2, Deal(5, 2, parse_card("7h"), parse_suits("hs"))),
    )
    assert faro(soda=Soda.BEFORE).played_deals(Deal(3, 3)) == ((3, Deal(2, 2)),)
    assert faro(soda=Soda.BEFORE).played_deals(Deal(3, 0)) == ((3, Deal(2, 0)),)


def test_with_params_and_unknown_parameter() -> None:
    scheme = scheme_named("pharaon").with_params({"doublet": 0})
    assert scheme.settle(Outcome(Kind.PLIE, 1, 52)).payoff == 0
    assert scheme.params == {"last_pair_doublet": Fraction(-1), "doublet": Fraction(0)}
    with pytest.raises(ShtossError, match="no parameter 'x'"):
        scheme_named("pharaon").with_params({"x": 1})


# --- schemes are values -------------------------------------------------------------------


def test_equal_schemes_hash_alike_and_different_ones_apart() -> None:
    # Schemes are values: usable as dict keys and in sets (the bank groups bets by them).
    assert pharaon() == BUILTIN["pharaon"]
    assert hash(pharaon()) == hash(BUILTIN["pharaon"])
    assert len({hash(scheme) for scheme in BUILTIN.values()}) == len(BUILTIN)
    assert hash(lob_half(lob=Fraction(-1, 4))) != hash(lob_half())  # same name, other rule
    assert hash(with_premiums(classic())) == hash(classic())
    extra = Premium("sonik", Match(frozenset({Kind.GIVEN}), position=2), Fraction(1, 2))
    assert hash(with_premiums(classic(), extra)) != hash(classic())  # other premiums
    base = Scheme(
        "x", base={Kind.KILLED: Fraction(-1), Kind.PLIE: Fraction(-1), Kind.GIVEN: Fraction(1)}
    )
    other = Scheme(
        "x", base={Kind.KILLED: Fraction(-1), Kind.PLIE: Fraction(-1), Kind.GIVEN: Fraction(2)}
    )
    assert hash(base) != hash(other)  # other base payoffs


# --- a scheme of many rules settles from the rules that can match ------------------------------


def _settle_by_every_rule(scheme: Scheme, outcome: Outcome) -> tuple[Fraction, bool]:
    """The settlement read the long way: every rule in order, every premium."""
    if outcome.kind is Kind.NONE:
        return Fraction(0), False
    payoff = scheme.base[outcome.kind]
    for rule in scheme.rules:
        if rule.match(outcome):
            payoff = rule.payoff
            break
    if payoff is None:
        return Fraction(0), True
    return payoff + sum((p.amount for p in scheme.premiums if p.match(outcome)), Fraction(0)), False


def test_many_rules_settle_as_read_one_by_one() -> None:
    # Rules and premiums naming positions, abzugs, the last pair or card (true and false)
    # and none: the settlement from the rules that can match a place is the one read by
    # going through every rule.
    from shtoss_exact.schemes.parts import Rule

    wheres: list[dict[str, object]] = [
        {"position": 3}, {"abzug": 2}, {"last_pair": True}, {"last_pair": False},
        {"last_card": True}, {"last_card": False}, {}, {"position": 9, "abzug": 5},
        {"position": 4, "abzug": 1},
    ]  # fmt: skip
    rules = tuple(
        Rule(Match(frozenset({kind}), **where), Fraction(-i, 7) if i % 5 else None)  # type: ignore[arg-type]
        for i, where in enumerate(wheres * 2, start=1)
        for kind in (Kind.KILLED, Kind.GIVEN)
    )
    premiums = tuple(
        Premium(f"p{i}", Match(frozenset({Kind.GIVEN, Kind.PLIE}), **where), Fraction(1, i + 2))  # type: ignore[arg-type]
        for i, where in enumerate(wheres)
    )
    scheme = Scheme("many", rules=rules, premiums=premiums)
    for cards in (9, 10):
        for position in (None, *range(1, cards + 1)):
            for kind in (Kind.KILLED, Kind.PLIE, Kind.GIVEN, Kind.NONE):
                outcome = Outcome(kind, position, cards)
                settled = scheme.settle(outcome)
                assert (settled.payoff, settled.null) == _settle_by_every_rule(scheme, outcome)
