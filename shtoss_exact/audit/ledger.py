"""The ledger audit: did the punter do worse than fair dealing allows? An exact test on
the results of his recorded bets (``case --bets``).

The recorded bets are taken as the punter's plan: each placed after its turn, on its
rank, for its stake, whatever the cards. Under fair dealing, given the cards seen
before the first of them was placed, every order of the cards left is equally likely,
and the punter's total result over the turns seen is a function of the order: its law
is counted over every order. The bets of one deal are dependent (a turn decides every
bet on its two ranks), so the law is the deal's joint walk, turn by turn:

* a state is, for each rank some bet still names, its copies left and the last of its
  bets' placements it has been dealt after (a stay bet placed after turn ``T`` is
  decided by the first turn after ``T`` that deals its rank); every other card is one
  of the ``others``, which only their number counts;
* a turn with ``n`` cards left deals an ordered pair of them: ranks ``a`` and ``b`` in
  ``c_a c_b`` of the ``n (n - 1)`` pairs, both of rank ``a`` (a split) in
  ``c_a (c_a - 1)``, a rank and another card in ``c_a o`` and ``o c_a``, two others in
  ``o (o - 1)``; each bet it decides is settled by the game's rule for that place
  (``case.rules.turn_settlements``), as ``case.ledger.settle_bets`` settles it;
* a high-card bet needs the order of every rank, so with one all ranks are followed.

The counts stay whole numbers over ``prod n (n - 1)``; the totals are integers over the
common denominator of the stakes and payoffs. Deals are independent: the law over
several is the sum of theirs. The p-value is ``P(total <= observed)``, exactly; the
critical value at ``alpha`` the greatest total whose lower tail is at most ``alpha``
(reject at or below it), and the size that tail.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import gcd, lcm, prod
from typing import TYPE_CHECKING, Any

from shtoss_exact.audit.splits import check_alpha
from shtoss_exact.case.rules import BetKind, side_payoff, turn_settlements
from shtoss_exact.distribution import Distribution
from shtoss_exact.engine import Kind
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.i18n import _
from shtoss_exact.limits import MAX_SECONDS, Cost, check_cost, sum_cost
from shtoss_exact.numbers import exact_str
from shtoss_exact.records import Record, exact_fields, frozen_hash

if TYPE_CHECKING:
    from shtoss_exact.case.ledger import Ledger, RecordedBet
    from shtoss_exact.case.rules import TurnSettlements
    from shtoss_exact.case.state import Case
    from shtoss_exact.schemes.scheme import SchemeArgument

__all__ = ["LedgerAudit", "audit_ledger", "ledger_law"]

MAX_DEALS = 100
"""Most deals a ledger audit reads."""

STEP_SECONDS = 5e-7
"""CPU seconds of one step of the walk (a pair of ranks dealt to one state's total); the
bound on the steps is loose, about three times the work for ten stay bets on ten ranks
(measured: 21 s of CPU, estimated 65 s)."""

VISIT_SECONDS, VISIT_BET_SECONDS = 10e-6, 0.45e-6
"""CPU seconds of the walk per pair of ranks dealt to one state, and per square of the
bets (each found open or not among the ranks): 12 µs a visit for 3 bets on a whole deal,
19.5 µs for 6, 30 µs for 8, measured on a quiet machine (once 40 µs whatever the bets)."""

TOTAL_SECONDS = 1e-8
"""CPU seconds per total a state holds, per visit, as ``dry`` bounds the totals."""

SUMSET_STEPS = 1_000_000
"""Most (sum, payoff) pairs the bound on a law's values may take (about 0.2 s)."""

REFINED_UP_TO = 1000
"""A walk whose bound passes the budget by at most this factor has its states followed
for real (``dry``) before it is refused."""

DRY_VISITS = 120_000
"""Pairs the dry runs of one audit may visit, together (about 1 s): past them, the
bound decides."""

OTHER = -1
"""The class of a card of a rank no bet names any more."""

# A rank's state: (copies left, how many of its stay bets' placements it was dealt after).
RankState = tuple[int, int]
State = tuple[RankState, ...]


@dataclass(frozen=True)
class DealLedger:
    """One deal of the audit: its recorded bets settled, their law under fair dealing."""

    deal: int
    ledger: Ledger
    law: Distribution

    __hash__ = frozen_hash

    @property
    def total(self) -> Fraction:
        """The punter's total result of the deal's recorded bets."""
        return -self.ledger.banker_take

    def to_dict(self) -> dict[str, Any]:
        exact = exact_fields({"mean": self.law.mean,
                              "p_value": lower_tail(self.law, self.total)})  # fmt: skip
        rows = self.ledger.to_dict()["recorded_bets"]
        return {"deal": self.deal, "total": exact_str(self.total), **exact,
                "recorded_bets": rows}  # fmt: skip


class _Walk:
    """The joint walk of one deal's recorded bets from the first placement (see above)."""

    def __init__(self, start: Case, bets: Sequence[RecordedBet], *, last_turn: int) -> None:
        self.start, self.bets = start, tuple(bets)
        self.scheme = start.game.scheme
        high = any(b.rank is None for b in self.bets)
        named = {b.rank for b in self.bets if b.rank is not None}
        self.ranks = tuple(r for r in start.ranks if high or r in named)
        self.order = {rank: start.ranks.index(rank) for rank in self.ranks}
        # Each rank's stay bets' placements, sorted: a bet is decided once its rank has
        # been dealt after it.
        self.times = {
            rank: sorted({b.placed_after for b in self.bets if b.rank == rank
                          and b.kind is BetKind.STAY})
            for rank in self.ranks
        }  # fmt: skip
        self.first = start.turns_dealt
        self.last = last_turn
        self.scale = lcm(1, *(b.stake.denominator for b in self.bets)) * self._payoff_scale()
        self._cost: Cost | None = None
        self._refined = False

    def _payoff_scale(self) -> int:
        found = [1]
        for turn in range(self.first + 1, self.last + 1):
            found += [s.payoff.denominator for s in _three(self.settlements(turn))]
        return lcm(*found)

    def cards(self, turn: int) -> int:
        """Cards left (the soda dealt) before ``turn`` is dealt."""
        return self.start.cards_left - 2 * (turn - 1 - self.first)

    def settlements(self, turn: int) -> TurnSettlements:
        return turn_settlements(self.scheme, cards=self.cards(turn), turns=turn - 1)

    def initial(self) -> State:
        return self._trim(tuple((self.start.left[self.order[r]], 0) for r in self.ranks),
                          self.first + 1)  # fmt: skip

    def _open(self, bet: RecordedBet, state: State, turn: int) -> bool:
        """Whether ``bet`` stands at ``turn`` in ``state``."""
        if bet.placed_after >= turn:
            return False
        if bet.kind is not BetKind.STAY:
            return bet.placed_after == turn - 1
        assert bet.rank is not None
        copies, after = state[self.ranks.index(bet.rank)]
        return copies > 0 and self.times[bet.rank].index(bet.placed_after) >= after

    def _trim(self, state: State, turn: int) -> State:
        """The state with every rank no bet can still use from ``turn`` on counted among
        the others (copies 0)."""
        if any(b.rank is None and b.placed_after >= turn - 1 for b in self.bets):
            return state
        needed = {b.rank for b in self.bets if b.rank is not None
                  and (b.placed_after >= turn or self._open(b, state, turn))}  # fmt: skip
        return tuple(s if r in needed else (0, 0) for r, s in zip(self.ranks, state, strict=True))

    def turn_net(self, state: State, turn: int, loser: int, winner: int,
                 settle: TurnSettlements) -> int:  # fmt: skip
        """The punters' net of the bets this turn decides, times ``scale``."""
        net = Fraction(0)
        for bet in self.bets:
            if not self._open(bet, state, turn):
                continue
            if bet.rank is None:
                assert settle.winner is not None
                if settle.winner.null or loser == winner:
                    continue
                net += bet.stake * (1 if winner > loser else -1)
                continue
            net += bet.stake * _rank_payoff(bet, self.order[bet.rank], loser, winner, settle)
        scaled = net * self.scale
        assert scaled.denominator == 1
        return int(scaled)

    def moved(self, state: State, turn: int, dealt: Iterable[int]) -> State:
        """The state once the ranks ``dealt`` (deck order indices) are dealt in ``turn``."""
        after = list(state)
        for rank_index in dealt:
            if rank_index == OTHER:
                continue
            i = self.ranks.index(self.start.ranks[rank_index])
            copies, _ = after[i]
            times = self.times[self.ranks[i]]
            after[i] = (copies - 1, sum(1 for t in times if t < turn))
        return self._trim(tuple(after), turn + 1)

    def pairs(self, state: State, cards: int) -> Iterable[tuple[int, int, int]]:
        """Every (loser, winner, ordered pairs of cards) of the next turn; ranks as deck
        order indices, ``OTHER`` for the others."""
        counts = [(self.order[r], s[0]) for r, s in zip(self.ranks, state, strict=True) if s[0]]
        others = cards - sum(c for _, c in counts)
        classes = [*counts, (OTHER, others)] if others else counts
        if cards == 1:
            for a, c in classes:
                yield a, OTHER, c
            return
        for a, c_a in classes:
            for b, c_b in classes:
                ways = c_a * (c_a - 1) if a == b else c_a * c_b
                if ways:
                    yield a, b, ways

    def law(self) -> Distribution:
        """The punter's total result over the turns seen, over every order of the cards."""
        layer: dict[State, dict[int, int]] = {self.initial(): {0: 1}}
        for turn in range(self.first + 1, self.last + 1):
            settle, cards = self.settlements(turn), self.cards(turn)
            nxt: dict[State, dict[int, int]] = {}
            for state, values in layer.items():
                for loser, winner, ways in self.pairs(state, cards):
                    net = self.turn_net(state, turn, loser, winner, settle)
                    target = nxt.setdefault(self.moved(state, turn, (loser, winner)), {})
                    for value, count in values.items():
                        target[value + net] = target.get(value + net, 0) + count * ways
            layer = nxt
        pairs = [pair for values in layer.values() for pair in values.items()]
        return Distribution.on_grid(Fraction(1, self.scale), (v for v, _ in pairs),
                                    (c for _, c in pairs), sum(c for _, c in pairs))  # fmt: skip

    def cost(self, allowance: list[int] | None = None, *, above: float = MAX_SECONDS) -> Cost:
        """The walk's work: the bound below, and when that passes ``above`` (it may by
        tens of times: its states and totals are each at their most at every turn) the
        states followed for real without their totals (``dry``), while ``allowance``
        (pairs visited, shared by the deals of one audit) lasts. Kept once found."""
        if self._cost is None:
            self._cost = self._bound()
        found = self._cost
        if (
            above < found.seconds < REFINED_UP_TO * MAX_SECONDS
            and not self._refined
            and allowance
            and allowance[0] > 0
        ):
            self._refined = True
            dry = self.dry(most_visits=allowance[0])
            if dry is not None:
                visits, steps = dry
                allowance[0] -= visits
                visit = VISIT_SECONDS + VISIT_BET_SECONDS * len(self.bets) ** 2
                seconds = visits * visit + steps * TOTAL_SECONDS
                self._cost = Cost(seconds=min(seconds, found.seconds), bytes=found.bytes)
        return self._cost

    def _biggest(self) -> Fraction:
        """The largest payoff, by size, of any settlement of the turns walked (1 at least)."""
        biggest: Fraction = max([Fraction(1)] + [abs(s.payoff) for t in range(
            self.first + 1, self.last + 1) for s in _three(self.settlements(t))])  # fmt: skip
        return biggest

    def _totals(self, bets: Sequence[RecordedBet], biggest: Fraction) -> int:
        """The totals a state may hold once ``bets`` are decided: the grid within their
        stakes times ``biggest`` either way, or four values a bet, the fewer."""
        width = sum(b.stake for b in bets) * biggest * self.scale * 2 + 1
        totals: int = min(int(width) + 1, 4 ** min(len(bets), 40))
        return totals

    def _bound(self) -> Cost:
        """An upper bound on the walk's work, turn by turn: the states (the copies of the
        ranks followed then, whose sum has fallen by at most two a turn, times their
        placements), the pairs of classes a state deals, the totals a state holds."""
        totals = self._totals(self.bets, self._biggest())
        steps = 0.0
        for turn in range(self.first + 1, self.last + 1):
            high = any(b.rank is None and b.placed_after >= turn - 1 for b in self.bets)
            followed = [r for r in self.ranks if high or any(
                b.rank == r and (b.kind is BetKind.STAY or b.placed_after >= turn - 1)
                for b in self.bets)]  # fmt: skip
            copies = [self.start.left[self.order[r]] for r in followed]
            vectors = _vectors(tuple(copies), 2 * (turn - 1 - self.first))
            states = vectors * prod(len(self.times[r]) + 1 for r in followed)
            if not high:
                states = min(states, prod(self._rank_states(r, turn) for r in followed))
            steps += float(states) * (len(followed) + 1) ** 2 * totals
        return Cost(seconds=steps * STEP_SECONDS, bytes=steps / max(self.last - self.first, 1)
                    * 50)  # fmt: skip

    def bounds(self) -> Bounds:
        """The walk's law, bounded before it is walked: on the grid of ``1/scale``,
        within the stakes times the largest payoff either way, as many values as that
        grid or four a bet (unsettled, won, lost, split), or the sums of what each bet
        may pay, the fewest; and a total of at most the ordered pairs of cards of each turn."""
        reach = sum(b.stake for b in self.bets) * self._biggest()
        values = min(int(2 * reach * self.scale) + 1, 4 ** min(len(self.bets), 40))
        sums = {0}  # each bet is decided once: its law's values are sums of one of each
        for bet in self.bets:
            paid = {0} | {int(bet.stake * self.scale * p) for p in self._payoffs(bet)}
            if len(sums) * len(paid) > SUMSET_STEPS:
                break
            sums = {v + w for v in sums for w in paid}
        else:
            values = min(values, len(sums))
        bits = sum(2 * self.cards(t).bit_length() for t in range(self.first + 1, self.last + 1))
        return Fraction(1, self.scale), -reach, reach, values, bits

    def _payoffs(self, bet: RecordedBet) -> set[Fraction]:
        """What one unit of ``bet`` may pay when it is decided."""
        if bet.rank is None:
            return {Fraction(1), Fraction(-1)}
        last = self.last if bet.kind is BetKind.STAY else bet.placed_after + 1
        kinds = (Kind.KILLED, Kind.GIVEN, Kind.PLIE)
        return {side_payoff(s, side=bet.side, kind=k) for t in range(bet.placed_after + 1, last + 1)
                for k, s in zip(kinds, _three_kinds(self.settlements(t)), strict=True)
                if s is not None}  # fmt: skip

    def dry(self, *, most_visits: int) -> tuple[int, float] | None:
        """The walk's states followed without their totals: the pairs it visits, and an
        upper bound on the (pair, total) steps, each state's totals bounded by the bets
        that may have been decided before it (4 values each, within their width).
        ``None`` once more than ``most_visits`` pairs would be visited."""
        biggest = self._biggest()
        layer: set[State] = {self.initial()}
        visits, steps = 0, 0.0
        for turn in range(self.first + 1, self.last + 1):
            totals = self._totals([b for b in self.bets if b.placed_after < turn - 1], biggest)
            cards, nxt = self.cards(turn), set()
            for state in layer:
                for loser, winner, _ways in self.pairs(state, cards):
                    visits += 1
                    steps += totals
                    nxt.add(self.moved(state, turn, (loser, winner)))
                if visits > most_visits:
                    return None
            layer = nxt
        return visits, steps

    def _rank_states(self, rank: str, turn: int) -> int:
        """The states one rank can be in at ``turn`` (no high-card bet standing): any
        copies and placements while a bet on it is still to be placed; else counted
        among the others, or still open after the last placement it was dealt after
        (its copies fixed since its first placement when that is the start)."""
        copies, times = self.start.left[self.order[rank]], self.times[rank]
        if any(b.rank == rank and b.placed_after >= turn - 1 for b in self.bets):
            return (copies + 1) * (len(times) + 1)
        return 1 + sum(1 if i == 0 and times[0] <= self.first else copies + 1
                       for i in range(len(times)))  # fmt: skip


def _three(settle: TurnSettlements) -> list[Any]:
    return [s for s in _three_kinds(settle) if s is not None]


def _three_kinds(settle: TurnSettlements) -> tuple[Any, Any, Any]:
    return settle.loser, settle.winner, settle.split


def _vectors(copies: tuple[int, ...], fallen: int) -> int:
    """The vectors ``0 <= v <= copies`` whose sum is at most ``fallen`` below ``sum(copies)``."""
    ways = [1]
    for most in copies:  # the generating function prod (1 + x + ... + x^most), by the sum
        ways = [sum(ways[t - k] for k in range(most + 1) if 0 <= t - k < len(ways))
                for t in range(len(ways) + most)]  # fmt: skip
    return sum(ways[max(len(ways) - 1 - fallen, 0) :])


def _rank_payoff(bet: RecordedBet, rank: int, loser: int, winner: int,
                 settle: TurnSettlements) -> Fraction:  # fmt: skip
    """One unit of a bet on ``rank`` at a turn dealing ``loser`` and ``winner``."""
    hits = (loser == rank, winner == rank)
    if hits == (False, False):
        return Fraction(0)
    if hits == (True, True):
        kind, settlement = Kind.PLIE, settle.split
    elif hits[0]:
        kind, settlement = Kind.KILLED, settle.loser
    else:
        kind, settlement = Kind.GIVEN, settle.winner
    assert settlement is not None
    return side_payoff(settlement, side=bet.side, kind=kind)


def ledger_law(case: Case, bets: str | Sequence[RecordedBet]) -> tuple[Fraction, Distribution]:
    """The punter's total result of the recorded ``bets`` along the cards seen of
    ``case``, and its law under fair dealing given the cards seen before the first bet.

    >>> from shtoss_exact import Case
    >>> deal = Case.from_seen("5h Ks 5d 9c 2s", game="faro")
    >>> total, law = ledger_law(deal, "5@0")  # won at turn 1: a 5 came as the winner
    >>> total, law[1] == law[-1] == Fraction(2257, 20825)  # won (or lost) within 2 turns
    (Fraction(1, 1), True)
    """
    found = _deal(case, bets, number=1)
    return found.total, found.law


def _deal(case: Case, bets: str | Sequence[RecordedBet], *, number: int) -> DealLedger:
    ledger, walk = _prepared(case, bets)
    return DealLedger(deal=number, ledger=ledger, law=walk.law())


def _prepared(
    case: Case, bets: str | Sequence[RecordedBet], allowance: list[int] | None = None
) -> tuple[Ledger, _Walk]:
    """One deal's recorded bets settled, and its walk, its own cost checked."""
    from shtoss_exact.case.ledger import settle_bets
    from shtoss_exact.case.state import Case as CaseType

    ledger = settle_bets(case, bets)
    recorded = tuple(settled.bet for settled in ledger.bets)
    if not recorded:
        raise ShtossError(_("no recorded bet: allowed 1 bet or more, such as 'K:stay:1@0'"))
    assert case.seen is not None
    soda = 1 if case.game.soda else 0
    first = min(b.placed_after for b in recorded)
    start = CaseType.from_seen(case.seen[: soda + 2 * first], game=case.game, deck=case.deck)
    walk = _Walk(start, recorded, last_turn=case.turns_dealt)
    check_cost(
        walk.cost([DRY_VISITS] if allowance is None else allowance),
        what=_("the law of {recorded_count} recorded bets over {turns_dealt} turns").format(
            recorded_count=len(recorded), turns_dealt=case.turns_dealt - first
        ),
        advice=_("audit fewer bets or fewer turns, or bets placed later"),
    )
    return ledger, walk


def lower_tail(law: Distribution, at: Fraction) -> Fraction:
    """``P(value <= at)``, exactly."""
    return law.probability(lambda v: v <= at)


def lower_critical(law: Distribution, alpha: Fraction) -> tuple[Fraction | None, Fraction]:
    """The greatest value ``c`` with ``P(value <= c) <= alpha`` (``None``: no value is
    so rare), and that probability (the size).

    >>> coin = Distribution.of({-1: Fraction(1, 4), 0: Fraction(1, 4), 1: Fraction(1, 2)})
    >>> lower_critical(coin, Fraction(1, 3)), lower_critical(coin, Fraction(1, 5))
    ((Fraction(-1, 1), Fraction(1, 4)), (None, Fraction(0, 1)))
    """
    critical: Fraction | None = None
    tail = Fraction(0)
    for value, p in law.items():
        if tail + p > alpha:
            break
        tail += p
        critical = value
    return critical, tail


@dataclass(frozen=True)
class LedgerAudit(Record):
    """The ledger audit of one deal or several (see ``audit_ledger``)."""

    deals: tuple[DealLedger, ...]
    alpha: Fraction
    law: Distribution
    p_value: Fraction
    critical: Fraction | None
    size: Fraction

    __hash__ = frozen_hash

    @property
    def total(self) -> Fraction:
        """The punter's total result of the recorded bets, over all the deals."""
        return sum((d.total for d in self.deals), Fraction(0))

    @property
    def rejected(self) -> bool:
        """Whether the test rejects fair dealing: the total at or below the critical value."""
        return self.critical is not None and self.total <= self.critical

    def to_dict(self) -> dict[str, Any]:
        fields = exact_fields({"alpha": self.alpha, "mean": self.law.mean,
                               "p_value": self.p_value, "size": self.size})  # fmt: skip
        return {
            "deals": len(self.deals),
            "total": exact_str(self.total),
            **fields,
            "critical": None if self.critical is None else exact_str(self.critical),
            "rejected": self.rejected,
            "by_deal": [d.to_dict() for d in self.deals],
            "distribution": self.law.to_dict(),
        }


def audit_ledger(
    deals: Iterable[tuple[str, str | Sequence[RecordedBet]]],
    *,
    alpha: object = Fraction(1, 20),
    game: str = "faro",
    scheme: SchemeArgument | None = None,
    deck: int = 52,
) -> LedgerAudit:
    """The ledger audit of ``deals``, each ``(cards seen, recorded bets)``: the exact
    p-value that the punter's total result is as low under fair dealing.

    >>> audit = audit_ledger([("5h Ks 5d 9c 2s", "9@0 K@0")])  # both lost
    >>> audit.total, audit.p_value, audit.critical, audit.size
    (Fraction(-2, 1), Fraction(43, 4165), Fraction(-3, 2), Fraction(733, 62475))
    """
    from shtoss_exact.case.state import Case

    level = check_alpha(alpha)
    if isinstance(deals, str | bytes) or not hasattr(deals, "__iter__"):
        raise ShtossError(
            _("deals={deals}: allowed a list of (cards seen, bets)").format(deals=quoted(deals, 20))
        )
    prepared: list[tuple[Ledger, _Walk]] = []
    allowance = [DRY_VISITS]  # the dry runs of all the deals, together
    for number, item in enumerate(deals, start=1):
        if len(prepared) >= MAX_DEALS:
            raise ShtossError(
                _("more than {max_deals} deals: allowed at most {max_deals}").format(
                    max_deals=MAX_DEALS
                )
            )
        if not isinstance(item, tuple | list) or len(item) != 2:
            raise ShtossError(
                _("deal {number}: {item}: allowed (cards seen, bets)").format(
                    number=number, item=quoted(item, 40)
                )
            )
        seen, bets = item
        try:
            case = Case.from_seen(seen, game=game, scheme=scheme, deck=deck)
            prepared.append(_prepared(case, bets, allowance))
        except ShtossError as error:
            raise ShtossError(
                _("deal {number}: {error}").format(number=number, error=error)
            ) from None
    if not prepared:
        raise ShtossError(_("no deal: allowed the cards seen and bets of 1 deal or more"))
    # Every deal's walk and the sum of their laws, estimated before any walk is made:
    # each deal alone within the budget may still be too many together.
    walks = [walk for _ledger, walk in prepared]
    summed = _sum_cost([w.bounds() for w in walks])
    if sum(w.cost().seconds for w in walks) + summed.seconds > MAX_SECONDS:
        # too many by their bounds: the dearest walks followed dry (often 3 times cheaper)
        for walk in sorted(walks, key=lambda w: -w.cost().seconds):
            walk.cost(allowance, above=0.0)
    check_cost(
        sum((walk.cost() for walk in walks), Cost()) + summed,
        what=_("the ledger audit of {deals_count} deals").format(deals_count=len(walks)),
        advice=_("audit fewer deals or fewer bets"),
    )
    found = [DealLedger(deal=number, ledger=ledger, law=walk.law())
             for number, (ledger, walk) in enumerate(prepared, start=1)]  # fmt: skip
    law = _sum(tuple(d.law for d in found))
    observed = sum((d.total for d in found), Fraction(0))
    critical, size = lower_critical(law, level)
    return LedgerAudit(deals=tuple(found), alpha=level, law=law,
                       p_value=lower_tail(law, observed), critical=critical,
                       size=size)  # fmt: skip


Bounds = tuple[Fraction, Fraction, Fraction, int, int]
"""A deal's law, bounded: its grid's unit, its least and greatest values, how many
values it holds at most, the bits of its total."""


def _sum_cost(bounds: Sequence[Bounds]) -> Cost:
    """The sums of the deals' laws one after another: each a product of the lengths so
    far, into at most the grid between the extremes (the values of a sum fall on the
    common grid of its terms: a sum of laws is not the product of their lengths)."""
    cost = Cost()
    unit, low, high, length, bits = bounds[0]
    for one_unit, one_low, one_high, one_length, one_bits in bounds[1:]:
        unit = Fraction(
            gcd(unit.numerator * one_unit.denominator, one_unit.numerator * unit.denominator),
            unit.denominator * one_unit.denominator,
        )
        low, high = low + one_low, high + one_high
        outcomes = min(length * one_length, int((high - low) / unit) + 1)
        cost += sum_cost(length * one_length, outcomes, (bits, one_bits))
        length, bits = outcomes, bits + one_bits
    return cost


def _sum(laws: tuple[Distribution, ...]) -> Distribution:
    """The law of the sum of independent deals, its cost checked up front."""
    bounds = [(law.unit, law.support[0], law.support[-1], len(law), law.total.bit_length())
              for law in laws]  # fmt: skip
    check_cost(
        _sum_cost(bounds),
        what=_("the sum of the laws of {laws_count} deals").format(laws_count=len(laws)),
        advice=_("audit fewer deals"),
    )
    total = laws[0]
    for law in laws[1:]:
        total = total + law
    return total
