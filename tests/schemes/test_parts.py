"""The pieces of a scheme: outcomes, matches, rules, premiums, parameters.

Custom rules by abzug, position, last pair, last card and suit relation are settled
against an independent reading of ``Match`` over every arrangement of small decks.
The last pair is the pair whose second card is the deck's last card: it exists only
when the deck has an even number of cards.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from fractions import Fraction

import pytest

from shtoss_exact import ShtossError
from shtoss_exact.bet.measures import scheme_result
from shtoss_exact.deck import Deal, SuitRelation, parse_card, parse_suits
from shtoss_exact.engine import Kind
from shtoss_exact.schemes.scheme import Match, Outcome, Param, Premium, Rule, Scheme
from tests.oracles import brute_schemes as brute

HALF = Fraction(1, 2)
SUIT_SETS = ("", "h", "s", "hd", "sc", "hsd", "hhc")
SMALL = [(n, suits) for n in range(1, 9) for suits in SUIT_SETS if len(suits) <= n]


def deal_of(n: int, suits: str) -> Deal:
    return Deal(n, len(suits), parse_card("7h"), parse_suits(suits) if suits else ())


def assert_matches_brute(scheme: Scheme, pay: brute.Pay) -> None:
    for n, suits in SMALL:
        oracle = brute.settle(n, tuple(suits), pay)
        result = scheme_result(deal_of(n, suits), scheme)
        assert result.distribution == oracle.seen, (n, suits)
        assert (result.banker, result.punter, result.null) == (
            oracle.banker,
            oracle.punter,
            oracle.null,
        ), (n, suits)


# --- outcomes -----------------------------------------------------------------------------


@pytest.mark.parametrize("cards", range(0, 12))
def test_the_last_pair_ends_the_deck(cards: int) -> None:
    # Positions n - 1 and n, when n is even; with n odd the last card is alone.
    for position in range(1, cards + 1):
        for kind in (Kind.KILLED, Kind.PLIE, Kind.GIVEN):
            outcome = Outcome(kind, position, cards)
            ends = cards % 2 == 0 and position >= cards - 1
            assert outcome.last_pair is ends, (cards, position)
            assert outcome.last_card is (position == cards)
            assert outcome.abzug == (position + 1) // 2
    unnamed = Outcome(Kind.KILLED, None, cards)
    assert (unnamed.last_pair, unnamed.last_card, unnamed.abzug) == (False, False, None)


# --- matches ------------------------------------------------------------------------------


def test_a_match_names_its_positions() -> None:
    # The special positions are exactly those a rule or premium can name in the deck.
    assert Match(abzug=3).positions(10) == {5, 6}
    assert Match(abzug=6).positions(11) == {11}
    assert Match(abzug=7).positions(11) == set()
    assert Match(position=12).positions(11) == set()
    assert Match(last_pair=True).positions(10) == {9, 10}
    assert Match(last_pair=True).positions(9) == set()  # n odd: no pair ends the deck
    assert Match(last_pair=False).positions(2) == {1, 2}
    assert Match(last_pair=False).positions(1) == set()
    assert Match(last_card=False).positions(7) == {7}
    assert Match(last_card=True).positions(0) == set()
    assert Match(frozenset({Kind.GIVEN})).positions(8) == set()
    assert not Match(frozenset({Kind.GIVEN})).positional
    scheme = Scheme("s", rules=(Rule(Match(abzug=2), HALF), Rule(Match(position=7), HALF)))
    assert scheme.special_positions(8) == [3, 4, 7]
    paired = Scheme("s", rules=(Rule(Match(last_pair=True), HALF),))
    assert (paired.special_positions(8), paired.special_positions(9)) == ([7, 8], [])


Spec = dict[str, object]


def _matches(spec: Spec, kind: str, p: int, n: int, rel: str) -> bool:
    checks: dict[str, Callable[[object], bool]] = {
        "kinds": lambda v: kind in v,  # type: ignore[operator]
        "position": lambda v: p == v,
        "abzug": lambda v: (p + 1) // 2 == v,
        "relation": lambda v: rel == v,
        # The pair that ends the deck: positions n - 1 and n, n even.
        "last_pair": lambda v: (n >= 2 and n % 2 == 0 and p >= n - 1) == v,
        "last_card": lambda v: (p == n) == v,
    }
    return all(checks[key](value) for key, value in spec.items())


def _match_of(spec: Spec) -> Match:
    where = dict(spec)
    kinds = where.pop("kinds", None)
    if "relation" in where:
        where["relation"] = SuitRelation(str(where["relation"]))
    return Match(
        frozenset(Kind(k) for k in kinds) if kinds is not None else None,  # type: ignore[attr-defined]
        **where,  # type: ignore[arg-type]
    )


RULE_CASES: list[tuple[list[tuple[Spec, Fraction | None]], list[tuple[Spec, Fraction]]]] = [
    ([({"abzug": 2}, Fraction(0))], []),
    ([({"abzug": 1, "kinds": ("killed",)}, -HALF)], []),
    ([({"last_pair": True}, Fraction(0))], []),
    ([({"last_pair": True, "kinds": ("plie",)}, Fraction(-2))], []),
    ([({"last_pair": False}, HALF)], []),
    ([({"last_card": True}, None)], []),
    ([({"last_card": False}, Fraction(0))], []),
    ([({"relation": "plain"}, Fraction(0))], []),
    ([({"relation": "colour", "kinds": ("given",)}, Fraction(2))], []),
    ([({"position": 2}, Fraction(3)), ({"kinds": ("given",)}, HALF)], []),
    ([], [({"abzug": 1}, Fraction(1, 4)), ({"relation": "half-colour"}, Fraction(1, 10))]),
    ([({"last_pair": False, "kinds": ("plie",)}, None)], [({"last_card": True}, HALF)]),
    ([], [({"last_pair": True}, Fraction(1, 3))]),
]


@pytest.mark.parametrize(("rules", "premiums"), RULE_CASES)
def test_custom_rules_and_premiums_match_brute_force(
    rules: list[tuple[Spec, Fraction | None]], premiums: list[tuple[Spec, Fraction]]
) -> None:
    scheme = Scheme(
        "custom",
        rules=tuple(Rule(_match_of(spec), payoff) for spec, payoff in rules),
        premiums=tuple(Premium("extra", _match_of(spec), amount) for spec, amount in premiums),
    )

    def pay(kind: str, p: int, n: int, rel: str) -> Fraction | None:
        value = brute.classic(kind, p, n, rel)
        for spec, payoff in rules:
            if _matches(spec, kind, p, n, rel):
                value = payoff
                break
        if value is None:
            return None
        return value + sum(a for spec, a in premiums if _matches(spec, kind, p, n, rel))

    assert_matches_brute(scheme, pay)


def test_false_flags_match_the_positions_no_rule_names() -> None:
    # Regression: a rule `last_card = false` (or `last_pair = false`) used to skip every
    # position settled by kind alone, so it applied to none of them. With two copies
    # in six cards the last card never decides, so every outcome pays 0.
    for flag in ("last_card", "last_pair"):
        scheme = Scheme("x", rules=(Rule(Match(**{flag: False}), Fraction(0)),))  # type: ignore[arg-type]
        result = scheme_result(Deal(6, 2), scheme)
        if flag == "last_card":
            assert result.distribution == {Fraction(0): Fraction(1)}
        else:
            # Only the last pair (positions 5, 6) keeps its classic payoff.
            assert result.distribution == {
                Fraction(-1): Fraction(1, 15),
                Fraction(0): Fraction(14, 15),
            }
        # Seven cards: no pair ends the deck, so `last_pair = false` matches everything.
        if flag == "last_pair":
            assert scheme_result(Deal(7, 2), scheme).distribution == {Fraction(0): Fraction(1)}


# --- refusals and parameters --------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Match(position=0), r"^position=0 in a rule: allowed position >= 1$"),
        (lambda: Match(abzug=-2), r"^abzug=-2 in a rule: allowed abzug >= 1$"),
        (lambda: Param("not a name"), r"^parameter name 'not a name': allowed a name"),
    ],
)
def test_refusals_name_the_value_and_what_is_allowed(
    make: Callable[[], object], message: str
) -> None:
    with pytest.raises(ShtossError, match=message):
        make()


def test_param_behaves_like_its_value() -> None:
    lob = Param("lob", Fraction(-1, 2))
    assert lob == Fraction(-1, 2) and lob.name == "lob"
    assert lob * 2 == -1 and isinstance(lob + 1, Fraction)
    assert pickle.loads(pickle.dumps(lob)).name == "lob"
    assert copy.deepcopy(lob) is lob and copy.copy(lob) is lob
    assert repr(lob) == "Param('lob', Fraction(-1, 2))"
