"""A punter's plan played deal by deal in ``Fraction``s, written apart from ``plans/``.

No chain, no grid, no common denominator, no packing: after each deal, the
probability of every (stake, raises in a row, net, how the play ended, deals played)
that can be reached, merged when equal. The rules are the ones the plans state (the
Russian rules' «Увеличение куша» and «Загнуть угол»), in this order after each deal:
the net reaching the target ends the play; else the bankroll falling below the
initial kush ruins it; else a loss under a plan that stops ends it; else the stake is
at most what the punter has; the banker's maximum stake caps it last.
"""

from __future__ import annotations

from fractions import Fraction

from shtoss_exact.plans.catalog import AfterLoss, AfterWin, Plan

Played = tuple[Fraction, int, Fraction, str]  # stake, raises, net, "" or how it ended


def after_deal(plan: Plan, top: Fraction, state: Played, payoff: Fraction, *,
          bankroll: Fraction | None, target: Fraction | None,
          max_stake: Fraction | None) -> Played:  # fmt: skip
    """The state after one deal that pays ``payoff`` per unit stake (``top``: the bet's
    largest payoff, for a plan that shares its winnings)."""
    stake, level, net, _ = state
    net += stake * payoff
    if payoff > 0 and plan.after_win is AfterWin.SHARE:
        raised = stake * (1 + payoff / top)
    else:
        raised = stake + stake * payoff  # the winnings left on the card
    if payoff > 0 and plan.after_win is not AfterWin.KEEP:
        at_bound = plan.raises is not None and level == plan.raises
        stake, level = (plan.kush, 0) if at_bound else (raised, level + 1)
    elif payoff < 0:
        stake, level = plan.kush, 0
    ended = ""
    if target is not None and net >= target:
        ended = "target"
    elif bankroll is not None and bankroll + net < plan.kush:
        ended = "ruined"
    elif payoff < 0 and plan.after_loss is AfterLoss.STOP:
        ended = "stopped"
    elif bankroll is not None:
        stake = min(stake, bankroll + net)
    if max_stake is not None:
        stake = min(stake, max_stake)
    if ended:
        stake, level = Fraction(0), 0
    return stake, level, net, ended


def play(
    plan: Plan,
    bet: dict[Fraction, Fraction],
    deals: int,
    *,
    bankroll: Fraction | None = None,
    target: Fraction | None = None,
    max_stake: Fraction | None = None,
) -> tuple[dict[Fraction, Fraction], dict[str, Fraction], Fraction]:
    """{net: P}, {how the play ended ("playing" if not): P} and the expected deals
    played, after ``deals`` deals of ``bet`` ({payoff per unit stake: P}); ``target``
    is a net gain."""
    top = max(bet)
    layer: dict[Played, Fraction] = {(plan.kush, 0, Fraction(0), ""): Fraction(1)}
    played = Fraction(0)
    for _ in range(deals):
        following: dict[Played, Fraction] = {}
        for state, p in layer.items():
            if state[3]:  # ended: it stays as it is
                following[state] = following.get(state, Fraction(0)) + p
                continue
            played += p
            for payoff, q in bet.items():
                after = after_deal(plan, top, state, payoff, bankroll=bankroll, target=target,
                              max_stake=max_stake)  # fmt: skip
                following[after] = following.get(after, Fraction(0)) + p * q
        layer = following
    nets: dict[Fraction, Fraction] = {}
    ends: dict[str, Fraction] = {}
    for (_, _, net, ended), p in layer.items():
        nets[net] = nets.get(net, Fraction(0)) + p
        ends[ended or "playing"] = ends.get(ended or "playing", Fraction(0)) + p
    return {v: p for v, p in nets.items() if p}, ends, played
