"""The bank's walk and its cost: exact counts over the arrangements of the deck, the
hand-out of stakes, and estimates made before computing that hold within 10x."""

from __future__ import annotations

import json
import time
from collections import Counter
from fractions import Fraction
from itertools import permutations
from math import factorial
from typing import Any

import pytest

from shtoss_exact.banks.cost import (
    arrangement_bits,
    estimate_bank,
    shape_of,
    walk_work,
)
from shtoss_exact.banks.odds import Bet, bank, bank_estimate
from shtoss_exact.banks.walk import RankClass, arrangements, assign_all, walk
from shtoss_exact.deck import RANKS_52
from shtoss_exact.engine import Kind
from shtoss_exact.errors import ShtossError
from shtoss_exact.limits import MAX_SECONDS
from shtoss_exact.numbers import exact_str
from shtoss_exact.report import render_tables
from shtoss_exact.report.bank_view import bank_tables
from shtoss_exact.schemes.scheme import scheme_named

CYCLE = ("classic", "pharaon", "lob-half")


def by_kind(kind: Kind, position: int | None) -> str:
    return kind.value


def by_abzug(kind: Kind, position: int | None) -> tuple[str, int | None]:
    return kind.value, None if position is None else (position + 1) // 2


def first_copies(order: tuple[str, ...], rank: str) -> tuple[str, int | None]:
    for i, card in enumerate(order):
        if card == rank:
            p = i + 1
            if p % 2 == 0:
                return "given", p
            plie = p < len(order) and order[i + 1] == rank
            return ("plie" if plie else "killed"), p
    return "none", None


