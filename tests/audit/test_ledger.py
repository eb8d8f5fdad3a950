"""The ledger audit (``shtoss_exact.audit.ledger``): the law of the punter's total result
against every order of the cards left of small deals, settled by rules written here."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact.audit.ledger import audit_ledger, ledger_law, lower_critical, lower_tail
from shtoss_exact.case.state import Case
from shtoss_exact.deck import RANKS_52
from shtoss_exact.distribution import Distribution
from shtoss_exact.errors import ShtossError

RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = "shdc"
DECK32 = [f"{r}{s}" for r in RANKS for s in SUITS]

# A 32-card Faro deal with 11 cards left after 10 turns: the soda, then 20 cards.
PREFIX = "8s 8h 9s 9h 10s 10h Js Jh Qs Qh As Ah 8d 9d 10d Jd Qd Ad 8c 9c 10c"
# Two turns more, 7 cards left: 7s Kh Jc 7h Kd Ks 7d (in this order, the deal's).
DEEP = PREFIX + " Kc Qc 7c Ac"
TAIL = "7s Kh Jc 7h Kd Ks 7d"


def _rank(card: str) -> str:
    return card[:-1]


def _bet(token: str) -> tuple[str | None, str, Fraction, int]:
    """(rank, kind, stake, placed after) of ``RANK:KIND:STAKE@T`` (every part written)."""
    head, _, turns = token.partition("@")
    parts = head.split(":")
    if parts[0] == "high-card":
        return None, "high-card", Fraction(parts[1]), int(turns)
    return parts[0], parts[1], Fraction(parts[2]), int(turns)


def settle(game: str, turns: list[tuple[str, str]], bets: list[str], *, first: int) -> Fraction:
    """The punter's total over the ``turns`` dealt after turn ``first``: Faro's rules (a
    split costs half), or Stoss's (the lob the banker's, a plié his too)."""
    split = Fraction(-1, 2) if game == "faro" else Fraction(-1)
    total = Fraction(0)
    for token in bets:
        rank, kind, stake, placed = _bet(token)
        for number, (loser, winner) in enumerate(turns, start=first + 1):
            if number <= placed:
                continue
            low, high = _rank(loser), _rank(winner)
            if kind == "high-card":
                a, b = RANKS.index(low), RANKS.index(high)
                total += stake * (0 if a == b else (1 if b > a else -1))
                break
            if rank not in (low, high):
                if kind == "one-turn":
                    break
                continue
            if low == high:
                total += stake * split
            else:
                win = Fraction(1 if high == rank else -1)
                total += stake * (-win if kind == "coppered" else win)
            break
    return total


def brute(game: str, prefix: list[str], dealt: int, bets: list[str], *, first: int
          ) -> dict[Fraction, Fraction]:  # fmt: skip
    """The law of the total over every order of the cards left, ``dealt`` turns of them."""
    left = [c for c in DECK32 if c not in prefix]
    tally: Counter[Fraction] = Counter()
    for order in permutations(left, 2 * dealt):
        turns = [(order[2 * i], order[2 * i + 1]) for i in range(dealt)]
        tally[settle(game, turns, bets, first=first)] += 1
    whole = sum(tally.values())
    return {v: Fraction(c, whole) for v, c in sorted(tally.items())}


FARO = [  # (the cards seen before the bets, turns dealt after them, the bets written whole)
    (PREFIX, 2, ["7:stay:1@10", "K:coppered:1@10"]),
    (PREFIX, 2, ["7:stay:1@10", "7:stay:2@11", "K:one-turn:1@11"]),
    (PREFIX, 2, ["high-card:1@10", "K:stay:1/2@10", "7:coppered:1@11"]),
    (PREFIX, 2, ["Q:stay:1@10", "K:stay:1@10", "K:stay:3/2@11", "high-card:2@11"]),
    (DEEP, 3, ["7:stay:1@12", "K:coppered:1@12", "K:stay:1@13", "high-card:1@14"]),
]


def _order(prefix: str, extra: int) -> list[str]:
    """The prefix, then ``extra`` turns of the cards left (one actual deal)."""
    cards = prefix.split()
    left = [c for c in DECK32 if c not in cards]
    if prefix.startswith(DEEP) or DEEP.endswith(prefix):
        left = [c for c in TAIL.split() if c not in cards] + [c for c in left if c not in TAIL]
    return cards + left[: 2 * extra]


@pytest.mark.parametrize(("prefix", "extra", "bets"), FARO)
def test_the_law_is_every_order_counted(prefix: str, extra: int, bets: list[str]) -> None:
    cards = _order(prefix, extra)
    first = (len(prefix.split()) - 1) // 2
    case = Case.from_seen(cards, game="faro", deck=32)
    total, law = ledger_law(case, " ".join(bets))
    expected = brute("faro", prefix.split(), extra, bets, first=first)
    assert dict(law.items()) == expected
    turns = [(cards[1 + 2 * (first + i)], cards[2 + 2 * (first + i)]) for i in range(extra)]
    assert total == settle("faro", turns, bets, first=first)


def test_stoss_two_deck() -> None:
    prefix = DEEP.split()[1:]  # 24 cards: twelve abzugs, no soda
    cards = _order(" ".join(prefix), 3)
    bets = ["7:stay:1@12", "K:stay:1@13", "J:one-turn:1@12", "8:stay:2@12"]
    case = Case.from_seen(cards, game="two-deck", deck=32)
    _, law = ledger_law(case, " ".join(bets))
    assert dict(law.items()) == brute("two-deck", prefix, 3, bets, first=12)


def test_one_bet_from_the_start_is_its_odds() -> None:
    # One stay bet on the 5 after the soda 5h: over the two turns seen it wins when a 5
    # is the first of its rank on a winner: 48·3/(51·50) + 48·47/(51·50) · 46·3/(49·48).
    case = Case.from_seen("5h Ks 5d 9c 2s", game="faro")
    total, law = ledger_law(case, "5@0")
    win = Fraction(48 * 3, 51 * 50) + Fraction(48 * 47, 51 * 50) * Fraction(46 * 3, 49 * 48)
    assert total == 1 and law[1] == win == law[-1]
    # Over the whole deal the law is the bet's odds: mean its ev at the start.
    seen = " ".join(_order("8s", 16)) + " |"
    whole = Case.from_seen(seen, game="faro", deck=32)
    _, law = ledger_law(whole, "7@0")
    assert law.mean == Case.from_seen("8s", game="faro", deck=32).bet("7").ev


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["-1", "-1/2", "0", "1/2", "1"]), st.integers(1, 5)),
        min_size=1,
        max_size=5,
        unique_by=lambda pair: pair[0],
    ),
    st.fractions(Fraction(1, 1000), Fraction(999, 1000)),
)
def test_the_size_is_at_most_alpha(weights: list[tuple[str, int]], alpha: Fraction) -> None:
    law = Distribution.from_counts({Fraction(v): c for v, c in weights})
    critical, size = lower_critical(law, alpha)
    assert size <= alpha
    assert size == (0 if critical is None else lower_tail(law, critical))
    above = [v for v in law if critical is None or v > critical]
    if above:  # the next value would pass alpha
        assert lower_tail(law, min(above)) > alpha


def test_several_deals_add() -> None:
    one = (" ".join(_order(PREFIX, 2)), "7:stay:1@10 K:coppered:1@10")
    two = (" ".join(_order(PREFIX, 3)), "Q:stay:1@10")
    audit = audit_ledger([one, two], game="faro", deck=32, alpha="1/10")
    laws = [ledger_law(Case.from_seen(s, game="faro", deck=32), b)[1] for s, b in (one, two)]
    assert audit.law == laws[0] + laws[1]
    assert audit.p_value == lower_tail(audit.law, audit.total)
    assert audit.size <= Fraction(1, 10)
    record = audit.to_dict()
    assert record["deals"] == 2 and [len(d["recorded_bets"]) for d in record["by_deal"]] == [2, 1]
    assert [d["total"] for d in record["by_deal"]] == [str(d.total) for d in audit.deals]


def test_refusals() -> None:
    with pytest.raises(ShtossError, match="deal 1: bet 7:stay:1@3: placed after turn 3"):
        audit_ledger([("5h Ks 5d", "7@3")])
    with pytest.raises(ShtossError, match="no recorded bet"):
        audit_ledger([("5h Ks 5d", " ")])
    with pytest.raises(ShtossError, match="alpha=0"):
        audit_ledger([("5h Ks 5d", "7@0")], alpha=0)
    with pytest.raises(ShtossError, match="no deal"):
        audit_ledger([])
    deck = " ".join(f"{r}{s}" for s in SUITS for r in ("2", "3", "4", "5", "6", *RANKS))
    with pytest.raises(ShtossError, match="the law of 2 recorded bets over 25 turns: about"):
        audit_ledger([(deck + " |", "7@0 high-card@20")])


def test_a_high_card_bet_first_is_cheap() -> None:
    # High card before the first turn needs every rank once only: then the 7 alone.
    deck = " ".join(f"{r}{s}" for s in SUITS for r in ("2", "3", "4", "5", "6", *RANKS))
    audit = audit_ledger([(deck + " |", "high-card@0 7@0")])
    assert audit.law.mean == Case.from_seen("2s").high_card().ev + Case.from_seen("2s").bet("7").ev


@settings(max_examples=40, deadline=None)
@given(st.fractions(Fraction(1, 10**6), Fraction(999_999, 10**6)))
def test_the_ledgers_test_has_size_at_most_alpha(alpha: Fraction) -> None:
    audit = audit_ledger([(" ".join(_order(PREFIX, 2)), "7@10 K:coppered@10 Q:1/2@11")],
                         game="faro", deck=32, alpha=alpha)  # fmt: skip
    assert audit.size <= alpha
    assert audit.rejected == (audit.p_value <= alpha)


def test_the_sum_of_many_deals_is_costed_on_its_grid() -> None:
    # 40 laws of 5 values on one grid of unit 1 sum to at most 161 values: the cost is
    # that of 39 small sums, not of the product of the 40 lengths.
    from shtoss_exact.audit.ledger import _sum_cost
    from shtoss_exact.limits import MAX_SECONDS

    one = (Fraction(1), Fraction(-2), Fraction(2), 5, 300)
    assert _sum_cost([one] * 40).seconds < MAX_SECONDS / 10
    # on grids of coprime units the values do not meet: the lengths multiply
    apart = [(Fraction(1, p), Fraction(-2), Fraction(2), 5, 300) for p in (2, 3, 5, 7, 11, 13)]
    assert _sum_cost(apart * 4).seconds > MAX_SECONDS


def test_the_deals_are_costed_together_before_any_walk() -> None:
    whole = " ".join(f"{rank}{suit}" for suit in "shdc" for rank in RANKS_52) + " |"
    deals = [(whole, "2@0 3@0 4@0 5@0 6@0 7@0")] * 30
    with pytest.raises(ShtossError, match=r"^the ledger audit of 30 deals: about"):
        audit_ledger(deals)
