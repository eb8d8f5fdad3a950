"""The payout schemes: every built-in and every factory option against the brute-force
oracle, the soda, parameters, the catalogue and its Russian names, refusals."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

import pytest

from shtoss_exact import ShtossError
from shtoss_exact.bet.measures import scheme_result
from shtoss_exact.deck import Deal, parse_card, parse_suits
from shtoss_exact.engine import Kind
from shtoss_exact.schemes.files import as_scheme
from shtoss_exact.schemes.listing import schemes_record
from shtoss_exact.schemes.scheme import (
    ALIASES,
    BUILTIN,
    RUSSIAN_RULES,
    Match,
    Outcome,
    Premium,
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
    scheme_names,
    stuss,
    thirds,
    with_premiums,
)
from tests.oracles import brute_schemes as brute

HALF = Fraction(1, 2)
SUIT_SETS = ("", "h", "s", "hd", "sc", "hsd", "hhc", "hdsc")
SMALL = [(n, suits) for n in range(1, 9) for suits in SUIT_SETS if len(suits) <= min(n, 3)]
Pay = brute.Pay


def deal_of(n: int, suits: str) -> Deal:
    return Deal(n, len(suits), parse_card("7h"), parse_suits(suits) if suits else ())


def _null_cards(result: object) -> Fraction:
    """P(a rule makes the deciding card null), from the settlement counts."""
    counts = result.counts  # type: ignore[attr-defined]
    return Fraction(sum(c for (_, null, _), c in counts.items.items() if null), counts.total)


def assert_result_matches(result: object, oracle: brute.Settled) -> None:
    assert result.distribution == oracle.seen  # type: ignore[attr-defined]
    assert result.ev == oracle.ev  # type: ignore[attr-defined]
    who = (result.banker, result.punter, result.null)  # type: ignore[attr-defined]
    assert who == (oracle.banker, oracle.punter, oracle.null)
    assert sum(who) == 1
    assert _null_cards(result) == oracle.null_card


# --- the built-ins against the oracle -----------------------------------------------------


@pytest.mark.parametrize("name", list(brute.ORACLES))
@pytest.mark.parametrize(("n", "suits"), SMALL)
def test_every_builtin_matches_brute_force(name: str, n: int, suits: str) -> None:
    pay, soda = brute.ORACLES[name]
    if soda == "known" and len(suits) == n:
        with pytest.raises(ShtossError, match="soda"):
            scheme_result(deal_of(n, suits), scheme_named(name))
        return
    oracle = brute.settle(n, tuple(suits), pay, soda=soda)
    assert_result_matches(scheme_result(deal_of(n, suits), scheme_named(name)), oracle)


@pytest.mark.parametrize(("n", "suits"), [(n, s) for n, s in SMALL if n >= 2])
@pytest.mark.parametrize("name", ["faro", "stuss"])
def test_soda_before_matches_brute_force(name: str, n: int, suits: str) -> None:
    pay, _ = brute.ORACLES[name]
    factory = faro if name == "faro" else stuss
    oracle = brute.settle(n, tuple(suits), pay, soda="before")
    assert_result_matches(scheme_result(deal_of(n, suits), factory(soda=Soda.BEFORE)), oracle)


# --- every factory and option, called directly --------------------------------------------

FACTORY_SUITS = ("", "h", "s", "hd", "sc", "hsd", "hhc")
FACTORY_DECKS = [(n, suits) for n in range(1, 9) for suits in FACTORY_SUITS if len(suits) <= n]


def assert_matches_brute(scheme: Scheme, pay: Pay, *, soda: str | None = None) -> None:
    for n, suits in FACTORY_DECKS:
        if soda == "known" and len(suits) == n:
            continue
        oracle = brute.settle(n, tuple(suits), pay, soda=soda)
        result = scheme_result(deal_of(n, suits), scheme)
        assert result.distribution == oracle.seen, (n, suits)
        assert (result.banker, result.punter, result.null) == (
            oracle.banker,
            oracle.punter,
            oracle.null,
        ), (n, suits)
        assert _null_cards(result) == oracle.null_card, (n, suits)


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
            return last if p + 1 == n else doublet  # the pair that ends the deck
        return brute.classic(kind, p, n, rel)

    return pay


def _bassette(*, null_last: bool, facee: Fraction) -> Pay:
    def pay(kind: str, p: int, n: int, rel: str) -> Fraction | None:
        if null_last and p == n:
            return None
        return facee if kind == "killed" and p == 1 else brute.classic(kind, p, n, rel)

    return pay


def _bassette_mid_deal(*, null_last: bool, facee: Fraction) -> Pay:
    def pay(kind: str, p: int, n: int, rel: str) -> Fraction | None:
        if (null_last and p == n) or p == 1:
            return None
        return facee if p == 2 else brute.classic(kind, p, n, rel)

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
    ("eleven", eleven, brute.eleven, None),
    ("eleven 3/4", lambda: eleven(eleven=Fraction(3, 4)), _at(11, BANKER, Fraction(3, 4)), None),
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
        "pharaon live last card",
        lambda: pharaon(last_card_null=False),
        _pharaon(null_last=False, doublet=-HALF, last=Fraction(-1)),
        None,
    ),
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
    ("bassette mid-deal", lambda: bassette(mid_deal=True), brute.bassette_mid_deal, None),
    (
        "bassette mid-deal options",
        lambda: bassette(mid_deal=True, last_card_null=False, facee=-HALF),
        _bassette_mid_deal(null_last=False, facee=-HALF),
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


def test_a_live_last_card_is_never_null() -> None:
    # Without the null last card only a deck without copies moves no money.
    for n, suits in FACTORY_DECKS:
        result = scheme_result(deal_of(n, suits), pharaon(last_card_null=False))
        assert _null_cards(result) == 0
        assert result.null == (1 if not suits else 0)


def test_eleven_pays_a_card_killed_or_plie_at_eleven() -> None:
    # Position 11 needs a deck of at least 11 cards: one to three copies in 11 and 12 cards.
    for n in (11, 12):
        for suits in ("h", "hs", "hsd"):
            oracle = brute.settle(n, tuple(suits), brute.eleven)
            assert_result_matches(scheme_result(deal_of(n, suits), eleven()), oracle)
    assert eleven().settle(Outcome(Kind.KILLED, 11, 52)).payoff == 1
    assert eleven().settle(Outcome(Kind.PLIE, 11, 52)).payoff == 1
    assert eleven().settle(Outcome(Kind.GIVEN, 12, 52)).payoff == 1
    assert eleven().settle(Outcome(Kind.KILLED, 13, 52)).payoff == -1


def test_bait_premium_keeps_its_name_and_takes_the_new_amount() -> None:
    scheme = bait().with_params({"sonik": 1})
    assert [(p.name, p.amount) for p in scheme.premiums] == [("sonik", Fraction(1))]
    assert_matches_brute(scheme, _at(2, ("given",), Fraction(2)))


def test_thirds_with_a_soda_placed_before_drops_the_soda_copy_suit() -> None:
    # The copy lost to the soda takes its suit with it: the oracle sees every shuffle.
    scheme = replace(thirds(), dead_first=True, soda=Soda.BEFORE)
    assert_matches_brute(scheme, brute.thirds, soda="before")


def test_thirds_plie_suit_from_the_sonik_changes_nothing() -> None:
    for n in range(2, 8):
        for suits in ("hs", "hdc", "sch", "hh"):
            if len(suits) > n:
                continue
            lob = brute.settle(n, tuple(suits), brute.thirds)
            sonik = brute.settle(n, tuple(suits), brute.thirds, plie_card="sonik")
            assert lob == sonik


# --- known values -------------------------------------------------------------------------


def test_known_values_at_52() -> None:
    deal = Deal(52, 4)
    assert scheme_named("classic").ev(deal) == Fraction(-33, 833)
    assert scheme_named("pharaon").ev(deal) == Fraction(-33, 1666)
    assert faro(soda=Soda.BEFORE).ev(deal) == Fraction(-33, 1666)
    # lob-half: the first card (1/13 of the deals) now costs only 1/2.
    assert scheme_named("lob-half").ev(deal) == Fraction(-33, 833) + Fraction(1, 26)
    assert scheme_named("eleven").ev(deal) == Fraction(163, 4165)
    # faro with the soda known is the 51 cards after it.
    no_soda = replace(faro(), dead_first=False)
    assert scheme_named("faro").ev(deal) == scheme_result(Deal(51, 4), no_soda).ev


def test_pharaon_with_an_odd_deck() -> None:
    # One deck of 52: the banker holds 51 cards and 3 copies. The last card is alone:
    # no pair ends the deck, so every doublet costs half.
    assert pharaon().ev(Deal(51, 3)) == Fraction(-25, 1666)
    assert pharaon().ev(Deal(51, 3)) == pharaon(last_pair_doublet=-HALF).ev(Deal(51, 3))
    # Two copies: the doublet that ends an even deck costs the whole stake; in an odd
    # deck no doublet does.
    assert pharaon().ev(Deal(10, 2)) == pharaon(last_pair_doublet=-HALF).ev(Deal(10, 2)) - (
        HALF / 45
    )
    assert pharaon().ev(Deal(9, 2)) == pharaon(last_pair_doublet=-HALF).ev(Deal(9, 2))
    assert pharaon().settle(Outcome(Kind.PLIE, 49, 51)).payoff == -HALF
    assert pharaon().settle(Outcome(Kind.PLIE, 51, 52)).payoff == -1
    assert pharaon().settle(Outcome(Kind.PLIE, 49, 52)).payoff == -HALF


def test_large_decks_need_no_walk() -> None:
    for scheme in BUILTIN.values():
        if scheme.needs_suits:
            continue
        ev = scheme.ev(Deal(10**9, 4))
        assert -1 < ev < 1


def test_no_copies_need_no_suits() -> None:
    # Nothing is ever decided, so the thirds never ask for a suit.
    assert scheme_result(Deal(5, 0), thirds()).distribution == {Fraction(0): Fraction(1)}


# --- parameters ---------------------------------------------------------------------------


FACTORIES: dict[str, Callable[[], Scheme]] = {
    "classic": classic, "lob-half": lob_half, "gorka-half": gorka_half, "eleven": eleven,
    "thirds": thirds, "bait": bait, "pharaon": pharaon, "bassette": bassette, "faro": faro,
    "stuss": stuss,
}  # fmt: skip


def test_every_parameter_can_be_set_by_its_name() -> None:
    # Setting a parameter to the value it has changes nothing; to another, the settlement.
    for name, factory in FACTORIES.items():
        scheme = factory()
        for param, value in scheme.params.items():
            moved = scheme.with_params({param: value + 7})
            assert moved.params[param] == value + 7, (name, param)
            assert scheme.with_params({param: value}).ev(Deal(12, 3)) == scheme.ev(Deal(12, 3))


def test_with_premiums_keeps_name_and_description_unless_told() -> None:
    extra = Premium("lob", Match(frozenset({Kind.KILLED}), position=1), HALF)
    kept = with_premiums(bait(), extra)
    assert (kept.name, kept.description) == (bait().name, bait().description)
    assert [p.name for p in kept.premiums] == ["sonik", "lob"]
    renamed = with_premiums(classic(), extra, name="soft", description="")
    assert (renamed.name, renamed.description) == ("soft", "")


# --- the catalogue ------------------------------------------------------------------------

CATALOGUE = {
    "classic": ("given +1, killed -1, plié -1", RUSSIAN_RULES, {"given": Fraction(1)}),
    "lob-half": (
        "в лоб полкуша: killed by the very first card (a plié in abzug 1 too) costs 1/2",
        RUSSIAN_RULES,
        {"lob": -HALF},
    ),
    "gorka-half": (
        "в лоб целиком — с горки полкуша: the first card kills in full, the third card "
        "(a plié in abzug 2 too) costs 1/2",
        RUSSIAN_RULES,
        {"gorka": -HALF},
    ),
    "eleven": (
        "абцужный штосс: a card killed at eleven (position 11, abzug 6; a plié there too) "
        "is paid +1, not lost; otherwise classic",
        RUSSIAN_RULES,
        {"eleven": Fraction(1)},
    ),
    "thirds": (
        "счёт третями: magnitude 1, 2/3, 1/3 for a colour, half-colour, plain deciding card "
        "(the lob of a plié); the sign by who wins",
        RUSSIAN_RULES,
        {},
    ),
    "bait": (
        "с наживкой: classic, plus a premium of 1/2 for winning the sonik",
        RUSSIAN_RULES,
        {"given": Fraction(1), "sonik": HALF},
    ),
    "pharaon": (
        "a doublet (plié) costs 1/2, in the pair that ends the deck 1; the last card is null",
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
    assert BUILTIN[name] == scheme


def test_sources_cite_the_literature() -> None:
    for scheme in BUILTIN.values():
        assert scheme.source, scheme.name
        for word in ("seed", "spec"):
            assert word not in scheme.source.lower(), scheme.name
            assert word not in scheme.description.lower(), scheme.name


def test_lob_half_says_when_a_plie_in_abzug_1_costs_in_full() -> None:
    assert lob_half(plie_half=False).description.endswith(" (a plié in abzug 1 costs 1)")
    assert "costs 1)" not in lob_half().description


# --- names: the registry, the Russian aliases ---------------------------------------------


def test_every_alias_names_a_builtin() -> None:
    assert set(ALIASES.values()) <= set(BUILTIN)
    assert set(ALIASES.values()) == set(BUILTIN)  # every scheme has a Russian name
    for alias, name in ALIASES.items():
        assert alias == alias.lower() and " " not in alias
        assert not set(alias) & set("abcdefghijklmnopqrstuvwxyz"), alias  # Russian words
        assert scheme_named(alias) is BUILTIN[name]
        assert as_scheme(alias) is BUILTIN[name]
    assert not set(ALIASES) & set(BUILTIN)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("pharaon", "pharaon"),
        ("фараон", "pharaon"),
        ("Фараон", "pharaon"),
        ("  ФАРАОН ", "pharaon"),
        ("в лоб полкуша", "lob-half"),
        ("В-лоб-полкуша", "lob-half"),
        ("с горки полкуша", "gorka-half"),
        ("штосс", "classic"),
        ("штос", "classic"),
        ("абцуг", "eleven"),
        ("Faro", "faro"),
        (" stuss ", "stuss"),
    ],
)
def test_schemes_by_name_or_russian_name(text: str, name: str) -> None:
    assert scheme_named(text) is BUILTIN[name]
    assert as_scheme(text) is BUILTIN[name]


def test_scheme_names_is_the_registry() -> None:
    names = scheme_names()
    assert list(names) == list(BUILTIN)
    assert names["pharaon"] == ["фараон"]
    assert sorted(a for aliases in names.values() for a in aliases) == sorted(ALIASES)
    for name, aliases in names.items():
        assert all(ALIASES[a] == name for a in aliases)


def test_schemes_record() -> None:
    record = schemes_record()
    assert list(record) == ["schemes"]
    rows = record["schemes"]
    assert [row["scheme"] for row in rows] == list(BUILTIN)
    for row in rows:
        scheme = BUILTIN[row["scheme"]]
        assert list(row) == ["scheme", "aliases", "parameters", "rule", "source"]
        assert row["aliases"] == scheme_names()[scheme.name]
        assert row["parameters"] == [
            {"parameter": k, "value": f"{v.numerator}" if v.denominator == 1 else f"{v}"}
            for k, v in scheme.params.items()
        ]
        assert (row["rule"], row["source"]) == (scheme.description, scheme.source)
    pharaon_row = rows[list(BUILTIN).index("pharaon")]
    assert pharaon_row["parameters"] == [
        {"parameter": "last_pair_doublet", "value": "-1"},
        {"parameter": "doublet", "value": "-1/2"},
    ]


def test_as_scheme_passes_a_scheme_through() -> None:
    custom = Scheme("custom")
    assert as_scheme(custom) is custom


# --- refusals: one line naming the bad value and what is allowed --------------------------


@pytest.mark.parametrize(
    ("make", "message"),
    [
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
            r"^scheme 'faro' burns the first card, but the banker's deck holds none: allowed a "
            r"banker's deck of 1 card or more \(in the one-deck game, whose first card is the "
            r"punter's, cards >= 2\)$",
        ),
        (
            lambda: faro().played_deals(Deal(3, 3)),
            r"allowed copies < cards in the banker's deck, got 3 copies in a banker's deck of 3 "
            r"cards$",
        ),
        (
            lambda: thirds().settle(Outcome(Kind.GIVEN, 2, 52)),
            r"^scheme 'thirds' needs the suits: give the punter's card \(card=\)$",
        ),
        (
            lambda: thirds().ev(Deal(8, 1)),
            r"give the punter's card \(card=\) and, for a custom deck, the copies' suits "
            r"\(suits=\)$",
        ),
        (
            lambda: scheme_named("whist"),
            r"^unknown scheme 'whist': allowed schemes are classic, lob-half, gorka-half, "
            r"eleven, thirds, bait, pharaon, bassette, faro, stuss \(or a Russian name",
        ),
        (lambda: scheme_named("x" * 500), r"^unknown scheme 'x{39}"),
        (lambda: scheme_named(7), r"^scheme=7 is of type int: allowed a Scheme"),  # type: ignore[arg-type]
        (lambda: as_scheme(7), r"^scheme=7 .*allowed a Scheme, a built-in name"),
        (lambda: as_scheme(None), r"^scheme=None .*allowed a Scheme, a built-in name"),
        (lambda: as_scheme(Fraction(1, 2)), r"allowed a Scheme, a built-in name"),
    ],
)
def test_refusals_name_the_value_and_what_is_allowed(
    make: Callable[[], object], message: str
) -> None:
    with pytest.raises(ShtossError, match=message) as caught:
        make()
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 300


def test_thirds_needs_the_suits() -> None:
    with pytest.raises(ShtossError, match="needs the suits"):
        scheme_result(Deal(52, 4), "thirds")
    with pytest.raises(ShtossError, match="needs the suits"):
        scheme_result(Deal(52, 4, parse_card("7h")), "thirds")  # the copies' suits unknown
