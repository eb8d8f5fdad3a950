"""Stakes across deals: every method against brute force over every sequence of outcomes."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact import odds
from shtoss_exact.deck import Deal, make_deal
from shtoss_exact.errors import ShtossError
from shtoss_exact.plans.catalog import AfterLoss, AfterWin, DealEvent, Plan, plan_named
from shtoss_exact.plans.series import (
    SeriesResult,
    deal_outcomes,
    expected_series,
    p_series,
    series,
    story_probability,
)
from shtoss_exact.schemes.files import as_scheme
from shtoss_exact.schemes.scheme import scheme_named
from tests.oracles import stakes

CLASSIC = odds(deck=52)
THIRDS_DEAL = make_deal(deck=36, card="7h")


def one_bet(scheme: str, deal: Deal) -> dict[Fraction, Fraction]:
    return {
        x: p for x, p in scheme_named(scheme).settlement_counts(deal).distribution().items() if p
    }


def brute_force(
    plan: Plan,
    bet: dict[Fraction, Fraction],
    deals: int,
    *,
    bankroll: Fraction | None = None,
    target: Fraction | None = None,
    max_stake: Fraction | None = None,
) -> tuple[dict[Fraction, Fraction], dict[str, Fraction], Fraction]:
    """Walk every sequence of ``deals`` outcomes, one by one, with no state merging.

    After each deal the plan's rules as the oracle states them (``stakes.after_deal``):
    the target ends the play, else ruin (the bankroll below the kush), else a loss under
    a plan that stops; the stake never exceeds what the punter has.
    """
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
            stake, level, net, ended = stakes.after_deal(
                plan, top, (stake, level, net, ended), payoff,
                bankroll=bankroll, target=target, max_stake=max_stake,
            )  # fmt: skip
        net_dist[net] = net_dist.get(net, Fraction(0)) + chance
        ends[ended or "playing"] = ends.get(ended or "playing", Fraction(0)) + chance
        played_mean += chance * played
    return {v: p for v, p in net_dist.items() if p}, ends, played_mean


def assert_partition(r: SeriesResult) -> None:
    assert r.p_ruin + r.p_target + r.p_stopped + r.p_playing == 1
    assert r.punter + r.banker + r.null == 1
    assert sum(r.net.values()) == 1


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


@pytest.mark.parametrize("scheme", ["classic", "lob-half", "thirds", "pharaon"])
def test_flat_stake_is_the_k_fold_convolution(scheme: str) -> None:
    bet = one_bet(scheme, THIRDS_DEAL)
    total = {Fraction(0): Fraction(1)}
    for deals in range(1, 6):
        total = convolve(total, bet)
        r = series("flat", deals=deals, scheme=scheme, deal=THIRDS_DEAL)
        assert dict(r.net) == total
        assert r.ev == deals * scheme_named(scheme).ev(THIRDS_DEAL)
        assert r.expected_deals == deals and r.p_playing == 1
        assert_partition(r)


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
    assert r.p_playing == ends.get("playing", 0)
    assert_partition(r)
    mean = sum(v * p for v, p in net.items())
    assert r.ev == mean
    assert r.variance == sum((v - mean) ** 2 * p for v, p in net.items())
    assert r.punter == sum(p for v, p in net.items() if v > 0)
    assert r.banker == sum(p for v, p in net.items() if v < 0)
    assert r.banker_net == {-v: p for v, p in net.items()}


@settings(max_examples=40, deadline=None)
@given(
    plan=st.sampled_from(PLANS[:-1]),
    deals=st.integers(1, 6),
    bankroll=st.none() | st.integers(1, 6),
    target=st.none() | st.integers(1, 6),
    max_stake=st.none() | st.integers(1, 3),
    scheme=st.sampled_from(["classic", "lob-half", "pharaon"]),
)
def test_bankroll_target_and_cap_equal_brute_force(
    plan: str, deals: int, bankroll: int | None, target: int | None, max_stake: int | None,
    scheme: str,
) -> None:  # fmt: skip
    deal = Deal(10, 2)
    # The brute force counts the target as a net gain (T); series as the bankroll to
    # reach (B + T): the two must agree exactly.
    target = None if bankroll is None else target
    to_reach = None if target is None or bankroll is None else bankroll + target
    r = series(plan, deals=deals, scheme=scheme, deal=deal, bankroll=bankroll, target=to_reach,
               max_stake=max_stake)  # fmt: skip
    net, ends, played = brute_force(
        plan_named(plan),
        one_bet(scheme, deal),
        deals,
        bankroll=None if bankroll is None else Fraction(bankroll),
        target=None if target is None else Fraction(target),
        max_stake=None if max_stake is None else Fraction(max_stake),
    )
    assert dict(r.net) == net
    assert (r.p_ruin, r.p_target, r.p_stopped, r.p_playing) == tuple(
        ends.get(key, Fraction(0)) for key in ("ruined", "target", "stopped", "playing")
    )
    assert r.expected_deals == played
    assert_partition(r)


def test_ruin_counts_whatever_the_plan_does_next() -> None:
    # Stop after a loss, bankroll 1: the first loss ruins him before the plan stops.
    r = series("stop", bankroll=1, target=3)
    assert r.p_ruin == Fraction(433, 833)
    assert r.p_target == CLASSIC.punter**2
    assert r.p_stopped == CLASSIC.punter * CLASSIC.banker  # won, then lost: bankroll 1 left
    assert_partition(r)
    h = series("hermann", bankroll=47000)
    assert h.p_ruin == 1 - CLASSIC.punter**3 and h.p_stopped == 0


def test_hermann_story() -> None:
    # Won the sonik twice, then killed by the very first card: (16/221)**2 * (1/13).
    expected = Fraction(16, 221) ** 2 * Fraction(1, 13)
    first = CLASSIC.by_position[0]
    assert first.killed + first.plie == Fraction(1, 13)
    assert CLASSIC.by_abzug[0].given == Fraction(16, 221)
    story = (DealEvent.SONIK_WON, DealEvent.SONIK_WON, DealEvent.LOB_KILLED)
    assert story_probability(make_deal(), story) == expected
    r = series("hermann")
    assert r.p_story == expected
    assert r.deals == 3
    # Three wins in a row let 47 000 ride to 376 000: net 329 000; any loss costs 47 000.
    assert dict(r.net) == {Fraction(-47000): 1 - CLASSIC.punter**3,
                           Fraction(329000): CLASSIC.punter**3}  # fmt: skip
    assert r.p_stopped == 1 - CLASSIC.punter**3 and r.p_playing == CLASSIC.punter**3


def gamblers_ruin(
    p: Fraction, q: Fraction, bankroll: int, target: int
) -> tuple[Fraction, Fraction]:
    """P(reach bankroll + target before 0) and the expected duration, textbook formulas."""
    r, total = q / p, bankroll + target
    win = (1 - r**bankroll) / (1 - r**total)
    duration = Fraction(bankroll) / (q - p) - Fraction(total) / (q - p) * win
    return win, duration


@pytest.mark.parametrize(("bankroll", "target"), [(1, 1), (3, 2), (5, 5), (20, 10), (1000, 1000)])
def test_unbounded_flat_is_the_gamblers_ruin(bankroll: int, target: int) -> None:
    r = series("flat", bankroll=bankroll, target=bankroll + target)
    win, duration = gamblers_ruin(CLASSIC.punter, CLASSIC.banker, bankroll, target)
    assert r.deals is None
    assert r.p_target == win
    assert r.p_ruin == 1 - win
    assert r.expected_deals == duration
    assert dict(r.net) == {Fraction(-bankroll): 1 - win, Fraction(target): win}
    assert_partition(r)


def test_unbounded_without_cycles() -> None:
    # Stop after a loss, or at net 3: the play ends within 3 deals.
    r = series("stop", bankroll=3, target=6)
    finite = series("stop", bankroll=3, target=6, deals=3)
    assert dict(r.net) == dict(finite.net)
    assert r.expected_deals == finite.expected_deals
    p = CLASSIC.punter
    assert r.p_target == p**3
    assert r.expected_deals == 1 + p + p**2


def test_unbounded_paroli_agrees_with_a_long_horizon_where_the_play_must_end() -> None:
    # With a bankroll of 2 and a target of 1 under paroli:1, every path ends by deal 3.
    r = series("paroli:1", bankroll=2, target=3)
    long = series("paroli:1", bankroll=2, target=3, deals=3)
    assert dict(r.net) == dict(long.net)
    assert long.p_playing == 0 and r.expected_deals == long.expected_deals


def test_never_ending_play_is_refused() -> None:
    with pytest.raises(ShtossError, match="never ends"):
        series("flat", deal=Deal(10, 0), bankroll=2, target=4)
    with pytest.raises(ShtossError, match="never ends"):
        series("paroli:2", deal=Deal(10, 0), bankroll=2, target=4)
    with pytest.raises(ShtossError, match="no number of deals"):
        series("flat")
    with pytest.raises(ShtossError, match="both bankroll= and target="):
        series("flat", bankroll=5)


def test_large_computations_are_refused_up_front() -> None:
    with pytest.raises(ShtossError, match="limit"):
        series("paroli:3", deals=100, scheme="thirds", deal=THIRDS_DEAL)
    with pytest.raises(ShtossError, match="limit"):
        series("flat", bankroll=100000, target=200000)
    with pytest.raises(ShtossError, match="limit"):
        series("paroli:3", bankroll=10**6, target=2 * 10**6)
    with pytest.raises(ShtossError, match="limit"):
        series("raise", deals=10**6)


def test_bad_table_limits_are_refused() -> None:
    with pytest.raises(ShtossError, match="bankroll=1/2"):
        series("flat", deals=2, bankroll=Fraction(1, 2))
    with pytest.raises(ShtossError, match="max-stake"):
        series("flat", deals=2, max_stake=Fraction(1, 2))
    with pytest.raises(ShtossError, match="target=0 is the bankroll to reach: it needs a bankroll"):
        series("flat", deals=2, target=0)
    with pytest.raises(ShtossError, match="target=3 is not above bankroll=3"):
        series("flat", deals=2, bankroll=3, target=3)


@pytest.mark.parametrize(
    ("arguments", "name"),
    [
        ({"bankroll": 1.5}, "bankroll"),
        ({"target": True}, "target"),
        ({"kush": 0.1}, "kush"),
        ({"max_stake": 2.0}, "max_stake"),
        ({"deals": 2.0}, "deals"),
        ({"deals": True}, "deals"),
        ({"deals": 0}, "deals"),
        ({"deals": 3, "series_length": 1.0}, "series_length"),
        ({"deals": 2, "kush": 10**100}, "kush"),
        ({"deals": 2, "scheme": 3}, "scheme"),
        ({"deals": 2, "deal": (52, 4)}, "deal"),
    ],
)
def test_library_arguments_are_checked(arguments: dict[str, object], name: str) -> None:
    with pytest.raises(ShtossError, match=name):
        series("flat", **arguments)  # type: ignore[arg-type]
    with pytest.raises(ShtossError, match="plan"):
        series(3, deals=2)  # type: ignore[arg-type]


def test_library_takes_what_the_command_line_takes() -> None:
    assert series("пароли:2", deals=3).plan == plan_named("paroli:2")
    assert dict(series("флэт", deals=2, kush="1/2").net) == dict(
        series(deals=2, kush=Fraction(1, 2)).net
    )
    from shtoss_exact.schemes.files import load_scheme

    thirds = load_scheme("examples/schemes/thirds.toml")
    assert series("flat", deals=2, scheme=thirds, deal=THIRDS_DEAL).scheme == thirds.name
    assert series("flat", deals=2, scheme="фараон").scheme == "pharaon"


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


@pytest.mark.parametrize("scheme", ["classic", "pharaon", "thirds"])
@pytest.mark.parametrize(("deals", "length"), [(1, 1), (4, 2), (5, 3), (6, 6), (5, 1), (3, 4)])
def test_p_series_equals_brute_force(scheme: str, deals: int, length: int) -> None:
    deal = make_deal(cards=7, copies=2, card="7h", suits="hd") if scheme == "thirds" else Deal(7, 2)
    outcomes = deal_outcomes(deal, scheme_named(scheme))  # 7 cards: pharaon's last card a push
    assert p_series(outcomes, deals=deals, length=length) == brute_series(
        one_bet(scheme, deal), deals, length
    )


def test_series_length_beyond_the_deals_is_zero_at_once() -> None:
    assert series("flat", deals=3, series_length=10**19).p_series == 0
    assert series("flat", deals=1000, series_length=10**6).p_series == 0
    assert series("flat", deals=3, series_length=3).p_series == CLASSIC.punter**3


def test_expected_series() -> None:
    outcomes = deal_outcomes(make_deal(), scheme_named("classic"))
    assert expected_series(outcomes) == 1 / (1 - CLASSIC.punter)
    # A long horizon's truncated sum approaches it: P(L >= l) = w**(l - 1).
    w = CLASSIC.punter
    assert abs(sum(w ** (n - 1) for n in range(1, 200)) - Fraction(833, 433)) < 1e-40
    assert expected_series(deal_outcomes(Deal(10, 0), scheme_named("classic"))) is None


def test_the_record_is_the_json() -> None:
    r = series("paroli:2", deals=3, bankroll=3, target=7, series_length=2)
    record = r.to_dict()
    assert json.loads(r.to_json()) == record
    assert record["net"] == [{"value": str(v), "probability": str(p)} for v, p in r.net.items()]
    assert record["p_ruin"] == str(r.p_ruin) and record["float"]["p_ruin"] == float(r.p_ruin)
    assert "net" not in r.to_dict(net=False)
    assert "p_ruin=" in repr(r)
    with pytest.raises(TypeError):
        SeriesResult(r.plan, "classic")  # type: ignore[misc]


def test_long_exact_values_need_no_digit_limit() -> None:
    # 1500 deals: exact values of 4 400 digits, beyond Python's int-to-str default.
    r = series("flat", deals=1500)
    record = r.to_dict(net=False)
    assert len(record["punter"]) > 8000
    assert _read(record["punter"]) == r.punter
    with pytest.raises(ShtossError, match="digits"):
        series("flat", deals=5000).to_dict()


def _read(text: str) -> Fraction:
    import sys

    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)  # only to read the answer back in this test
    try:
        return Fraction(text)
    finally:
        sys.set_int_max_str_digits(limit)


COPRIME = """name = "coprime"
description = "given at positions 2, 4, 6 pays 7/11, 13/17, 19/23"
""" + "".join(
    f'\n[[rules]]\nkind = "given"\nposition = {p}\npayoff = "{x}"\n'
    for p, x in ((2, "7/11"), (4, "13/17"), (6, "19/23"))
)


@pytest.fixture(scope="module")
def coprime_file(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("schemes") / "coprime.toml"
    path.write_text(COPRIME)
    return str(path)


@settings(max_examples=60, deadline=None)
@given(
    after_win=st.sampled_from(list(AfterWin)),
    after_loss=st.sampled_from(list(AfterLoss)),
    raises=st.none() | st.integers(1, 4),
    kush=st.sampled_from([Fraction(1), Fraction(2), Fraction(1, 2)]),
    scheme=st.sampled_from(["classic", "lob-half", "pharaon", "bait", "coprime"]),
    deals=st.integers(1, 40),
    limits=st.none() | st.tuples(st.integers(1, 8), st.none() | st.integers(1, 8)),
    max_stake=st.none() | st.integers(2, 6),
)
def test_series_is_the_plan_played_deal_by_deal(
    coprime_file: str, after_win: AfterWin, after_loss: AfterLoss, raises: int | None,
    kush: Fraction, scheme: str, deals: int, limits: tuple[int, int | None] | None,
    max_stake: int | None,
) -> None:  # fmt: skip
    # Against tests/oracles/stakes.py: every reachable (stake, raises, net, end) merged
    # deal by deal in Fractions, no chain. The deals are fewer where the nets spread
    # (several payoffs, an unbounded raise): the oracle holds every one of them.
    spread = scheme != "classic" or (raises is None and after_win is not AfterWin.KEEP)
    deals = min(deals, 8 if scheme == "coprime" else 12 if spread else 40)
    deal = Deal(10, 2)
    plan = Plan("drawn", after_win=after_win, after_loss=after_loss, raises=raises, kush=kush)
    bankroll = None if limits is None else kush * limits[0]
    gain = None if limits is None or limits[1] is None else kush * limits[1]
    cap = None if max_stake is None else kush * max_stake
    the_scheme = coprime_file if scheme == "coprime" else scheme
    r = series(plan, deals=deals, scheme=the_scheme, deal=deal, bankroll=bankroll,
               target=None if bankroll is None or gain is None else bankroll + gain,
               max_stake=cap)  # fmt: skip
    bet = {x: p for x, p in as_scheme(the_scheme).settlement_counts(deal).distribution().items()
           if p}  # fmt: skip
    net, ends, played = stakes.play(plan, bet, deals, bankroll=bankroll, target=gain,
                                    max_stake=cap)  # fmt: skip
    assert dict(r.net) == net
    assert (r.p_ruin, r.p_target, r.p_stopped, r.p_playing) == tuple(
        ends.get(key, Fraction(0)) for key in ("ruined", "target", "stopped", "playing")
    )
    assert r.expected_deals == played
