"""The whole deal, the case kept: a deal of Faro, Stuss, Pharaon, Bassette or Stoss in
progress, and every bet a punter can make in it, exactly.

A ``Case`` is the state between two turns: the copies left of each rank (the *case*
that a casekeeper shows), the game, how many turns have been dealt, and — in Faro and
Stuss — whether the soda is still to be turned. It is built from the cards seen, from
a case (``"A:1,7:2,K:0"``) or from counts of ranks by copies left, and answers:

* every bet now (``bets``, ``bet``): open or coppered, staying until decided or for
  one turn, and high card; the best of them and every one with ``ev >= 0``;
* calling the turn with three cards left;
* the whole rest of the deal under a betting pattern (``deal``, in ``case_deal``);
* the case after each turn of the cards seen (``history``).

Before the soda is turned every answer is the average over the soda, each card of the
deck being the soda equally often. Each state's bets are counted once and kept
(``counting``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from shtoss_exact.cards import Card, parse_card
from shtoss_exact.case.bets import CaseBet, TurnCall, call_the_turn
from shtoss_exact.case.counting import counted
from shtoss_exact.case.parse import (
    FULL,
    check_whole_deal,
    left_after,
    parse_case,
    parse_counts,
    parse_seen,
    split_end,
)
from shtoss_exact.case.rules import BetKind, GameRules, Side, as_bet_kind, as_game, as_side
from shtoss_exact.deck import deck_ranks
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.frozen import dataclass
from shtoss_exact.i18n import N_, _, ngettext
from shtoss_exact.numbers import exact_number
from shtoss_exact.records import Record

if TYPE_CHECKING:
    from shtoss_exact.case.answers import CaseReport
    from shtoss_exact.case.deal import WholeDeal
    from shtoss_exact.case.pattern import Pattern
    from shtoss_exact.schemes.scheme import SchemeArgument

__all__ = ["Case"]


@dataclass(frozen=True, repr=False, kw_only=True)
class Case(Record):
    """A deal in progress, between two turns. Immutable; build it with ``from_seen``,
    ``from_case`` or ``from_counts``.

    ``left`` holds the copies left of each rank of ``deck`` in deck order (low to
    high); ``soda_due`` is true in Faro and Stuss before the soda is turned; ``soda``
    and ``seen`` are the soda and the cards seen when they are known.

    >>> case = Case.from_seen("5h Ks 5d", game="faro")
    >>> case.cards_left, case.turns_dealt, case.copies_left("5")
    (49, 1, 2)
    >>> case.bet("5", kind="one-turn").edge_per_action
    Fraction(1, 190)
    """

    game: GameRules
    deck: int
    left: tuple[int, ...]
    turns_dealt: int
    soda_due: bool = False
    soda: Card | None = None
    seen: tuple[Card, ...] | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.game, GameRules):
            raise ShtossError(
                _(
                    "game={game} is a {name}: allowed a GameRules; build a case with from_seen, "
                    "from_case or from_counts"
                ).format(game=quoted(self.game), name=type(self.game).__name__)
            )
        ranks = deck_ranks(self.deck)
        if (
            not isinstance(self.left, tuple)
            or len(self.left) != len(ranks)
            or any(
                isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= FULL
                for c in self.left
            )
        ):
            raise ShtossError(
                _(
                    "left={left}: allowed {ranks_count} whole numbers 0..{full}, one per rank of "
                    "the deck"
                ).format(left=quoted(self.left, 60), ranks_count=len(ranks), full=FULL)
            )
        for name in ("turns_dealt", "soda_due"):
            value = getattr(self, name)
            if (name == "soda_due") != isinstance(value, bool) or not isinstance(value, int):
                allowed = "True or False" if name == "soda_due" else "a whole number"
                raise ShtossError(
                    _("{name}={value}: allowed {allowed}").format(
                        name=name, value=quoted(value), allowed=allowed
                    )
                )
        if self.soda is not None and not isinstance(self.soda, Card):
            raise ShtossError(
                _("soda={soda}: allowed a Card or None").format(soda=quoted(self.soda))
            )
        if self.seen is not None and not (
            isinstance(self.seen, tuple) and all(isinstance(c, Card) for c in self.seen)
        ):
            raise ShtossError(
                _("seen={seen}: allowed a tuple of Card or None").format(seen=quoted(self.seen))
            )
        dealt = len(ranks) * FULL - sum(self.left)
        expected = (1 if self.game.soda and not self.soda_due else 0) + 2 * self.turns_dealt
        if dealt != expected or (self.soda_due and (not self.game.soda or self.turns_dealt)):
            raise ShtossError(
                _(
                    "{dealt} cards dealt do not make {turns_dealt} turns of {name}: {between_turns}"
                ).format(
                    dealt=dealt,
                    turns_dealt=self.turns_dealt,
                    name=self.game.name,
                    between_turns=_between_turns(self.game),
                )
            )

    # --- building ----------------------------------------------------------------------

    @classmethod
    def from_seen(
        cls,
        seen: str | Iterable[Card | str],
        *,
        game: GameRules | SchemeArgument = "faro",
        scheme: SchemeArgument | None = None,
        deck: int = 52,
    ) -> Case:
        """The case after the cards ``seen``, in deal order (``"5h Ks 5d"``: in Faro the
        soda, then each turn's loser and winner).

        >>> Case.from_seen("5h Ks 5d 9c 2s", game="faro").turns_dealt
        2
        """
        the_game = as_game(game, scheme=scheme)
        ended = False
        if isinstance(seen, str):
            seen, ended = split_end(seen)
        cards = parse_seen(seen, deck=deck)
        if ended:  # the deal over: the whole deck seen, the hock last and shown
            check_whole_deal(cards, deck=deck)
            cards = cards[:-1] if the_game.soda else cards
        turns, due = _turns(the_game, len(cards), what=N_("cards seen"))
        return cls(
            game=the_game,
            deck=deck,
            left=left_after(cards, deck=deck),
            turns_dealt=turns,
            soda_due=due,
            soda=cards[0] if the_game.soda and cards else None,
            seen=cards,
        )

    @classmethod
    def from_case(
        cls,
        case: str | Mapping[str, int],
        *,
        game: GameRules | SchemeArgument = "faro",
        scheme: SchemeArgument | None = None,
        deck: int = 52,
    ) -> Case:
        """The case given as copies left by rank: ``"A:1,7:2,K:0"`` (unnamed ranks full;
        ``"*:N"`` gives them ``N``), or a mapping ``{"A": 1, "7": 2}``.

        >>> Case.from_case("*:0,7:2,K:1", game="faro").call_the_turn().kind
        'cathop'
        """
        the_game = as_game(game, scheme=scheme)
        left = parse_case(case, deck=deck)
        return cls._from_left(the_game, deck, left)

    @classmethod
    def from_counts(
        cls,
        counts: Mapping[int, int],
        *,
        game: GameRules | SchemeArgument = "faro",
        scheme: SchemeArgument | None = None,
        deck: int = 52,
    ) -> Case:
        """The case given as how many ranks have each number of copies left
        (``{4: 9, 3: 3, 1: 1}``); the ranks take them in deck order, most copies first.

        >>> Case.from_counts({4: 12, 3: 1}, game="faro").cards_left
        51
        """
        the_game = as_game(game, scheme=scheme)
        return cls._from_left(the_game, deck, parse_counts(counts, deck=deck))

    @classmethod
    def _from_left(cls, game: GameRules, deck: int, left: tuple[int, ...]) -> Case:
        dealt = len(left) * FULL - sum(left)
        turns, due = _turns(game, dealt, what=N_("the case"))
        return cls(game=game, deck=deck, left=left, turns_dealt=turns, soda_due=due)

    def then(self, *cards: Card | str) -> Case:
        """The case once ``cards`` more are dealt (whole turns; the soda first if due).

        >>> Case.from_seen("5h", game="faro").then("Ks", "5d").copies_left("5")
        2
        """
        if self.seen is not None:
            return Case.from_seen((*self.seen, *cards), game=self.game, deck=self.deck)
        left = list(self.left)
        ranks = self.ranks
        for item in cards:
            card = item if isinstance(item, Card) else parse_card(item)
            if card.rank not in ranks:
                raise ShtossError(
                    _("card {card} is not in the {deck}-card deck").format(
                        card=card, deck=self.deck
                    )
                )
            index = ranks.index(card.rank)
            if left[index] == 0:
                raise ShtossError(
                    _("card {card}: no {rank} is left in the case").format(
                        card=card, rank=card.rank
                    )
                )
            left[index] -= 1
        return Case._from_left(self.game, self.deck, tuple(left))

    # --- what the state is -------------------------------------------------------------

    @property
    def ranks(self) -> tuple[str, ...]:
        """The ranks of the deck, low to high."""
        return deck_ranks(self.deck)

    @property
    def cards_left(self) -> int:
        """Cards not yet dealt (the soda among them while it is due)."""
        return sum(self.left)

    @property
    def turns_left(self) -> int:
        """Turns still to deal (Faro's hock is no turn)."""
        after = self.cards_left - 1 if self.soda_due else self.cards_left
        return self.game.turns_left(max(after, 0))

    def copies_left(self, rank: str) -> int:
        """Copies left of ``rank`` (``"7"``, ``"q"``, ``"Д"``)."""
        return self.left[self._index(rank)]

    def _index(self, rank: str) -> int:
        from shtoss_exact.cards import parse_rank

        name = parse_rank(rank)
        if name not in self.ranks:
            raise ShtossError(
                _("rank {name} is not in the {deck}-card deck: allowed ranks {ranks}..A").format(
                    name=name, deck=self.deck, ranks=self.ranks[0]
                )
            )
        return self.ranks.index(name)

    @property
    def case_text(self) -> str:
        """The case in the syntax of ``from_case``: every rank with its copies left."""
        return ",".join(f"{rank}:{copies}" for rank, copies in zip(self.ranks, self.left,
                                                                    strict=True))  # fmt: skip

    def after_soda(self) -> tuple[tuple[Fraction, Case], ...]:
        """The states once the soda is turned, with their probabilities (this state
        alone, with probability 1, when the soda is not due)."""
        if not self.soda_due:
            return ((Fraction(1), self),)
        total = self.cards_left
        states = []
        for index, copies in enumerate(self.left):
            if copies:
                left = (*self.left[:index], copies - 1, *self.left[index + 1 :])
                states.append(
                    (
                        Fraction(copies, total),
                        Case(game=self.game, deck=self.deck, left=left, turns_dealt=0),
                    )
                )
        return tuple(states)

    def history(self) -> tuple[Case, ...]:
        """The case after each turn of the cards seen: after the soda (Faro, Stuss) or
        before the first turn, then after each turn.

        >>> [c.cards_left for c in Case.from_seen("5h Ks 5d 9c 2s", game="faro").history()]
        [51, 49, 47]
        """
        if self.seen is None:
            raise ShtossError(_("the history needs the cards seen: build the case with from_seen"))
        cards, soda = self.seen, self.game.soda
        start = 1 if soda and cards else 0
        where = {rank: index for index, rank in enumerate(self.ranks)}
        left = list(left_after(cards[:start], deck=self.deck))
        states = []
        for count in range(start, len(cards) + 1, 2):
            for card in cards[max(start, count - 2) : count]:  # the turn just dealt
                left[where[card.rank]] -= 1
            turns, due = _turns(self.game, count, what=N_("cards seen"))
            states.append(Case._derived(game=self.game, deck=self.deck, left=tuple(left),
                                        turns_dealt=turns, soda_due=due,
                                        soda=cards[0] if start else None,
                                        seen=cards[:count]))  # fmt: skip
        return tuple(states)

    def at_turn(self, turns: int) -> Case:
        """The case after ``turns`` turns of the cards seen (``history()[turns]``).

        >>> Case.from_seen("5h Ks 5d 9c 2s", game="faro").at_turn(1).cards_left
        49
        """
        if self.seen is None:
            raise ShtossError(_("the history needs the cards seen: build the case with from_seen"))
        if (
            isinstance(turns, bool)
            or not isinstance(turns, int)
            or not 0 <= turns <= self.turns_dealt
        ):
            raise ShtossError(
                _("turns={turns}: allowed 0..{turns_dealt}, the turns dealt").format(
                    turns=quoted(turns), turns_dealt=self.turns_dealt
                )
            )
        start = 1 if self.game.soda and self.seen else 0
        cards = self.seen[: start + 2 * turns]
        _dealt, due = _turns(self.game, len(cards), what=N_("cards seen"))
        return Case._derived(game=self.game, deck=self.deck, left=left_after(cards, deck=self.deck),
                             turns_dealt=turns, soda_due=due, soda=cards[0] if start else None,
                             seen=cards)  # fmt: skip

    @classmethod
    def _derived(cls, **fields: Any) -> Case:
        """A state derived from one checked (after a turn of its cards seen), every field
        given: not checked again (the checks were a tenth of a replay)."""
        state = cls.__new__(cls)
        state.__dict__.update(fields)
        return state

    def turn_cards(self) -> tuple[Card, Card] | None:
        """The loser and the winner of the last turn dealt, when the cards seen are known."""
        if self.seen is None or self.turns_dealt == 0:
            return None
        return self.seen[-2], self.seen[-1]

    # --- every bet now -----------------------------------------------------------------

    def bet(self, rank: str, *, side: Side | str = Side.OPEN,
            kind: BetKind | str = BetKind.STAY) -> CaseBet:  # fmt: skip
        """One bet on ``rank`` now: ``side`` open or coppered, ``kind`` stay or one-turn.

        >>> Case.from_seen("5h", game="faro").bet("A").ev
        Fraction(-101, 4998)
        """
        the_side, the_kind = self._check_bet(side, kind)
        if the_kind is BetKind.HIGH_CARD:
            raise ShtossError(_("high card is a bet on no rank: use high_card()"))
        index = self._index(rank)
        if not self.left[index]:
            raise ShtossError(
                _("rank {ranks} has no copy left: no bet on it").format(ranks=self.ranks[index])
            )
        if not self.turns_left:
            raise ShtossError(_("no turn is left to deal: no bet is decided any more"))
        rank = self.ranks[index]
        return next(bet for bet in counted(self).by_kind[the_side, the_kind] if bet.rank == rank)

    def bets(self, *, side: Side | str = Side.OPEN,
             kind: BetKind | str = BetKind.STAY) -> tuple[CaseBet, ...]:  # fmt: skip
        """The bet of ``side`` and ``kind`` on every live rank, in deck order (none once
        no turn is left).

        >>> len(Case.from_seen("5h Ks 5d", game="faro").bets())
        13
        """
        the_side, the_kind = self._check_bet(side, kind)
        if the_kind is BetKind.HIGH_CARD or not self.turns_left:
            return ()
        return counted(self).by_kind[the_side, the_kind]

    def _check_bet(self, side: object, kind: object) -> tuple[Side, BetKind]:
        the_side, the_kind = as_side(side), as_bet_kind(kind)
        faro_only = the_side is Side.COPPERED or the_kind is BetKind.HIGH_CARD
        if faro_only and not self.game.faro_bets:
            what = _("coppered bets") if the_side is Side.COPPERED else _("high card")
            raise ShtossError(
                _("{what}: a Faro bet, allowed in the games faro and stuss, not in {name}").format(
                    what=what, name=self.game.name
                )
            )
        return the_side, the_kind

    def high_card(self) -> CaseBet | None:
        """High card on the next turn (Faro, Stuss); ``None`` when no turn is left.

        >>> Case.from_seen("5h", game="faro").high_card().ev
        Fraction(0, 1)
        """
        self._check_bet(Side.OPEN, BetKind.HIGH_CARD)
        return counted(self).high

    def every_bet(self) -> tuple[CaseBet, ...]:
        """Every bet the game offers now, in order: stay then one-turn, open then
        coppered, ranks low to high, then high card. Counted once per state: the bets
        of the last ``EVERY_BET_STATES`` states asked are kept (a replay meets again
        every state of the deal so far).

        >>> case = Case.from_seen("5h Ks 5d", game="faro")
        >>> len(case.every_bet()), case.every_bet() is Case.from_seen("5h Kd 5c").every_bet()
        (53, True)
        """
        return counted(self).every

    def best_bet(self) -> CaseBet | None:
        """The bet with the highest ``ev`` (the first of ``every_bet`` among equals);
        ``None`` when no turn is left.

        >>> Case.from_case("*:0,7:2,K:1", game="faro").best_bet().summary()
        {'rank': 'K', 'side': 'open', 'kind': 'stay', 'ev': '0'}
        """
        return counted(self).best

    def fair_or_better(self) -> tuple[CaseBet, ...]:
        """Every bet now with ``ev >= 0``, in the order of ``every_bet``."""
        return counted(self).fair_or_better

    def call_the_turn(
        self, *, pay: Fraction | int | str = 4, cathop_pay: Fraction | int | str = 2
    ) -> TurnCall | None:
        """Calling the turn, with three cards left (else ``None``): ``pay`` for three
        different ranks, ``cathop_pay`` for a cathop, each read "for" and "to".

        >>> Case.from_case("*:0,7:1,9:1,K:1", game="faro").call_the_turn().ev_for
        Fraction(-1, 3)
        """
        three = exact_number(pay, name="pay")
        cathop = exact_number(cathop_pay, name="cathop_pay")
        for name, value in (("pay", three), ("cathop_pay", cathop)):
            if value <= 0:
                raise ShtossError(
                    _("{name}={value}: allowed a payout > 0").format(name=name, value=value)
                )
        if self.soda_due:
            return None
        return call_the_turn(self.left, pay=three, cathop_pay=cathop)

    # --- the whole deal ----------------------------------------------------------------

    def deal(self, pattern: Pattern | str) -> WholeDeal:
        """The rest of the deal under a betting ``pattern`` (a ``Pattern``, a built-in
        name, or a pattern file): the punters' expected net and the banker's net
        distribution.

        >>> Case.from_seen("", game="faro").deal("every-rank").ev
        Fraction(-25, 34)
        """
        from shtoss_exact.case.deal import whole_deal
        from shtoss_exact.case.pattern import resolve_pattern

        return whole_deal(self, resolve_pattern(pattern))

    def report(
        self,
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
        """Every answer at once, as the ``case`` command prints it (see ``case_report``).

        >>> Case.from_case("*:0,7:2,K:1", game="faro").report().to_dict()["best_bet"]["rank"]
        'K'
        """
        from shtoss_exact.case.answers import case_report

        return case_report(self, side=side, kind=kind, pattern=pattern, pay=pay,
                           cathop_pay=cathop_pay, replay=replay,
                           call_the_turn=call_the_turn, every_kind=every_kind)  # fmt: skip

    _rows = "ranks"

    def _shown_record(self) -> dict[str, Any]:
        # A display and a frame show the case rank by rank: its copies left.
        ranks = [{"rank": rank, "copies_left": self.copies_left(rank)} for rank in self.ranks]
        return {**self.to_dict(), "ranks": ranks}

    def to_dict(self) -> dict[str, Any]:
        """The state: ``game``, ``scheme``, ``deck``, ``cards_left``, ``turns_dealt``,
        ``turns_left``, ``soda``, ``case``."""
        return {
            "game": self.game.name,
            "scheme": self.game.scheme.name,
            "deck": self.deck,
            "cards_left": self.cards_left,
            "turns_dealt": self.turns_dealt,
            "turns_left": self.turns_left,
            "soda": None if self.soda is None else str(self.soda),
            "case": self.case_text,
        }


def _between_turns(game: GameRules) -> str:
    if game.soda:
        return _(
            "between turns of {game} the cards dealt are none (the soda is due), or the "
            "soda and two a turn (1, 3, 5, ...)"
        ).format(game=game.name)
    return _("between turns of {game} the cards dealt are two a turn (0, 2, 4, ...)").format(
        game=game.name
    )


def _turns(game: GameRules, dealt: int, *, what: str) -> tuple[int, bool]:
    """(turns dealt, soda due) from the number of cards dealt."""
    if game.soda:
        if dealt == 0:
            return 0, True
        if dealt % 2 == 1:
            return (dealt - 1) // 2, False
    elif dealt % 2 == 0:
        return dealt // 2, False
    raise ShtossError(
        ngettext(
            "{what}: {dealt} card dealt ends inside a turn: {between_turns}",
            "{what}: {dealt} cards dealt end inside a turn: {between_turns}",
            dealt,
        ).format(what=_(what), dealt=dealt, between_turns=_between_turns(game))
    )
