"""The bank against brute force: every distinct arrangement of small decks, counted."""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from shtoss_exact.banks.odds import Bank, Bet, bank
from shtoss_exact.deck import Deal
from shtoss_exact.engine import Kind
from shtoss_exact.errors import ShtossError
from shtoss_exact.schemes.scheme import Outcome, scheme_named

RANKS = ("7", "Q", "A")
MIXED = ["classic", "lob-half", "gorka-half", "pharaon", "bassette", "bait", "eleven"]


def arrangements(cards: tuple[str, ...]) -> list[tuple[str, ...]]:
    """All distinct orders of a multiset of cards, each once (they are equally likely)."""
    counts = Counter(cards)
    out: list[tuple[str, ...]] = []

    def grow(prefix: list[str], left: int) -> None:
        if not left:
            out.append(tuple(prefix))
            return
        for card in list(counts):
            if counts[card]:
                counts[card] -= 1
                prefix.append(card)
                grow(prefix, left - 1)
                prefix.pop()
                counts[card] += 1

    grow([], len(cards))
    return out


def decide(order: tuple[str, ...], rank: str) -> tuple[Kind, int | None]:
    """How one rank is decided in one order: (kind, position of the deciding card)."""
    for i, card in enumerate(order):
        if card != rank:
            continue
        p = i + 1
        if p % 2 == 0:
            return Kind.GIVEN, p
        if p < len(order) and order[i + 1] == rank:
            return Kind.PLIE, p
        return Kind.KILLED, p
    return Kind.NONE, None


