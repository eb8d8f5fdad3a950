"""The rest of a deal under a betting pattern: the punters' expected net, exactly, and
the banker's net distribution where the state space allows.

**Expected value.** Every bet of a pattern is placed on a rank from what that rank
alone has done (its copies left, its losses, whether its bet was decided), and is
settled by where that rank's cards fall. So the expected total is the sum over ranks
of one small chain each: a rank with ``c`` copies among ``n`` cards is, at the next
turn, the loser alone in c(n - c) of the n(n - 1) ordered pairs of cards, the winner
alone in (n - c) c, split in c(c - 1) and absent otherwise. A rank has at most four
copies, so its chain has a few states per turn: the expectation costs next to nothing
for any pattern.

**Distribution.** The banker's total needs the ranks jointly. Ranks that a pattern
treats alike and that stand alike (copies left, losses, taken down) are
interchangeable, so a joint state is a multiset of rank states; a turn moves one or
two of them. The count of such multisets is estimated before the walk; when it (or
the walk's work, counted as it goes) is too large, the distribution is left out and
the expectation stands alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from functools import lru_cache
from math import comb, lcm
from typing import TYPE_CHECKING, Any

from shtoss_exact.case.pattern import CASE_CARDS, Pattern
from shtoss_exact.case.rules import Side, TurnSettlements, side_payoff, turn_settlements
from shtoss_exact.distribution import Distribution
from shtoss_exact.engine import Kind
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.frozen import dataclass
from shtoss_exact.i18n import _
from shtoss_exact.limits import MAX_JOINT_STATES, MAX_JOINT_STEPS
from shtoss_exact.numbers import exact_str, float_of
from shtoss_exact.records import Record, frozen_hash
from shtoss_exact.schemes.parts import Settlement

if TYPE_CHECKING:
    from shtoss_exact.case.state import Case


# A rank's state for one bet of the pattern: (losses while open, taken down).
BetState = tuple[int, int]
# A rank's state: (which bets name it, copies left, the state of each bet).
RankState = tuple[tuple[bool, ...], int, tuple[BetState, ...]]
JointState = tuple[tuple[RankState, int], ...]
_Moves = Callable[[RankState, Kind], tuple[int, RankState]]


@dataclass(frozen=True, repr=False, kw_only=True)
class WholeDeal(Record):
    """The rest of a deal under a pattern.

    ``ev`` is the punters' expected total net (the banker takes ``-ev``); ``action``
    the expected total stake decided with money changing hands; ``banker_net`` the
    banker's net result, value -> probability, or ``None`` when the joint state space
    is too large (``states`` is its estimated size).

    >>> from shtoss_exact.case.state import Case
    >>> deal = Case.from_seen("", game="faro").deal("every-rank")
    >>> deal.ev, len(deal.banker_net), deal.edge_per_action
    (Fraction(-25, 34), 26, Fraction(1, 66))
    """

    pattern: Pattern
    turns_left: int
    ev: Fraction
    action: Fraction
    banker_net: Distribution | None
    states: int

    def __hash__(self) -> int:  # the fields hold mappings: hashed by their items
        return frozen_hash(self)

    @property
    def edge_per_action(self) -> Fraction | None:
        """The banker's expected take per unit of action: ``-ev / action``."""
        return -self.ev / self.action if self.action else None

    _rows = "banker_net"  # the natural rows: to_frame() and the displays

    def to_dict(self) -> dict[str, Any]:
        """``pattern``, ``turns_left``, ``ev``, ``edge_per_action``, ``banker_net``."""
        per_action = self.edge_per_action
        values: dict[str, Fraction] = {"ev": self.ev}
        if per_action is not None:
            values["edge_per_action"] = per_action
        return {
            "pattern": self.pattern.name,
            "turns_left": self.turns_left,
            "ev": exact_str(self.ev),
            "edge_per_action": None if per_action is None else exact_str(per_action),
            "banker_net": None if self.banker_net is None else self.banker_net.to_dict(),
            "float": {key: float_of(value) for key, value in values.items()},
        }


