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

from fractions import Fraction
from typing import TYPE_CHECKING

from shtoss_exact.deck import Card, Deal, Suit, deal_from
from shtoss_exact.errors import ShtossError
from shtoss_exact.frozen import replace
from shtoss_exact.i18n import _
from shtoss_exact.limits import MAX_CHAIN_STATES
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
from shtoss_exact.plans.cost import bits_after, check_bits, deals_text
from shtoss_exact.plans.result import SeriesResult, Solved
from shtoss_exact.plans.runs import (
    event_probability,
    expected_series,
    p_series,
    p_series_played,
    plays_every_deal,
    story_played,
    story_probability,
)

if TYPE_CHECKING:
    from shtoss_exact.schemes.scheme import SchemeArgument

__all__ = [
    "Chain",
    "DealOutcomes",
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

MAX_STATES = MAX_CHAIN_STATES
"""Most states a chain may have (finding them must also take at most
``limits.MAX_CHAIN_SECONDS``)."""


def series(
    plan: Plan | str = "flat",
    *,
    deals: int | None = None,
    scheme: SchemeArgument = "classic",
    deal: Deal | None = None,
    deck: int | None = None,
    cards: int | None = None,
    copies: int | None = None,
    one_deck: bool | None = None,
    card: Card | str | None = None,
    suits: tuple[Suit, ...] | str | None = None,
    bankroll: Fraction | int | str | None = None,
    target: Fraction | int | str | None = None,
    max_stake: Fraction | int | str | None = None,
    kush: Fraction | int | str | None = None,
    series_length: int | None = None,
) -> SeriesResult:
    """The exact result of a plan over ``deals`` deals (the plan's own, or until the
    play ends when there is a bankroll and a target).

    ``target`` is the bankroll to reach (as in ``optimal_play``): the play ends once
    ``bankroll + net >= target``; it needs a ``bankroll`` below it. ``deals`` replaces
    the plan's own number of deals.

    ``plan`` is a ``Plan`` or a built-in name (``"paroli:3"``, ``"пароли"``), ``scheme``
    a ``Scheme``, a built-in name or a scheme file's path; the deck is ``odds``'
    arguments (``deck``, ``cards``, ``copies``, ``one_deck``, ``card``, ``suits``:
    default the 52-card two-deck game) or a built ``deal``, not both; numbers are
    ``int``, ``Fraction`` or exact strings (``"1/2"``), never floats.

    >>> series("hermann").net[Fraction(329000)]
    Fraction(64000000, 578009537)
    >>> series("stop", bankroll=1, target=3).p_ruin
    Fraction(433, 833)
    """
    the_plan = as_plan(plan)
    if kush is not None:
        the_plan = replace(the_plan, kush=bounded_number(kush, name="kush"))
    # The default classic scheme is the engine's counts: no scheme to load.
    classic = isinstance(scheme, str) and scheme.strip().lower() == "classic"
    the_scheme = None
    if not classic:
        from shtoss_exact.schemes.files import as_scheme

        the_scheme = as_scheme(scheme)
    deal = deal_from(deal=deal, deck=deck, cards=cards, copies=copies, one_deck=one_deck,
                     card=card, suits=suits)  # fmt: skip
    count = None if deals is None else whole_number(deals, name="deals", minimum=1)
    length = (
        None if series_length is None
        else whole_number(series_length, name="series_length", minimum=1)
    )  # fmt: skip
    limits = {
        name: None if value is None else bounded_number(value, name=name)
        for name, value in (("bankroll", bankroll), ("target", target), ("max_stake", max_stake))
    }
    # deals= replaces the plan's own number of deals (Hermann's three nights), never
    # shortened in silence: hermann with deals=5 lets it ride for five deals.
    horizon = the_plan.deals if count is None else count
    net_target = _net_target(limits["bankroll"], limits["target"])
    if horizon is None and limits["bankroll"] is None:
        raise ShtossError(
            _("no number of deals: give deals=, or bankroll=/target= to play until one ends it")
        )
    if length is not None and horizon is None:
        raise ShtossError(_("a series length needs a number of deals (deals=)"))
    outcomes = classic_outcomes(deal) if the_scheme is None else deal_outcomes(deal, the_scheme)
    if horizon is None:
        outcomes.check_moves_money(
            "classic" if the_scheme is None else the_scheme.name,
            deal,
            advice=_("give deals=, or a deck or scheme under which a deal is decided"),
        )
    rules = Rules(
        the_plan,
        outcomes,
        bankroll=limits["bankroll"],
        target=net_target,
        max_stake=limits["max_stake"],
        tracks_net=limits["bankroll"] is not None or horizon is None,
    )  # fmt: skip
    rules.check()
    solved = _solve(rules, horizon)
    net = solved.net
    ends = {s.value: solved.ends.get(s.value, Fraction(0)) for s in Status}
    if sum(ends.values()) != 1:
        raise AssertionError("the outcomes of the play do not sum to 1")
    ev, variance = solved.moments or (net.mean, net.variance)
    return SeriesResult(
        plan=the_plan,
        scheme="classic" if the_scheme is None else the_scheme.name,
        deal=deal,
        deals=horizon,
        bankroll=rules.bankroll,
        target=limits["target"],
        max_stake=rules.max_stake,
        net=net,
        ev=ev,
        variance=variance,
        expected_deals=solved.expected_deals,
        p_ruin=ends[Status.RUINED.value],
        p_target=ends[Status.TARGET.value],
        p_stopped=ends[Status.STOPPED.value],
        p_playing=ends[Status.PLAYING.value],
        expected_series=expected_series(outcomes),
        series_length=length,
        p_series=None if length is None else _p_series(rules, horizon or 0, length),
        p_story=(
            story_played(rules, the_plan.story, deal=deal, deals=horizon, scheme=the_scheme)
            if the_plan.story
            else None
        ),
        rules=rules,
    )


def _net_target(bankroll: Fraction | None, target: Fraction | None) -> Fraction | None:
    """The net that reaches ``target``, the bankroll to reach (as in ``optimal_play``)."""
    if target is None:
        return None
    if bankroll is None:
        raise ShtossError(
            _("target={target} is the bankroll to reach: it needs a bankroll (bankroll=)").format(
                target=target
            )
        )
    if target <= bankroll:
        raise ShtossError(
            _(
                "target={target} is not above bankroll={bankroll}: the target is the bankroll to "
                "reach; allowed target > bankroll"
            ).format(target=target, bankroll=bankroll)
        )
    return target - bankroll


def _p_series(rules: Rules, deals: int, length: int) -> Fraction:
    """P(a series of ``length`` wins among the deals played): a closed form when every
    play lasts all ``deals``, else a walk over the plan's states."""
    if plays_every_deal(rules):
        return p_series(rules.outcomes, deals=deals, length=length)
    return p_series_played(rules, deals=deals, length=length)


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
                _(
                    "at least {float:.1e} states between the bankroll and ruin: more than the "
                    "limit {limit}; use a smaller bankroll or a larger kush"
                ).format(float=float(least), limit=limit)
            )
    if horizon is not None:
        check_bits(
            bits_after(horizon, rules.outcomes.denominator),
            what=deals_text(horizon),
            advice=_("use fewer deals"),
        )
    chain = build_chain(rules, deals=horizon, max_states=limit)
    if horizon is None:
        from shtoss_exact.plans.solve import solve_unbounded

        return solve_unbounded(chain)
    from shtoss_exact.plans.horizon import solve_horizon

    return solve_horizon(chain, horizon)  # the nets' support checked there, once
