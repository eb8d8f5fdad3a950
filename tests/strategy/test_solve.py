"""The optimal stakes against a brute-force solver, Dubins and Savage, and the named plans.

The oracle knows nothing of the package's solver: it lists every stationary policy of a
small problem (a stake per bankroll), evaluates each by Gauss-Jordan elimination over
``Fraction``s, and keeps the best value at every bankroll; the optimal stakes are those
whose Bellman sum attains it.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from fractions import Fraction
from itertools import product
from math import ceil, floor, lcm

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact.deck import Deal, make_deal
from shtoss_exact.errors import ShtossError
from shtoss_exact.schemes.scheme import Scheme, classic, lob_half, scheme_named
from shtoss_exact.strategy.play import PLANS, Objective, optimal_play
from shtoss_exact.strategy.solve import bankroll_grid, bold_bits, evaluate

P, Q = Fraction(400, 833), Fraction(433, 833)
SEVEN_OF_HEARTS = make_deal(card="7h")


def payoffs(scheme: Scheme, deal: Deal) -> list[tuple[Fraction, Fraction]]:
    return list(scheme.settlement_counts(deal).distribution().items())


def grid(bankroll: Fraction, target: Fraction, unit: int) -> list[Fraction]:
    low = bankroll
    while low - Fraction(1, unit) >= 1:
        low -= Fraction(1, unit)
    states = []
    while low < target:
        states.append(low)
        low += Fraction(1, unit)
    return states


def gauss_jordan(matrix: list[list[Fraction]], right: list[Fraction]) -> list[Fraction]:
    n = len(right)
    rows = [[*row, b] for row, b in zip(matrix, right, strict=True)]
    for k in range(n):
        pivot = next(r for r in range(k, n) if rows[r][k] != 0)
        rows[k], rows[pivot] = rows[pivot], rows[k]
        head = rows[k][k]
        rows[k] = [v / head for v in rows[k]]
        for r in range(n):
            if r != k and rows[r][k] != 0:
                factor = rows[r][k]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[k], strict=True)]
    return [rows[i][n] for i in range(n)]


def brute(
    bankroll: int | Fraction,
    target: int | Fraction,
    scheme: str | Scheme,
    *,
    objective: str,
    max_stake: int | None = None,
    deal: Deal | None = None,
) -> tuple[dict[Fraction, Fraction], dict[Fraction, tuple[int, ...]]]:
    """The best value at every bankroll over every stationary policy, and the stakes
    whose Bellman sums attain it."""
    named = scheme_named(scheme) if isinstance(scheme, str) else scheme
    dist = payoffs(named, deal or make_deal())
    unit = lcm(*(x.denominator for x, _ in dist))
    states = grid(Fraction(bankroll), Fraction(target), unit)
    where = {x: i for i, x in enumerate(states)}
    reach = objective == "reach"
    choices = [range(1, min(floor(x), max_stake or floor(x)) + 1) for x in states]

    def terms(x: Fraction, s: int) -> tuple[dict[int, Fraction], Fraction]:
        inner: dict[int, Fraction] = {}
        constant = Fraction(0 if reach else 1)
        for payoff, p in dist:
            y = x + s * payoff
            if y >= target:
                constant += p if reach else 0
            elif y >= 1:
                inner[where[y]] = inner.get(where[y], Fraction(0)) + p
        return inner, constant

    best = [Fraction(-1)] * len(states)
    for policy in product(*choices):
        matrix = [[Fraction(0)] * len(states) for _ in states]
        right = []
        for i, (x, s) in enumerate(zip(states, policy, strict=True)):
            inner, constant = terms(x, s)
            matrix[i][i] += 1
            for j, p in inner.items():
                matrix[i][j] -= p
            right.append(constant)
        values = gauss_jordan(matrix, right)
        best = [max(a, b) for a, b in zip(best, values, strict=True)]

    def bellman(x: Fraction, s: int) -> Fraction:
        inner, constant = terms(x, s)
        return constant + sum((p * best[j] for j, p in inner.items()), Fraction(0))

    stakes = {
        x: tuple(s for s in choices[i] if bellman(x, s) == best[i]) for i, x in enumerate(states)
    }
    return dict(zip(states, best, strict=True)), stakes


CASES = [
    ("classic", 3, 6, None, None),
    ("classic", 3, 7, 2, None),
    ("classic", Fraction(5, 2), 5, None, None),
    ("lob-half", 2, 4, None, None),
    ("lob-half", 3, 5, 2, None),
    ("pharaon", 2, 4, None, None),
    ("pharaon", 3, 5, None, None),
    ("thirds", 2, 3, None, SEVEN_OF_HEARTS),
    ("thirds", 2, 4, None, SEVEN_OF_HEARTS),
    ("faro", 2, 4, None, None),
]


@pytest.mark.parametrize("objective", ["reach", "stay"])
@pytest.mark.parametrize(("scheme", "bankroll", "target", "max_stake", "deal"), CASES)
def test_matches_the_brute_force_solver(
    scheme: str,
    bankroll: int | Fraction,
    target: int,
    max_stake: int | None,
    deal: Deal | None,
    objective: str,
) -> None:
    values, stakes = brute(
        bankroll, target, scheme, objective=objective, max_stake=max_stake, deal=deal
    )
    result = optimal_play(
        bankroll=bankroll,
        target=target,
        scheme=scheme,
        objective=objective,
        max_stake=max_stake,
        deal=deal,
        plans=(),
    )
    assert dict(result.values) == values
    assert dict(result.policy) == stakes
    assert result.value == values[Fraction(bankroll)]


def bold_recursion(x: Fraction) -> Fraction:
    """Bold play's value in red-and-black as a fraction x of the target (Dubins and
    Savage): f(x) = p f(2x) below one half, p + q f(2x - 1) from it; f(0) = 0, f(1) = 1."""
    if x in (0, 1):
        return Fraction(x)
    return P * bold_recursion(2 * x) if x < Fraction(1, 2) else P + Q * bold_recursion(2 * x - 1)


def test_classic_bold_play_has_its_known_value_for_a_target_of_64() -> None:
    result = optimal_play(bankroll=1, target=64, plans=())
    for x, value in result.values.items():
        assert value == bold_recursion(x / 64)
    # Binary digits: 0.b1 b2 ... -> sum over the ones of p times p or q per earlier digit.
    assert result.values[Fraction(48)] == P + Q * P
    assert result.values[Fraction(1)] == P**6


@pytest.mark.parametrize("target", [37, 100, 101])
def test_classic_optimal_play_is_bold_where_dubins_and_savage_say(target: int) -> None:
    result = optimal_play(bankroll=1, target=target, plans=())
    values = {Fraction(0): Fraction(0), Fraction(target): Fraction(1), **result.values}
    for x, stakes in result.policy.items():
        bold = min(x, target - x)
        assert bold in stakes  # bold play is among the optimal stakes everywhere
        # ... and the optimal value satisfies bold play's recursion.
        if 2 * x <= target:
            assert values[x] == P * values[2 * x]
        else:
            assert values[x] == P + Q * values[2 * x - target]


def test_known_values() -> None:
    assert optimal_play(bankroll=50, target=100, plans=()).value == P
    assert optimal_play(bankroll=25, target=100, plans=()).value == P**2
    assert optimal_play(bankroll=75, target=100, plans=()).value == P + Q * P
    result = optimal_play(bankroll=50, target=100)
    compared = {c.plan: c.value for c in result.compare}
    assert compared["bold"] == compared["hermann"] == P  # all in once doubles or ruins
    assert compared["flat"] is not None and compared["flat"] < P


def test_the_banker_side_is_the_target_bankroll_plus_bank() -> None:
    by_bank = optimal_play(bankroll=20, bank=30, scheme="pharaon", plans=())
    by_target = optimal_play(bankroll=20, target=50, scheme="pharaon", plans=())
    assert by_bank.target == 50 and by_bank.value == by_target.value


@pytest.mark.parametrize("scheme", ["classic", "lob-half", "pharaon"])
def test_flat_is_timid_play(scheme: str) -> None:
    deal = make_deal()
    from shtoss_exact.plans.series import deal_outcomes

    outcomes = deal_outcomes(deal, scheme_named(scheme))
    for objective in Objective:
        g = bankroll_grid(
            (outcomes.denominator, outcomes.counts),
            bankroll=4,
            target=9,
            reach=objective is Objective.REACH,
        )
        timid = evaluate(g, g.timid()).at(g.index(Fraction(4)))
        result = optimal_play(
            bankroll=4, target=9, scheme=scheme, objective=objective, plans=["flat"]
        )
        compared = {c.plan: c.value for c in result.compare}
        assert compared["flat"] == timid
        assert result.value >= timid


def test_a_maximum_stake_of_one_is_timid_play() -> None:
    capped = optimal_play(bankroll=5, target=12, max_stake=1, plans=["flat"])
    assert all(stakes == (1,) for stakes in capped.policy.values())
    assert capped.compare[-1].value == capped.value


def test_stay_beats_every_plan_and_reach_too() -> None:
    for objective in ("reach", "stay"):
        result = optimal_play(bankroll=6, target=12, scheme="lob-half", objective=objective)
        for compared in result.compare:
            assert compared.value is not None and compared.value <= result.value


def test_a_refused_plan_is_not_computed(monkeypatch: pytest.MonkeyPatch) -> None:
    import shtoss_exact.plans.series as series_odds

    def refuse(*args: object, **kwargs: object) -> None:
        raise ShtossError("too large")

    monkeypatch.setattr(series_odds, "series", refuse)
    result = optimal_play(bankroll=3, target=6)
    assert [c.plan for c in result.compare] == ["bold", *PLANS]
    assert all(c.value is None for c in result.compare[1:])
    assert result.to_dict()["compare"][1] == {
        "plan": "flat",
        "value": None,
        "float": {"value": None},
    }


def test_the_record() -> None:
    record = optimal_play(bankroll=Fraction(3, 2), target=3, scheme="lob-half").to_dict()
    assert record["bankroll"] == "3/2" and record["target"] == "3"
    assert record["objective"] == "reach" and record["scheme"] == "lob-half"
    assert [p["bankroll"] for p in record["policy"]] == ["1", "3/2", "2", "5/2"]
    assert all(set(p) == {"bankroll", "stakes", "value", "float"} for p in record["policy"])
    assert all(isinstance(s, int) for p in record["policy"] for s in p["stakes"])
    assert record["stakes"] == record["policy"][1]["stakes"]
    assert record["value"] == record["policy"][1]["value"]
    assert [c["plan"] for c in record["compare"]] == ["bold", *PLANS]
    assert all(set(c) == {"plan", "value", "float"} for c in record["compare"])
    assert (
        Fraction(record["value"])
        == optimal_play(bankroll="3/2", target="3", scheme="lob-half", plans=()).value
    )


@pytest.mark.parametrize("objective", ["reach", "stay"])
@pytest.mark.parametrize(
    "scheme",
    [classic(given=10**399), lob_half(lob=-(10**399))],
    ids=["given-400-digits", "lob-400-digits"],
)
def test_a_step_of_400_digits_is_clamped_to_the_grid(scheme: Scheme, objective: str) -> None:
    """A payoff far past the target (or far below ruin) settles at the grid's end: the
    answer is the brute force's, and no state of the grid is padded by it."""
    values, stakes = brute(2, 5, scheme, objective=objective)
    result = optimal_play(bankroll=2, target=5, scheme=scheme, objective=objective, plans=())
    assert dict(result.values) == values
    assert dict(result.policy) == stakes


