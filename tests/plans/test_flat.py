"""Flat stakes' closed forms against the general chain and against brute force.

A plan that lets the winnings ride at most zero times (``after_win = ride``,
``raises = 0``) stakes the initial kush every deal, as ``flat`` does, but is not
recognised as flat: it goes through the general chain. The two must agree exactly.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import comb
from pathlib import Path
from time import process_time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact.deck import Deal, make_deal
from shtoss_exact.errors import ShtossError
from shtoss_exact.plans.catalog import AfterWin, Plan
from shtoss_exact.plans.chain import DealOutcomes
from shtoss_exact.plans.flat import _convolution, binomial_row, grid
from shtoss_exact.plans.series import series
from shtoss_exact.schemes.scheme import scheme_named

AS_CHAIN = Plan("flat-as-chain", after_win=AfterWin.RIDE, raises=0)
SCHEMES = ["classic", "lob-half", "pharaon", "thirds"]
DEALS = {
    "classic": Deal(9, 2),
    "lob-half": Deal(8, 3),
    "pharaon": Deal(9, 2),  # odd: the last card is null, a push
    "thirds": make_deal(cards=8, copies=3, card="7h", suits="hds"),
}


def brute(scheme: str, deals: int, kush: Fraction) -> dict[Fraction, Fraction]:
    bet = scheme_named(scheme).settlement_counts(DEALS[scheme]).distribution()
    out: dict[Fraction, Fraction] = {}
    for sequence in product(bet.items(), repeat=deals):
        value, chance = Fraction(0), Fraction(1)
        for payoff, p in sequence:
            value += kush * payoff
            chance *= p
        if chance:
            out[value] = out.get(value, Fraction(0)) + chance
    return out


@settings(max_examples=30, deadline=None)
@given(
    scheme=st.sampled_from(SCHEMES),
    deals=st.integers(1, 5),
    kush=st.fractions(min_value=Fraction(1, 4), max_value=5, max_denominator=4),
)
def test_flat_closed_form_is_brute_force_and_the_chain(scheme: str, deals: int,
                                                       kush: Fraction) -> None:  # fmt: skip
    deal = DEALS[scheme]
    closed = series("flat", deals=deals, scheme=scheme, deal=deal, kush=kush)
    chain = series(AS_CHAIN, deals=deals, scheme=scheme, deal=deal, kush=kush)
    assert dict(closed.net) == brute(scheme, deals, kush) == dict(chain.net)
    assert (closed.ev, closed.variance, closed.expected_deals) == (
        chain.ev, chain.variance, chain.expected_deals
    )  # fmt: skip


@settings(max_examples=40, deadline=None)
@given(
    scheme=st.sampled_from(SCHEMES),
    deals=st.integers(1, 12),
    bankroll=st.none() | st.integers(1, 5),
    target=st.none() | st.integers(1, 5),
    kush=st.sampled_from([Fraction(1), Fraction(1, 2), Fraction(2, 3)]),
)
def test_flat_walk_with_limits_is_the_chain(
    scheme: str, deals: int, bankroll: int | None, target: int | None, kush: Fraction
) -> None:
    deal = DEALS[scheme]
    if bankroll is not None and bankroll < kush:
        bankroll = 1
    to_reach = None if target is None or bankroll is None else bankroll + target
    options = {"deals": deals, "scheme": scheme, "deal": deal, "kush": kush,
               "bankroll": bankroll, "target": to_reach}  # fmt: skip
    closed, chain = series("flat", **options), series(AS_CHAIN, **options)  # type: ignore[arg-type]
    assert dict(closed.net) == dict(chain.net)
    for key in ("p_ruin", "p_target", "p_playing", "expected_deals", "variance"):
        assert getattr(closed, key) == getattr(chain, key), key


@settings(max_examples=30, deadline=None)
@given(
    scheme=st.sampled_from(SCHEMES),
    bankroll=st.integers(1, 4),
    target=st.integers(1, 4),
    kush=st.sampled_from([Fraction(1), Fraction(1, 2), Fraction(3, 2)]),
)
def test_gamblers_ruin_is_the_chain_solved(scheme: str, bankroll: int, target: int,
                                          kush: Fraction) -> None:  # fmt: skip
    # Classic steps of one unit take the closed form; the others the banded solve.
    deal = DEALS[scheme]
    bankroll = max(bankroll, 2)
    options = {"scheme": scheme, "deal": deal, "kush": kush, "bankroll": bankroll,
               "target": bankroll + target}  # fmt: skip
    closed, chain = series("flat", **options), series(AS_CHAIN, **options)  # type: ignore[arg-type]
    assert dict(closed.net) == dict(chain.net)
    assert (closed.p_ruin, closed.p_target, closed.expected_deals) == (
        chain.p_ruin, chain.p_target, chain.expected_deals
    )  # fmt: skip
    assert closed.p_ruin + closed.p_target == 1


def _convolved(steps: list[tuple[int, int]], deals: int) -> dict[int, int]:
    """One deal's counts by step, convolved ``deals`` times, deal by deal."""
    expected: dict[int, int] = {0: 1}
    for _ in range(deals):
        following: dict[int, int] = {}
        for v, w in expected.items():
            for e, c in steps:
                following[v + e] = following.get(v + e, 0) + w * c
        expected = following
    return expected


