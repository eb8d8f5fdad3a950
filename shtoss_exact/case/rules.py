"""The games a whole deal is played in, and how one turn settles a bet on a rank.

A deal of Faro, Stuss, Pharaon, Bassette or Stoss is dealt turn after turn from one
deck: each turn is two cards, the first the *loser* (the banker's card, the lob),
the second the *winner* (the punter's card, the sonik). Faro and Stuss first burn
one card, the *soda*, and leave the last one, the *hock*, dead. Pharaon and Bassette
make the last card null. The payoffs are the game's payout scheme
(``shtoss_exact.schemes.scheme``), read from where the deal now is: a rule naming a place in
the deck (Bassette's facée, the first card; lob-half's first card; a Stoss abzug
schedule) counts places from the start of the deal, so after ``t`` turns it names
the place ``2t`` cards earlier in the cards left (``shifted``), and a rule whose place
has been dealt can no longer apply.

Everything here is integer counts or exact ``Fraction``s.
"""

from __future__ import annotations

import os
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from typing import TypeVar

from shtoss_exact import deck
from shtoss_exact.catalogue import composed
from shtoss_exact.engine import Kind
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.frozen import dataclass, replace
from shtoss_exact.i18n import N_, _, later
from shtoss_exact.schemes.files import as_scheme
from shtoss_exact.schemes.parts import Match, Outcome, Premium, Rule, Settlement
from shtoss_exact.schemes.scheme import Scheme, SchemeArgument, scheme_named

GAMES = tuple(
    g.value for g in (deck.Game.FARO, deck.Game.STUSS, deck.Game.PHARAON, deck.Game.BASSETTE,
                      deck.Game.TWO_DECK)
)  # fmt: skip
"""The games of a whole deal, from the one registry (``deck.Game``): ``two-deck`` is
Stoss, with any payout scheme."""

FARO_GAMES = ("faro", "stuss")
"""The games whose punters may copper a bet, bet high card and call the turn."""

_E = TypeVar("_E", bound=StrEnum)

_STOSS_NAMES = ("two-deck", "stoss", "штосс", "штос")


class Side(StrEnum):
    """Which way a bet on a rank is made: ``open`` (the rank to win, the usual bet) or
    ``coppered`` (the rank to lose: Faro's copper token on the stake)."""

    OPEN = "open"
    COPPERED = "coppered"


class BetKind(StrEnum):
    """How long a bet stays: ``stay`` (until its rank is dealt), ``one-turn`` (decided
    only by the next turn, else returned), or ``high-card`` (on the next turn's two
    cards: the winner outranks the loser; a pair is a push)."""

    STAY = "stay"
    ONE_TURN = "one-turn"
    HIGH_CARD = "high-card"


BET_KINDS: dict[str, tuple[Side, BetKind]] = {
    "stay": (Side.OPEN, BetKind.STAY),
    "one-turn": (Side.OPEN, BetKind.ONE_TURN),
    "coppered": (Side.COPPERED, BetKind.STAY),
    "high-card": (Side.OPEN, BetKind.HIGH_CARD),
}
"""The bets listed on each live rank, by their one word: the ``side`` and ``kind`` of
``case_record`` (coppered is the stay bet, coppered)."""


def as_side(side: object) -> Side:
    """A ``Side`` from a library argument: the enum or its name.

    >>> as_side("coppered")
    <Side.COPPERED: 'coppered'>
    """
    return _as_enum(Side, side, "side")


def as_bet_kind(kind: object) -> BetKind:
    """A ``BetKind`` from a library argument: the enum or its name (``"one-turn"``).

    >>> as_bet_kind("one-turn")
    <BetKind.ONE_TURN: 'one-turn'>
    """
    return _as_enum(BetKind, kind, "kind")


def _as_enum(enum: type[_E], value: object, name: str) -> _E:
    if isinstance(value, enum):
        return value
    if isinstance(value, str):
        key = composed(value.strip()[:40]).lower().replace("_", "-")
        for member in enum:
            if member.value == key:
                return member
    allowed = ", ".join(member.value for member in enum)
    raise ShtossError(
        _("{name}={value}: allowed {name}s are {allowed}").format(
            name=name, value=quoted(value), allowed=allowed
        )
    )


