"""The whole deal against brute force: every order of a small multiset deck, dealt turn
by turn straight from the rules.

Nothing here uses the package's counting. A deck is every distinct order of the
cards left (ranks only; every order of a multiset is equally likely). The turns are
dealt two cards at a time — the loser, then the winner — and each bet is settled by
the game's scheme read at the card's place *in the whole deal* (``2 * turns_dealt +
place``, the scheme not shifted), so the package's reading of a scheme mid-deal is
checked too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact.case.deal import whole_deal
from shtoss_exact.case.pattern import CASE_CARDS, Pattern, PatternBet
from shtoss_exact.case.rules import Side
from shtoss_exact.case.state import Case
from shtoss_exact.engine import Kind
from shtoss_exact.schemes.parts import Match, Outcome, Rule
from shtoss_exact.schemes.scheme import Scheme


def orders(counts: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every distinct order of the multiset holding ``counts[i]`` cards of rank ``i``."""
    total = sum(counts)
    left = list(counts)
    out: list[int] = []

    def walk() -> Iterator[tuple[int, ...]]:
        if len(out) == total:
            yield tuple(out)
            return
        for rank, number in enumerate(left):
            if number:
                left[rank] -= 1
                out.append(rank)
                yield from walk()
                out.pop()
                left[rank] += 1

    yield from walk()


def settle(
    scheme: Scheme, kind: Kind, place: int, *, cards: int, turns: int
) -> tuple[Fraction, bool]:
    """The unshifted scheme at the card's place in the whole deal: (payoff, null)."""
    s = scheme.settle(Outcome(kind, 2 * turns + place, cards + 2 * turns))
    return s.payoff, s.null


def side_net(payoff: Fraction, null: bool, kind: Kind, coppered: bool) -> Fraction:
    if null:
        return Fraction(0)
    if coppered and kind is not Kind.PLIE:
        return -payoff
    return payoff


class Tally:
    """Counts of one bet's outcomes over the orders."""

    def __init__(self) -> None:
        self.n = 0
        self.win = self.lose = self.split = self.dead = self.action = 0
        self.net = Fraction(0)

    def add(self, kind: Kind | None, payoff: Fraction, null: bool, coppered: bool) -> None:
        self.n += 1
        if kind is None:
            return
        if null:
            self.dead += 1
            return
        net = side_net(payoff, null, kind, coppered)
        self.net += net
        self.action += net != 0
        if kind is Kind.PLIE:
            self.split += 1
        elif (kind is Kind.GIVEN) != coppered:
            self.win += 1
        else:
            self.lose += 1

    def odds(self) -> tuple[Fraction, ...]:
        n = self.n
        return (Fraction(self.win, n), Fraction(self.lose, n), Fraction(self.split, n),
                Fraction(self.dead, n), Fraction(self.action, n), self.net / n)  # fmt: skip


def stay_decision(deck: Sequence[int], rank: int) -> tuple[Kind, int] | None:
    for index, card in enumerate(deck):
        if card != rank:
            continue
        place = index + 1
        if place % 2 == 0:
            return Kind.GIVEN, place
        if index + 1 < len(deck) and deck[index + 1] == rank:
            return Kind.PLIE, place
        return Kind.KILLED, place
    return None


def one_turn_decision(deck: Sequence[int], rank: int) -> tuple[Kind, int] | None:
    first = deck[0] == rank
    second = len(deck) > 1 and deck[1] == rank
    if first and second:
        return Kind.PLIE, 1
    if first:
        return Kind.KILLED, 1
    if second:
        return Kind.GIVEN, 2
    return None


def brute_bet(case: Case, index: int, *, coppered: bool, one_turn: bool) -> tuple[Fraction, ...]:
    scheme = case.game.scheme
    tally = Tally()
    for order in orders(case.left):
        deck = order[1:] if case.soda_due else order
        decision = (one_turn_decision if one_turn else stay_decision)(deck, index)
        if decision is None:
            # the rank is not in the turn (one-turn) or its last copy was the soda
            if not one_turn or index not in deck:
                tally.n += 1
                tally.dead += 1
            else:
                tally.n += 1
            continue
        kind, place = decision
        payoff, null = settle(scheme, kind, place, cards=len(deck), turns=case.turns_dealt)
        tally.add(kind, payoff, null, coppered)
    return tally.odds()


