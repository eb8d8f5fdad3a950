"""The punter's recorded bets in a deal being dealt, settled as the cards fall.

A recorded bet is written ``RANK:KIND:STAKE@T`` — a bet of ``KIND`` (``stay``,
``one-turn``, ``coppered`` or ``high-card``, as ``case --bet-kind`` names them) on
``RANK`` for ``STAKE`` units (an exact number), placed after ``T`` turns had been
dealt. Every part but the rank may be left out (or left empty): ``KIND`` defaults
to ``stay``, ``STAKE`` to 1 and ``T`` to 0 (before the first turn, the soda still to
come in Faro and Stuss), so ``5``, ``5@1``, ``5:2@1``, ``5::2@1`` and ``5:stay:2@1``
are all bets; high card names no rank (``high-card:2@5``, ``high-card@5``). Several
bets are separated by commas or spaces.

Each turn of the cards seen settles by the game's own rule for that place in the
deal — the same settlements the odds of ``case`` count (``turn_settlements``): a
bet's rank dealt as the turn's loser alone, as its winner alone, or as both (a
split); a coppered bet takes the other side of a loser or a winner, and a split
costs it what it costs an open bet. A one-turn bet whose rank the next turn does not
deal comes back; high card wins when the next turn's winner outranks its loser,
loses on the reverse, and a pair is a push. A bet still standing when no turn is
left is dead (its rank's last copy is the hock): its stake comes back.

The expected ``result`` of each bet over every order of the cards still to come is
its ``ev`` at placement, the odds ``case`` prints for that state: the tests check it
by brute force.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from shtoss_exact.case.rules import BetKind, Side, side_payoff, turn_settlements
from shtoss_exact.engine import Kind
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.frozen import dataclass
from shtoss_exact.i18n import _, ngettext
from shtoss_exact.numbers import exact_number, exact_str, whole_number
from shtoss_exact.records import Record

if TYPE_CHECKING:
    from shtoss_exact.cards import Card
    from shtoss_exact.case.state import Case

__all__ = ["Ledger", "RecordedBet", "parse_bets", "settle_bets"]

MAX_BETS = 200
"""Most recorded bets read at once."""

MAX_BETS_TEXT = 4000
"""Longest text of recorded bets read."""

KINDS = ("stay", "one-turn", "coppered", "high-card")

MAX_TURN = 999
"""Most turns dealt a bet may name as placed after (``@999``: three digits)."""

_SEPARATORS = re.compile(r"[\s,;]+")

STATUSES = ("open", "won", "lost", "split", "push", "returned", "dead")
"""How a recorded bet stands: ``open`` (not decided yet), ``won``, ``lost``, ``split``
(both cards of its turn were of its rank), ``push`` (decided with no money changing
hands: a high-card pair, a rule paying 0), ``returned`` (a one-turn bet its turn did
not decide), ``dead`` (its rank fell on a dead card, or no turn is left)."""


@dataclass(frozen=True)
class RecordedBet:
    """One recorded bet: ``rank`` (``None`` for high card), ``side``, ``kind`` (stay,
    one-turn or high-card), ``stake`` and ``placed_after`` (turns dealt when placed)."""

    rank: str | None
    side: Side
    kind: BetKind
    stake: Fraction
    placed_after: int

    def __post_init__(self) -> None:
        from shtoss_exact.cards import parse_rank
        from shtoss_exact.case.rules import as_bet_kind, as_side

        kind, side = as_bet_kind(self.kind), as_side(self.side)
        if self.rank is None and kind is not BetKind.HIGH_CARD:
            raise ShtossError(_(
                    "a {value} bet with rank=None: allowed a rank such as '7' (a high-card bet, "
                    "kind='high-card', names none)"
                ).format(value=kind.value))  # fmt: skip
        if self.rank is not None and kind is BetKind.HIGH_CARD:
            raise ShtossError(
                _("a high-card bet names no rank, got rank={rank}: allowed rank=None").format(
                    rank=quoted(self.rank)
                )
            )
        if kind is BetKind.HIGH_CARD and side is Side.COPPERED:
            raise ShtossError(_(
                    "a high-card bet is not coppered: allowed side='open' (it wins when the winner "
                    "outranks the loser)"
                ))  # fmt: skip
        rank = None if self.rank is None else parse_rank(self.rank)
        stake = exact_number(self.stake, name="stake")
        if stake <= 0:
            raise ShtossError(
                _("stake={exact_str}: allowed a stake > 0").format(exact_str=exact_str(stake)[:40])
            )
        placed = whole_number(self.placed_after, name="placed_after", minimum=0, maximum=MAX_TURN)
        for name, value in (("rank", rank), ("side", side), ("kind", kind), ("stake", stake),
                            ("placed_after", placed)):  # fmt: skip
            object.__setattr__(self, name, value)

    @property
    def text(self) -> str:
        """The bet in the syntax of ``parse_bets``."""
        name = "coppered" if self.side is Side.COPPERED else self.kind.value
        head = "high-card" if self.rank is None else f"{self.rank}:{name}"
        return f"{head}:{exact_str(self.stake)}@{self.placed_after}"


def parse_bets(text: str, *, ranks: Sequence[str]) -> tuple[RecordedBet, ...]:
    """Recorded bets from text such as ``"K:stay:1@2, 5:coppered:1/2@3 high-card@4"``.

    >>> [b.text for b in parse_bets("K@2 5:one-turn:3/2 5:2@1", ranks=("5", "K"))]
    ['K:stay:1@2', '5:one-turn:3/2@0', '5:stay:2@1']
    """
    from shtoss_exact.cards import parse_rank

    if not isinstance(text, str):
        raise ShtossError(
            _("bets={text} is a {name}: allowed text").format(
                text=quoted(text, 20), name=type(text).__name__
            )
        )
    if len(text) > MAX_BETS_TEXT:
        raise ShtossError(
            _("bets: {text_count} characters; allowed at most {max_bets_text}").format(
                text_count=len(text), max_bets_text=MAX_BETS_TEXT
            )
        )
    tokens = [token for token in _SEPARATORS.split(text) if token]
    if len(tokens) > MAX_BETS:
        raise ShtossError(
            _("bets: {tokens_count} bets; allowed at most {max_bets}").format(
                tokens_count=len(tokens), max_bets=MAX_BETS
            )
        )
    bets = []
    for token in tokens:
        head, at, turns = token.partition("@")
        placed = 0
        if at:
            if not (turns.isascii() and turns.isdigit()) or len(turns) > len(str(MAX_TURN)):
                raise ShtossError(
                    _("bet {token}: the turn after @ must be a whole number of turns dealt").format(
                        token=quoted(token)
                    )
                )
            placed = int(turns)
        parts = head.split(":")
        if parts[0].lower() == "high-card":
            rank, rest = None, ["high-card", *parts[1:]]
        else:
            rank, rest = parse_rank(parts[0]), _kind_first(parts[1:])
            if rank not in ranks:
                raise ShtossError(
                    _(
                        "bet {token}: rank {rank} is not in the deck: allowed ranks {ranks}..A"
                    ).format(token=quoted(token), rank=rank, ranks=ranks[0])
                )
        kind = rest[0].strip().lower()
        if kind not in KINDS or (kind == "high-card") != (rank is None) or len(rest) > 2:
            raise ShtossError(
                _(
                    "bet {token} is not RANK:KIND:STAKE@TURNS (KIND one of {kinds}) or "
                    "high-card:STAKE@TURNS"
                ).format(token=quoted(token), kinds=", ".join(KINDS[:3]))
            )
        given = rest[1].strip() if len(rest) > 1 else ""
        stake = exact_number(given, name=f"bet {token[:40]!r} stake") if given else 1
        if stake <= 0:
            raise ShtossError(_("bet {token}: allowed a stake > 0").format(token=quoted(token)))
        side = Side.COPPERED if kind == "coppered" else Side.OPEN
        the_kind = BetKind.STAY if kind == "coppered" else BetKind(kind)
        bets.append(RecordedBet(rank, side, the_kind, Fraction(stake), placed))
    return tuple(bets)


def _kind_first(parts: list[str]) -> list[str]:
    """A rank bet's parts after the rank as ``[KIND, STAKE]``, each part that is left
    out or empty its default: ``stay`` (``5``, ``5:2``, ``5::2``), a stake of 1 (``5:one-turn``,
    ``5:one-turn:``). A lone part that starts as a number does (no kind does) is the stake."""
    if len(parts) == 1 and parts[0].strip()[:1] in tuple("0123456789+-."):
        parts = ["", *parts]
    if not parts or not parts[0].strip():
        parts = ["stay", *parts[1:]]
    return parts


@dataclass(frozen=True, kw_only=True)
class Settled:
    """How one recorded bet stands: its ``status`` (one of ``STATUSES``), the turn that
    settled it (``None`` while open), the punter's ``result`` and its ``ev`` when placed."""

    bet: RecordedBet
    ev: Fraction
    status: str
    settled_at: int | None
    result: Fraction

    def to_dict(self) -> dict[str, Any]:
        return {
            "notation": self.bet.text,
            "rank": self.bet.rank,
            "side": self.bet.side.value,
            "kind": self.bet.kind.value,
            "stake": exact_str(self.bet.stake),
            "placed_after": self.bet.placed_after,
            "ev": exact_str(self.ev),
            "status": self.status,
            "settled_at": self.settled_at,
            "result": exact_str(self.result),
        }


