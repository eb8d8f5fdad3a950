"""One question about a deal in progress, answered whole: the record of ``case_record``.

The ``case`` command and the casekeeper page (``shtoss_exact.serve``) both ask it: each
translates its own input (the command's options, the page's query) into these keyword
arguments, in the library's words, and sends back the record as it comes.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from shtoss_exact.case.rules import BET_KINDS, BetKind, Side
from shtoss_exact.errors import ShtossError
from shtoss_exact.i18n import _

if TYPE_CHECKING:
    from shtoss_exact.case.answers import CaseReport
    from shtoss_exact.case.ledger import RecordedBet
    from shtoss_exact.case.pattern import Pattern
    from shtoss_exact.case.rules import GameRules
    from shtoss_exact.schemes.scheme import Scheme

EVERY_KIND = "all"
"""The word for every bet kind at once (``case --bet-kind all``): ``every_kind=True``."""


def bet_kind(word: str) -> tuple[Side, BetKind]:
    """The ``side`` and ``kind`` of the bet ``word`` (a key of ``BET_KINDS``).

    >>> bet_kind("coppered")
    (<Side.COPPERED: 'coppered'>, <BetKind.STAY: 'stay'>)
    """
    try:
        return BET_KINDS[word]
    except (KeyError, TypeError):
        raise ShtossError(
            _("bet kind {word!r}: allowed {bet_kinds}").format(
                word=str(word)[:40], bet_kinds=", ".join((*BET_KINDS, EVERY_KIND))
            )
        ) from None


def bet_kind_keywords(word: str) -> dict[str, Any]:
    """The keyword arguments of ``case_record`` for the bet kind ``word``: a key of
    ``BET_KINDS`` (its ``side`` and ``kind``) or ``EVERY_KIND`` (``every_kind``, the
    stay bet in ``ranks``).

    >>> bet_kind_keywords("all")
    {'every_kind': True}
    """
    if word == EVERY_KIND:
        return {"every_kind": True}
    side, kind = bet_kind(word)
    return {"side": side, "kind": kind}


def case_record(
    *,
    game: GameRules | Scheme | str = "faro",
    scheme: Scheme | str | None = None,
    deck: int = 52,
    seen: str | None = None,
    case: str | None = None,
    side: Side | str = Side.OPEN,
    kind: BetKind | str = BetKind.STAY,
    pattern: Pattern | str | None = None,
    pay: Fraction | int | str = 4,
    cathop_pay: Fraction | int | str = 2,
    replay: bool = False,
    call_the_turn: bool = False,
    bets: str | tuple[RecordedBet, ...] | None = None,
    every_kind: bool = False,
) -> dict[str, Any]:
    """Every answer about one position at once, as a record: the case after the cards
    ``seen`` (or the copies left, ``case``), the bets of ``side`` and ``kind`` on every
    live rank (with ``every_kind``, also those of every bet kind, keyed by its word, in
    ``bet_kinds``: each bet counted once), high card, the best bet, calling the turn
    (``pay`` for three ranks, ``cathop_pay`` for a cathop), the rest of the deal under
    ``pattern``, the case after each turn (``replay``), the punter's recorded ``bets``
    settled (``"K:stay:1@0"``) and, with ``seen``, the ``audit`` kept live
    (``audit.live.live_audit``).

    >>> record = case_record(case="*:0,7:2,K:1")
    >>> record["best_bet"]["rank"], record["call_the_turn"]["kind"]
    ('K', 'cathop')
    >>> every = case_record(case="*:0,7:2,K:1", every_kind=True)["bet_kinds"]
    >>> list(every), every["coppered"][1]["ev"]
    (['stay', 'one-turn', 'coppered'], '0')
    """
    return case_result(
        game=game, scheme=scheme, deck=deck, seen=seen, case=case, side=side, kind=kind,
        pattern=pattern, pay=pay, cathop_pay=cathop_pay, replay=replay,
        call_the_turn=call_the_turn, bets=bets, every_kind=every_kind,
    )[1]  # fmt: skip


def case_result(
    *,
    game: GameRules | Scheme | str = "faro",
    scheme: Scheme | str | None = None,
    deck: int = 52,
    seen: str | None = None,
    case: str | None = None,
    side: Side | str = Side.OPEN,
    kind: BetKind | str = BetKind.STAY,
    pattern: Pattern | str | None = None,
    pay: Fraction | int | str = 4,
    cathop_pay: Fraction | int | str = 2,
    replay: bool = False,
    call_the_turn: bool = False,
    bets: str | tuple[RecordedBet, ...] | None = None,
    every_kind: bool = False,
) -> tuple[CaseReport, dict[str, Any]]:
    """``case_record``'s answer with the ``CaseReport`` it is made from: (report,
    record), the record holding the recorded ``bets`` settled too (the ``case``
    command draws the report with ``--plot``)."""
    from shtoss_exact.case.state import Case

    if seen is not None and case is not None:
        raise ShtossError(_("give seen= or case=, not both"))
    if bets is not None and seen is None:
        raise ShtossError(_("recorded bets are settled along the cards seen: give seen="))
    if case is not None:
        state = Case.from_case(case, game=game, scheme=scheme, deck=deck)
    else:
        state = Case.from_seen(seen or "", game=game, scheme=scheme, deck=deck)
    result = state.report(
        side=side,
        kind=kind,
        pattern=pattern,
        pay=pay,
        cathop_pay=cathop_pay,
        replay=replay,
        call_the_turn=call_the_turn,
        every_kind=every_kind,
    )
    record = result.to_dict()
    if seen is not None:
        from shtoss_exact.audit.live import live_audit

        record["audit"] = live_audit(state, seen)
    if bets is not None:
        from shtoss_exact.case.ledger import settle_bets

        record["ledger"] = settle_bets(state, bets).to_dict()
    return result, record