@settings(max_examples=25, deadline=None)
@given(
    scheme=st.sampled_from(["classic", "lob-half", "pharaon", "gorka-half", "bait"]),
    bankroll=st.integers(1, 6),
    span=st.integers(1, 6),
    cap=st.none() | st.integers(1, 4),
    objective=st.sampled_from(["reach", "stay"]),
)
def test_the_bellman_equation_holds_exactly(
    scheme: str, bankroll: int, span: int, cap: int | None, objective: str
) -> None:
    """Checked afresh over Fractions: no stake does better than the value anywhere, the
    optimal stakes attain it, and P(reach) never falls as the bankroll grows."""
    target = bankroll + span
    result = optimal_play(
        bankroll=bankroll,
        target=target,
        scheme=scheme,
        objective=objective,
        max_stake=cap,
        plans=(),
    )
    dist = payoffs(scheme_named(scheme), make_deal())
    reach = objective == "reach"

    def value(y: Fraction, values: Mapping[Fraction, Fraction]) -> Fraction:
        if y >= target:
            return Fraction(1 if reach else 0)
        return values.get(y, Fraction(0))

    for x, v in result.values.items():
        most = min(floor(x), cap or floor(x))
        for s in range(1, most + 1):
            q = sum((p * value(x + s * a, result.values) for a, p in dist), Fraction(0))
            q += 0 if reach else 1
            assert q <= v
            assert (q == v) == (s in result.policy[x])
    if reach:
        ordered = [result.values[x] for x in sorted(result.values)]
        assert ordered == sorted(ordered)