@dataclass(frozen=True, repr=False, kw_only=True)
class Ledger(Record):
    """The recorded bets, each settled along the cards seen, and the banker's take so
    far (minus the punters' total result)."""

    bets: tuple[Settled, ...]

    @property
    def banker_take(self) -> Fraction:
        return -sum((bet.result for bet in self.bets), Fraction(0))

    @property
    def open_stakes(self) -> Fraction:
        return sum((b.bet.stake for b in self.bets if b.status == "open"), Fraction(0))

    _rows = "recorded_bets"  # the natural rows: to_frame() and the displays

    def to_dict(self) -> dict[str, Any]:
        """``recorded_bets`` (one row each), ``banker_take``, ``open_stakes``."""
        return {
            "recorded_bets": [bet.to_dict() for bet in self.bets],
            "banker_take": exact_str(self.banker_take),
            "open_stakes": exact_str(self.open_stakes),
        }


def settle_bets(case: Case, bets: str | Sequence[RecordedBet]) -> Ledger:
    """Settle recorded ``bets`` along the cards seen of ``case`` (built with ``from_seen``).

    >>> from shtoss_exact import Case
    >>> deal = Case.from_seen("5h Ks 5d 9c 2s 9d 5s", game="faro")
    >>> ledger = settle_bets(deal, "5:stay:2@0 K:coppered@0 9:one-turn@2 high-card@1")
    >>> [(b.status, str(b.result)) for b in ledger.bets], ledger.banker_take
    ([('won', '2'), ('won', '1'), ('lost', '-1'), ('lost', '-1')], Fraction(-1, 1))
    """
    from shtoss_exact.case.state import Case as CaseType

    if not isinstance(case, CaseType):
        raise ShtossError(
            _("case={case} is a {name}: allowed a Case such as Case.from_seen('5h Ks')").format(
                case=quoted(case), name=type(case).__name__
            )
        )
    if case.seen is None:
        raise ShtossError(_(
                "recorded bets are settled along the cards seen (seen=): a case alone has no deal "
                "order"
            ))  # fmt: skip
    recorded = parse_bets(bets, ranks=case.ranks) if isinstance(bets, str) else _recorded(bets)
    return Ledger(bets=tuple(_settle(case, bet) for bet in recorded))


