"""A plan played until it ends (ruin, target or a stop): exact absorption of the chain.

With ``Q`` the transitions among playing states, the expected visits ``v`` (a row
vector, from the start) solve ``v = e_start + v Q``, i.e. ``v (D I - C) = D e_start``
with ``C = D Q`` the integer counts: one sparse integer system, solved exactly by
``shtoss_exact.linear`` (p-adic lifting; only the sums asked for are reconstructed).
The play ends in state ``e`` with probability ``sum_i v_i C_ie / D``, and lasts
``sum_i v_i`` deals on average.

Before solving, every playing state must be able to reach an end: otherwise some play
never ends and the question has no answer.
"""

from __future__ import annotations

from fractions import Fraction

from shtoss_exact.distribution import Distribution
from shtoss_exact.errors import ShtossError
from shtoss_exact.i18n import N_, _
from shtoss_exact.limits import Cost, budget, check_cost, multiply_seconds, outside_allowance
from shtoss_exact.linear import elimination_work, solve_sums
from shtoss_exact.plans.chain import Chain, State, Status
from shtoss_exact.plans.cost import int_bytes
from shtoss_exact.plans.result import Solved

NEVER_ENDS = N_("the play never ends with these options (some states are never left)")

_ADVICE = N_("give deals=, or a smaller bankroll or target")


def solve_unbounded(chain: Chain) -> Solved:
    """The net distribution at the end of play, how it ended, and the expected deals.

    >>> from shtoss_exact.deck import make_deal
    >>> from shtoss_exact.plans.catalog import plan_named
    >>> from shtoss_exact.schemes.scheme import scheme_named
    >>> from shtoss_exact.plans.chain import Rules, build_chain, deal_outcomes
    >>> outcomes = deal_outcomes(make_deal(), scheme_named("classic"))
    >>> rules = Rules(plan_named("stop"), outcomes, target=Fraction(2), tracks_net=True)
    >>> solve_unbounded(build_chain(rules, deals=None, max_states=100)).ends["target"]
    Fraction(160000, 693889)
    """
    d = chain.denominator
    found = [s for s in chain.depth if s.status is Status.PLAYING]
    _check_ends(chain, found)
    # The order of elimination decides the fill-in: the order of discovery, or by net
    # (a walk eliminated from one end fills within its band). The cheapest is taken.
    best: tuple[float, list[State], list[dict[int, int]], dict[tuple[Status, Fraction | int],
                dict[int, int]]] | None = None  # fmt: skip
    for order in (
        found,
        sorted(found, key=lambda s: (-_net(s), s.level, s.stake)),
        sorted(found, key=lambda s: (_net(s), s.level, s.stake)),
    ):
        rows, ends = _system(chain, order)
        # Past the budget the order is refused anyway: no dry run follows it further.
        limit = budget().seconds * 1e9 if best is None else min(best[0], budget().seconds * 1e9)
        work = elimination_work(rows, bits=d.bit_length(), sums=len(ends) + 1, limit=limit)
        if best is None or work < best[0]:
            best = (work, order, rows, ends)
    assert best is not None
    work, playing, rows, ends = best
    index = {state: i for i, state in enumerate(playing)}
    what = _("{playing_count} playing states until the play ends").format(
        playing_count=len(playing)
    )
    # Each end's probability is then a fraction of about the determinant's bits, added
    # into its status and its net (measured: 1.4 s after a solve of 6.6 s for the 4 096
    # ends of stop from 1 to 2048, once uncounted).
    answer = len(playing) * d.bit_length()
    after = (len(ends) + 1) * 2 * multiply_seconds(answer, answer)
    # Inside an allowance of digits (a strategy compares plans whose values it prints
    # whole), an answer surely past them is not solved: a walk's answers have 0.9 of
    # the determinant's bits (stop from 1 to 1000: 9 170 of 9 990; to 2000 they were
    # solved for 7 s, then dropped as too long).
    digits = 0.0 if outside_allowance() else answer * 0.30103 * ANSWER_SHARE
    check_cost(
        Cost(seconds=work * 1e-9 + after, bytes=int_bytes(work / 1000, 256), digits=digits),
        what=what,
        advice=_ADVICE,
    )
    rhs = [0] * len(playing)
    rhs[index[chain.start]] = d
    keys = sorted(ends, key=lambda key: (key[1], key[0].value))
    sums = [ends[key] for key in keys] + [dict.fromkeys(range(len(playing)), 1)]
    answers = solve_sums(rows, rhs, sums)
    result = dict.fromkeys((s.value for s in Status), Fraction(0))
    distribution: dict[Fraction, Fraction] = {}
    for (status, net), visits in zip(keys, answers, strict=False):
        p = visits / d
        result[status.value] += p
        value = Fraction(net)
        distribution[value] = distribution.get(value, Fraction(0)) + p
    return Solved(Distribution.of(distribution), result, answers[-1])


ANSWER_SHARE = 0.7
"""The least share of the determinant's bits (playing states times the deal's) an
answer is taken to have, inside an allowance of digits."""


def _net(state: State) -> Fraction | int:
    assert state.net is not None
    return state.net


def _system(
    chain: Chain, playing: list[State]
) -> tuple[list[dict[int, int]], dict[tuple[Status, Fraction | int], dict[int, int]]]:
    """Equation j: ``D v_j - sum over i of v_i C_ij = D [j = start]``; and for each end
    (status, net), the counts into it from each playing state."""
    index = {state: i for i, state in enumerate(playing)}
    rows: list[dict[int, int]] = [{i: chain.denominator} for i in range(len(playing))]
    ends: dict[tuple[Status, Fraction | int], dict[int, int]] = {}
    for state in playing:
        i = index[state]
        for nxt, count, _moves in chain.edges[state]:
            j = index.get(nxt)
            if j is not None:
                rows[j][i] = rows[j].get(i, 0) - count
            else:
                weights = ends.setdefault((nxt.status, _net(nxt)), {})
                weights[i] = weights.get(i, 0) + count
    return rows, ends


def _check_ends(chain: Chain, playing: list[State]) -> None:
    """Refuse a chain where some reachable playing state can never reach an end."""
    back: dict[State, list[State]] = {}
    for state in playing:
        for nxt, count, _moves in chain.edges[state]:
            if count:
                back.setdefault(nxt, []).append(state)
    seen = {s for s in chain.depth if s.status is not Status.PLAYING}
    stack = list(seen)
    while stack:
        for before in back.get(stack.pop(), ()):
            if before not in seen:
                seen.add(before)
                stack.append(before)
    if any(state not in seen for state in playing):
        raise ShtossError(_(NEVER_ENDS))
