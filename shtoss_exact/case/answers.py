"""Every answer about a deal in progress at once: the record the ``case`` command prints.

``case_report`` makes one ``CaseReport``: the state, the bets of one side and kind on
every live rank, high card (Faro, Stuss), the best bet and every bet with ``ev >= 0``,
calling the turn with three cards left, and on demand the whole rest of the deal under
a pattern and the case after each turn of the cards seen (the replay).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from shtoss_exact.case.bets import CaseBet, TurnCall
from shtoss_exact.case.rules import BET_KINDS, BetKind, Side, as_bet_kind, as_side
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.frozen import dataclass
from shtoss_exact.i18n import _, ngettext
from shtoss_exact.pictures import plot_of
from shtoss_exact.records import Record

if TYPE_CHECKING:
    from shtoss_exact.case.deal import WholeDeal
    from shtoss_exact.case.pattern import Pattern
    from shtoss_exact.case.state import Case


@dataclass(frozen=True, repr=False, kw_only=True)
class CaseAnswers(Record):
    """The answers for one state: the bets of ``side`` and ``kind`` on each live rank,
    high card, the best bet, every bet with ``ev >= 0``, calling the turn; on demand
    (``bet_kinds``) the bets of every bet kind on each live rank, keyed by its word."""

    case: Case
    side: Side
    kind: BetKind
    bets: tuple[CaseBet, ...]
    bet_kinds: tuple[tuple[str, tuple[CaseBet, ...]], ...] | None = None
    high_card: CaseBet | None
    best_bet: CaseBet | None
    fair_or_better: tuple[CaseBet, ...]
    call: TurnCall | None

    def to_dict(self) -> dict[str, Any]:
        """The state's record, then ``side``, ``kind``, ``ranks``, ``bet_kinds`` (on
        demand), ``high_card``, ``best_bet``, ``fair_or_better``, ``call_the_turn``."""
        kinds = {}
        if self.bet_kinds is not None:
            kinds["bet_kinds"] = {word: [bet.to_dict() for bet in bets]
                                  for word, bets in self.bet_kinds}  # fmt: skip
        return {
            **self.case.to_dict(),
            "side": self.side.value,
            "kind": self.kind.value,
            "ranks": [bet.to_dict() for bet in self.bets],
            **kinds,
            "high_card": None if self.high_card is None else self.high_card.to_dict(),
            "best_bet": None if self.best_bet is None else self.best_bet.summary(),
            "fair_or_better": [bet.summary() for bet in self.fair_or_better],
            "call_the_turn": None if self.call is None else self.call.to_dict(),
        }


def answers(case: Case, *, side: Side, kind: BetKind, pay: Fraction | int | str,
            cathop_pay: Fraction | int | str, every_kind: bool = False) -> CaseAnswers:  # fmt: skip
    """Every answer for one state (see ``CaseAnswers``): each bet counted once, in
    ``every_bet``, and every list picked from it."""
    every = case.every_bet()
    if kind is BetKind.HIGH_CARD:
        chosen: tuple[CaseBet, ...] = ()
        case.high_card()  # refuses high card outside Faro and Stuss
    else:
        chosen = case.bets(side=side, kind=kind)
        if not case.game.faro_bets and side is Side.COPPERED:
            case.bets(side=side, kind=kind)  # refuses coppering outside Faro and Stuss
    high = every[-1] if every and every[-1].kind is BetKind.HIGH_CARD else None  # it comes last
    best = case.best_bet()
    return CaseAnswers(
        case=case,
        side=side,
        kind=kind,
        bets=chosen,
        bet_kinds=_by_bet_kind(case, every) if every_kind else None,
        high_card=high,
        best_bet=best,
        fair_or_better=case.fair_or_better(),
        call=case.call_the_turn(pay=pay, cathop_pay=cathop_pay),
    )


def _by_bet_kind(case: Case, every: tuple[CaseBet, ...]
                 ) -> tuple[tuple[str, tuple[CaseBet, ...]], ...]:  # fmt: skip
    """The bets of ``every`` on the ranks, by bet kind word (``stay``, ``one-turn``, then
    ``coppered`` in Faro and Stuss): the words of ``BET_KINDS`` less high card."""
    return tuple(
        (word, tuple(bet for bet in every if bet.side is side and bet.kind is kind))
        for word, (side, kind) in BET_KINDS.items()
        if kind is not BetKind.HIGH_CARD and (case.game.faro_bets or side is Side.OPEN)
    )


@dataclass(frozen=True, repr=False, kw_only=True)
class CaseReport(Record):
    """The ``case`` command's record: the answers now, the whole deal under a pattern
    (``whole_deal``), and the answers after each turn of the cards seen (``replay``)."""

    now: CaseAnswers
    whole_deal: WholeDeal | None = None
    replay: tuple[CaseAnswers, ...] | None = None

    _rows = "ranks"  # the natural rows: to_frame() and the displays

    def to_dict(self) -> dict[str, Any]:
        """The answers now; ``whole_deal`` with a pattern; ``replay`` (one row per turn
        dealt: ``turns_dealt``, ``loser``, ``winner``, ``cards_left``, ``case``,
        ``ranks``, ``high_card``, ``best_bet``) on demand."""
        record = self.now.to_dict()
        if self.whole_deal is not None:
            record["whole_deal"] = self.whole_deal.to_dict()
        if self.replay is not None:
            record["replay"] = [_replay_row(row) for row in self.replay]
        return record

    def plot(self, ax: Any = None) -> Any:
        """The matplotlib ``Figure`` of each live rank's edge (turn by turn with a replay),
        drawn on ``ax`` if given (matplotlib: the extra ``plot``)."""
        return plot_of(self, ax)


def _replay_row(row: CaseAnswers) -> dict[str, Any]:
    """One row of the replay: the state after a turn and the answers the page shows."""
    cards = row.case.turn_cards()
    return {
        "turns_dealt": row.case.turns_dealt,
        "loser": None if cards is None else str(cards[0]),
        "winner": None if cards is None else str(cards[1]),
        "cards_left": row.case.cards_left,
        "case": row.case.case_text,
        "ranks": [bet.to_dict() for bet in row.bets],
        "high_card": None if row.high_card is None else row.high_card.to_dict(),
        "best_bet": None if row.best_bet is None else row.best_bet.summary(),
    }


def case_report(
    case: Case,
    *,
    side: Side | str = Side.OPEN,
    kind: BetKind | str = BetKind.STAY,
    pattern: Pattern | str | None = None,
    pay: Fraction | int | str = 4,
    cathop_pay: Fraction | int | str = 2,
    replay: bool = False,
    call_the_turn: bool = False,
    every_kind: bool = False,
) -> CaseReport:
    """Every answer about ``case``: the bets of ``side`` and ``kind`` now (with
    ``every_kind``, those of every bet kind too), the whole deal under ``pattern`` and,
    with ``replay``, the answers after each turn of the cards seen. ``call_the_turn``
    insists on calling the turn: it refuses a case without three cards left.

    >>> from shtoss_exact.case.state import Case
    >>> report = case_report(Case.from_case("*:0,7:2,K:1", game="faro"))
    >>> report.to_dict()["call_the_turn"]["ev_to"]
    '0'
    """
    the_side, the_kind = as_side(side), as_bet_kind(kind)
    flags = (("replay", replay), ("call_the_turn", call_the_turn), ("every_kind", every_kind))
    for name, flag in flags:
        if not isinstance(flag, bool):
            raise ShtossError(
                _("{name}={flag}: allowed True or False").format(name=name, flag=quoted(flag, 20))
            )
    if call_the_turn and (case.soda_due or case.cards_left != 3):
        raise ShtossError(
            _("calling the turn needs three cards left (loser, winner, hock): {left}").format(
                left=ngettext("{count} card left", "{count} cards left", case.cards_left).format(
                    count=case.cards_left
                )
            )
        )
    if replay and case.seen is None:
        raise ShtossError(_("a replay needs the cards seen (seen=): a case alone has no history"))
    now = answers(case, side=the_side, kind=the_kind, pay=pay, cathop_pay=cathop_pay,
                  every_kind=every_kind)  # fmt: skip
    deal = None if pattern is None else case.deal(pattern)
    rows = None
    if replay:
        rows = tuple(
            answers(state, side=the_side, kind=the_kind, pay=pay, cathop_pay=cathop_pay)
            for state in case.history()
        )
    return CaseReport(now=now, whole_deal=deal, replay=rows)
