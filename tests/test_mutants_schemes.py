"""Scheme behaviour that mutation testing showed unchecked.

Every factory is called directly, with its defaults and with each option, and
settled against the brute-force oracle; custom rules by abzug, last pair, last
card and suit relation are settled against an independent reading of ``Match``;
the catalogue the user sees (name, rule text, source, parameters) is pinned; and
the refusals name the bad value and what is allowed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

import pytest

from shtoss_exact import ShtossError
from shtoss_exact.deck import Deal, SuitRelation, parse_card, parse_suits
from shtoss_exact.engine import Kind
from shtoss_exact.measures import scheme_result
from shtoss_exact.schemes import (
    BUILTIN,
    Match,
    Outcome,
    Param,
    Premium,
    Rule,
    Scheme,
    Soda,
    bait,
    bassette,
    classic,
    eleven,
    faro,
    gorka_half,
    lob_half,
    pharaon,
    scheme_named,
    stuss,
    thirds,
    with_premiums,
)
from tests import brute_schemes as brute

HALF = Fraction(1, 2)
SUIT_SETS = ("", "h", "s", "hd", "sc", "hsd", "hhc")
SMALL = [(n, suits) for n in range(1, 9) for suits in SUIT_SETS if len(suits) <= n]
Pay = brute.Pay


def deal_of(n: int, suits: str) -> Deal:
    return Deal(n, len(suits), parse_card("7h"), parse_suits(suits) if suits else ())


def assert_matches_brute(scheme: Scheme, pay: Pay, *, soda: str | None = None) -> None:
    for n, suits in SMALL:
        if soda == "known" and len(suits) == n:
            continue
        expected, null = brute.distribution(n, tuple(suits), pay, soda=soda)
        result = scheme_result(deal_of(n, suits), scheme)
        assert result.distribution == {v: p for v, p in expected.items() if p}, (n, suits)
        assert result.null == null, (n, suits)


def _classic_given(amount: Fraction) -> Pay:
    def pay(kind: str, p: int, n: int, rel: str) -> Fraction | None:
        return amount if kind == "given" else Fraction(-1)

    return pay


def _at(position: int, kinds: tuple[str, ...], amount: Fraction) -> Pay:
    def pay(kind: str, p: int, n: int, rel: str) -> Fraction | None:
        return amount if kind in kinds and p == position else brute.classic(kind, p, n, rel)

    return pay


def _pharaon(*, null_last: bool, doublet: Fraction, last: Fraction) -> Pay:
    def pay(kind: str, p: int, n: int, rel: str) -> Fraction | None:
        if null_last and p == n:
            return None
        if kind == "plie":
            return last if (p + 1) // 2 == n // 2 else doublet
        return brute.classic(kind, p, n, rel)

    return pay


def _bassette(*, null_last: bool, facee: Fraction) -> Pay:
    def pay(kind: str, p: int, n: int, rel: str) -> Fraction | None:
        if null_last and p == n:
            return None
        return facee if kind == "killed" and p == 1 else brute.classic(kind, p, n, rel)

    return pay


def _faro(*, null_hock: bool, split: Fraction) -> Pay:
    def pay(kind: str, p: int, n: int, rel: str) -> Fraction | None:
        if null_hock and p == n:
            return None
        return split if kind == "plie" else brute.classic(kind, p, n, rel)

    return pay


def _lob_half_bait(kind: str, p: int, n: int, rel: str) -> Fraction | None:
    value = brute.lob_half(kind, p, n, rel)
    assert value is not None
    return value + Fraction(1, 4) if kind == "given" and p == 2 else value


BANKER = ("killed", "plie")
FACTORY_CASES: list[tuple[str, Callable[[], Scheme], Pay, str | None]] = [
    ("classic", classic, brute.classic, None),
    ("classic given=2", lambda: classic(given=2), _classic_given(Fraction(2)), None),
    ("lob-half", lob_half, brute.lob_half, None),
    ("lob-half full plié", lambda: lob_half(plie_half=False), _at(1, ("killed",), -HALF), None),
    ("lob-half lob=0", lambda: lob_half(lob=0), _at(1, BANKER, Fraction(0)), None),
    ("gorka-half", gorka_half, brute.gorka_half, None),
    ("gorka-half full plié", lambda: gorka_half(plie_half=False), _at(3, ("killed",), -HALF), None),
    (
        "gorka-half -1/4",
        lambda: gorka_half(gorka=Fraction(-1, 4)),
        _at(3, BANKER, Fraction(-1, 4)),
        None,
    ),
    (
        "eleven 3/4",
        lambda: eleven(eleven=Fraction(3, 4)),
        _at(11, ("killed",), Fraction(3, 4)),
        None,
    ),
    ("thirds", thirds, brute.thirds, None),
    ("bait", bait, brute.bait, None),
    (
        "bait 1/4 on lob-half",
        lambda: bait(sonik=Fraction(1, 4), base=lob_half()),
        _lob_half_bait,
        None,
    ),
    ("pharaon", pharaon, brute.pharaon, None),
    (
        "pharaon options",
        lambda: pharaon(last_card_null=False, doublet=-1, last_pair_doublet=0),
        _pharaon(null_last=False, doublet=Fraction(-1), last=Fraction(0)),
        None,
    ),
    ("bassette", bassette, brute.bassette, None),
    (
        "bassette options",
        lambda: bassette(last_card_null=False, facee=-HALF),
        _bassette(null_last=False, facee=-HALF),
        None,
    ),
    ("faro", faro, brute.faro, "known"),
    ("faro before", lambda: faro(soda=Soda.BEFORE), brute.faro, "before"),
    (
        "faro live hock",
        lambda: faro(hock_null=False, split=0),
        _faro(null_hock=False, split=Fraction(0)),
        "known",
    ),
    ("stuss", stuss, brute.stuss, "known"),
    (
        "stuss before, live hock",
        lambda: stuss(soda=Soda.BEFORE, hock_null=False),
        _faro(null_hock=False, split=Fraction(-1)),
        "before",
    ),
]


@pytest.mark.parametrize(
    ("label", "factory", "pay", "soda"), FACTORY_CASES, ids=[c[0] for c in FACTORY_CASES]
)
def test_every_factory_and_option_matches_brute_force(
    label: str, factory: Callable[[], Scheme], pay: Pay, soda: str | None
) -> None:
    assert_matches_brute(factory(), pay, soda=soda)


def test_eleven_pays_only_a_card_killed_at_eleven() -> None:
    # Position 11 needs a deck of at least 11 cards: one and two copies in 12 cards.
    for suits in ("h", "hs"):
        expected, _ = brute.distribution(12, tuple(suits), brute.eleven)
        assert scheme_result(deal_of(12, suits), eleven()).distribution == expected


CATALOGUE = {
    "classic": ("given +1, killed -1, plié -1", "all seeds", {"given": Fraction(1)}),
    "lob-half": (
        "в лоб полкуша: killed by the very first card (a plié in abzug 1 too) costs 1/2",
        "seed 000",
        {"lob": -HALF},
    ),
    "gorka-half": (
        "в лоб целиком — с горки полкуша: the first card kills in full, the third card "
        "(a plié in abzug 2 too) costs 1/2",
        "seed 000",
        {"gorka": -HALF},
    ),
    "eleven": (
        "абцужный штосс: a card killed at eleven (position 11, abzug 6) is paid +1, not "
        "lost; otherwise classic",
        "seed 000",
        {"eleven": Fraction(1)},
    ),
    "thirds": (
        "счёт третями: magnitude 1, 2/3, 1/3 for a colour, half-colour, plain deciding card "
        "(the lob of a plié); the sign by who wins",
        "seed 000",
        {},
    ),
    "bait": (
        "с наживкой: classic, plus a premium of 1/2 for winning the sonik",
        "all seeds",
        {"given": Fraction(1), "sonik": HALF},
    ),
    "pharaon": (
        "a doublet (plié) costs 1/2, in the last pair 1; the last card is null",
        "Encyclopédie, Montmort, de Moivre, Euler (1764)",
        {"last_pair_doublet": Fraction(-1), "doublet": -HALF},
    ),
    "bassette": (
        "the first card is facée (the banker takes 2/3); a doublet goes to the banker; the "
        "last card is null",
        "17th–18th-century Bassette",
        {"facee": Fraction(-2, 3)},
    ),
    "faro": (
        "the soda (first card) is dead and known before betting; the hock (last card) is "
        "dead; a split (plié) costs 1/2",
        "19th-century American Faro",
        {"split": -HALF},
    ),
    "stuss": ("faro with the split a full loss", "Stuss (Jewish Faro)", {"split": Fraction(-1)}),
}
FACTORIES: dict[str, Callable[[], Scheme]] = {
    "classic": classic, "lob-half": lob_half, "gorka-half": gorka_half, "eleven": eleven,
    "thirds": thirds, "bait": bait, "pharaon": pharaon, "bassette": bassette, "faro": faro,
    "stuss": stuss,
}  # fmt: skip


@pytest.mark.parametrize("name", list(CATALOGUE))
def test_catalogue_rule_text_source_and_parameters(name: str) -> None:
    # What `shtoss-exact schemes` lists: each factory's defaults under its own name.
    description, source, params = CATALOGUE[name]
    scheme = FACTORIES[name]()
    assert (scheme.name, scheme.description, scheme.source) == (name, description, source)
    assert scheme.params == params
    assert scheme.needs_suits is (name == "thirds")
    assert scheme.dead_first is (name in ("faro", "stuss"))
    assert sorted(BUILTIN) == sorted(CATALOGUE)


def test_lob_half_says_when_a_plie_in_abzug_1_costs_in_full() -> None:
    assert lob_half(plie_half=False).description.endswith(" (a plié in abzug 1 costs 1)")
    assert "costs 1)" not in lob_half().description


def test_every_parameter_can_be_set_by_its_name() -> None:
    # Setting a parameter to the value it has changes nothing; to another, the settlement.
    for name, factory in FACTORIES.items():
        scheme = factory()
        for param, value in scheme.params.items():
            moved = scheme.with_params({param: value + 7})
            assert moved.params[param] == value + 7, (name, param)
            assert scheme.with_params({param: value}).ev(Deal(12, 3)) == scheme.ev(Deal(12, 3))


def test_bait_premium_keeps_its_name_and_takes_the_new_amount() -> None:
    scheme = bait().with_params({"sonik": 1})
    assert [(p.name, p.amount) for p in scheme.premiums] == [("sonik", Fraction(1))]
    assert_matches_brute(scheme, _at(2, ("given",), Fraction(2)))


def test_with_premiums_keeps_name_and_description_unless_told() -> None:
    extra = Premium("lob", Match(frozenset({Kind.KILLED}), position=1), HALF)
    kept = with_premiums(bait(), extra)
    assert (kept.name, kept.description) == (bait().name, bait().description)
    assert [p.name for p in kept.premiums] == ["sonik", "lob"]
    renamed = with_premiums(classic(), extra, name="soft", description="")
    assert (renamed.name, renamed.description) == ("soft", "")


# --- custom rules against an independent reading of Match ----------------------------

Spec = dict[str, object]


def _matches(spec: Spec, kind: str, p: int, n: int, rel: str) -> bool:
    checks = {
        "kinds": lambda v: kind in v,
        "position": lambda v: p == v,
        "abzug": lambda v: (p + 1) // 2 == v,
        "relation": lambda v: rel == v,
        # The last complete abzug holds positions n - 1, n (n even) or n - 2, n - 1 (n odd).
        "last_pair": lambda v: (n >= 2 and (p + 1) // 2 == n // 2) == v,
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
    ([({"last_pair": False}, HALF)], []),
    ([({"last_card": True}, None)], []),
    ([({"last_card": False}, Fraction(0))], []),
    ([({"relation": "plain"}, Fraction(0))], []),
    ([({"relation": "colour", "kinds": ("given",)}, Fraction(2))], []),
    ([({"position": 2}, Fraction(3)), ({"kinds": ("given",)}, HALF)], []),
    ([], [({"abzug": 1}, Fraction(1, 4)), ({"relation": "half-colour"}, Fraction(1, 10))]),
    ([({"last_pair": False, "kinds": ("plie",)}, None)], [({"last_card": True}, HALF)]),
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


def test_a_rule_named_position_is_settled_one_by_one() -> None:
    # The special positions are exactly those a rule or premium can name in the deck.
    assert Match(abzug=3).positions(10) == {5, 6}
    assert Match(abzug=6).positions(11) == {11}
    assert Match(last_pair=True).positions(9) == {7, 8}
    assert Match(last_pair=False).positions(1) == set()
    assert Match(last_card=False).positions(7) == {7}
    assert Match(last_card=True).positions(0) == set()
    assert Match(frozenset({Kind.GIVEN})).positions(8) == set()
    scheme = Scheme("s", rules=(Rule(Match(abzug=2), HALF), Rule(Match(position=7), HALF)))
    assert scheme.special_positions(8) == [3, 4, 7]


def test_thirds_with_a_soda_placed_before_drops_the_soda_copy_suit() -> None:
    # The copy lost to the soda takes its suit with it: the oracle sees every shuffle.
    scheme = replace(thirds(), dead_first=True, soda=Soda.BEFORE)
    assert_matches_brute(scheme, brute.thirds, soda="before")


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


def test_no_copies_need_no_suits() -> None:
    # Nothing is ever decided, so the thirds never ask for a suit.
    assert scheme_result(Deal(5, 0), thirds()).distribution == {Fraction(0): Fraction(1)}


# --- refusals: one line naming the bad value and what is allowed ----------------------


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Match(position=0), r"^position=0 in a rule: allowed position >= 1$"),
        (lambda: Match(abzug=-2), r"^abzug=-2 in a rule: allowed abzug >= 1$"),
        (
            lambda: Scheme("x", base={Kind.KILLED: Fraction(-1)}),
            r"^scheme 'x' has no base payoff for plie, given$",
        ),
        (
            lambda: classic().with_params({"lob": 1}),
            r"^scheme 'classic' has no parameter 'lob': its parameters: given$",
        ),
        (lambda: pharaon().with_params({"x": 1}), r"its parameters: last_pair_doublet, doublet$"),
        (lambda: thirds().with_params({"x": 1}), r"its parameters: none$"),
        (
            lambda: faro().played_deals(Deal(0, 0)),
            r"^scheme 'faro' burns the first card: allowed cards >= 1$",
        ),
        (lambda: faro().played_deals(Deal(3, 3)), r"allowed copies < cards, got copies=3"),
        (
            lambda: thirds().settle(Outcome(Kind.GIVEN, 2, 52)),
            r"^scheme 'thirds' needs the suits: give the punter's card \(--card\)$",
        ),
        (
            lambda: thirds().ev(Deal(8, 1)),
            r"give the punter's card \(--card\) and, for a custom deck, the copies' suits "
            r"\(--suits\)$",
        ),
        (
            lambda: scheme_named("whist"),
            r"^unknown scheme 'whist': allowed schemes are classic, lob-half, gorka-half, "
            r"eleven, thirds, bait, pharaon, bassette, faro, stuss$",
        ),
    ],
)
def test_refusals_name_the_value_and_what_is_allowed(
    make: Callable[[], object], message: str
) -> None:
    with pytest.raises(ShtossError, match=message):
        make()


def test_param_repr_shows_name_and_value() -> None:
    assert repr(Param("lob", Fraction(-1, 2))) == "Param('lob', Fraction(-1, 2))"


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
            # Only the last abzug (positions 5, 6) keeps its classic payoff.
            assert result.distribution == {
                Fraction(-1): Fraction(1, 15),
                Fraction(0): Fraction(14, 15),
            }


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