@dataclass(frozen=True)
class GameRules:
    """The rules of a game of one deck dealt through: its name (one of ``GAMES``) and
    payout scheme (``as_game`` reads a game's name, its Russian name or a scheme).

    >>> as_game("faro").soda, as_game("pharaon").soda
    (True, False)
    """

    name: str
    scheme: Scheme

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or self.name not in GAMES:
            raise ShtossError(
                _("game name={name}: {allowed_games} (as_game reads the other spellings)").format(
                    name=quoted(self.name), allowed_games=_(_ALLOWED_GAMES)
                )
            )
        if not isinstance(self.scheme, Scheme):
            raise ShtossError(
                _(
                    "game scheme={scheme} is a {name}: allowed a Scheme (scheme_named reads a name)"
                ).format(scheme=quoted(self.scheme), name=type(self.scheme).__name__)
            )

    @property
    def soda(self) -> bool:
        """True when the first card is burnt (Faro's soda) and the last card left dead."""
        return self.scheme.dead_first

    @property
    def faro_bets(self) -> bool:
        """True when coppered bets, high card and calling the turn are offered."""
        return self.name in FARO_GAMES

    def turns_left(self, cards: int) -> int:
        """Turns still to deal from ``cards`` left (the soda already turned): Faro's
        hock is no turn; elsewhere a lone last card is one.

        >>> as_game("faro").turns_left(51), as_game("pharaon").turns_left(52)
        (25, 26)
        """
        return cards // 2 if self.soda else (cards + 1) // 2


def _names_a_file(game: str) -> bool:
    """Whether ``game`` is a scheme file's path (``data_files.looks_like_path``); a game's
    own name never is, and is told without loading the reader of data files."""
    if game in GAMES:
        return False
    from shtoss_exact.data_files import looks_like_path

    return looks_like_path(game)


def as_game(game: object, *, scheme: SchemeArgument | None = None) -> GameRules:
    """The game of a deal: ``"faro"``, ``"stuss"``, ``"pharaon"``, ``"bassette"`` (or
    their Russian names), or ``"two-deck"`` Stoss with ``scheme`` (default classic).
    Any other scheme's name, a ``Scheme`` or a scheme file's path is Stoss with that
    scheme.

    >>> as_game("two-deck", scheme="lob-half").scheme.name, as_game("фараон").name
    ('lob-half', 'pharaon')
    """
    if isinstance(game, GameRules):
        if scheme is not None:
            raise ShtossError(_("scheme= is given with a GameRules: the game has its scheme"))
        return _checked(game)
    if isinstance(game, os.PathLike) or (isinstance(game, str) and _names_a_file(game)):
        game = as_scheme(game, argument="game")
    if isinstance(game, Scheme):
        if scheme is not None:
            raise ShtossError(_("scheme= is given with a Scheme as the game: give one of them"))
        name = game.name if game.name in GAMES else "two-deck"
        return _checked(GameRules(name, game))
    if not isinstance(game, str):
        raise ShtossError(
            _("game={game} is a {name}: {allowed_games}").format(
                game=quoted(game), name=type(game).__name__, allowed_games=_(_ALLOWED_GAMES)
            )
        )
    key = composed(game.strip()[:100]).lower()
    if key in _STOSS_NAMES:
        return _checked(GameRules("two-deck", as_scheme("classic" if scheme is None else scheme)))
    if key == "one-deck":
        raise ShtossError(
            _(
                "game='one-deck' takes the punter's card from the banker's deck before the deal: "
                "{allowed_games}"
            ).format(allowed_games=_(_ALLOWED_GAMES))
        )
    try:
        named = scheme_named(key)
    except ShtossError:
        raise ShtossError(
            _("unknown game {game}: {allowed_games}").format(
                game=quoted(game), allowed_games=_(_ALLOWED_GAMES)
            )
        ) from None
    if named.name in GAMES:
        if scheme is not None:
            raise ShtossError(
                _("scheme= is for game='two-deck' (Stoss): the {name} game has its own").format(
                    name=named.name
                )
            )
        return _checked(GameRules(named.name, named))
    if scheme is not None:
        raise ShtossError(
            _("game={game} is a scheme and scheme= another: give one of them").format(
                game=quoted(game)
            )
        )
    return _checked(GameRules("two-deck", named))