def test_classic_is_fast() -> None:
    start = time.process_time()
    result = optimal_play(bankroll=200, target=400, plans=())
    assert time.process_time() - start < 5
    assert result.value == P and result.iterations == 1


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"bankroll": 0.5, "target": 3}, "float"),
        ({"bankroll": Fraction(1, 2), "target": 3}, "bankroll=1/2"),
        ({"bankroll": 5, "target": 5}, "target=5"),
        ({"bankroll": 5}, "give the target"),
        ({"bankroll": 5, "target": 9, "bank": 4}, "give the target"),
        ({"bankroll": 5, "bank": 0}, "bank=0"),
        ({"bankroll": 5, "target": 9, "objective": "win"}, "objective='win'"),
        ({"bankroll": 5, "target": 9, "objective": 1}, "objective=1"),
        ({"bankroll": 5, "target": 9, "max_stake": 0}, "max_stake=0"),
        ({"bankroll": 5, "target": 9, "max_stake": 2.0}, "float"),
        ({"bankroll": 5, "target": 9, "scheme": "whist"}, "unknown scheme"),
        ({"bankroll": 5, "target": 9, "plans": "flat"}, "plans='flat'"),
        ({"bankroll": 5, "target": 9, "plans": ["martingale"]}, "unknown plan"),
        ({"bankroll": 5, "target": 9, "plans": [1]}, "not a plan name"),
        ({"bankroll": 5, "target": 9, "deal": "52"}, "deal="),
        ({"bankroll": 5, "target": 9, "deal": Deal(52, 0)}, "never moves money"),
        ({"bankroll": 5, "target": 9, "scheme": "thirds"}, "needs the suits"),
        ({"bankroll": 5, "target": 10**30}, "more than the limit"),
        (
            {"bankroll": 150, "target": 300, "scheme": "thirds", "deal": SEVEN_OF_HEARTS},
            "more than the limit",
        ),
        ({"bankroll": 1, "target": 8000, "scheme": "lob-half"}, "more than the limit"),
    ],
)
def test_refusals(arguments: dict[str, object], message: str) -> None:
    start = time.process_time()
    with pytest.raises(ShtossError, match=message.replace("(", r"\(")):
        optimal_play(**arguments)  # type: ignore[arg-type]
    assert time.process_time() - start < 5


