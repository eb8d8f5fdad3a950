"""Stakes across deals: the chain against brute force over every sequence of outcomes."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact import odds
from shtoss_exact.deck import Deal
from shtoss_exact.errors import ShtossError
from shtoss_exact.deck import make_deal
from shtoss_exact.plans import AfterLoss, AfterWin, DealEvent, Plan, plan_named
from shtoss_exact.schemes import scheme_named
from shtoss_exact.series_odds import (
    deal_outcomes,
    mean_series_length,
    p_series,
    series,
    story_probability,
)

CLASSIC = odds(deck=52)
THIRDS_DEAL = make_deal(deck=36, card="7h")


def one_bet(scheme: str, deal: Deal) -> dict[Fraction, Fraction]:
    return scheme_named(scheme).settlement_counts(deal).distribution()


def brute_force(
    plan: Plan,
    bet: dict[Fraction, Fraction],
    deals: int,
    *,
    bankroll: Fraction | None = None,
    target: Fraction | None = None,
    max_stake: Fraction | None = None,
) -> tuple[dict[Fraction, Fraction], dict[str, Fraction], Fraction]:
    """Walk every sequence of ``deals`` outcomes, one by one, with no state merging."""
    top = max(bet)
    net_dist: dict[Fraction, Fraction] = {}
    ends: dict[str, Fraction] = {}
    played_mean = Fraction(0)
    for sequence in product(sorted(bet.items()), repeat=deals):
        chance, stake, level, net, ended, played = Fraction(1), plan.kush, 0, Fraction(0), "", 0
        for payoff, p in sequence:
            chance *= p
            if ended:
                continue
            played += 1
            net += stake * payoff
            if payoff > 0 and plan.after_win is not AfterWin.KEEP:
                if plan.raises is not None and level == plan.raises:
                    stake, level = plan.kush, 0
                else:
                    factor = 1 + payoff / top if plan.after_win is AfterWin.SHARE else 1 + payoff
                    stake, level = stake * factor, level + 1
            elif payoff < 0:
                stake, level = plan.kush, 0
                if plan.after_loss is AfterLoss.STOP:
                    ended = "stopped"
            if not ended and target is not None and net >= target:
                ended = "target"
            if not ended and bankroll is not None:
                if bankroll + net < plan.kush:
                    ended = "ruined"
                stake = min(stake, bankroll + net)
            if max_stake is not None:
                stake = min(stake, max_stake)
        net_dist[net] = net_dist.get(net, Fraction(0)) + chance
        ends[ended or "playing"] = ends.get(ended or "playing", Fraction(0)) + chance
        played_mean += chance * played
    return {v: p for v, p in net_dist.items() if p}, ends, played_mean


def test_one_deal_is_the_one_bet_distribution() -> None:
    r = series("flat", deals=1)
    assert dict(r.net) == {Fraction(-1): CLASSIC.banker, Fraction(1): CLASSIC.punter}
    for scheme in ("lob-half", "pharaon", "thirds"):
        r = series("flat", deals=1, scheme=scheme, deal=THIRDS_DEAL, kush=3)
        assert dict(r.net) == {3 * v: p for v, p in one_bet(scheme, THIRDS_DEAL).items()}


def convolve(a: dict[Fraction, Fraction], b: dict[Fraction, Fraction]) -> dict[Fraction, Fraction]:
    out: dict[Fraction, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


@pytest.mark.parametrize("scheme", ["classic", "lob-half", "thirds"])
def test_flat_stake_is_the_k_fold_convolution(scheme: str) -> None:
    bet = one_bet(scheme, THIRDS_DEAL)
    total = {Fraction(0): Fraction(1)}
    for deals in range(1, 6):
        total = convolve(total, bet)
        r = series("flat", deals=deals, scheme=scheme, deal=THIRDS_DEAL)
        assert dict(r.net) == total
        assert r.ev == deals * scheme_named(scheme).ev(THIRDS_DEAL)


PLANS = ["flat", "raise", "raise:1", "paroli", "paroli:2", "stop", "hermann"]


@pytest.mark.parametrize("plan", PLANS)
@pytest.mark.parametrize("scheme", ["classic", "thirds", "lob-half"])
def test_chain_equals_brute_force(plan: str, scheme: str) -> None:
    deal = make_deal(deck=32, card="Qs")
    deals = 4 if scheme != "thirds" else 3
    r = series(plan, deals=deals, scheme=scheme, deal=deal)
    net, ends, played = brute_force(plan_named(plan), one_bet(scheme, deal), r.deals or 0)
    assert dict(r.net) == net
    assert r.expected_deals == played
    assert r.p_stopped == ends.get("stopped", 0)
    assert sum(r.net.values()) == 1
    mean = sum(v * p for v, p in net.items())
    assert r.variance == sum((v - mean) ** 2 * p for v, p in net.items())
    assert r.p_ahead == sum(p for v, p in net.items() if v > 0)
    assert r.banker_net == {-v: p for v, p in net.items()}


@settings(max_examples=25, deadline=None)
@given(
    plan=st.sampled_from(PLANS[:-1]),
    deals=st.integers(1, 6),
    bankroll=st.integers(1, 6),
    target=st.none() | st.integers(1, 6),
    max_stake=st.none() | st.integers(1, 3),
    scheme=st.sampled_from(["classic", "lob-half", "pharaon"]),
)
def test_bankroll_target_and_cap_equal_brute_force(
    plan: str, deals: int, bankroll: int, target: int | None, max_stake: int | None, scheme: str
) -> None:
    deal = Deal(10, 2)
    r = series(plan, deals=deals, scheme=scheme, deal=deal, bankroll=bankroll, target=target,
               max_stake=max_stake)  # fmt: skip
    net, ends, played = brute_force(
        plan_named(plan),
        one_bet(scheme, deal),
        deals,
        bankroll=Fraction(bankroll),
        target=None if target is None else Fraction(target),
        max_stake=None if max_stake is None else Fraction(max_stake),
    )
    assert dict(r.net) == net
    assert r.p_ruin == ends.get("ruined", 0)
    assert r.p_target == (None if target is None else ends.get("target", 0))
    assert r.expected_deals == played


def test_hermann_story() -> None:
    # Won the sonik twice, then killed by the very first card: (16/221)**2 * (1/13).
    expected = Fraction(16, 221) ** 2 * Fraction(1, 13)
    first = CLASSIC.by_position[0]
    assert first.killed + first.plie == Fraction(1, 13)
    assert CLASSIC.by_abzug[0].given == Fraction(16, 221)
    story = (DealEvent.SONIK_WON, DealEvent.SONIK_WON, DealEvent.LOB_KILLED)
    assert story_probability(make_deal(), story) == expected
    r = series("hermann")
    assert r.story == expected
    assert r.deals == 3
    # Three wins in a row let 47 000 ride to 376 000: net 329 000; any loss costs 47 000.
    assert dict(r.net) == {Fraction(-47000): 1 - CLASSIC.punter**3,
                           Fraction(329000): CLASSIC.punter**3}  # fmt: skip


def gamblers_ruin(
    p: Fraction, q: Fraction, bankroll: int, target: int
) -> tuple[Fraction, Fraction]:
    """P(reach bankroll + target before 0) and the expected duration, textbook formulas."""
    r, total = q / p, bankroll + target
    win = (1 - r**bankroll) / (1 - r**total)
    duration = Fraction(bankroll) / (q - p) - Fraction(total) / (q - p) * win
    return win, duration


@pytest.mark.parametrize(("bankroll", "target"), [(1, 1), (3, 2), (5, 5), (20, 10)])
def test_unbounded_flat_is_the_gamblers_ruin(bankroll: int, target: int) -> None:
    r = series("flat", bankroll=bankroll, target=target)
    win, duration = gamblers_ruin(CLASSIC.punter, CLASSIC.banker, bankroll, target)
    assert r.deals is None
    assert r.p_target == win
    assert r.p_ruin == 1 - win
    assert r.expected_deals == duration
    assert dict(r.net) == {Fraction(-bankroll): 1 - win, Fraction(target): win}


def test_unbounded_without_cycles_is_solved_in_order() -> None:
    # Stop after a loss, or at net 3: the play ends within 3 deals.
    r = series("stop", target=3)
    finite = series("stop", target=3, deals=3)
    assert dict(r.net) == dict(finite.net)
    assert r.expected_deals == finite.expected_deals
    p = CLASSIC.punter
    assert r.p_target == p**3
    assert r.expected_deals == 1 + p + p**2


def test_unbounded_paroli_agrees_with_a_long_horizon_where_the_play_must_end() -> None:
    # With a bankroll of 2 and a target of 1 under paroli:1, every path ends by deal 3.
    r = series("paroli:1", bankroll=2, target=1)
    assert dict(r.net) == dict(series("paroli:1", bankroll=2, target=1, deals=3).net)


def test_never_ending_play_is_refused() -> None:
    with pytest.raises(ShtossError, match="never ends"):
        series("flat", deal=Deal(10, 0), bankroll=2, target=2)
    with pytest.raises(ShtossError, match="no number of deals"):
        series("flat")


def test_large_computations_are_refused_up_front() -> None:
    with pytest.raises(ShtossError, match="limit"):
        series("paroli:3", deals=100, scheme="thirds", deal=THIRDS_DEAL)
    with pytest.raises(ShtossError, match="states"):
        series("flat", bankroll=100000, target=100000)


def test_bad_table_limits_are_refused() -> None:
    with pytest.raises(ShtossError, match="bankroll=1/2"):
        series("flat", deals=2, bankroll=Fraction(1, 2))
    with pytest.raises(ShtossError, match="max-stake"):
        series("flat", deals=2, max_stake=Fraction(1, 2))
    with pytest.raises(ShtossError, match="target"):
        series("flat", deals=2, target=0)


def brute_series(bet: dict[Fraction, Fraction], deals: int, length: int) -> Fraction:
    total = Fraction(0)
    for sequence in product(sorted(bet.items()), repeat=deals):
        chance, run, best = Fraction(1), 0, 0
        for payoff, p in sequence:
            chance *= p
            run = run + 1 if payoff > 0 else (run if payoff == 0 else 0)
            best = max(best, run)
        if best >= length:
            total += chance
    return total


@pytest.mark.parametrize("scheme", ["classic", "pharaon"])
@pytest.mark.parametrize(("deals", "length"), [(1, 1), (4, 2), (5, 3), (6, 6)])
def test_p_series_equals_brute_force(scheme: str, deals: int, length: int) -> None:
    deal = Deal(7, 2)  # odd: pharaon's last card is null, a push
    outcomes = deal_outcomes(deal, scheme_named(scheme))
    assert p_series(outcomes, deals=deals, length=length) == brute_series(
        one_bet(scheme, deal), deals, length
    )


def test_mean_series_length() -> None:
    outcomes = deal_outcomes(make_deal(), scheme_named("classic"))
    assert mean_series_length(outcomes) == 1 / (1 - CLASSIC.punter)
    # A long horizon's truncated sum approaches it: P(L >= l) = w**(l - 1).
    w = CLASSIC.punter
    assert abs(sum(w ** (n - 1) for n in range(1, 200)) - mean_series_length(outcomes)) < 1e-40
