"""The two-card box against a betting pattern: the banker's take over the rest of the
deal when the punters bet as the pattern says and the dealer pulls two, at most
``takes`` times, wherever it pays him best.

Before each card leaves the box the dealer knows it (its rank, nothing below it). He
lets it fall into its slot, or takes it out unseen with the card after it, which fills
the slot instead. The punters see neither: they bet by the case they keep, so a rank
keeps, beside its state under the pattern (``case.deal``: the copies the case shows,
its bets), the number of its cards taken out unseen; the cards of it still in the box
are the difference. A joint state is the multiset of those rank states (ranks that
stand alike are interchangeable, as in ``case.deal``), the cards of ranks no bet can
use any more counted as others, and the takes left. The expectimax::

    L(J, n, k)     = sum over the next card x of  min( W(J - x, n - 1, k; x),
                       sum over the card after, y, of W(J - x - y, n - 2, k - 1; y) )
    W(J, m, k; x)  = the same over the winner z, settling the turn (x, z) and going on
                     with L(J', rest, k)

each card drawn with its share of the cards left. A turn settles as ``case`` settles it
(``case.rules.turn_settlements`` for the deal's length from that turn); the last card of
the box is the deal's last card whatever was taken (Faro's hock, dead): a loser before a
dead last card pairs with nothing. With no take it is ``case --pattern``'s honest deal.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any

from shtoss_exact.case.deal import RankState, _matters, _Walk
from shtoss_exact.case.rules import TurnSettlements, turn_settlements
from shtoss_exact.cheat.start import STATE_SECONDS, case_of, check_takes
from shtoss_exact.engine import Kind
from shtoss_exact.errors import ShtossError
from shtoss_exact.frozen import dataclass
from shtoss_exact.i18n import _
from shtoss_exact.limits import Cost, check_cost
from shtoss_exact.records import Record, exact_fields

if TYPE_CHECKING:
    from shtoss_exact.case.pattern import Pattern
    from shtoss_exact.case.state import Case
    from shtoss_exact.schemes.scheme import SchemeArgument

__all__ = ["BoxPatternResult", "box_against_pattern"]

Group = tuple[RankState, int]
"""A rank's state under the pattern, and its cards taken out unseen."""
Joint = tuple[tuple[Group, int], ...]
"""The ranks some bet can still use, as a sorted multiset of groups."""
OTHER: Group | None = None
"""The class of a card no bet can use."""


def _in_box(group: Group) -> int:
    state, taken = group
    return state[1] - taken


def _joint(counts: dict[Group, int]) -> Joint:
    return tuple(sorted((g, n) for g, n in counts.items()
                        if n and _in_box(g) > 0 and _matters(g[0])))  # fmt: skip


def _less(joint: Joint, group: Group) -> Joint:
    counts = dict(joint)
    counts[group] -= 1
    return _joint(counts)


def _more(joint: Joint, *groups: Group) -> Joint:
    counts = dict(joint)
    for group in groups:
        counts[group] = counts.get(group, 0) + 1
    return _joint(counts)