def test_a_plan_value_too_long_to_print_is_not_computed(monkeypatch: pytest.MonkeyPatch) -> None:
    import shtoss_exact.plans.series as series_odds

    class Huge:
        p_target = Fraction(1, 3**9000)  # 14 000 bits: more than any answer prints
        expected_deals = Fraction(1)

    monkeypatch.setattr(series_odds, "series", lambda *args, **kwargs: Huge())
    compared = optimal_play(bankroll=3, target=6, plans=["flat"]).compare
    assert [(c.plan, c.value) for c in compared] == [("bold", P), ("flat", None)]
    stay = optimal_play(bankroll=3, target=6, objective="stay", plans=["flat"]).compare
    assert [(c.plan, c.value) for c in stay] == [("flat", Fraction(1))]


def brute_bold(
    bankroll: Fraction,
    target: Fraction,
    dist: list[tuple[Fraction, Fraction]],
    cap: int | None,
    *,
    win: Fraction | None = None,
) -> Fraction:
    """Bold play from its definition: at bankroll x stake the least whole s >= 1 with
    x + s * win >= target (``win``: the largest win), at most what he holds and the cap;
    the policy's value by Gauss-Jordan over the bankrolls it can reach."""
    top = win if win is not None else max(payoff for payoff, _ in dist)

    def stake(x: Fraction) -> int:
        return max(1, min(floor(x), cap or floor(x), ceil((target - x) / top)))

    states: list[Fraction] = []
    todo = [bankroll]
    while todo:
        x = todo.pop()
        if x in states:
            continue
        states.append(x)
        todo += [y for a, _ in dist if 1 <= (y := x + stake(x) * a) < target]
    where = {x: i for i, x in enumerate(states)}
    matrix = [[Fraction(int(i == j)) for j in range(len(states))] for i in range(len(states))]
    right = [Fraction(0)] * len(states)
    for i, x in enumerate(states):
        for payoff, p in dist:
            y = x + stake(x) * payoff
            if y >= target:
                right[i] += p
            elif y >= 1:
                matrix[i][where[y]] -= p
    return gauss_jordan(matrix, right)[where[bankroll]]


