"""Where a crooked deal starts, how its outcomes settle, and the record of its answer.

A cheat is computed on the bet's own state: ``cards`` left in the box (after the soda
in Faro and Stuss), ``copies`` of the punter's rank among them, and the game's scheme
read from where the deal is (``case.rules.shifted``), position 1 being the next card.
For a single-rank bet the other cards are interchangeable, so only their number
matters. Every value is an integer: the punter's payoff times ``scale`` (the common
denominator of the scheme's payoffs) times the number of orders of the cards left;
``Fraction`` only in the result.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb, lcm
from typing import TYPE_CHECKING, Any

from shtoss_exact.engine import Kind
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.i18n import _
from shtoss_exact.limits import Cost, check_cost
from shtoss_exact.records import Record, exact_fields
from shtoss_exact.schemes.parts import Outcome, Soda

if TYPE_CHECKING:
    from shtoss_exact.case.state import Case
    from shtoss_exact.schemes.scheme import Scheme, SchemeArgument

__all__ = ["CheatResult", "Payoffs", "Start", "case_of", "start_of"]

STATE_SECONDS = 4e-6
"""CPU seconds of one state of a cheat's recursion (its options, a few big-int sums)."""

MAX_TAKES = 100
"""Most takes (or seconds, or swaps) a deal may hold: more than a deck's cards."""


@dataclass(frozen=True)
class Start:
    """One deck a cheat is played on: ``weight`` of it (several after a soda still to
    be turned, ``soda=before``), ``cards`` and ``copies`` left, the scheme read from
    here (position 1 is the next card)."""

    weight: Fraction
    cards: int
    copies: int
    scheme: Scheme


def start_of(
    rank: str,
    *,
    game: str = "faro",
    scheme: SchemeArgument | None = None,
    deck: int = 52,
    seen: str | None = None,
    case: str | Case | None = None,
) -> tuple[Case, tuple[Start, ...]]:
    """The case of the deal and the decks the bet on ``rank`` is played on from it. A
    soda still to be turned is shown before the bet (``soda=known``: of another rank,
    as ``odds --scheme faro``) or averaged over (``soda=before``).

    >>> _, parts = start_of("7")
    >>> [(p.weight, p.cards, p.copies) for p in parts]
    [(Fraction(1, 1), 51, 4)]
    """
    from shtoss_exact.case.rules import shifted

    state = case_of(game=game, scheme=scheme, deck=deck, seen=seen, case=case)
    if state.game.scheme.needs_suits:
        raise ShtossError(
            _("scheme {name!r} settles by suits: a cheat counts ranks only").format(
                name=state.game.scheme.name
            )
        )
    index = state.ranks.index(_rank(state, rank))
    parts: list[Start] = []
    if state.soda_due and state.game.scheme.soda is Soda.KNOWN:
        left, copies = state.cards_left - 1, state.left[index]
        if left < copies:
            raise ShtossError(
                _("the soda is of another rank than {rank}: none is left").format(rank=rank)
            )
        parts.append(Start(Fraction(1), left, copies, shifted(state.game.scheme, 0)))
    else:
        for weight, after in state.after_soda():
            parts.append(
                Start(
                    weight,
                    after.cards_left,
                    after.left[index],
                    shifted(after.game.scheme, after.turns_dealt),
                )
            )
    return state, tuple(parts)


def case_of(
    *,
    game: str = "faro",
    scheme: SchemeArgument | None = None,
    deck: int = 52,
    seen: str | None = None,
    case: str | Case | None = None,
) -> Case:
    """The deal in progress: from the cards ``seen``, a ``case`` (text or ``Case``), or
    the start.

    >>> case_of(seen="5h Ks 5d").cards_left
    49
    """
    from shtoss_exact.case.state import Case

    if seen is not None and case is not None:
        raise ShtossError(_("give seen= or case=, not both"))
    if isinstance(case, Case):
        return case
    if case is not None:
        return Case.from_case(case, game=game, scheme=scheme, deck=deck)
    return Case.from_seen(seen or "", game=game, scheme=scheme, deck=deck)


def _rank(state: Case, rank: str) -> str:
    from shtoss_exact.cards import parse_rank

    name = parse_rank(rank)
    if name not in state.ranks:
        raise ShtossError(
            _("rank {name} is not in the {deck}-card deck").format(name=name, deck=state.deck)
        )
    return name


