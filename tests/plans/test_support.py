"""The support of a plan's nets, measured before the solve: honest both ways."""

from __future__ import annotations

import time
from collections.abc import Callable
from math import log2

import pytest

from shtoss_exact.deck import make_deal
from shtoss_exact.errors import ShtossError
from shtoss_exact.plans.catalog import plan_named
from shtoss_exact.plans.chain import Chain, Rules, build_chain, classic_outcomes, deal_outcomes
from shtoss_exact.plans.cost import BIT_STEP
from shtoss_exact.plans.horizon import solve_horizon
from shtoss_exact.plans.support import _incoming, _set_cost, check_support
from shtoss_exact.schemes.schema import scheme_from_data
from shtoss_exact.schemes.scheme import Scheme

PRIMES = (7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97)


def coprime() -> Scheme:
    """A card given at positions 2, 4, ..., 22 pays 7/11, 13/17, ...: coprime payoffs."""
    rules = [
        {"kind": "given", "position": i + 2, "payoff": f"{PRIMES[i]}/{PRIMES[i + 1]}"}
        for i in range(0, len(PRIMES), 2)
    ]
    return scheme_from_data({"name": "coprime", "rules": rules})


def chain_of(plan: str, scheme: Scheme | None, deals: int) -> Chain:
    deal = make_deal()
    outcomes = classic_outcomes(deal) if scheme is None else deal_outcomes(deal, scheme)
    return build_chain(Rules(plan_named(plan), outcomes), deals=deals, max_states=10**5)


def estimate(chain: Chain, deals: int) -> float:
    slope = log2(chain.denominator) * BIT_STEP
    return _set_cost(chain, _incoming(chain), deals, slope)[0]


def _cpu(run: Callable[[], object]) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def test_the_support_counts_every_distinct_net() -> None:
    # Two deals of paroli:1 (ride once, then take the profit), by hand: lost-lost -2 at
    # stake 1, lost-won 0 at stake 2, won-lost 1 - 2 = -1 at stake 1, won-won 1 + 2 = 3
    # back at stake 1.
    chain = chain_of("paroli:1", None, 2)
    slope = log2(chain.denominator) * BIT_STEP
    _, held, _, _ = _set_cost(chain, _incoming(chain), 2, slope)
    nets: dict[int, set[int]] = {}
    for first in (-1, 1):
        stake = 2 if first > 0 else 1
        for second in (-1, 1):
            after = 2 if first < 0 < second else 1
            nets.setdefault(after, set()).add(first + stake * second)
    assert nets == {1: {-2, -1, 3}, 2: {0}}
    assert held == 4


def premiums() -> Scheme:
    """``bait`` with premiums on three more cards given."""
    extra = [
        {"name": f"p{p}", "kind": "given", "position": p, "amount": a}
        for p, a in ((4, "1/3"), (6, "1/7"), (8, "1/11"))
    ]
    return scheme_from_data({"name": "bait-plus", "base": "bait", "premiums": extra})


@pytest.mark.parametrize(("plan", "scheme", "deals"), [("paroli:3", coprime, 6),
                                                       ("raise", premiums, 8)])  # fmt: skip
def test_the_estimate_is_within_a_few_times_of_the_solve(
    plan: str, scheme: Callable[[], Scheme], deals: int
) -> None:
    # CPU time, the least of three solves: other work on the machine only adds to it.
    chain = chain_of(plan, scheme(), deals)
    spent = min(_cpu(lambda: solve_horizon(chain, deals)) for _ in range(3))
    guess = estimate(chain, deals)
    assert spent / 5 < guess < spent * 5, (guess, spent)


def test_nets_nearly_all_distinct_are_refused_at_once() -> None:
    # 8 deals take 13 s and 650 MB, 9 deals 106 s and 5 GB: refused before the solve.
    chain = chain_of("paroli:3", coprime(), 10)
    start = time.process_time()
    with pytest.raises(ShtossError, match="values held at once"):
        check_support(chain, 10)
    assert time.process_time() - start < 1.5