BOLD_CASES = [
    ("bait", 3, 6, None),  # the largest win (a given sonik) pays 3/2: stake 2, not 3
    ("bait", 2, 7, None),
    ("bait", 4, 9, 3),
    ("classic", 3, 7, None),
    ("lob-half", Fraction(5, 2), 6, None),
    ("pharaon", 3, 8, 2),
    ("thirds", 2, 5, None),
]


@pytest.mark.parametrize(("scheme", "bankroll", "target", "cap"), BOLD_CASES)
def test_bold_play_stakes_what_reaches_the_target_on_the_largest_win(
    scheme: str, bankroll: int | Fraction, target: int, cap: int | None
) -> None:
    deal = SEVEN_OF_HEARTS if scheme == "thirds" else make_deal()
    dist = payoffs(scheme_named(scheme), deal)
    result = optimal_play(
        bankroll=bankroll, target=target, scheme=scheme, max_stake=cap, deal=deal, plans=()
    )
    assert result.compare[0].plan == "bold"
    expected = brute_bold(Fraction(bankroll), Fraction(target), dist, cap)
    assert result.compare[0].value == expected
    assert expected <= result.value


def test_bold_play_under_bait_is_not_staking_for_an_even_money_win() -> None:
    # Bankroll 3, target 6: bold play stakes 2 (3 + 2 * 3/2 = 6), not 3 as "reach the
    # target on a win of 1" would; the two policies have different values.
    dist = payoffs(scheme_named("bait"), make_deal())
    result = optimal_play(bankroll=3, target=6, scheme="bait", plans=())
    largest = brute_bold(Fraction(3), Fraction(6), dist, None)
    even = brute_bold(Fraction(3), Fraction(6), dist, None, win=Fraction(1))
    assert max(a for a, _ in dist) == Fraction(3, 2)
    assert result.compare[0].value == largest != even


@pytest.mark.parametrize("null", [0, 40])
def test_bold_bits_bounds_the_values_it_counts_before_they_are_solved(null: int) -> None:
    """Bold play's common denominator, counted from the cycles of the doubling map, is
    never below the one the exact solve finds and only a few bits above it."""
    outcomes = (833 + null, ((Fraction(-1), 433), (Fraction(0), null), (Fraction(1), 400)))
    for target in range(2, 90):
        g = bankroll_grid(outcomes if null else (833, outcomes[1][::2]), bankroll=1,
                          target=target)  # fmt: skip
        counted = bold_bits(g)
        found = evaluate(g, g.bold()).denominator.bit_length()
        assert counted is not None and found <= counted <= found + 40, (target, counted, found)
    capped = bankroll_grid((833, outcomes[1][::2]), bankroll=1, target=20, max_stake=3)
    assert bold_bits(capped) is None  # a cap: bold play is not the doubling map


def test_a_target_whose_bold_values_are_too_long_is_refused_up_front(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 1999 bankrolls: the exact solve took 12 s before its values were found too long
    import shtoss_exact.strategy.play as play

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("solved before the refusal")

    monkeypatch.setattr(play, "policy_iteration", never)
    with pytest.raises(ShtossError, match="the exact values have about 5835 digits"):
        optimal_play(bankroll=1, target=1999)
