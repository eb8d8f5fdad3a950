"""Closed forms: brute force over position sets, known values, identities, the proof's
checks, the ranges the forms are refused outside, and the library's arguments."""

from __future__ import annotations

import time
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import shtoss_exact.symbolic.forms as symbolic
from shtoss_exact import closed_form as top_level_closed_form
from shtoss_exact.deck import Deal
from shtoss_exact.engine import Kind
from shtoss_exact.errors import ShtossError
from shtoss_exact.limits import MAX_SECONDS
from shtoss_exact.schemes.parts import Outcome, Soda
from shtoss_exact.schemes.schema import scheme_from_data
from shtoss_exact.schemes.scheme import Scheme, faro, scheme_named
from shtoss_exact.symbolic.expr import compile_form, rational_expr, symbols
from shtoss_exact.symbolic.forms import (
    PER_ABZUG,
    WHOLE_DEAL,
    Parity,
    closed_form,
    closed_forms,
)
from shtoss_exact.symbolic.poly import QPoly
from tests.oracles.brute import decide

SCHEMES = ["classic", "lob-half", "gorka-half", "eleven", "bait", "pharaon", "bassette",
           "faro", "stuss"]  # fmt: skip
BRUTE_CARDS = 14
"""Largest deck enumerated set by set (C(14, 4) = 1001 sets)."""


def played_sets(scheme: Scheme, n: int, m: int) -> list[tuple[int, frozenset[int]]]:
    """Every equally likely deal as (cards played on, copy positions in them): the
    soda burnt (known to be another rank, or a copy with its chance) for faro/stuss."""
    if not scheme.dead_first:
        return [(n, frozenset(s)) for s in combinations(range(1, n + 1), m)]
    if scheme.soda is Soda.KNOWN:
        return [(n - 1, frozenset(s)) for s in combinations(range(1, n), m)]
    return [
        (n - 1, frozenset(p - 1 for p in s if p != 1)) for s in combinations(range(1, n + 1), m)
    ]


def brute(scheme: Scheme, n: int, m: int) -> tuple[dict[str, Fraction], dict[int, dict]]:
    """Whole-deal and per-abzug values, each set of positions settled by the scheme."""
    sets = played_sets(scheme, n, m)
    whole = dict.fromkeys(WHOLE_DEAL, Fraction(0))
    by_abzug: dict[int, dict[str, Fraction]] = {}
    share = Fraction(1, len(sets))
    for cards, copies in sets:
        decision = decide([p in copies for p in range(1, cards + 1)])
        if decision.position is None:
            whole["null"] += share
            continue
        whole[decision.kind] += share
        payoff = scheme.settle(Outcome(Kind(decision.kind), decision.position, cards))
        net = Fraction(0) if payoff.null else payoff.payoff
        side = "null" if net == 0 else "banker" if net < 0 else "punter"
        whole[side] += share
        whole["ev"] += share * net
        row = by_abzug.setdefault(decision.abzug or 0, dict.fromkeys(PER_ABZUG, Fraction(0)))
        row["decided_at"] += share
        row[f"{side}_at"] += share
    return whole, by_abzug