def brute_high_card(case: Case) -> tuple[Fraction, Fraction, Fraction]:
    win = lose = pair = n = 0
    for order in orders(case.left):
        n += 1
        loser, winner = order[0], order[1]
        win += winner > loser
        lose += winner < loser
        pair += winner == loser
    return Fraction(win, n), Fraction(lose, n), Fraction(pair, n)


def brute_pattern(case: Case, pattern: Pattern, *, counts: Sequence[int] | None = None,
                  named: Sequence[str] | None = None) -> dict[Fraction, Fraction]:  # fmt: skip
    """The banker's net over the rest of the deal, order by order."""
    scheme = case.game.scheme
    ranks = list(case.ranks) if named is None else list(named)
    left = list(case.left) if counts is None else list(counts)
    totals: Counter[Fraction] = Counter()
    number = 0
    deck_orders = orders(left) if counts is None else placements(left)
    for order in deck_orders:
        number += 1
        deck = list(order[1:] if case.soda_due else order)
        copies = Counter(deck)
        state = {r: [[0, 0] for _ in pattern.bets] for r in range(len(ranks))}
        net = Fraction(0)
        turns = case.turns_dealt
        n_full = len(deck) + 2 * turns
        place = 0
        while len(deck) - place >= 2 or (len(deck) - place == 1 and not case.game.soda):
            loser = deck[place]
            winner = deck[place + 1] if len(deck) - place >= 2 else None
            base = place  # 0-based place of the turn's loser in the deck the bets play on
            for r in range(len(ranks)):
                if copies[r] == 0:
                    continue
                if loser == r and winner == r:
                    kind, at = Kind.PLIE, 1
                elif loser == r:
                    kind, at = Kind.KILLED, 1
                elif winner == r:
                    kind, at = Kind.GIVEN, 2
                else:
                    kind = None
                for bet, bet_state in zip(pattern.bets, state[r], strict=True):
                    losses, down = bet_state
                    placed = (
                        bet.names(ranks[r])
                        and not down
                        and (bet.ranks != CASE_CARDS or copies[r] == 1)
                    )
                    if not placed or kind is None:
                        continue
                    s = scheme.settle(Outcome(kind, 2 * turns + base + at, n_full))
                    coppered = bet.side.value == "coppered" or (
                        bet.copper_after is not None and losses >= bet.copper_after
                    )
                    net += bet.stake * side_net(s.payoff, s.null, kind, coppered)
                    if kind is Kind.KILLED and not coppered and not s.null and bet.copper_after:
                        bet_state[0] += 1
                    if bet.until == "decided":
                        bet_state[1] = 1
            copies[loser] -= 1
            if winner is not None:
                copies[winner] -= 1
            place += 2
        totals[-net] += 1
    return {value: Fraction(count, number) for value, count in sorted(totals.items())}