def whole_deal(case: Case, pattern: Pattern) -> WholeDeal:
    """The rest of the deal of ``case`` under ``pattern``: exact expectation, and the
    banker's net distribution when the joint state space is small enough."""
    if pattern.coppers and not case.game.faro_bets:
        raise ShtossError(
            _(
                "pattern {name} coppers bets: a Faro bet, allowed in the games faro and stuss, not "
                "in {name2}"
            ).format(name=quoted(pattern.name), name2=case.game.name)
        )
    for bet in pattern.bets:
        if not isinstance(bet.ranks, str):
            for rank in bet.ranks:
                if rank not in case.ranks:
                    raise ShtossError(
                        _(
                            "pattern {name} bets on {rank}: not in the {deck}-card deck (ranks "
                            "{ranks}..A)"
                        ).format(
                            name=quoted(pattern.name),
                            rank=rank,
                            deck=case.deck,
                            ranks=case.ranks[0],
                        )
                    )
    walk = _Walk(case, pattern)
    ev = action = Fraction(0)
    alike: dict[RankState, tuple[Fraction, Fraction]] = {}  # ranks that stand alike
    for index in range(len(case.ranks)):
        start = walk.initial(index)
        if start not in alike:
            alike[start] = walk.rank_expectation(index)
        rank_ev, rank_action = alike[start]
        ev += rank_ev
        action += rank_action
    states = walk.joint_states_bound()
    distribution = walk.distribution() if states <= MAX_JOINT_STATES else None
    return WholeDeal(
        pattern=pattern,
        turns_left=case.turns_left,
        ev=ev,
        action=action,
        banker_net=distribution,
        states=states,
    )


