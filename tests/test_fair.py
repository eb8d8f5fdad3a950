"""The fair-payoff solver: exact, checked by setting the value back into the scheme."""

from __future__ import annotations

from fractions import Fraction

import pytest

from shtoss_exact import ShtossError
from shtoss_exact.deck import Deal
from shtoss_exact.fair import fair_payoff
from shtoss_exact.scheme_files import scheme_from_data
from shtoss_exact.schemes import BUILTIN, scheme_named


def test_fair_lob_payoff_at_52() -> None:
    f = fair_payoff(Deal(52, 4), scheme_named("lob-half"), "lob")
    # EV(x) = -33/833 + (1 + x)/13: the first card kills (or is a plié) in 1/13 of deals.
    assert f.value == Fraction(13 * 33, 833) - 1 == Fraction(-404, 833)
    assert f.ev == Fraction(-25, 21658) and f.slope == Fraction(1, 13)


@pytest.mark.parametrize(("n", "m"), [(52, 4), (36, 4), (20, 3), (9, 2)])
def test_every_builtin_parameter_makes_the_game_fair(n: int, m: int) -> None:
    deal = Deal(n, m)
    for scheme in BUILTIN.values():
        if scheme.needs_suits:
            continue
        for name in scheme.params:
            try:
                f = fair_payoff(deal, scheme, name)
            except ShtossError as error:
                assert "never pays" in str(error)
                continue
            assert scheme.with_params({name: f.value}).ev(deal) == 0


def test_refusals() -> None:
    with pytest.raises(ShtossError, match="has no parameter 'x'"):
        fair_payoff(Deal(52, 4), scheme_named("thirds"), "x")
    with pytest.raises(ShtossError, match="never pays"):
        fair_payoff(Deal(52, 4), scheme_named("pharaon"), "last_pair_doublet")
    squared = scheme_from_data(
        {"payoffs": {"given": {"param": "x"}},
         "thirds": {"colour": {"param": "x"}, "half-colour": 1, "plain": 1}}
    )  # fmt: skip
    from shtoss_exact.deck import Suit, parse_card

    with pytest.raises(ShtossError, match="not linear"):
        fair_payoff(Deal(52, 4, parse_card("7h"), tuple(Suit)), squared, "x")