class _Box:
    """The expectimax over the joint states of the rest of the deal (see the module)."""

    def __init__(self, case: Case, pattern: Pattern) -> None:
        self.walk = _Walk(case, pattern)
        self.scheme = case.game.scheme
        self.soda = case.game.soda
        self.memo: dict[tuple[Any, ...], Fraction] = {}

    def classes(self, joint: Joint, cards: int, same: Group | None = None
                ) -> Iterator[tuple[Group | None, str, int]]:  # fmt: skip
        """Every class of the next card: (its group, where it is, how many are in the box);
        ``same`` the loser's rank, whose other copies may come as the winner."""
        others = cards
        for group, number in joint:
            others -= number * _in_box(group)
            yield group, "joint", number * _in_box(group)
        if same is not None and _in_box(same) > 1:
            others -= _in_box(same) - 1
            yield same, "same", _in_box(same) - 1
        if others > 0:
            yield OTHER, "other", others

    def loser(self, joint: Joint, cards: int, takes: int, turn: int) -> Fraction:
        """The punters' expected net from a loser slot with ``cards`` in the box."""
        if cards == 0:
            return Fraction(0)
        key = ("loser", joint, cards, takes, turn)
        found = self.memo.get(key)
        if found is not None:
            return found
        total = Fraction(0)
        for group, _class, count in self.classes(joint, cards):
            rest = joint if group is None else _less(joint, group)
            fall = self.placed(rest, cards - 1, takes, turn, group)
            best = fall
            if takes and cards >= 2:
                hidden = rest if group is None else _more(rest, (group[0], group[1] + 1))
                take = sum(
                    (Fraction(n, cards - 1) * self.placed(
                        hidden if g is None else _less(hidden, g), cards - 2, takes - 1, turn, g)
                     for g, _, n in self.classes(hidden, cards - 1)),
                    Fraction(0),
                )  # fmt: skip
                best = min(best, take)
            total += count * best
        found = self.memo[key] = total / cards
        self._check()
        return found

    def _check(self) -> None:
        if len(self.memo) > MAX_STATES:
            raise ShtossError(_(
                    "the two-card box against this pattern: more than {max_states} states; use "
                    "fewer takes, a later case, or a pattern on fewer ranks"
                ).format(max_states=MAX_STATES))  # fmt: skip

    def placed(self, joint: Joint, rest: int, takes: int, turn: int, loser: Group | None
               ) -> Fraction:  # fmt: skip
        """A card of ``loser``'s class fills the loser slot, ``rest`` cards behind it."""
        if rest == 0:  # the last card of the box: Faro's hock (dead), Stoss's lone lob
            settle = turn_settlements(self.scheme, cards=1, turns=turn)
            if loser is None or settle.loser.null:
                return Fraction(0)
            return self.walk.move(loser[0], Kind.KILLED, settle.loser)[0]
        return self.winner(joint, rest, takes, turn, loser)

    def winner(self, joint: Joint, cards: int, takes: int, turn: int, loser: Group | None
               ) -> Fraction:  # fmt: skip
        key = ("winner", joint, cards, takes, turn, loser)
        found = self.memo.get(key)
        if found is not None:
            return found
        total = Fraction(0)
        for group, where, count in self.classes(joint, cards, loser):
            rest = _less(joint, group) if where == "joint" and group is not None else joint
            fall = self.settled(rest, cards - 1, takes, turn, loser, group, where)
            best = fall
            if takes and cards >= 2:
                take = self._take_winner(rest, cards, takes, turn, loser, group, where)
                best = min(best, take)
            total += count * best
        found = self.memo[key] = total / cards
        self._check()
        return found

    def _take_winner(self, rest: Joint, cards: int, takes: int, turn: int, loser: Group | None,
                     group: Group | None, where: str) -> Fraction:  # fmt: skip
        """The winner ``group`` taken out unseen; the card after it is the winner."""
        if where == "same":
            assert loser is not None
            loser, hidden = (loser[0], loser[1] + 1), rest
        elif group is None:
            hidden = rest
        else:
            hidden = _more(rest, (group[0], group[1] + 1))
        return sum(
            (Fraction(n, cards - 1) * self.settled(
                _less(hidden, g) if w == "joint" and g is not None else hidden,
                cards - 2, takes - 1, turn, loser, g, w)
             for g, w, n in self.classes(hidden, cards - 1, loser)),
            Fraction(0),
        )  # fmt: skip

    def settled(self, joint: Joint, rest: int, takes: int, turn: int, loser: Group | None,
                winner: Group | None, where: str) -> Fraction:  # fmt: skip
        """The turn (``loser``, ``winner``) settled, ``rest`` cards behind it; then on."""
        settle = turn_settlements(self.scheme, cards=2 + rest, turns=turn)
        dead = rest == 0 and settle.winner is not None and settle.winner.null
        net, back = self._turn_net(settle, loser, winner, where, dead=dead)
        return net + self.loser(_more(joint, *back), rest, takes, turn + 1)

    def _turn_net(self, settle: TurnSettlements, loser: Group | None, winner: Group | None,
                  where: str, *, dead: bool) -> tuple[Fraction, list[Group]]:  # fmt: skip
        """The punters' net of one turn and the groups it hands back, moved."""
        assert settle.winner is not None and settle.split is not None
        move = self.walk.move
        if where == "same" and not dead:
            assert loser is not None
            net, _, after = move(loser[0], Kind.PLIE, settle.split)
            return net, [(after, loser[1])]
        net, back = Fraction(0), []
        if loser is not None:
            won, _, after = move(loser[0], Kind.KILLED, settle.loser)
            net += won
            back.append((after, loser[1]))
        if winner is not None and where == "joint" and not dead:
            won, _, after = move(winner[0], Kind.GIVEN, settle.winner)
            net += won
            back.append((after, winner[1]))
        return net, back

    def start(self, case: Case, takes: int) -> Fraction:
        """The punters' expected net over the rest of the deal, the soda first if due."""
        counts: dict[Group, int] = {}
        for index in range(len(case.ranks)):
            state = self.walk.initial(index)
            counts[(state, 0)] = counts.get((state, 0), 0) + 1
        joint = _joint(counts)
        cards, turn = case.cards_left, case.turns_dealt
        if not case.soda_due:
            return self.loser(joint, cards, takes, turn)
        total = Fraction(0)  # the soda shown first: a copy gone, no bet settled
        for group, _class, count in self.classes(joint, cards):
            after = joint
            if group is not None:
                sig, copies, bets = group[0]
                after = _more(_less(joint, group), ((sig, copies - 1, bets), group[1]))
            total += count * self.loser(after, cards - 1, takes, turn)
        return total / cards