_ALLOWED_GAMES = later(
    N_("allowed games are {games} (two-deck: Stoss with a scheme)"), games=", ".join(GAMES)
)


def _checked(game: GameRules) -> GameRules:
    if game.scheme.needs_suits:
        raise ShtossError(
            _(
                "scheme {name!r} pays by the deciding card's suit, but a bet on a rank has no "
                "suit: for such a scheme use odds with card="
            ).format(name=game.scheme.name)
        )
    return game


def shifted(scheme: Scheme, turns: int) -> Scheme:
    """``scheme`` read ``turns`` turns into the deal: a rule or premium naming position
    ``p`` or abzug ``j`` of the deal names ``p - 2 turns`` or ``j - turns`` of the cards
    left, and one whose place has been dealt is dropped (it can no longer match).
    The soda is never burnt again.

    >>> from shtoss_exact.schemes.scheme import bassette
    >>> later = shifted(bassette(), 1)
    >>> later.settle(Outcome(Kind.KILLED, 1, 50)).payoff
    Fraction(-1, 1)
    """
    return _shifted(scheme, turns)


@lru_cache(maxsize=512)
def _shifted(scheme: Scheme, turns: int) -> Scheme:
    rules = tuple(
        Rule(match, rule.payoff)
        for rule in scheme.rules
        if (match := _shift(rule.match, turns)) is not None
    )
    premiums = tuple(
        Premium(premium.name, match, premium.amount)
        for premium in scheme.premiums
        if (match := _shift(premium.match, turns)) is not None
    )
    return replace(scheme, rules=rules, premiums=premiums, dead_first=False)


def _shift(match: Match, turns: int) -> Match | None:
    if turns == 0:
        return match
    position = None if match.position is None else match.position - 2 * turns
    abzug = None if match.abzug is None else match.abzug - turns
    if (position is not None and position < 1) or (abzug is not None and abzug < 1):
        return None
    return replace(match, position=position, abzug=abzug)


@dataclass(frozen=True)
class TurnSettlements:
    """How the next turn settles an open bet on a rank, by where its cards fall:
    ``loser`` (a copy is the turn's first card alone), ``winner`` (a copy is the second
    card alone), ``split`` (both cards are copies). ``None`` when the turn has no such
    card (a lone last card has no winner and no split)."""

    loser: Settlement
    winner: Settlement | None
    split: Settlement | None


def turn_settlements(scheme: Scheme, *, cards: int, turns: int) -> TurnSettlements:
    """The settlements of the next turn with ``cards`` left after ``turns`` turns.

    >>> s = turn_settlements(as_game("faro").scheme, cards=3, turns=24)
    >>> s.loser.payoff, s.winner.payoff, s.split.payoff
    (Fraction(-1, 1), Fraction(1, 1), Fraction(-1, 2))
    """
    return _turn_settlements(scheme, cards, turns)


@lru_cache(maxsize=4096)
def _turn_settlements(scheme: Scheme, cards: int, turns: int) -> TurnSettlements:
    if cards < 1:
        raise ShtossError(_("no turn is left to deal: allowed at least one card left"))
    now = _shifted(scheme, turns)
    loser = now.settle(Outcome(Kind.KILLED, 1, cards))
    if cards == 1:
        return TurnSettlements(loser, None, None)
    return TurnSettlements(
        loser,
        now.settle(Outcome(Kind.GIVEN, 2, cards)),
        now.settle(Outcome(Kind.PLIE, 1, cards)),
    )


def side_payoff(settlement: Settlement, *, side: Side, kind: Kind) -> Fraction:
    """The punter's net per unit of a bet on ``side`` when its rank falls as ``kind``:
    a coppered bet takes the other side of a loser or a winner, and a split costs it
    what it costs an open bet.

    >>> from shtoss_exact.schemes.parts import Settlement
    >>> side_payoff(Settlement(Fraction(1)), side=Side.COPPERED, kind=Kind.GIVEN)
    Fraction(-1, 1)
    """
    if settlement.null:
        return Fraction(0)
    if side is Side.COPPERED and kind is not Kind.PLIE:
        return -settlement.payoff
    return settlement.payoff