def test_the_ended_nets_merged_at_the_end_are_counted() -> None:
    # stop over 20 000 deals: each deal ends one state, whose count over D**k is kept
    # and multiplied by D**(K - k) at the end; that merge alone took 30 s and 750 MB,
    # once estimated at 0.3 s. Refused at once now.
    chain = chain_of("stop", None, 20_000)
    start = time.process_time()
    with pytest.raises(ShtossError, match="s of work, more than the limit"):
        solve_horizon(chain, 20_000)
    assert time.process_time() - start < 1.5
    slope = log2(chain.denominator) * BIT_STEP
    seconds, _, _, kept = _set_cost(chain, _incoming(chain), 20_000, slope)
    assert seconds > 20 and kept > 500e6


def test_arrays_that_are_cheap_are_left_to_the_solve() -> None:
    # paroli:3 on the classic scheme fills its ranges: nothing to refuse, nothing followed.
    check_support(chain_of("paroli:3", None, 300), 300)
    check_support(chain_of("raise", None, 100), 100)


def test_a_refusal_names_the_estimate_of_the_way_taken() -> None:
    # paroli:3 is solved by the delayed arrays: past the budget both ways, the refusal
    # gives their estimate (the dicts' is several times higher), within a few times of
    # the solve's CPU time, the least of three solves (other work only adds to it).
    import re

    from shtoss_exact.limits import allowance
    from shtoss_exact.plans.delays import copies_of, delay_run
    from shtoss_exact.plans.horizon import _incoming as grid
    from shtoss_exact.plans.packed import flow_of

    deals = 400
    chain = chain_of("paroli:3", None, deals)
    flow = flow_of(chain, grid(chain)[0])
    copies = copies_of(flow)
    assert copies is not None
    arrays = delay_run(flow, copies, deals)[0]
    with allowance(seconds=arrays / 2), pytest.raises(ShtossError) as refused:
        solve_horizon(chain, deals)
    found = re.search(r"about ([0-9.e+-]+) s of work", str(refused.value))
    assert found is not None, refused.value
    said = float(found.group(1))
    assert arrays / 1.5 < said < arrays * 1.5, (said, arrays)

    def spent() -> float:
        start = time.process_time()
        solve_horizon(chain, deals)
        return time.process_time() - start

    least = min(spent() for _ in range(3))
    assert least / 5 < said < least * 5, (said, least)


def test_the_values_of_a_net_are_counted_on_its_ranges() -> None:
    # Flat play of one kush: every net from -k to k of k's parity, on a grid of 1;
    # the ranges hold the values between (k + 1 of them by parity, 2k + 1 counted).
    from shtoss_exact.plans.support import net_values

    for deals in (1, 2, 7):
        assert net_values(chain_of("flat", None, deals), deals) == 2 * deals + 1
    # paroli:3 over 60 deals: the ranges are within a few values of the net itself
    chain = chain_of("paroli:3", None, 60)
    values = net_values(chain, 60)
    assert values is not None
    assert len(solve_horizon(chain, 60).net) <= values <= len(solve_horizon(chain, 60).net) + 40


@pytest.mark.parametrize("plan", ["flat", "raise", "raise:3", "paroli:1", "paroli:3", "stop"])
@pytest.mark.parametrize("deals", [1, 2, 5, 17])
def test_the_dry_runs_count_the_values_the_ranges_hold(plan: str, deals: int) -> None:
    # The estimate's own run on the ranges (arrays, or the delayed roots and their
    # copies) counts the values the net may take as net_values does, and never fewer
    # than the solved net holds: the output guard needs no second run.
    from shtoss_exact.plans.delays import copies_of, delay_run
    from shtoss_exact.plans.horizon import _incoming as grid
    from shtoss_exact.plans.packed import flow_of, range_run
    from shtoss_exact.plans.support import net_values

    chain = chain_of(plan, None, deals)
    flow = flow_of(chain, grid(chain)[0])
    counted = net_values(chain, deals)
    assert range_run(flow, deals)[1] == counted
    copies = copies_of(flow)
    if copies is not None:
        assert delay_run(flow, copies, deals)[1] == counted
    assert counted is not None and len(solve_horizon(chain, deals).net) <= counted