class _Walk:
    """The turns of the rest of the deal, and how one turn moves one rank."""

    def __init__(self, case: Case, pattern: Pattern) -> None:
        self.case = case
        self.bets = pattern.bets
        self.scheme = case.game.scheme
        self.start: BetState = (0, 0)
        cards = case.cards_left - (1 if case.soda_due else 0)
        turn = case.turns_dealt
        self.levels: list[tuple[int, TurnSettlements]] = []
        while cards >= 2 or (cards == 1 and not case.game.soda):
            self.levels.append((cards, turn_settlements(self.scheme, cards=cards, turns=turn)))
            cards -= min(cards, 2)
            turn += 1

    def initial(self, index: int) -> RankState:
        rank = self.case.ranks[index]
        sig = tuple(bet.names(rank) for bet in self.bets)
        return sig, self.case.left[index], tuple(self.start for _ in self.bets)

    def move(self, state: RankState, kind: Kind, settlement: Settlement
             ) -> tuple[Fraction, Fraction, RankState]:  # fmt: skip
        """A turn deals this rank as ``kind``: (the punters' net, the stake in action,
        the rank's next state)."""
        sig, copies, bet_states = state
        net = action = Fraction(0)
        after: list[BetState] = []
        for bet, named, (losses, down) in zip(self.bets, sig, bet_states, strict=True):
            placed = named and not down and (bet.ranks != CASE_CARDS or copies == 1)
            if not placed:
                after.append((losses, down))
                continue
            coppered = bet.side is Side.COPPERED or (
                bet.copper_after is not None and losses >= bet.copper_after
            )
            side = Side.COPPERED if coppered else Side.OPEN
            payoff = side_payoff(settlement, side=side, kind=kind)
            net += bet.stake * payoff
            if payoff:
                action += bet.stake
            lost = kind is Kind.KILLED and not coppered and not settlement.null
            if lost and bet.copper_after is not None:
                losses += 1
            after.append((losses, 1 if bet.until == "decided" else down))
        left = copies - (2 if kind is Kind.PLIE else 1)
        return net, action, (sig, left, tuple(after))

    def _outcomes(self, cards: int, settle: TurnSettlements, copies: int
                  ) -> Iterator[tuple[Kind, Settlement, int]]:  # fmt: skip
        """This rank's place in the next turn: (kind, settlement, count over n(n - 1))."""
        if cards == 1:
            yield Kind.KILLED, settle.loser, copies
            return
        assert settle.winner is not None and settle.split is not None
        others = cards - copies
        yield Kind.KILLED, settle.loser, copies * others
        yield Kind.GIVEN, settle.winner, others * copies
        yield Kind.PLIE, settle.split, copies * (copies - 1)

    def rank_expectation(self, index: int) -> tuple[Fraction, Fraction]:
        """(expected net, expected stake in action) of the bets on one rank."""
        start = self.initial(index)
        states: dict[RankState, Fraction] = {start: Fraction(1)}
        if self.case.soda_due and start[1]:
            sig, copies, bets = start
            burnt = Fraction(copies, self.case.cards_left)
            states = {(sig, copies - 1, bets): burnt, start: 1 - burnt}
        ev = action = Fraction(0)
        for cards, settle in self.levels:
            total = cards * (cards - 1) if cards > 1 else 1
            moved: dict[RankState, Fraction] = {}
            for state, p in states.items():
                if state[1] == 0:
                    continue
                stay = Fraction(total)
                for kind, settlement, count in self._outcomes(cards, settle, state[1]):
                    if not count:
                        continue
                    stay -= count
                    q = p * count / total
                    net, staked, after = self.move(state, kind, settlement)
                    ev += q * net
                    action += q * staked
                    moved[after] = moved.get(after, Fraction(0)) + q
                if stay:
                    moved[state] = moved.get(state, Fraction(0)) + p * stay / total
            states = moved
        return ev, action

    # --- the joint walk ------------------------------------------------------------------

    def _rank_types(self, index: int) -> set[RankState]:
        """Every state one rank can reach (settled either way: null or not)."""
        start = self.initial(index)
        found = {start}
        if self.case.soda_due and start[1]:
            found.add((start[0], start[1] - 1, start[2]))
        todo = list(found)
        samples = (Settlement(Fraction(-1)), Settlement(Fraction(0), null=True))
        while todo:
            state = todo.pop()
            for kind in (Kind.KILLED, Kind.GIVEN, Kind.PLIE):
                need = 2 if kind is Kind.PLIE else 1
                if state[1] < need:
                    continue
                for settlement in samples:
                    after = self.move(state, kind, settlement)[2]
                    if after not in found:
                        found.add(after)
                        todo.append(after)
        return found

    def joint_states_bound(self) -> int:
        """An upper bound on the joint states: multisets of rank states, group by group
        (the ranks the pattern names alike are interchangeable once they stand alike)."""
        groups: dict[tuple[bool, ...], tuple[int, set[RankState]]] = {}
        for index in range(len(self.case.ranks)):
            start = self.initial(index)
            if _matters(start):
                size, types = groups.get(start[0], (0, set()))
                groups[start[0]] = (size + 1, types | self._rank_types(index))
        bound = 1
        for size, types in groups.values():
            bound *= comb(size + len(types) - 1, size)
            if bound > 10**12:
                break
        return bound

    def distribution(self) -> Distribution | None:
        """The banker's net over the rest of the deal, or ``None`` past ``MAX_JOINT_STEPS``."""
        scale = self._scale()
        start: Counter[RankState] = Counter()
        for index in range(len(self.case.ranks)):
            state = self.initial(index)
            if state[1]:
                start[state] += 1
        layer: dict[JointState, dict[int, int]] = {_key(start): {0: 1}}
        if self.case.soda_due:
            layer = self._soda(start)
        steps = 0
        for cards, settle in self.levels:
            moves = self._moves(settle, scale)
            nxt: dict[JointState, dict[int, int]] = {}
            for key, values in layer.items():
                for weight, change, net in _turn_moves(key, cards, moves):
                    steps += len(values)
                    if steps > MAX_JOINT_STEPS:
                        return None
                    after = _apply(key, change)
                    target = nxt.setdefault(after, {})
                    for value, count in values.items():
                        moved = value + net
                        target[moved] = target.get(moved, 0) + count * weight
            layer = nxt
        pairs = [pair for values in layer.values() for pair in values.items()]
        return Distribution.on_grid(Fraction(-1, scale), (v for v, _ in pairs),
                                    (c for _, c in pairs), sum(c for _, c in pairs))  # fmt: skip

    def _soda(self, start: Counter[RankState]) -> dict[JointState,
                                                       dict[int, int]]:  # fmt: skip
        layer: dict[JointState, dict[int, int]] = {}
        key = _key(start)
        others = self.case.cards_left - sum(state[1] * number for state, number in key)
        if others:
            layer[key] = {0: others}
        for state, number in key:
            sig, copies, bets = state
            after = _apply(key, ((state, -1), ((sig, copies - 1, bets), 1)))
            values = layer.setdefault(after, {0: 0})
            values[0] += number * copies
        return layer

    def _scale(self) -> int:
        """A common denominator of every net a turn can make: stakes times payoffs."""
        scale = lcm(*(bet.stake.denominator for bet in self.bets))
        payoffs = [
            s.payoff
            for _, settle in self.levels
            for s in (settle.loser, settle.winner, settle.split)
            if s is not None
        ]
        return scale * lcm(1, *(p.denominator for p in payoffs))

    def _moves(self, settle: TurnSettlements, scale: int) -> _Moves:
        """``move`` at this turn, remembered: (state, kind) -> (net times scale, next state)."""
        settlements = {Kind.KILLED: settle.loser, Kind.GIVEN: settle.winner,
                       Kind.PLIE: settle.split}  # fmt: skip
        memo: dict[tuple[RankState, Kind], tuple[int, RankState]] = {}

        def moves(state: RankState, kind: Kind) -> tuple[int, RankState]:
            found = memo.get((state, kind))
            if found is None:
                settlement = settlements[kind]
                assert settlement is not None
                net, _, after = self.move(state, kind, settlement)
                scaled = net * scale
                assert scaled.denominator == 1
                found = memo[(state, kind)] = (int(scaled), after)
            return found

        return moves