@pytest.mark.parametrize(("cards", "copies"), [(4, [2, 2]), (7, [2, 1, 2]), (6, [3, 0]), (5, [1])])
def test_counts_are_arrangements_of_the_labelled_deck(cards: int, copies: list[int]) -> None:
    ranks = [f"r{i}" for i in range(len(copies))]
    deck = [r for r, m in zip(ranks, copies, strict=True) for _ in range(m)]
    deck += ["x"] * (cards - len(deck))
    orders = set(permutations(deck))
    assert len(orders) == arrangements(cards, copies)
    result = walk(cards, [RankClass(m, 1, by_abzug, None) for m in copies])
    assert result.total == len(orders)
    assert sum(result.terminals.values()) == sum(result.length.values()) == result.total
    counted: Counter[tuple[Any, ...]] = Counter()
    for order in orders:
        outcome = []
        for r in ranks:
            kind, p = first_copies(order, r)
            outcome.append((kind, None if p is None else (p + 1) // 2))
        counted[tuple(outcome)] += 1
    walked = {
        tuple(result.categories[k][c[0][0]] for k, c in enumerate(t)): n
        for t, n in result.terminals.items()
    }
    assert walked == dict(counted)


def test_a_class_counts_its_ranks_per_category() -> None:
    # Three exchangeable ranks of two copies in 8 cards: the counts per kind, by brute force.
    deck = ["a", "a", "b", "b", "c", "c", "x", "x"]
    orders = set(permutations(deck))
    counted: Counter[tuple[int, int, int]] = Counter()
    for order in orders:
        kinds = [first_copies(order, r)[0] for r in "abc"]
        counted[(kinds.count("killed"), kinds.count("plie"), kinds.count("given"))] += 1
    result = walk(8, [RankClass(2, 3, by_kind)])
    assert result.total == len(orders)
    walked: Counter[tuple[int, int, int]] = Counter()
    for (counts,), n in result.terminals.items():
        vector = dict.fromkeys(("killed", "plie", "given"), 0)
        for index, count in counts:
            vector[result.categories[0][index]] = count
        walked[(vector["killed"], vector["plie"], vector["given"])] += n
    assert walked == counted


def test_assign_all_is_every_assignment_counted() -> None:
    values = [(1, -1, 0), (2, -2, 5), (3, -3, -1)]
    tables = assign_all(3, values, 3)
    for used, dist in tables.items():
        seen: Counter[int] = Counter()
        cats = [c for c, m in enumerate(used) for _ in range(m)]
        for order in permutations(cats):
            seen[sum(values[r][c] for r, c in enumerate(order))] += 1
        assert sum(dist.values()) == factorial(3)
        assert dist == dict(seen)
    assert len(tables) == 10  # multisets of 3 over 3 categories


def test_the_estimate_counts_every_state_of_one_class() -> None:
    # One class of K ranks, classic (two categories, the plié one with killed): for u
    # undecided, K - u + 1 states; each moves in 4 ways (nothing, given, killed, killed
    # and another given), 3 with one rank left.
    classic = scheme_named("classic")
    for size in (1, 5, 13):
        work = walk_work(52, [shape_of(52, 4, size, [classic])])
        states = sum(size - u + 1 for u in range(1, size + 1))
        assert work.states == 26 * states
        assert work.items == 26 * (4 * states - size)


def test_arrangement_bits() -> None:
    assert round(arrangement_bits(52, [4] * 13)) == arrangements(52, [4] * 13).bit_length()
    assert arrangement_bits(10**4000, [4]) > 50_000


def cpu(run: Any) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


HONEST = [
    ([f"{r}:{i + 1}:{CYCLE[i % 3]}" for i, r in enumerate(RANKS_52[:8])], {}),
    ([f"{r}:{i + 1}" for i, r in enumerate(RANKS_52)], {"cards": 2000}),
    (["7"], {"cards": 20_000}),
    (["7", "Q:2"], {"cards": 3000, "copies": 400}),
    (["7"] * 60, {}),
]


@pytest.mark.parametrize(("bets", "options"), HONEST, ids=range(len(HONEST)))
def test_the_estimate_is_within_ten_times_of_the_cost(bets: list[str], options: Any) -> None:
    estimate = bank_estimate(bets, **options).total_seconds
    seconds = cpu(lambda: render_tables(bank_tables(bank(bets, **options).to_dict()), "text"))
    assert seconds / 10 <= estimate <= max(10 * seconds, 0.05), (estimate, seconds)


def test_the_targets_are_answered() -> None:
    mixed = [f"{r}:{i + 1}:{CYCLE[i % 3]}" for i, r in enumerate(RANKS_52)]
    assert bank_estimate(mixed).total_seconds < MAX_SECONDS / 2
    b = bank(mixed)
    assert sum(b.banker_net.values()) == 1
    assert b.ev == sum(o.ev for o in b.bet_odds)
    # The variance of a sum: the bets' variances and twice their covariances.
    covariances = sum(p.covariance for p in b.pairs)  # each unordered pair twice
    assert b.variance == sum(o.variance for o in b.bet_odds) + covariances
    doubled = bank([f"{r}:{i + 1}" for i, r in enumerate(RANKS_52)], cards=104, copies=8)
    assert doubled.ev == 91 * doubled.bet_odds[0].ev
    assert sum(doubled.length.values()) == 1


def test_huge_banks_are_refused_before_computing() -> None:
    start = time.process_time()
    schemes = ["classic", "lob-half", "gorka-half", "eleven", "bait", "pharaon", "bassette"]
    seven = [f"{r}:1:{schemes[i % 7]}" for i, r in enumerate(RANKS_52)]
    with pytest.raises(ShtossError, match="limit of 10 s"):
        bank(seven)
    with pytest.raises(ShtossError, match="digits"):
        bank(["7", "Q"], cards=8000, copies=2000)
    with pytest.raises(ShtossError, match="limit"):
        bank(["7", "Q"], cards=10**4000)
    with pytest.raises(ShtossError, match="rows"):
        bank(["7", "Q", "A"], cards=80, copies=1).joint()
    with pytest.raises(ShtossError, match="digits"):
        bank([f"7:1/{10**59 + 2 * i + 1}" for i in range(30)])
    assert time.process_time() - start < 5
    estimate = estimate_bank(
        52,
        [(4, (scheme_named("classic"),), [(Fraction(1),)])],
        bets=[("7", 4, scheme_named("classic"))],
    )
    assert estimate.total_seconds < 0.1 and estimate.digits < 10


def test_an_empty_bank_of_a_huge_deck_is_immediate() -> None:
    # No copy of the staked rank: nothing can be decided, whatever the deck.
    b = bank(["7"], cards=10**100, copies=0)
    assert b.length == {0: 1} and b.banker_net == {0: 1}
    assert [row.probability for row in b.joint()] == [1]


def test_length_values_are_whole_abzugs() -> None:
    record = bank(["7", "Q"], cards=8, copies=2).to_dict()
    assert [r["value"] for r in record["length"]] == [1, 2, 3, 4]
    assert all(isinstance(r["value"], int) for r in record["length"])
    assert all(set(r) == {"value", "probability"} for r in record["length"])


def test_stakes_beyond_the_range_of_floats() -> None:
    # Stakes of 400 digits: variances of 800 digits, floats `None`, the correlation kept.
    huge = bank([Bet("7", stake=10**400), Bet("Q", stake=3 * 10**400)])
    record = json.loads(huge.to_json())
    assert record["float"]["variance"] is None
    assert record["variance"] == exact_str(huge.variance)
    small = bank(["7", "Q:3"])
    assert huge.pairs[0].correlation == pytest.approx(small.pairs[0].correlation)