def placements(counts: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Orders of a deck of ``counts[0]`` cards of rank 0 among ``counts[1]`` others
    (rank -1), by the places of rank 0: C(n, m) orders, equally likely."""
    n = counts[0] + counts[1]
    for places in combinations(range(n), counts[0]):
        deck = [-1] * n
        for p in places:
            deck[p] = 0
        yield tuple(deck)


def _count_orders(left: Sequence[int]) -> int:
    from math import factorial, prod

    return factorial(sum(left)) // prod(factorial(c) for c in left)


# A Stoss scheme whose rules name places late in a 52-card deal: read mid-deal, they
# must fall on the right cards of the few left.
LATE = Scheme(
    "late",
    rules=(
        Rule(Match(frozenset([Kind.KILLED]), position=47), Fraction(1)),
        Rule(Match(frozenset([Kind.PLIE]), abzug=25), Fraction(-1, 3)),
        Rule(Match(frozenset([Kind.GIVEN]), position=50), Fraction(2)),
        Rule(Match(frozenset([Kind.KILLED]), position=3), Fraction(5)),  # long dealt
        Rule(Match(last_card=True), None),
    ),
)

GAMES: list[tuple[str, str | Scheme]] = [
    ("faro", "faro"),
    ("stuss", "stuss"),
    ("pharaon", "pharaon"),
    ("bassette", "bassette"),
    ("two-deck", "classic"),
    ("two-deck", LATE),
]

# Cases of a 52-card deck near its end: odd for faro and stuss, even otherwise.
ODD = ["*:0,7:2,K:1", "*:0,2:2,9:1,A:2", "*:0,3:3,J:2", "*:0,5:1,6:1,7:1,8:1,9:1",
       "*:0,K:4,A:1", "*:0,4:2,Q:2,A:3"]  # fmt: skip
EVEN = ["*:0,7:2,K:2", "*:0,2:2,9:1,A:3", "*:0,3:3,J:1", "*:0,5:1,6:1,7:2,8:2",
        "*:0,K:4,A:2", "*:0,4:1,Q:1"]  # fmt: skip


def _case(game: str, scheme: str | Scheme, text: str) -> Case:
    if game == "two-deck":
        return Case.from_case(text, game="two-deck", scheme=scheme)
    return Case.from_case(text, game=game)


def _all_cases() -> list[tuple[str, str | Scheme, str]]:
    found = []
    for game, scheme in GAMES:
        texts = ODD if game in ("faro", "stuss") else EVEN
        found.extend((game, scheme, text) for text in texts)
    return found


CASES = _all_cases()
IDS = [f"{g}-{s if isinstance(s, str) else s.name}-{t}" for g, s, t in CASES]


def _odds(bet: object) -> tuple[Fraction, ...]:
    return (bet.win, bet.lose, bet.split, bet.dead, bet.action, bet.ev)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game", "scheme", "text"), CASES, ids=IDS)
def test_every_rank_bet_matches_brute_force(game: str, scheme: str | Scheme, text: str) -> None:
    case = _case(game, scheme, text)
    faro = case.game.faro_bets
    for index, copies in enumerate(case.left):
        if not copies:
            continue
        rank = case.ranks[index]
        for one_turn in (False, True):
            for coppered in (False, True) if faro else (False,):
                bet = case.bet(rank, side="coppered" if coppered else "open",
                               kind="one-turn" if one_turn else "stay")  # fmt: skip
                expected = brute_bet(case, index, coppered=coppered, one_turn=one_turn)
                assert _odds(bet) == expected, (rank, coppered, one_turn)


@pytest.mark.parametrize("text", ODD)
def test_high_card_matches_brute_force(text: str) -> None:
    case = Case.from_case(text, game="faro")
    high = case.high_card()
    assert high is not None
    win, lose, pair = brute_high_card(case)
    assert (high.win, high.lose, high.split, high.ev) == (win, lose, pair, 0)
    assert high.action == 1 - pair


@pytest.mark.parametrize("text", ["*:0,7:1,9:1,K:1", "*:0,7:2,K:1", "*:0,7:3"])
def test_calling_the_turn_matches_brute_force(text: str) -> None:
    case = Case.from_case(text, game="faro")
    call = case.call_the_turn()
    assert call is not None
    arrangements = set(orders(case.left))
    if len(arrangements) == 1:
        assert call.kind == "three-of-a-kind" and call.p_right is None
        return
    # Every distinct order is equally likely: naming any one is right this often.
    assert call.p_right == Fraction(1, len(arrangements))
    hits = Fraction(1, len(arrangements))
    assert call.ev_for == hits * call.payout - 1
    assert call.ev_to == hits * (call.payout + 1) - 1


PATTERNS = [
    Pattern("every", (PatternBet(),)),
    Pattern("cases", (PatternBet(ranks=CASE_CARDS, stake=Fraction(3, 2)),)),
    Pattern("fixed", (PatternBet(ranks=("7", "A"), until="decided"),)),
    Pattern("two", (PatternBet(stake=2), PatternBet(ranks=("K",), stake=Fraction(1, 3)))),
]
COPPER_PATTERNS = [
    Pattern("copper", (PatternBet(side=Side.COPPERED),)),
    Pattern("after1", (PatternBet(copper_after=1),)),
    Pattern(
        "mixed", (PatternBet(copper_after=2), PatternBet(ranks=CASE_CARDS, side=Side.COPPERED))
    ),
]


def _pattern_cases() -> list[tuple[str, str | Scheme, str, Pattern]]:
    found = []
    for game, scheme, text in CASES:
        if _count_orders(_case(game, scheme, text).left) > 2000:
            continue
        for pattern in PATTERNS:
            found.append((game, scheme, text, pattern))
        if game in ("faro", "stuss"):
            for pattern in COPPER_PATTERNS:
                found.append((game, scheme, text, pattern))
    return found


PATTERN_CASES = _pattern_cases()


@pytest.mark.parametrize(
    ("game", "scheme", "text", "pattern"),
    PATTERN_CASES,
    ids=[f"{g}-{s if isinstance(s, str) else s.name}-{t}-{p.name}" for g, s, t, p in PATTERN_CASES],
)
def test_whole_deal_matches_brute_force(
    game: str, scheme: str | Scheme, text: str, pattern: Pattern
) -> None:
    case = _case(game, scheme, text)
    deal = case.deal(pattern)
    expected = brute_pattern(case, pattern)
    assert deal.banker_net is not None
    assert {v: p for v, p in deal.banker_net.items() if p} == expected
    assert -deal.ev == sum(v * p for v, p in expected.items())


def test_whole_deal_with_the_soda_due_matches_brute_force() -> None:
    # A 32-card Faro deal from the start, one unit on the 7 until decided: the sevens'
    # places among the 32 cards (C(32, 4) orders) decide everything.
    case = Case.from_seen("", game="faro", deck=32)
    pattern = Pattern(
        "seven",
        (
            PatternBet(ranks=("7",), until="decided"),
            PatternBet(ranks=("7",), copper_after=1, stake=Fraction(1, 2)),
        ),
    )
    deal = case.deal(pattern)
    expected = brute_pattern(case, pattern, counts=(4, 28), named=("7",))
    assert deal.banker_net == expected
    assert -deal.ev == sum(v * p for v, p in expected.items())


def test_bets_with_the_soda_due_match_brute_force() -> None:
    case = Case.from_seen("", game="faro", deck=32)
    for coppered in (False, True):
        for one_turn in (False, True):
            bet = case.bet("7", side="coppered" if coppered else "open",
                           kind="one-turn" if one_turn else "stay")  # fmt: skip
            tally = Tally()
            for order in placements((4, 28)):
                deck = order[1:]
                decision = (one_turn_decision if one_turn else stay_decision)(deck, 0)
                if decision is None:
                    tally.n += 1
                    tally.dead += 0 not in deck
                    continue
                kind, place = decision
                payoff, null = settle(case.game.scheme, kind, place, cards=31, turns=0)
                tally.add(kind, payoff, null, coppered)
            assert _odds(bet) == tally.odds(), (coppered, one_turn)


@st.composite
def small_cases(draw: st.DrawFn) -> tuple[str, dict[str, int]]:
    game = draw(st.sampled_from(["faro", "stuss", "pharaon", "bassette", "two-deck"]))
    ranks = draw(st.lists(st.sampled_from(["2", "7", "9", "Q", "A"]), min_size=1, max_size=4,
                          unique=True))  # fmt: skip
    copies = {rank: draw(st.integers(1, 3)) for rank in ranks}
    total = sum(copies.values())
    odd = game in ("faro", "stuss")
    if total % 2 != (1 if odd else 0):
        copies[ranks[0]] += 1 if copies[ranks[0]] < 4 else -1
    return game, copies


@settings(max_examples=20, deadline=None)
@given(small_cases())
def test_random_small_cases_match_brute_force(drawn: tuple[str, dict[str, int]]) -> None:
    game, copies = drawn
    case = Case.from_case({"*": 0, **copies}, game=game)
    if _count_orders(case.left) > 1000 or not case.turns_left:
        return
    for rank in copies:
        index = case.ranks.index(rank)
        for one_turn in (False, True):
            bet = case.bet(rank, kind="one-turn" if one_turn else "stay")
            assert _odds(bet) == brute_bet(case, index, coppered=False, one_turn=one_turn)
    pattern = Pattern("every", (PatternBet(),))
    deal = whole_deal(case, pattern)
    assert deal.banker_net == brute_pattern(case, pattern)
