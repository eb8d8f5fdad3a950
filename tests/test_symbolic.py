"""Closed forms: brute force over position sets, known values, SPEC identities, refusals."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
import sympy

import shtoss_exact.symbolic as symbolic
from shtoss_exact.deck import Deal
from shtoss_exact.errors import ShtossError
from shtoss_exact.schemes import scheme_named
from shtoss_exact.symbolic import Parity, closed_form, closed_forms

HALF = Fraction(1, 2)


def brute_payoff(positions: tuple[int, ...], n: int, scheme: str) -> tuple[str, Fraction | None]:
    """(kind, the punter's net or None for null), straight from SPEC.md's rules."""
    p = positions[0]
    if p % 2 == 0:
        kind = "given"
    elif p + 1 in positions:
        kind = "plie"
    else:
        kind = "killed"
    net = Fraction(1) if kind == "given" else Fraction(-1)
    if scheme == "lob-half" and p == 1:
        net = -HALF
    if scheme in ("pharaon", "faro"):
        if p == n:
            return kind, None
        if kind == "plie":
            last_pair = (p + 1) // 2 == n // 2
            net = Fraction(-1) if scheme == "pharaon" and last_pair else -HALF
    return kind, net


def brute(n: int, m: int, scheme: str = "classic") -> dict[str, Fraction]:
    """Every set of copy positions enumerated: banker, plié, punter, null, ev.

    Faro burns the soda, known and of another rank: the bet plays on the n - 1 cards after it.
    """
    tally = dict.fromkeys(("banker", "plie", "punter", "null"), Fraction(0))
    ev = Fraction(0)
    played = n - 1 if scheme == "faro" else n
    sets = list(combinations(range(1, played + 1), m))
    for positions in sets:
        kind, net = brute_payoff(positions, played, scheme)
        if net is None or net == 0:
            tally["null"] += 1
        else:
            tally["banker" if net < 0 else "punter"] += 1
            ev += net
        if kind == "plie" and net is not None:
            tally["plie"] += 1
    result = {key: value / len(sets) for key, value in tally.items()}
    result["ev"] = ev / len(sets)
    return result


def brute_abzug(n: int, m: int, j: int) -> dict[str, Fraction]:
    sets = list(combinations(range(1, n + 1), m))
    banker = sum(1 for s in sets if s[0] == 2 * j - 1)
    punter = sum(1 for s in sets if s[0] == 2 * j)
    return {
        "banker_at": Fraction(banker, len(sets)),
        "punter_at": Fraction(punter, len(sets)),
        "decided_at": Fraction(banker + punter, len(sets)),
    }


@pytest.mark.parametrize("scheme", ["classic", "lob-half", "pharaon", "faro"])
@pytest.mark.parametrize("m", [1, 2, 3, 4])
def test_brute_force_small_decks(scheme: str, m: int) -> None:
    for form in closed_forms(m, scheme=scheme):
        checked = 0
        low = form.valid_from + (2 if form.valid_from <= m else 0)
        for n in range(low, 11, 2):
            expected = brute(n, m, scheme)
            for name, value in expected.items():
                assert form.at(name, n) == value, (scheme, m, n, name)
            checked += 1
        assert checked >= 1 or form.valid_from > 10


@pytest.mark.parametrize("m", [1, 2, 3, 4, 5])
def test_per_abzug_brute_force(m: int) -> None:
    for form in closed_forms(m):
        for n in range(form.valid_from, 12, 2):
            for j in range(1, n // 2 + 1):
                for name, value in brute_abzug(n, m, j).items():
                    assert form.at(name, n, j) == value, (m, n, j, name)


def test_known_values_52_cards() -> None:
    form = closed_form(4, parity=Parity.EVEN)
    assert form.at("banker", 52) == Fraction(433, 833)
    assert form.at("plie", 52) == Fraction(33, 833)
    assert form.at("punter", 52) == Fraction(400, 833)
    assert form.at("ev", 52) == Fraction(-33, 833)
    assert form.at("punter_at", 52, 1) == Fraction(16, 221)  # winning the sonik
    assert form.strings()["plie"] == "(2*n - 5)/((n - 3)*(n - 1))"


def test_pharaon_ev_matches_scheme_at_52() -> None:
    form = closed_form(4, scheme="pharaon", parity=Parity.EVEN)
    assert form.at("ev", 52) == Fraction(-33, 1666)


@pytest.mark.parametrize("m", range(1, 9))
def test_even_identity_banker_minus_punter_is_plie(m: int) -> None:
    form = closed_form(m, parity=Parity.EVEN)
    q = form.quantities
    assert sympy.simplify(q["banker"] - q["punter"] - q["plie"]) == 0
    assert sympy.simplify(q["banker"] + q["punter"] + q["null"] - 1) == 0


@pytest.mark.parametrize("scheme", ["classic", "lob-half", "gorka-half", "pharaon", "faro"])
def test_json_strings_parse_back_and_match_engine(scheme: str) -> None:
    n = sympy.Symbol("n")
    j = sympy.Symbol("j")
    for form in closed_forms(3, scheme=scheme):
        record = form.record()
        assert record["copies"] == 3 and record["scheme"] == scheme
        assert record["valid_from"] == form.valid_from
        rules = scheme_named(scheme)
        for size in range(form.valid_from, form.valid_from + 60, 2):
            ev = sympy.sympify(record["quantities"]["ev"]).subs(n, size)
            assert Fraction(int(ev.p), int(ev.q)) == rules.ev(Deal(size, 3))
        given = sympy.sympify(record["quantities"]["punter_at"]).subs({n: 52, j: 1})
        played = 51 if rules.dead_first else 52  # faro burns the soda
        assert given == sympy.Rational(comb(played - 2, 2), comb(played, 3))


def test_both_parities_by_default_and_valid_from_has_the_parity() -> None:
    forms = closed_forms(5)
    assert [f.parity for f in forms] == [Parity.EVEN, Parity.ODD]
    for form in forms:
        assert form.parity.holds(form.valid_from)
        assert form.valid_from >= 5
        assert form.checked_through >= form.valid_from + 2 * symbolic.VERIFY_POINTS


def test_a_formula_that_fails_the_check_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    fit = symbolic._fit

    def wrong(points: list[tuple[int, Fraction]]) -> object:
        return fit(points) + sympy.Symbol("n", integer=True, positive=True) ** 9 / 10**12

    monkeypatch.setattr(symbolic, "_fit", wrong)
    with pytest.raises(ShtossError, match="fails at n="):
        closed_form(2, parity=Parity.EVEN)


def test_naive_summation_pitfall_is_avoided() -> None:
    # sympy's summation over binomials may go wrong; the given count for m = 3 is
    # sum_{j=1..k} C(2k - 2j, 2), and the closed form must agree with a direct sum.
    form = closed_form(3, parity=Parity.EVEN)
    for k in range(2, 40):
        n = 2 * k
        direct = sum(Fraction((n - 2 * i) * (n - 2 * i - 1), 2) for i in range(1, k + 1))
        total = Fraction(n * (n - 1) * (n - 2), 6)
        assert form.at("punter", n) == direct / total


@pytest.mark.parametrize("bad", [0, 9, -1, True])
def test_refuses_copies_outside_1_to_8(bad: int) -> None:
    with pytest.raises(ShtossError, match=r"1\.\.8"):
        closed_form(bad, parity=Parity.EVEN)


def test_refuses_scheme_needing_suits() -> None:
    with pytest.raises(ShtossError, match="thirds"):
        closed_form(4, scheme="thirds", parity=Parity.EVEN)


def test_text_and_latex_renderings() -> None:
    forms = closed_forms(1, parity=Parity.EVEN)
    text = symbolic.render_text(forms)
    assert text.splitlines()[0].startswith("classic scheme, 1 copy of")
    assert "punter: P(punter wins: the punter's net > 0) =" in text
    latex = symbolic.render_latex(forms)
    assert "\\mathrm{decided\\_at} &= \\frac{2}{n}" in latex
    assert latex.splitlines()[1] == "\\begin{align*}"