def check_takes(takes: object, *, what: str = "takes") -> int:
    """``takes`` as a whole number 0..``MAX_TAKES``, or one line of refusal."""
    if isinstance(takes, bool) or not isinstance(takes, int) or not 0 <= takes <= MAX_TAKES:
        raise ShtossError(
            _("{what}={takes}: allowed a whole number 0..{max_takes}").format(
                what=what, takes=quoted(takes), max_takes=MAX_TAKES
            )
        )
    return takes


def check_states(states: int, cards: int, *, what: str) -> None:
    """Refuse up front a recursion of ``states`` states over ``cards`` cards."""
    digits = 3 * cards  # C(n, m) times a payoff's denominator, a few hundred digits at most
    check_cost(
        Cost(seconds=states * STATE_SECONDS * (1 + digits / 1000), bytes=states * 200.0),
        what=what,
        advice=_("use fewer takes or a smaller deck"),
    )


class Payoffs:
    """The punter's payoff for each way the bet is decided, as integers over one common
    denominator ``scale``: ``outcome(kind, position, cards)`` is payoff × ``scale``.
    ``cards`` is the deal as it will be dealt (cards placed so far and left), so that
    the last card of the box is the deal's last card (Faro's hock) whatever was taken.
    """

    def __init__(self, scheme: Scheme, *, cards: int, shortest: int) -> None:
        self.scheme = scheme
        found: dict[tuple[Kind, int, int], Fraction] = {}
        for length in range(max(shortest, 0), cards + 1):
            for position in range(1, length + 1):
                for kind in (Kind.KILLED, Kind.PLIE, Kind.GIVEN):
                    found[(kind, position, length)] = _payoff(scheme, kind, position, length)
        self.scale = lcm(1, *(value.denominator for value in found.values()))
        self._dead = {
            length: scheme.settle(Outcome(Kind.GIVEN, length, length)).null
            for length in range(max(shortest, 1), cards + 1)
        }
        self._table = {key: int(value * self.scale) for key, value in found.items()}

    def dead_last(self, cards: int) -> bool:
        """True when the last card of a deal of ``cards`` is dead (Faro's hock, a null
        last card): a copy there makes no plié with the lob before it."""
        found = self._dead.get(cards)
        if found is None:
            found = self.scheme.settle(Outcome(Kind.GIVEN, cards, cards)).null
        return found

    def outcome(self, kind: Kind, position: int, cards: int) -> int:
        value = self._table.get((kind, position, cards))
        if value is None:  # beyond the lengths foreseen: settled now, in the same scale
            value = int(_payoff(self.scheme, kind, position, cards) * self.scale)
        return value


def _payoff(scheme: Scheme, kind: Kind, position: int, cards: int) -> Fraction:
    settled = scheme.settle(Outcome(kind, position, cards))
    return Fraction(0) if settled.null else settled.payoff


@lru_cache(maxsize=4096)
def orders(cards: int, copies: int) -> int:
    """The orders of ``cards`` cards by class: C(cards, copies) (0 when impossible)."""
    return comb(cards, copies) if 0 <= copies <= cards else 0


@dataclass(frozen=True, repr=False, kw_only=True)
class CheatResult(Record):
    """What a cheat is worth to the banker against one bet on ``rank``: ``edge`` his
    expected gain per unit staked under his best use of it, ``honest_edge`` the same bet
    dealt fairly, ``policy`` the states where he cheats."""

    cheat: str
    game: str
    rank: str
    cards_left: int
    copies_left: int
    takes: int
    edge: Fraction
    honest_edge: Fraction
    policy: tuple[dict[str, Any], ...] = ()
    tell_class: tuple[str, ...] | None = None
    """The sand-tell's class of ranks (``None`` for the other cheats)."""

    @property
    def gain(self) -> Fraction:
        """What the cheat adds to the banker's edge."""
        return self.edge - self.honest_edge

    _rows = "policy"  # the natural rows: to_frame() and the displays

    def to_dict(self) -> dict[str, Any]:
        return {
            "cheat": self.cheat,
            "game": self.game,
            "rank": self.rank,
            "cards_left": self.cards_left,
            "copies_left": self.copies_left,
            "takes": self.takes,
            **({} if self.tell_class is None else {"tell_class": list(self.tell_class)}),
            **exact_fields({"edge": self.edge, "honest_edge": self.honest_edge, "gain": self.gain}),
            "policy": list(self.policy),
        }