@pytest.mark.parametrize("name", SCHEMES)
@pytest.mark.parametrize("m", [1, 2, 3, 4])
def test_every_form_is_the_brute_force_on_small_decks(name: str, m: int) -> None:
    scheme = scheme_named(name)
    for form in closed_forms(m, scheme=name):
        checked = 0
        for n in range(form.valid_from, BRUTE_CARDS + 1, 2):
            whole, by_abzug = brute(scheme, n, m)
            for quantity in WHOLE_DEAL:
                assert form.at(quantity, n) == whole[quantity], (name, m, n, quantity)
            played = n - 1 if scheme.dead_first else n
            for j in range(1, (played + 1) // 2 + 1):
                row = by_abzug.get(j, dict.fromkeys(PER_ABZUG, Fraction(0)))
                for quantity in PER_ABZUG:
                    assert form.at(quantity, n, abzug=j) == row[quantity], (name, m, n, j)
            checked += 1
        assert checked >= 1 or form.valid_from > BRUTE_CARDS


def test_known_values_52_cards() -> None:
    form = closed_form(4, parity=Parity.EVEN)
    assert form.at("banker", 52) == Fraction(433, 833)
    assert form.at("plie", 52) == Fraction(33, 833)
    assert form.at("punter", 52) == Fraction(400, 833)
    assert form.at("ev", 52) == Fraction(-33, 833)
    assert form.at("punter_at", 52, abzug=1) == Fraction(16, 221)  # winning the sonik
    assert str(form.quantities["plie"]) == "(2*n - 5)/((n - 3)*(n - 1))"


@pytest.mark.parametrize(
    ("name", "ev"),
    [("pharaon", Fraction(-33, 1666)), ("faro", Fraction(-101, 4998)),
     ("stuss", Fraction(-101, 2499))],
)  # fmt: skip
def test_scheme_ev_at_52(name: str, ev: Fraction) -> None:
    assert closed_form(4, scheme=name, parity="even").at("ev", 52) == ev


@pytest.mark.parametrize("name", ["faro", "stuss"])
def test_the_hock_abzug_has_a_form_of_its_own(name: str) -> None:
    # n = 52 even: the 51 cards after the soda end with a lone card, abzug 26.
    form = closed_form(4, scheme=name, parity="even")
    ranges = [forms.to_dict()["abzug_range"] for forms in form.per_abzug]
    assert ranges == [["1", "n/2 - 1"], ["n/2", "n/2"]]
    assert form.at("punter_at", 52, abzug=26) == 0
    assert form.at("decided_at", 52, abzug=26) == 0


@pytest.mark.parametrize("name", SCHEMES)
@pytest.mark.parametrize("m", [1, 2, 5])
def test_per_abzug_forms_are_probabilities_that_add_up(name: str, m: int) -> None:
    for form in closed_forms(m, scheme=name):
        for n in range(form.valid_from, form.valid_from + 40, 2):
            played = n - 1 if scheme_named(name).dead_first else n
            sums = dict.fromkeys(PER_ABZUG, Fraction(0))
            for j in range(1, (played + 1) // 2 + 1):
                values = {q: form.at(q, n, abzug=j) for q in PER_ABZUG}
                assert all(0 <= v <= 1 for v in values.values()), (name, m, n, j)
                parts = [v for k, v in values.items() if k != "decided_at"]
                assert values["decided_at"] == sum(parts)
                for q in PER_ABZUG:
                    sums[q] += values[q]
            assert sums["banker_at"] == form.at("banker", n)
            assert sums["punter_at"] == form.at("punter", n)
            decided = form.at("killed", n) + form.at("plie", n) + form.at("given", n)
            assert sums["decided_at"] == decided


@pytest.mark.parametrize("m", range(1, 13))
def test_even_identity_banker_minus_punter_is_plie(m: int) -> None:
    q = closed_form(m, parity=Parity.EVEN).quantities
    assert sympy.cancel(q["banker"] - q["punter"] - q["plie"]) == 0
    assert sympy.cancel(q["banker"] + q["punter"] + q["null"] - 1) == 0
    assert sympy.cancel(q["killed"] + q["plie"] + q["given"] - 1) == 0


@pytest.mark.parametrize("name", ["classic", "lob-half", "eleven", "pharaon", "faro"])
def test_json_strings_parse_back_and_match_the_engine(name: str) -> None:
    n, j = sympy.symbols("n j")
    scheme = scheme_named(name)
    for form in closed_forms(3, scheme=name):
        record = form.to_dict()
        assert record["copies"] == 3 and record["scheme"] == name
        ev = sympy.sympify(record["quantities"]["ev"])
        for size in range(form.valid_from, form.valid_from + 60, 2):
            assert ev.subs(n, size) == sympy.Rational(*_pair(scheme.ev(Deal(size, 3))))
        for part in record["per_abzug"]:
            first, last = (sympy.sympify(b).subs(n, 52 + form.parity.holds(1)) for b in
                           part["abzug_range"])  # fmt: skip
            given = sympy.sympify(part["punter_at"])
            size = 52 + form.parity.holds(1)
            for abzug in range(int(first), int(last) + 1):
                value = given.subs({n: size, j: abzug})
                assert value == sympy.Rational(*_pair(form.at("punter_at", size, abzug=abzug)))


def _pair(value: Fraction) -> tuple[int, int]:
    return value.numerator, value.denominator


def test_valid_from_has_the_parity_and_everything_is_checked_through() -> None:
    forms = closed_forms(5)
    assert [f.parity for f in forms] == [Parity.EVEN, Parity.ODD]
    for form in forms:
        assert form.parity.holds(form.valid_from) and form.parity.holds(form.checked_through)
        assert form.valid_from >= 5
        assert form.checked_through >= form.valid_from + 2 * symbolic.VERIFY_POINTS


def test_a_whole_deal_form_that_fails_the_check_is_an_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fit = symbolic._fit

    def wrong(points: list[tuple[int, Fraction]]) -> QPoly:
        # Through every fitting point, wrong at the first point past them.
        bump = QPoly.of([1])
        for x, _ in points:
            bump = bump * QPoly.of([-x, 1])
        return fit(points) + bump

    monkeypatch.setattr(symbolic, "_fit", wrong)
    with pytest.raises(ShtossError, match="fails at n="):
        closed_form(2, parity=Parity.EVEN)


def test_a_per_abzug_form_that_fails_the_check_is_an_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plan_abzugs = symbolic.plan_abzugs

    def wrong(*args: object, **kwargs: object) -> object:
        plan = plan_abzugs(*args, **kwargs)  # type: ignore[arg-type]
        segment = plan.segments[0]
        values = dict(segment.values)
        values["punter_at"] = values["punter_at"] + QPoly.of([0, 1])
        from dataclasses import replace

        return replace(plan, segments=(replace(segment, values=values), *plan.segments[1:]))

    monkeypatch.setattr(symbolic, "plan_abzugs", wrong)
    with pytest.raises(ShtossError, match="punter_at at abzug"):
        closed_form(3, parity="odd")


def test_naive_summation_pitfall_is_avoided() -> None:
    # The given count for m = 3 is sum_{j=1..k} C(2k - 2j, 2); the form agrees with the sum.
    form = closed_form(3, parity=Parity.EVEN)
    for k in range(2, 40):
        n = 2 * k
        direct = sum(Fraction((n - 2 * i) * (n - 2 * i - 1), 2) for i in range(1, k + 1))
        assert form.at("given", n) == direct / comb(n, 3)


def test_twelve_copies_both_parities_in_a_few_seconds() -> None:
    start = time.process_time()
    forms = closed_forms(12, scheme="faro")
    assert time.process_time() - start < 6  # CPU time: 0.3 s measured
    even = forms[0]
    assert even.at("ev", 52) == scheme_named("faro").ev(Deal(52, 12))


def test_a_file_scheme_with_rules_at_the_start_and_the_end() -> None:
    scheme = scheme_from_data(
        {
            "rules": [
                {"kind": "killed", "position": 5, "payoff": 1},
                {"last_card": True, "payoff": "null"},
            ]
        }
    )
    for m in (1, 2, 3):
        for form in closed_forms(m, scheme=scheme):
            assert form.scheme == "<scheme>"
            for n in range(form.valid_from, BRUTE_CARDS + 1, 2):
                whole, by_abzug = brute(scheme, n, m)
                assert all(form.at(q, n) == whole[q] for q in WHOLE_DEAL)
                for j, row in by_abzug.items():
                    assert all(form.at(q, n, abzug=j) == row[q] for q in PER_ABZUG)


def test_the_soda_placed_before_betting() -> None:
    scheme = faro(soda=Soda.BEFORE)
    for form in closed_forms(3, scheme=scheme):
        for n in range(form.valid_from, BRUTE_CARDS + 1, 2):
            whole, _ = brute(scheme, n, 3)
            assert all(form.at(q, n) == whole[q] for q in WHOLE_DEAL)


# --- the library's arguments ----------------------------------------------------------------


def test_arguments_as_the_command_line_takes_them() -> None:
    form = closed_form(4, scheme="Фараон", parity="even")
    assert form.scheme == "pharaon" and form.parity is Parity.EVEN
    assert closed_form(4, scheme=scheme_named("pharaon"), parity=Parity.EVEN) == form
    assert [f.parity for f in closed_forms(2, parity="both")] == [Parity.EVEN, Parity.ODD]
    assert [f.parity for f in closed_forms(2, parity=" ODD ")] == [Parity.ODD]
    assert top_level_closed_form is closed_form


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [
        ({"copies": 0}, "copies=0: closed forms are derived for 1..12"),
        ({"copies": 13}, "copies=13: closed forms are derived for 1..12"),
        ({"copies": -1}, "copies=-1"),
        ({"copies": 10**100}, "copies=(about 101 digits)"),
        ({"copies": True}, "copies=True is not a whole number"),
        ({"copies": 2.0}, "copies=2.0 is not a whole number"),
        ({"copies": "4"}, "copies='4' is not a whole number"),
        ({"scheme": "thirds"}, "scheme 'thirds' depends on the deciding card's suit"),
        ({"scheme": "nosuch"}, "unknown scheme 'nosuch'"),
        ({"scheme": 42}, "scheme=42"),
        ({"parity": "both"}, "parity='both': allowed 'even' or 'odd'"),
        ({"parity": None}, "parity=None"),
        ({"parity": 0}, "parity=0"),
    ],
)
def test_bad_arguments_are_refused_in_one_line(kwargs: dict[str, object], needle: str) -> None:
    arguments: dict[str, object] = {"copies": 2, "parity": "even", **kwargs}
    copies = arguments.pop("copies")
    with pytest.raises(ShtossError) as error:
        closed_form(copies, **arguments)  # type: ignore[arg-type]
    assert needle in str(error.value)
    assert "\n" not in str(error.value)


def test_closed_forms_refuses_a_bad_parity() -> None:
    with pytest.raises(ShtossError, match="parity='all': allowed 'even', 'odd' or 'both'"):
        closed_forms(2, parity="all")


def test_the_cost_is_estimated_and_refused_before_computing() -> None:
    # 600 rules, each at a position of its own: every deck size settles each of them.
    rules = [{"kind": "killed", "position": 2 * i + 1, "payoff": 1} for i in range(600)]
    scheme = scheme_from_data({"rules": rules})
    assert symbolic.estimated_seconds(scheme, 4) > MAX_SECONDS
    start = time.process_time()
    with pytest.raises(ShtossError, match="s of work, more than the limit"):
        closed_form(4, scheme=scheme, parity="even")
    assert time.process_time() - start < 2
    for name in SCHEMES:  # never refused: each well under a second
        assert symbolic.estimated_seconds(scheme_named(name), 12) < 2


# --- the printed expressions ------------------------------------------------------------------

coefficients = st.lists(st.integers(-6, 6), min_size=1, max_size=6)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(coefficients, min_size=1, max_size=3),
    st.sampled_from([(1, 0, 0), (1, -2, -1), (1, -2, 0)]),
    st.lists(st.integers(0, 5), max_size=4, unique=True),
    st.fractions(max_denominator=30).filter(lambda f: f != 0),
)
def test_a_printed_form_is_its_polynomial(
    parts: list[list[int]], y: tuple[int, int, int], roots: list[int], scale: Fraction
) -> None:
    """Products with repeated and irreducible factors, cancelled roots: the expression
    sympy prints, its own evaluation and ours all equal the exact value."""
    poly = QPoly.of([1])
    for part in parts:
        poly = poly * QPoly.of(part)
    expr = rational_expr(poly, roots, y, scale=scale)
    evaluate = compile_form(expr)
    n_symbol, j_symbol = symbols()
    for n, j in ((40, 3), (57, 11), (101, 2)):
        exact = poly(y[0] * n + y[1] * j + y[2]) * scale
        for r in roots:
            exact /= n - r
        assert Fraction(*evaluate(n, j)) == exact
        value = expr.subs({n_symbol: n, j_symbol: j})
        assert Fraction(int(value.p), int(value.q)) == exact
    assert sympy.sympify(str(expr)).subs({"n": 40, "j": 3}) == expr.subs(
        {n_symbol: 40, j_symbol: 3}
    )
