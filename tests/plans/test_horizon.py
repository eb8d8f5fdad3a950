"""A fixed number of deals: the packed layers against a plain walk over the chain.

The oracle is written apart from ``plans/horizon``, ``plans/packed`` and
``plans/delays``: it carries, deal
by deal, a dict {(state, net): probability} in ``Fraction``s over the chain's edges —
no grid, no shared denominator, no packing. The layers must give the same ``Solved``
exactly, packed (the slots growing from one byte on), unpacked into lists, and
switched from one to the other midway.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact.deck import Deal
from shtoss_exact.plans import horizon, packed
from shtoss_exact.plans.catalog import plan_named
from shtoss_exact.plans.chain import Chain, Rules, Status, build_chain, deal_outcomes
from shtoss_exact.plans.horizon import solve_horizon
from shtoss_exact.plans.packed import unpacked
from shtoss_exact.schemes.scheme import scheme_named

PLANS = ["raise", "raise:1", "paroli", "paroli:2", "paroli:3", "stop", "hermann"]
SCHEMES = ["classic", "lob-half", "pharaon"]


def walk(chain: Chain, deals: int) -> tuple[dict[Fraction, Fraction], dict[str, Fraction],
                                            Fraction]:  # fmt: skip
    """{net: P}, {status: P} and the expected deals played, by a walk in Fractions."""
    layer: dict[tuple[object, Fraction], Fraction] = {(chain.start, Fraction(0)): Fraction(1)}
    played = Fraction(0)
    for _ in range(deals):
        following: dict[tuple[object, Fraction], Fraction] = {}
        for (state, net), p in layer.items():
            if state.status is Status.PLAYING:  # type: ignore[attr-defined]
                played += p
                for target, _, gains in chain.edges[state]:  # type: ignore[index]
                    for gain, count in gains.items():
                        key = (target, net + gain)
                        following[key] = following.get(key, Fraction(0)) + p * Fraction(
                            count, chain.denominator
                        )
            else:
                following[(state, net)] = following.get((state, net), Fraction(0)) + p
        layer = following
    nets: dict[Fraction, Fraction] = {}
    ends = {s.value: Fraction(0) for s in Status}
    for (state, net), p in layer.items():
        if p:
            nets[net] = nets.get(net, Fraction(0)) + p
            ends[state.status.value] += p  # type: ignore[attr-defined]
    return nets, ends, played


@pytest.fixture(autouse=True)
def _layers_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The packed layers for every chain here (``tests/plans/test_delays.py`` checks the
    copies left out against the same walk)."""
    monkeypatch.setattr(horizon, "copies_of", lambda flow: None)


def check(plan: str, scheme: str, deals: int) -> None:
    outcomes = deal_outcomes(Deal(9, 2), scheme_named(scheme))
    chain = build_chain(Rules(plan_named(plan), outcomes), deals=deals, max_states=10_000)
    nets, ends, played = walk(chain, deals)
    solved = solve_horizon(chain, deals)
    assert dict(solved.net) == nets
    assert solved.ends == ends
    assert solved.expected_deals == played


@settings(max_examples=60, deadline=None)
@given(
    plan=st.sampled_from(PLANS),
    scheme=st.sampled_from(SCHEMES),
    deals=st.integers(1, 9),
    packed_bits=st.sampled_from([0, 20, 40, 10_000]),
)
def test_the_layers_are_the_walk(plan: str, scheme: str, deals: int, packed_bits: int) -> None:
    saved = packed.PACKED_BITS
    packed.PACKED_BITS = packed_bits  # never packed, switched after 1-3 deals, always packed
    try:
        check(plan, scheme, deals)
    finally:
        packed.PACKED_BITS = saved


@pytest.mark.parametrize("packed_bits", [100, 10_000])
@pytest.mark.parametrize("plan", ["paroli:3", "raise"])
def test_long_packed_layers_repack_and_switch(plan: str, packed_bits: int) -> None:
    # 40 deals over D = 18 (9 cards, 2 copies): counts of up to 167 bits, so the slots
    # (8 bytes at first) are repacked twice, or once before the switch to lists.
    saved = packed.PACKED_BITS
    packed.PACKED_BITS = packed_bits
    try:
        check(plan, "classic", 40)
    finally:
        packed.PACKED_BITS = saved


def test_unpacked_is_the_inverse_of_packing() -> None:
    counts = [0, 5, 2**70, 0, 1]
    held = sum(c << (8 * 9 * i) for i, c in enumerate(counts))
    assert unpacked(held, len(counts), 9) == counts