def _key(counter: Mapping[RankState, int]) -> JointState:
    """The joint state: the ranks some bet may still be placed on, as a sorted multiset.
    A rank with no copy left, or no bet left to place on it, drops out: its cards are
    among the others, which only the number of cards left counts."""
    return tuple(sorted((state, n) for state, n in counter.items() if n and _matters(state)))


@lru_cache(maxsize=65536)
def _matters(state: RankState) -> bool:
    sig, copies, bets = state
    return copies > 0 and any(
        named and not down for named, (_, down) in zip(sig, bets, strict=True)
    )


def _apply(key: JointState, change: JointState) -> JointState:
    """The joint state ``key`` changed by (rank state, +1 or -1) pairs."""
    counts = dict(key)
    for state, delta in change:
        if delta > 0 and not _matters(state):
            continue
        number = counts.get(state, 0) + delta
        if number:
            counts[state] = number
        else:
            del counts[state]
    return tuple(sorted(counts.items()))


def _turn_moves(
    key: JointState,
    cards: int,
    moves: _Moves,
) -> Iterator[tuple[int, JointState, int]]:
    """Every way the next turn moves the joint state: (ordered pairs of cards, the
    change of the multiset, the punters' net times scale). The cards of ranks outside
    the multiset (``others``) move nothing."""
    others = cards - sum(state[1] * number for state, number in key)
    if cards == 1:
        if key:
            ((state, _number),) = key
            net, after = moves(state, Kind.KILLED)
            yield 1, ((state, -1), (after, 1)), net
        else:
            yield 1, (), 0
        return
    if others >= 2:
        yield others * (others - 1), (), 0
    for a, (loser, n_a) in enumerate(key):
        c_a = loser[1]
        if c_a >= 2:  # a split: both cards of one rank
            net, after = moves(loser, Kind.PLIE)
            yield n_a * c_a * (c_a - 1), ((loser, -1), (after, 1)), net
        net_l, after_l = moves(loser, Kind.KILLED)
        if others:
            yield n_a * c_a * others, ((loser, -1), (after_l, 1)), net_l
            net_w, after_w = moves(loser, Kind.GIVEN)
            yield others * n_a * c_a, ((loser, -1), (after_w, 1)), net_w
        for b, (winner, n_b) in enumerate(key):
            c_b = winner[1]
            ways = n_a * c_a * (n_b - 1 if a == b else n_b) * c_b
            if not ways:
                continue
            net_w, after_w = moves(winner, Kind.GIVEN)
            yield ways, ((loser, -1), (after_l, 1), (winner, -1), (after_w, 1)), net_l + net_w
