"""The copies of other states left out: the same results as a plain walk over the chain.

The walk (``tests/plans/test_horizon.py``) carries {(state, net): probability} in
``Fraction``s over every state's edges, the copies among them.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from time import process_time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact.deck import Deal
from shtoss_exact.plans.catalog import plan_named
from shtoss_exact.plans.chain import Rules, build_chain, classic_outcomes
from shtoss_exact.plans.delays import Copy, Delays, Run, copies_of, delay_run, runs_of
from shtoss_exact.plans.horizon import _delayed, _dense, _incoming, solve_horizon
from shtoss_exact.plans.packed import Flow, flow_of
from tests.plans.test_horizon import PLANS, SCHEMES, check


def flow(plan: str, deals: int) -> Flow:
    rules = Rules(plan_named(plan), classic_outcomes(Deal(52, 4)))
    chain = build_chain(rules, deals=deals, max_states=1000)
    unit, _ = _incoming(chain)
    return flow_of(chain, unit)


@settings(max_examples=60, deadline=None)
@given(plan=st.sampled_from(PLANS), scheme=st.sampled_from(SCHEMES), deals=st.integers(1, 12))
def test_the_roots_and_their_copies_are_the_walk(plan: str, scheme: str, deals: int) -> None:
    check(plan, scheme, deals)


@pytest.mark.parametrize("plan", ["paroli:3", "raise", "raise:2"])
def test_long_ladders_are_the_walk(plan: str) -> None:
    check(plan, "classic", 40)


def test_the_paroli_ladder_is_copies_of_the_first_rung() -> None:
    # paroli:3 at 52/4: stakes 1, 2, 4, 8; a win (400 of 833) climbs a rung, so rung j
    # is rung 0 of j deals before times 400^j, its net up by 1 + 2 + ... + 2^(j-1).
    copies = copies_of(flow("paroli:3", 10))
    assert copies == {j: Copy(0, j, 400**j, 2**j - 1) for j in (1, 2, 3)}


def test_the_losses_down_the_ladder_are_one_run() -> None:
    # Back to rung 0 after a loss (433) on rung j: the net j deals before, up by
    # 2^j - 1 and down by the stake 2^j, so -1 whatever the rung, times 433 400^j.
    f = flow("paroli:3", 10)
    copies = copies_of(f)
    assert copies is not None
    runs = runs_of(f, copies, 0)
    assert Run(0, -1, 0, 433, 400, 4) in runs
    # the fourth win takes the profit, 1 + 2 + 4 + 8 = 15, and starts again
    assert Run(0, 15, 3, 400**4, 0, 1) in runs
    assert len(runs) == 2


def _cpu(run: Callable[[], object]) -> float:
    start = process_time()
    run()
    return process_time() - start


@pytest.mark.parametrize(("plan", "deals"), [("raise", 300), ("paroli:3", 300), ("raise:3", 200)])
def test_the_estimate_is_within_a_few_times_of_the_solve(plan: str, deals: int) -> None:
    # CPU time, the least of three solves: other work on the machine only adds to it.
    rules = Rules(plan_named(plan), classic_outcomes(Deal(52, 4)))
    chain = build_chain(rules, deals=deals, max_states=1000)
    spent = min(_cpu(lambda: solve_horizon(chain, deals)) for _ in range(3))
    f = flow(plan, deals)
    copies = copies_of(f)
    assert copies is not None
    guess = delay_run(f, copies, deals)[0]
    assert spent / 5 < guess < spent * 5, (guess, spent)


def test_a_plan_that_stops_has_no_copies() -> None:
    # stop: the initial kush every deal until the first loss; the one playing state
    # is its own source, and the stopped one keeps its mass besides.
    assert copies_of(flow("stop", 5)) is None


@pytest.mark.parametrize("plan", ["paroli:3", "paroli:5", "raise", "raise:3"])
def test_the_delayed_solve_is_the_dense_layers_of_every_state(plan: str) -> None:
    # 60 deals at 52/4: the roots' nets with their products made lazily in the sums
    # against the packed layers of every state (plans/packed), copies and all.
    f = flow(plan, 60)
    copies = copies_of(f)
    assert copies is not None
    delayed, dense = _delayed(f, copies, Fraction(1), 60), _dense(f, Fraction(1), 60)
    assert dict(delayed.net) == dict(dense.net)
    assert delayed.ends == dense.ends
    assert delayed.expected_deals == dense.expected_deals


def test_a_product_two_sums_take_is_made_once_and_the_others_lazily() -> None:
    # paroli:3: 400**4 f(k - 4) ends the ladder (its win) and the losses' accumulated
    # sum (taken out of it); 433 B(k - 1) and 400 B(k - 1) are each taken once.
    layers = Delays(flow("paroli:3", 10), copies_of(flow("paroli:3", 10)) or {})
    for _ in range(6):
        layers.deal()
    top = layers.net(0, 3)  # f(k - 4) as the next deal takes it
    assert top is not None
    assert layers._shared() == {(id(top[1]), 400**4)}
