"""A distribution handed to icepool and sympy.stats and back: each library's own
measures equal ours exactly, round trips give the same distribution, and what is not
exact (or not there) is refused in one line."""

from __future__ import annotations

import builtins
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import icepool
import pytest
import sympy
from hypothesis import given, settings
from sympy.stats import E, P, density, variance

from shtoss_exact import Distribution, odds
from shtoss_exact.errors import ShtossError
from tests.test_distribution import brute_mean, brute_variance, distributions

PUNTER = Distribution.of({-1: Fraction(433, 833), 1: Fraction(400, 833)})


@given(distributions())
@settings(max_examples=60, deadline=None)
def test_icepool_keeps_the_counts_and_gives_our_measures(d: dict[Fraction, Fraction]) -> None:
    dist = Distribution.of(d)
    die = dist.to_icepool()
    assert isinstance(die, icepool.Die)
    assert die.denominator() == dist.total
    assert list(die.items()) == [(v, c) for v, c in zip(dist, dist.counts, strict=True)]
    assert die.mean() == dist.mean == brute_mean(d)
    assert die.variance() == dist.variance == brute_variance(d)
    for value, p in d.items():
        assert die.probability(value) == p
    assert Distribution.from_icepool(die) == dist == d


@given(distributions())
@settings(max_examples=40, deadline=None)
def test_sympy_stats_gives_our_measures(d: dict[Fraction, Fraction]) -> None:
    dist = Distribution.of(d)
    x = dist.to_sympy()
    assert E(x) == dist.mean == brute_mean(d)
    assert variance(x) == dist.variance == brute_variance(d)
    assert P(x > 0) == dist.sides()[2]
    assert P(x <= 0) == dist.cdf(0)
    table = density(x).dict
    assert all(isinstance(k, sympy.Rational) and isinstance(p, sympy.Rational)
               for k, p in table.items())  # fmt: skip
    assert {Fraction(int(k.p), int(k.q)): Fraction(int(p.p), int(p.q))
            for k, p in table.items()} == d  # fmt: skip


def test_the_known_bet_in_both_libraries() -> None:
    deal = odds(cards=52, copies=4)
    assert deal.banker == Fraction(433, 833)
    die = PUNTER.to_icepool()
    assert die.mean() == Fraction(-33, 833)
    assert die.probability(1) == Fraction(400, 833)
    x = PUNTER.to_sympy("net")
    assert str(x) == "net"
    assert E(x) == Fraction(-33, 833)
    assert P(x < 0) == Fraction(433, 833)


def test_icepool_dice_come_back_exactly() -> None:
    two_d6 = icepool.d6 + icepool.d6
    back = Distribution.from_icepool(two_d6)
    assert back[7] == Fraction(1, 6) and back.mean == 7
    assert back.variance == Fraction(35, 6)
    assert Distribution.from_icepool(icepool.Die({Fraction(1, 3): 1, 2: 2})).mean == Fraction(13, 9)
    # An outcome of quantity 0 carries no probability.
    assert Distribution.from_icepool(icepool.Die({1: 1, 2: 0})) == {1: 1}


@pytest.mark.parametrize(
    ("die", "match"),
    [
        (icepool.Die({0.5: 1, 1: 1}), r"outcome 0\.5 is a float"),
        (icepool.Die({"a": 1}), r"outcome 'a' is a str"),
        (icepool.Die({(1, 2): 1}), r"is a tuple"),
        (icepool.Die({True: 1}), r"is a bool"),
        (icepool.Die({}), r"empty"),
        ({1: 1}, r"takes an icepool.Die, not a dict"),
        (PUNTER, r"not a Distribution"),
    ],
)
def test_from_icepool_refuses_what_is_not_an_exact_die(die: object, match: str) -> None:
    with pytest.raises(ShtossError, match=match) as caught:
        Distribution.from_icepool(die)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("name", ["", "1x", "a b", 3, None])
def test_to_sympy_refuses_a_name_that_is_not_an_identifier(name: Any) -> None:
    with pytest.raises(ShtossError, match="allowed a name"):
        PUNTER.to_sympy(name)


def _without(monkeypatch: pytest.MonkeyPatch, library: str) -> None:
    """Imports of ``library`` (and its submodules) fail, as when it is not installed."""
    real: Callable[..., Any] = builtins.__import__

    def fake(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == library or name.startswith(library + "."):
            raise ImportError(f"No module named {name!r}")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake)
    import importlib

    real_import_module = importlib.import_module

    def fake_module(name: str, package: str | None = None) -> Any:
        if name == library or name.startswith(library + "."):
            raise ImportError(f"No module named {name!r}")
        return real_import_module(name, package)

    monkeypatch.setattr(importlib, "import_module", fake_module)


@pytest.mark.parametrize(
    ("library", "call", "message"),
    [
        ("icepool", lambda: PUNTER.to_icepool(), "to_icepool needs icepool"),
        ("icepool", lambda: Distribution.from_icepool(None), "from_icepool needs icepool"),
        ("sympy", lambda: PUNTER.to_sympy(), "to_sympy needs sympy"),
    ],
)
def test_a_missing_library_is_one_line_naming_it(
    monkeypatch: pytest.MonkeyPatch, library: str, call: Callable[[], object], message: str
) -> None:
    _without(monkeypatch, library)
    with pytest.raises(ShtossError, match=message) as caught:
        call()
    text = str(caught.value)
    assert "\n" not in text and f"pip install {library}" in text