@settings(max_examples=60, deadline=None)
@given(
    steps=st.lists(
        st.tuples(st.integers(-4, 4), st.integers(1, 9)),
        min_size=1,
        max_size=4,
        unique_by=lambda step: step[0],
    ),
    deals=st.integers(1, 7),
)
def test_millers_recurrence_is_the_convolution(steps: list[tuple[int, int]], deals: int) -> None:
    denominator = sum(c for _, c in steps)
    solved = _convolution(denominator, Fraction(1), sorted(steps), deals)
    expected = _convolved(steps, deals)
    assert dict(zip(solved.net.points, solved.net.counts, strict=True)) == {
        v: w for v, w in expected.items() if w
    }


@settings(max_examples=80, deadline=None)
@given(
    head=st.integers(1, 9) | st.builds(lambda odd, twos: odd << twos, st.integers(1, 9),
                                       st.integers(1, 12)),
    tail=st.integers(1, 9) | st.builds(lambda odd, twos: odd << twos, st.integers(1, 9),
                                       st.integers(1, 12)),
    deals=st.integers(0, 120),
)  # fmt: skip
def test_binomial_row_is_math_comb(head: int, tail: int, deals: int) -> None:
    # Counts with long powers of two step on their odd part: the row is the binomial's.
    assert binomial_row(head, tail, deals) == [
        comb(deals, n) * tail**n * head ** (deals - n) for n in range(deals + 1)
    ]


@settings(max_examples=30, deadline=None)
@given(deals=st.integers(1, 60), kush=st.sampled_from([Fraction(1), Fraction(3, 2)]))
def test_classic_flat_net_and_sides_are_the_binomial(deals: int, kush: Fraction) -> None:
    # K deals of the classic bet: j wins with probability C(K, j) 400**j 433**(K - j) / 833**K.
    r = series("flat", deals=deals, kush=kush)
    law = {kush * (2 * j - deals): Fraction(comb(deals, j) * 400**j * 433 ** (deals - j),
                                            833**deals) for j in range(deals + 1)}  # fmt: skip
    assert dict(r.net) == law
    assert r.banker == sum((p for v, p in law.items() if v < 0), Fraction(0))
    assert r.null == law.get(Fraction(0), Fraction(0))
    assert r.punter == sum((p for v, p in law.items() if v > 0), Fraction(0))


@pytest.mark.parametrize(("scheme", "deals"), [("classic", 4000), ("lob-half", 1500)])
def test_the_estimate_is_within_a_few_times_of_the_convolution(
    scheme: str, deals: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # CPU time, the least of three series: other work on the machine only adds to it.
    import shtoss_exact.plans.flat as flat

    guesses: list[float] = []
    monkeypatch.setattr(flat, "check_cost", lambda cost, **_: guesses.append(cost.seconds))

    def spent() -> float:
        start = process_time()
        series("flat", deals=deals, scheme=scheme)
        return process_time() - start

    least = min(spent() for _ in range(3))
    assert least / 5 < guesses[-1] < least * 5, (guesses[-1], least)


def test_grid_of_a_flat_stake() -> None:
    outcomes = DealOutcomes(6, ((Fraction(-1), 3), (Fraction(-1, 3), 1), (Fraction(2, 3), 2)))
    unit, steps = grid(outcomes, Fraction(3, 2))
    assert unit == Fraction(1, 2) and steps == [(-3, 3), (-1, 1), (2, 2)]


def test_the_targets_of_flat_play() -> None:
    # 10 000 deals in a closed form, and a ruin walk of 2 000 positions.
    r = series("flat", deals=10_000)
    assert len(r.net) == 10_001
    assert r.ev == 10_000 * Fraction(-33, 833)
    walk = series("flat", bankroll=1000, target=2000)
    assert walk.p_target == Fraction(400**1000, 400**1000 + 433**1000)


def test_walks_too_wide_are_refused() -> None:
    with pytest.raises(ShtossError, match="limit"):
        series("flat", bankroll=10**6, target=2 * 10**6, scheme="lob-half")
    with pytest.raises(ShtossError, match="limit"):
        series("flat", deals=10**5, bankroll=10**4, target=2 * 10**4)


@settings(max_examples=60, deadline=None)
@given(
    steps=st.lists(
        st.tuples(st.integers(-(10**30), 10**30), st.integers(1, 9)),
        min_size=1,
        max_size=4,
        unique_by=lambda step: step[0],
    ),
    deals=st.integers(1, 7),
)
def test_the_ways_the_deals_fall_are_the_convolution(
    steps: list[tuple[int, int]], deals: int
) -> None:
    # Steps far apart (payoffs of many digits): the net summed over the ways the deals
    # fall among the outcomes is the deals convolved one by one.
    from shtoss_exact.plans.flat import _sparse

    denominator = sum(c for _, c in steps)
    solved = _sparse(denominator, Fraction(1), sorted(steps), deals)
    expected = _convolved(steps, deals)
    total = denominator**deals
    assert {v: solved.net[Fraction(v)] for v in expected} == {
        v: Fraction(w, total) for v, w in expected.items()
    }
    assert solved.net.mean == sum(Fraction(v * w, total) for v, w in expected.items())


def test_flat_play_on_payoffs_of_many_digits_takes_the_ways_not_the_grid(tmp_path: Path) -> None:
    scheme = tmp_path / "huge.toml"
    scheme.write_text("[payoffs]\nkilled = -1e399\ngiven = 1e399\n", encoding="utf-8")
    result = series("flat", deals=3, scheme=str(scheme))
    big = Fraction(10**399)
    # The card given (400/833) wins 10**399, killed (400/833) loses it, a plié (33/833)
    # costs the payoff of the game's own scheme: three deals with no plié, a binomial.
    for wins in range(4):
        assert result.net[(2 * wins - 3) * big] == comb(3, wins) * Fraction(400, 833) ** 3
    assert len(result.net) == comb(3 + 2, 2)  # every way the deals fall, a value of its own