def brute(cards: int, copies: dict[str, int], bets: list[Bet]) -> dict[str, object]:
    deck = tuple(r for r, m in copies.items() for _ in range(m))
    deck += ("x",) * (cards - len(deck))
    orders = arrangements(deck)
    share = Fraction(1, len(orders))
    net: dict[Fraction, Fraction] = defaultdict(Fraction)
    length: dict[int, Fraction] = defaultdict(Fraction)
    joint: dict[tuple[tuple[Kind, int | None], ...], Fraction] = defaultdict(Fraction)
    all_given = none_given = Fraction(0)
    results: list[list[Fraction]] = []
    groups: list[list[str]] = []
    for order in orders:
        outcome = {r: decide(order, r) for r in copies}
        joint[tuple((k, None if p is None else (p + 1) // 2) for k, p in outcome.values())] += share
        row = []
        for bet in bets:
            kind, p = outcome[bet.rank]
            row.append(bet.stake * bet.scheme.settle(Outcome(kind, p, cards)).payoff)
        results.append(row)
        groups.append(["given" if outcome[b.rank][0] is Kind.GIVEN else "not" for b in bets])
        net[-sum(row, Fraction(0))] += share
        decided = [(p + 1) // 2 for k, p in outcome.values() if p is not None]
        length[max(decided, default=0)] += share
        kinds = [k for k, _ in outcome.values()]
        all_given += share if all(k is Kind.GIVEN for k in kinds) else 0
        none_given += share if all(k is not Kind.GIVEN for k in kinds) else 0
    return {
        "net": {v: p for v, p in sorted(net.items()) if p},
        "length": dict(sorted(length.items())),
        "joint": dict(joint),
        "all_given": all_given,
        "none_given": none_given,
        "results": results,
        "groups": groups,
        "share": share,
    }


def check(b: Bank, expected: dict[str, object], bets: list[Bet]) -> None:
    assert dict(b.banker_net) == expected["net"]
    assert dict(b.length) == expected["length"]
    assert b.all_given == expected["all_given"]
    assert b.none_given == expected["none_given"]
    assert {row.outcomes: row.probability for row in b.joint()} == expected["joint"]
    results = expected["results"]
    groups = expected["groups"]
    share = expected["share"]
    assert isinstance(results, list) and isinstance(groups, list)
    assert isinstance(share, Fraction)
    for i, odds in enumerate(b.bet_odds):
        assert odds.ev == sum(r[i] for r in results) * share
        assert odds.variance == sum((r[i] - odds.ev) ** 2 for r in results) * share
    for pair in b.pairs:
        i, j = pair.bet - 1, pair.other - 1
        cond_g = [g[i] == "given" for g in groups if g[j] == "given"]
        cond_n = [g[i] == "given" for g in groups if g[j] == "not"]
        assert pair.given_if_other_given == (Fraction(sum(cond_g), len(cond_g)) if cond_g else None)
        assert pair.given_if_other_not_given == (
            Fraction(sum(cond_n), len(cond_n)) if cond_n else None
        )
        mi = sum(r[i] for r in results) * share
        mj = sum(r[j] for r in results) * share
        assert pair.covariance == sum((r[i] - mi) * (r[j] - mj) for r in results) * share
        assert pair.variance_bet == sum((r[i] - mi) ** 2 for r in results) * share
        assert pair.variance_other == sum((r[j] - mj) ** 2 for r in results) * share


CASES = [
    # cards, copies per staked rank, bets as (rank, stake, scheme)
    (8, {"7": 2, "Q": 2}, [("7", 1, "classic"), ("Q", 1, "classic")]),
    (8, {"7": 2, "Q": 2}, [("7", 3, "classic"), ("Q", 1, "classic")]),
    (9, {"7": 2, "Q": 3}, [("7", 2, "lob-half"), ("Q", Fraction(1, 2), "classic")]),
    (10, {"7": 2, "Q": 2, "A": 2}, [("7", 1, "classic"), ("Q", 2, "classic"), ("A", 5, "classic")]),
    (7, {"7": 2, "Q": 2, "A": 1}, [("7", 1, "pharaon"), ("Q", 3, "pharaon"), ("A", 2, "classic")]),
    (9, {"7": 3, "Q": 3, "A": 3}, [("7", 1, "classic"), ("Q", 1, "classic"), ("A", 4, "classic")]),
    (6, {"7": 2, "Q": 2}, [("7", 1, "classic"), ("7", 2, "gorka-half"), ("Q", 1, "bassette")]),
    (5, {"7": 0, "Q": 2}, [("7", 1, "classic"), ("Q", 1, "classic")]),
    (10, {"7": 4, "Q": 4}, [("7", 1, "stuss"), ("Q", 2, "faro")]),
    (9, {"7": 3, "Q": 2}, [("7", 1, "faro"), ("Q", 3, "faro")]),
    (4, {"7": 2, "Q": 2}, [("7", 1, "classic"), ("Q", 1, "classic")]),
    # Mixed schemes: every rank its own class, categories a named position gives
    # (lob-half's first card, gorka-half's third, pharaon's last pair and last card).
    (8, {"7": 2, "Q": 2, "A": 2, "K": 2},
     [("7", 1, "classic"), ("Q", 2, "pharaon"), ("A", 3, "lob-half"), ("K", 4, "gorka-half")]),
    (11, {"7": 1, "Q": 2, "A": 1},
     [("7", 1, "eleven"), ("7", 2, "classic"), ("Q", 3, "bait"),
      ("A", Fraction(1, 2), "bassette")]),
    (7, {"7": 2, "Q": 2, "A": 1, "K": 1},
     [("7", 1, "classic"), ("Q", 2, "pharaon"), ("A", 2, "lob-half"), ("K", 5, "pharaon"),
      ("7", Fraction(1, 3), "pharaon")]),
    # One class of three ranks with stakes of their own and four categories.
    (8, {"7": 2, "Q": 2, "A": 2}, [("7", 1, "pharaon"), ("Q", 2, "pharaon"), ("A", 3, "pharaon")]),
    # Two classes of two ranks each, stakes alike within one and not the other.
    (8, {"7": 2, "Q": 2, "A": 2, "K": 2},
     [("7", 1, "lob-half"), ("Q", 1, "lob-half"), ("A", 1, "pharaon"), ("K", 2, "pharaon")]),
]  # fmt: skip


@pytest.mark.parametrize(("cards", "copies", "spec"), CASES)
def test_bank_matches_brute_force(
    cards: int, copies: dict[str, int], spec: list[tuple[str, int | Fraction, str]]
) -> None:
    bets = [Bet(r, stake=Fraction(s), scheme=scheme_named(name)) for r, s, name in spec]
    b = bank(bets, cards=cards, copies=copies)
    # Faro and stuss burn a soda of an unstaked rank: the deal is the cards after it.
    played = cards - 1 if bets[0].scheme.dead_first else cards
    check(b, brute(played, copies, bets), bets)


def test_faro_burns_the_soda_for_the_whole_deal() -> None:
    b = bank([Bet("7", scheme="faro")], deck=52)
    assert b.as_played.cards == 51
    assert b.as_shuffled.cards == 52
    assert b.ev == scheme_named("faro").ev(Deal(52, 4))
    mixed = [
        Bet("7", scheme="faro"),
        Bet("Q"),
    ]
    with pytest.raises(ShtossError, match="soda"):
        bank(mixed, deck=52)


@settings(max_examples=25, deadline=None)
@given(
    cards=st.integers(min_value=2, max_value=9),
    copies=st.lists(st.integers(min_value=0, max_value=3), min_size=2, max_size=3),
    stakes=st.lists(st.integers(min_value=1, max_value=4), min_size=3, max_size=3),
    schemes=st.lists(st.sampled_from(MIXED), min_size=3, max_size=3),
)
def test_bank_matches_brute_force_random(
    cards: int, copies: list[int], stakes: list[int], schemes: list[str]
) -> None:
    if sum(copies) > cards:
        copies = [min(c, 1) for c in copies]
    if sum(copies) > cards:
        return
    per_rank = dict(zip(RANKS, copies, strict=False))
    bets = [
        Bet(r, stake=Fraction(stakes[i]), scheme=scheme_named(schemes[i]))
        for i, r in enumerate(per_rank)
    ]
    check(bank(bets, cards=cards, copies=per_rank), brute(cards, per_rank, bets), bets)


@settings(max_examples=25, deadline=None)
@given(
    cards=st.integers(min_value=2, max_value=9),
    copies=st.lists(st.integers(min_value=0, max_value=3), min_size=3, max_size=3),
    spec=st.lists(
        st.tuples(
            st.integers(min_value=0, max_value=2),
            st.fractions(min_value=Fraction(1, 3), max_value=3, max_denominator=3),
            st.sampled_from(MIXED),
        ),
        min_size=1,
        max_size=5,
    ),
)
def test_several_bets_per_rank_match_brute_force(
    cards: int, copies: list[int], spec: list[tuple[int, Fraction, str]]
) -> None:
    bets = [Bet(RANKS[i], stake=stake, scheme=name) for i, stake, name in spec]
    # The bank's ranks are in the order the bets name them, as the brute force's.
    per_rank = {RANKS[i]: copies[i] for i in dict.fromkeys(i for i, _, _ in spec)}
    assume(sum(per_rank.values()) <= cards)
    check(bank(bets, cards=cards, copies=per_rank), brute(cards, per_rank, bets), bets)


def test_one_bet_reduces_to_the_engine() -> None:
    from shtoss_exact.bet.odds import odds

    b = bank(["7"])
    o = odds(deck=52)
    assert dict(b.banker_net) == {Fraction(-1): o.punter, Fraction(1): o.banker}
    assert b.all_given == o.punter
    assert b.none_given == o.banker
    assert b.length == {
        row.abzug: row.banker + row.given for row in o.by_abzug if row.banker + row.given
    }
    one = bank(["Q:3:lob-half"], deck=36, one_deck=True)
    dist = scheme_named("lob-half").settlement_counts(odds(deck=36, one_deck=True).as_played)
    assert dict(one.banker_net) == {-3 * v: p for v, p in reversed(dist.distribution().items())}


def test_linearity_of_the_mean_but_not_of_the_variance() -> None:
    b = bank(["7:10", "Q:5", "A", "2:3:pharaon"])
    assert b.ev == sum(o.ev for o in b.bet_odds)
    alone = sum(bank([bet]).variance for bet in b.bets)
    assert alone == sum(o.variance for o in b.bet_odds)
    assert b.variance != alone
    # The variance of a sum is the sum of the variances plus twice the covariances.
    covariances = sum(p.covariance for p in b.pairs)  # each unordered pair twice
    assert b.variance == alone + covariances


def test_thirteen_ranks_classic() -> None:
    from shtoss_exact.deck import RANKS_52

    b = bank([f"{r}:{i + 1}" for i, r in enumerate(RANKS_52)])
    assert sum(b.banker_net.values()) == 1
    assert b.ev == -Fraction(91 * 33, 833)
    assert b.all_given == 0  # the first lob kills some staked rank
    assert sum(b.length.values()) == 1
    assert min(b.banker_net) == -91 + 2 * 1  # at least one card is killed: the first lob