def _recorded(bets: object) -> tuple[RecordedBet, ...]:
    """Recorded bets given as a list or tuple of ``RecordedBet``."""
    allowed = "allowed text such as 'K:stay:1@2 high-card@4' or a list of RecordedBet"
    if not isinstance(bets, list | tuple):
        raise ShtossError(
            _("bets={bets} is a {name}: {allowed}").format(
                bets=quoted(bets, 20), name=type(bets).__name__, allowed=allowed
            )
        )
    if len(bets) > MAX_BETS:
        raise ShtossError(
            _("bets: {bets_count} bets; allowed at most {max_bets}").format(
                bets_count=len(bets), max_bets=MAX_BETS
            )
        )
    for i, bet in enumerate(bets):
        if not isinstance(bet, RecordedBet):
            raise ShtossError(
                _("bets[{i}]={bet} is a {name}: {allowed}").format(
                    i=i, bet=quoted(bet, 20), name=type(bet).__name__, allowed=allowed
                )
            )
    return tuple(bets)


def _settle(case: Case, bet: RecordedBet) -> Settled:
    if bet.placed_after > case.turns_dealt:
        raise ShtossError(
            ngettext(
                "bet {text}: placed after turn {placed_after}, but {turns_dealt} turn is dealt",
                "bet {text}: placed after turn {placed_after}, but {turns_dealt} turns are dealt",
                case.turns_dealt,
            ).format(text=bet.text, placed_after=bet.placed_after, turns_dealt=case.turns_dealt)
        )
    assert case.seen is not None
    soda = 1 if case.game.soda else 0
    placed = case.at_turn(bet.placed_after)  # after the soda when it is seen (bets follow it)
    if bet.rank is None:
        high = placed.high_card()
        if high is None:
            raise ShtossError(
                _("bet {text}: no turn is left to deal after it").format(text=bet.text)
            )
        ev = high.ev * bet.stake
    else:
        try:
            ev = placed.bet(bet.rank, side=bet.side, kind=bet.kind).ev * bet.stake
        except ShtossError as refused:  # named by the bet: one among up to 200
            raise ShtossError(
                _("bet {text}: {problem}").format(text=bet.text, problem=refused)
            ) from None
    cards = case.seen
    total = len(case.ranks) * 4 - soda
    for turn in range(bet.placed_after + 1, case.turns_dealt + 1):
        first = soda + 2 * (turn - 1)
        outcome = _turn(case, bet, cards[first], cards[first + 1], total - 2 * (turn - 1), turn)
        if outcome is not None:
            status, result = outcome
            return Settled(
                bet=bet, ev=ev, status=status, settled_at=turn, result=result * bet.stake
            )
    done = case.turns_left == 0
    return Settled(
        bet=bet, ev=ev, status="dead" if done else "open", settled_at=None, result=Fraction(0)
    )


