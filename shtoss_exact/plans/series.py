"""Stakes across deals: ``series(plan, deals=...)``, the exact result of a punter's plan.

Every deal is played with a freshly shuffled deck, so deals are independent; only the
stake moves with what happened (``shtoss_exact.plans.catalog``). ``series`` picks the exact
method that fits, estimates its cost first and refuses what would be too slow or too
large (``shtoss_exact.plans.cost``):

* a flat plan (the stake never moves): closed forms, no chain (``series_flat``);
* a number of deals: the plan's Markov chain (``series_chain``) unrolled deal by deal
  with integer counts over ``D**k`` (``series_horizon``);
* no number of deals (play until ruin, target or a stop): the chain's exact absorption
  (``series_solve``).

The series of wins and the stories are ``series_runs``; the record is
``series_result.SeriesResult``.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from shtoss_exact.deck import Deal
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.numbers import whole_number
from shtoss_exact.plans.catalog import AfterLoss, Plan, as_plan, bounded_number
from shtoss_exact.plans.chain import (
    Chain,
    DealOutcomes,
    Rules,
    State,
    Status,
    build_chain,
    check_chain,
    classic_outcomes,
    deal_outcomes,
)
from shtoss_exact.plans.cost import bits_after, check_bits
from shtoss_exact.plans.result import NetCounts, SeriesResult, Solved
from shtoss_exact.plans.runs import (
    event_probability,
    expected_series,
    p_series,
    story_probability,
)

if TYPE_CHECKING:
    from shtoss_exact.schemes.scheme import Scheme

__all__ = [
    "Chain",
    "DealOutcomes",
    "NetCounts",
    "Rules",
    "SeriesResult",
    "State",
    "Status",
    "build_chain",
    "check_chain",
    "deal_outcomes",
    "event_probability",
    "expected_series",
    "p_series",
    "series",
    "story_probability",
]

MAX_STATES = 200_000
"""Most states a chain may have (finding them must also take at most
``series_cost.BUILD_SECONDS``)."""


def series(
    plan: Plan | str = "flat",
    *,
    deals: int | None = None,
    scheme: Scheme | str = "classic",
    deal: Deal | None = None,
    bankroll: Fraction | int | str | None = None,
    target: Fraction | int | str | None = None,
    max_stake: Fraction | int | str | None = None,
    kush: Fraction | int | str | None = None,
    series_length: int | None = None,
) -> SeriesResult:
    """The exact result of a plan over ``deals`` deals (the plan's own, or until the
    play ends when there is a bankroll and a target).

    ``plan`` is a ``Plan`` or a built-in name (``"paroli:3"``, ``"пароли"``), ``scheme``
    a ``Scheme`` or a built-in name; numbers are ``int``, ``Fraction`` or exact strings
    (``"1/2"``), never floats.

    >>> series("hermann").net[Fraction(329000)]
    Fraction(64000000, 578009537)
    >>> series("stop", bankroll=1, target=2).p_ruin
    Fraction(433, 833)
    """
    from shtoss_exact.deck import make_deal

    the_plan = as_plan(plan)
    if kush is not None:
        the_plan = replace(the_plan, kush=bounded_number(kush, name="kush"))
    # The default classic scheme is the engine's counts: no scheme to load.
    classic = isinstance(scheme, str) and scheme.strip().lower() == "classic"
    the_scheme = None
    if not classic:
        from shtoss_exact.schemes.scheme import as_scheme

        the_scheme = as_scheme(scheme)
    if deal is None:
        deal = make_deal()
    elif not isinstance(deal, Deal):
        raise ShtossError(f"deal={quoted(deal)} is not a Deal: build one with make_deal(...)")
    count = None if deals is None else whole_number(deals, name="deals", minimum=1)
    length = (
        None if series_length is None
        else whole_number(series_length, name="series_length", minimum=1)
    )  # fmt: skip
    limits = {
        name: None if value is None else bounded_number(value, name=name)
        for name, value in (("bankroll", bankroll), ("target", target), ("max_stake", max_stake))
    }
    horizon = count
    if the_plan.deals is not None:
        horizon = the_plan.deals if count is None else min(count, the_plan.deals)
    if horizon is None and limits["bankroll"] is None and limits["target"] is None:
        raise ShtossError(
            "no number of deals: give --deals, or --bankroll/--target to play until one ends it"
        )
    if length is not None and horizon is None:
        raise ShtossError("a series length needs a number of deals (--deals)")
    outcomes = classic_outcomes(deal) if the_scheme is None else deal_outcomes(deal, the_scheme)
    rules = Rules(
        the_plan,
        outcomes,
        bankroll=limits["bankroll"],
        target=limits["target"],
        max_stake=limits["max_stake"],
        tracks_net=limits["bankroll"] is not None or limits["target"] is not None
        or horizon is None,
    )  # fmt: skip
    rules.check()
    solved = _solve(rules, horizon)
    net = solved.net
    ends = {s.value: solved.ends.get(s.value, Fraction(0)) for s in Status}
    if sum(ends.values()) != 1 or sum(net.counts) != net.denominator:
        raise AssertionError("the outcomes of the play do not sum to 1")
    ev, variance = solved.moments or net.mean_and_variance()
    return SeriesResult(
        plan=the_plan,
        scheme="classic" if the_scheme is None else the_scheme.name,
        deal=deal,
        deals=horizon,
        bankroll=rules.bankroll,
        target=rules.target,
        max_stake=rules.max_stake,
        net=net,
        ev=ev,
        variance=variance,
        punter=Fraction(net.weight(sign=1), net.denominator),
        banker=Fraction(net.weight(sign=-1), net.denominator),
        null=Fraction(net.weight(sign=0), net.denominator),
        expected_deals=solved.expected_deals,
        p_ruin=ends[Status.RUINED.value],
        p_target=ends[Status.TARGET.value],
        p_stopped=ends[Status.STOPPED.value],
        p_playing=ends[Status.PLAYING.value],
        expected_series=expected_series(outcomes),
        series_length=length,
        p_series=None if length is None else p_series(outcomes, deals=horizon or 0, length=length),
        p_story=story_probability(deal, the_plan.story) if the_plan.story else None,
        rules=rules,
    )


def _solve(rules: Rules, horizon: int | None) -> Solved:
    from shtoss_exact.plans.flat import solve_flat

    if rules.plan.flat:
        return solve_flat(rules, horizon)
    limit = MAX_STATES
    losses = [-x for x, _ in rules.outcomes.counts if x < 0]
    if rules.bankroll is not None and rules.plan.after_loss is AfterLoss.RESET and losses:
        # Losses in a row at the initial kush walk down to ruin one state at a time.
        least = (rules.bankroll - rules.plan.kush) / (rules.plan.kush * max(losses))
        if least > limit:
            raise ShtossError(
                f"at least {float(least):.1e} states between the bankroll and ruin: more than "
                f"the limit {limit}; use a smaller bankroll or a larger kush"
            )
    if horizon is not None:
        check_bits(bits_after(horizon, rules.outcomes.denominator), what=f"{horizon} deals",
                   advice="use fewer deals")  # fmt: skip
    chain = build_chain(rules, deals=horizon, max_states=limit)
    if horizon is None:
        from shtoss_exact.plans.solve import solve_unbounded

        return solve_unbounded(chain)
    from shtoss_exact.plans.horizon import solve_horizon

    return solve_horizon(chain, horizon)