@dataclass(frozen=True, repr=False, kw_only=True)
class BoxPatternResult(Record):
    """The two-card box against a pattern: ``banker_take`` the banker's expected net over
    the rest of the deal under his best use of at most ``takes`` takes, ``honest_take``
    the same deal dealt fairly (``case --pattern``)."""

    game: str
    pattern: str
    cards_left: int
    turns_left: int
    takes: int
    banker_take: Fraction
    honest_take: Fraction

    @property
    def gain(self) -> Fraction:
        """What the box adds to the banker's take."""
        return self.banker_take - self.honest_take

    def to_dict(self) -> dict[str, Any]:
        return {
            "cheat": "box",
            "game": self.game,
            "pattern": self.pattern,
            "cards_left": self.cards_left,
            "turns_left": self.turns_left,
            "takes": self.takes,
            **exact_fields(
                {
                    "banker_take": self.banker_take,
                    "honest_take": self.honest_take,
                    "gain": self.gain,
                }
            ),
        }


def box_against_pattern(
    pattern: Pattern | str,
    *,
    takes: int = 1,
    game: str = "faro",
    scheme: SchemeArgument | None = None,
    deck: int = 52,
    seen: str | None = None,
    case: str | Case | None = None,
) -> BoxPatternResult:
    """The banker's expected take over the rest of the deal when the punters bet by
    ``pattern`` and he deals from a two-card box with at most ``takes`` takes.

    >>> small = "*:0,7:2,K:2,Q:1"
    >>> box_against_pattern("every-rank", takes=0, case=small).banker_take  # case --pattern
    Fraction(1, 5)
    >>> box_against_pattern("every-rank", takes=1, case=small).banker_take
    Fraction(37, 30)
    """
    from shtoss_exact.case.pattern import resolve_pattern

    chosen = check_takes(takes)
    state = case_of(game=game, scheme=scheme, deck=deck, seen=seen, case=case)
    the_pattern = resolve_pattern(pattern)
    honest = state.deal(the_pattern)  # checks the pattern against the game
    box = _Box(state, the_pattern)
    what = _("the two-card box over {cards_left} cards against {name} with ").format(
        cards_left=state.cards_left, name=the_pattern.name
    )
    check_cost(
        _cost(box, state, chosen, honest.states),
        what=_("{what}{chosen} takes").format(what=what, chosen=chosen),
        advice=_("use fewer takes, a later case, or a pattern on fewer ranks"),
    )
    value = box.start(state, chosen) if chosen else honest.ev
    return BoxPatternResult(
        game=state.game.name,
        pattern=the_pattern.name,
        cards_left=state.cards_left,
        turns_left=state.turns_left,
        takes=chosen,
        banker_take=-value,
        honest_take=-honest.ev,
    )


def _cost(box: _Box, state: Case, takes: int, honest: int) -> Cost:
    """The states of the expectimax, bounded: the honest deal's joint states (``honest``,
    ``case.deal``'s bound) times the ways to spread the cards taken (each take hides one
    card, so at most ``takes`` in all, the takes left their complement), times the loser
    held and the others' number when a rank is not named; each state's options a pair of
    classes, let fall or taken."""
    if not takes:
        return Cost()
    named = kinds = 0
    for index in range(len(state.ranks)):
        start = box.walk.initial(index)
        if _matters(start):
            named += 1
    kinds = min(named, 2 * len(state.ranks)) + 2
    spread = sum(comb(named + j - 1, j) for j in range(takes + 1)) if named else 1
    others = 1 if named == len(state.ranks) else state.cards_left
    states = float(honest) * spread * others * (1 + kinds) * REACHED
    options = 2.0 * kinds * kinds
    return Cost(seconds=states * options * STATE_SECONDS, bytes=states * 300.0)


REACHED = 1 / 100
"""The share of the bound's work the expectimax does, about (measured against every-rank,
case-cards and copper-after-two from 5 to 29 cards left, 1/30 to 1/1600 of it, and from
the soda of a 52-card deal with one take, 1/40: 8 s of CPU); a walk that reaches more
than ``MAX_STATES`` states is stopped."""

MAX_STATES = 2_000_000
"""Most states the expectimax holds (each a few hundred bytes)."""