def _turn(case: Case, bet: RecordedBet, loser: Card, winner: Card, cards: int, turn: int
          ) -> tuple[str, Fraction] | None:  # fmt: skip
    """How the turn ``turn`` (``loser``, ``winner``, dealt from ``cards``) settles one
    unit of ``bet``; ``None`` when it leaves the bet standing."""
    settle = turn_settlements(case.game.scheme, cards=cards, turns=turn - 1)
    if bet.rank is None:
        assert settle.winner is not None
        if settle.winner.null:
            return "dead", Fraction(0)
        order = case.ranks
        low, high = order.index(loser.rank), order.index(winner.rank)
        if low == high:
            return "push", Fraction(0)
        return ("won", Fraction(1)) if high > low else ("lost", Fraction(-1))
    hits = (loser.rank == bet.rank, winner.rank == bet.rank)
    if hits == (False, False):
        return ("returned", Fraction(0)) if bet.kind is BetKind.ONE_TURN else None
    if hits == (True, True):
        kind, settlement = Kind.PLIE, settle.split
    elif hits[0]:
        kind, settlement = Kind.KILLED, settle.loser
    else:
        kind, settlement = Kind.GIVEN, settle.winner
    assert settlement is not None
    if settlement.null:
        return "dead", Fraction(0)
    result = side_payoff(settlement, side=bet.side, kind=kind)
    if kind is Kind.PLIE:
        return "split", result
    if not result:
        return "push", result
    return ("won" if result > 0 else "lost"), result
