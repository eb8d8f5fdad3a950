"""The sand-tell box (Maskelyne, *Sharps and Flats*, 1894, ch. VIII): as each card is
drawn the dealer learns whether the card two places below it belongs to a named class
of ranks (its cards sanded). What the bit is worth depends on what he can do with it;
here he uses it with the box's own move, the two-card box's take.

When is which card known: drawing card ``q`` tells the class of card ``q + 2``. Before
the visible card ``p`` is drawn (exposing the next card ``p + 1``) he has drawn ``p - 1``,
so he knows the class of the next card and nothing of the one after it. Pulling two
(``p`` and ``p + 1`` together) tells him the classes of ``p + 2`` and ``p + 3``; ``p + 2``
fills the slot and ``p + 3`` is the next card. So at every choice he knows exactly one
bit, the next card's class, and may take it out unseen (at most ``takes`` times a
deal), its slot going to the card after it — the two-card box with the next card seen
only through the class. With the class the punter's rank alone it is the two-card box.

The cards left are of three types: copies of the punter's rank (``m``), other cards of
the class (``a``) and the rest (``o``). With ``b`` the next card's bit::

    T(m, a, o, p, k; b) = min( sum over t of bit b: F(t; rest, p, k),                let it fall
                               sum over t of bit b, then any u: F(u; rest, p, k - 1) )  take it

values being the punter's payoff times the orders of the cards left whose next card has
bit ``b`` (multinomials), so the two options compare over the same orders.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from fractions import Fraction
from itertools import islice
from math import factorial
from typing import TYPE_CHECKING, Any

from shtoss_exact.cheat.start import CheatResult, Payoffs, check_states, check_takes, start_of
from shtoss_exact.engine import Kind
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.i18n import _, ngettext

if TYPE_CHECKING:
    from shtoss_exact.case.state import Case
    from shtoss_exact.cheat.start import Start
    from shtoss_exact.schemes.scheme import SchemeArgument

__all__ = ["sand_tell"]

COPY, IN, OUT = 0, 1, 2
"""The types of a card: a copy of the punter's rank, another card of the class, the rest."""

Counts = tuple[int, int, int]


def _orders(counts: Counts) -> int:
    return factorial(sum(counts)) // (factorial(counts[0]) * factorial(counts[1])
                                      * factorial(counts[2]))  # fmt: skip


def _less(counts: Counts, kind: int) -> Counts:
    left = list(counts)
    left[kind] -= 1
    return (left[0], left[1], left[2])


class _Tell:
    def __init__(self, start: Start, *, counts: Counts, copy_in_class: bool, takes: int,
                 game: str) -> None:  # fmt: skip
        self.counts, self.takes = counts, takes
        self.bits = (int(copy_in_class), 1, 0)
        self.payoffs = Payoffs(start.scheme, cards=start.cards, shortest=start.cards - takes)
        self.memo: dict[tuple[Any, ...], int] = {}
        self.chosen: dict[tuple[Any, ...], dict[str, Any]] = {}
        self.slots = (
            ("lob", "sonik", "plie") if game == "two-deck" else ("loser", "winner", "split")
        )

    def kinds(self, counts: Counts, bit: int | None = None) -> Iterable[int]:
        return (t for t in (COPY, IN, OUT) if counts[t] and (bit is None or self.bits[t] == bit))

    def value(self, counts: Counts, position: int, takes: int, lob_copy: bool, bit: int) -> int:
        key = (counts, position, takes, lob_copy, bit)
        found = self.memo.get(key)
        if found is not None:
            return found
        fall = sum(self.place(t, _less(counts, t), position, takes, lob_copy)
                   for t in self.kinds(counts, bit))  # fmt: skip
        best = fall
        if takes and sum(counts) >= 2:
            take = 0
            for t in self.kinds(counts, bit):
                rest = _less(counts, t)
                take += sum(self.place(u, _less(rest, u), position, takes - 1, lob_copy)
                            for u in self.kinds(rest))  # fmt: skip
            if take < fall:
                best = take
                self.chosen.setdefault(key, {
                    "cards_left": sum(counts), "copies_left": counts[COPY],
                    "class_left": counts[IN] + counts[COPY] * self.bits[COPY], "takes": takes,
                    "slot": self.slots[2 if lob_copy else (0 if position % 2 else 1)],
                    "next_card": "in-class" if bit else "out-of-class",
                })  # fmt: skip
        self.memo[key] = best
        return best

    def place(self, kind: int, rest: Counts, position: int, takes: int, lob_copy: bool) -> int:
        """A card of ``kind`` fills slot ``position``; the cards ``rest`` stay in the box."""
        left = sum(rest)
        length = position + left
        copy = kind == COPY
        if position % 2:
            if copy and left == 0:
                return self.payoffs.outcome(Kind.KILLED, position, length)
            return self.go(rest, position + 1, takes, copy)
        if lob_copy:
            plie = copy and not (left == 0 and self.payoffs.dead_last(length))
            kind_of = Kind.PLIE if plie else Kind.KILLED
            return self.payoffs.outcome(kind_of, position - 1, length) * _orders(rest)
        if copy:
            return self.payoffs.outcome(Kind.GIVEN, position, length) * _orders(rest)
        return self.go(rest, position + 1, takes, False)

    def go(self, counts: Counts, position: int, takes: int, lob_copy: bool) -> int:
        """The deal goes on: the next card's bit is yet to be learned."""
        if sum(counts) == 0 or (counts[COPY] == 0 and not lob_copy):
            return 0
        return sum(self.value(counts, position, takes, lob_copy, bit)
                   for bit in (0, 1) if list(self.kinds(counts, bit)))  # fmt: skip


def _class(ranks: object, state: Case) -> tuple[str, ...]:
    from shtoss_exact.cards import parse_rank

    items = ranks.split(",") if isinstance(ranks, str) else ranks
    if not isinstance(items, list | tuple) or not items or len(items) > len(state.ranks):
        raise ShtossError(
            _("tell_class={ranks}: allowed a list of ranks such as 7,Q,K").format(
                ranks=quoted(ranks, 40)
            )
        )
    chosen = []
    for item in items:
        name = parse_rank(item)
        if name not in state.ranks:
            raise ShtossError(
                _("rank {name} is not in the {deck}-card deck").format(name=name, deck=state.deck)
            )
        chosen.append(name)
    return tuple(r for r in state.ranks if r in chosen)


def sand_tell(
    rank: str,
    tell_class: str | Iterable[str],
    *,
    takes: int = 1,
    game: str = "faro",
    scheme: SchemeArgument | None = None,
    deck: int = 52,
    seen: str | None = None,
    case: str | Case | None = None,
) -> CheatResult:
    """The banker's edge against one bet on ``rank`` with a sand-tell box telling the
    class ``tell_class`` of each next card, used with the two-card box's take (at most
    ``takes`` times a deal).

    >>> sand_tell("7", "7", takes=1).edge  # the class is the rank: the two-card box
    Fraction(10209, 20825)
    >>> sand_tell("7", "J,Q,K", takes=1).edge > sand_tell("7", "J,Q,K", takes=0).edge
    True
    """
    chosen = check_takes(takes)
    state, parts = start_of(rank, game=game, scheme=scheme, deck=deck, seen=seen, case=case)
    plain = isinstance(tell_class, str | list | tuple | bytes | Mapping)
    listed = (
        tell_class
        if plain or not isinstance(tell_class, Iterable)
        else list(islice(tell_class, len(state.ranks) + 1))
    )  # a set or a generator of ranks as a list; anything else refused by ``_class``
    named = _class(listed, state)
    from shtoss_exact.cards import parse_rank
    from shtoss_exact.cheat.honest import honest_edge

    own = parse_rank(rank)
    index = state.ranks.index(own)
    copies = state.left[index]
    others_in = sum(state.left[state.ranks.index(r)] for r in named if r != own)
    counts = (copies, others_in, state.cards_left - copies - others_in)
    edge = Fraction(0)
    policy: tuple[dict[str, Any], ...] = ()
    decks = _after_soda(state, counts)
    for weight, left in decks:
        start = replace(parts[0], cards=sum(left), copies=left[COPY])
        check_states(start.cards * (left[COPY] + 1) * (left[IN] + 1) * (chosen + 1) * 4,
                     start.cards, what=ngettext("the sand-tell over {count} card",
                                                "the sand-tell over {count} cards",
                                                start.cards).format(count=start.cards))  # fmt: skip
        walk = _Tell(start, counts=left, copy_in_class=own in named, takes=chosen,
                     game=state.game.name)  # fmt: skip
        total = walk.go(left, 1, chosen, False)
        edge += weight * Fraction(-total, walk.payoffs.scale * _orders(left))
        if len(decks) == 1:
            policy = tuple(walk.chosen[key] for key in sorted(walk.chosen, reverse=True))
    return CheatResult(
        cheat="tell",
        game=state.game.name,
        rank=rank,
        cards_left=state.cards_left,
        copies_left=state.copies_left(rank),
        takes=chosen,
        edge=edge,
        honest_edge=honest_edge(parts),
        policy=policy,
        tell_class=named,
    )


def _after_soda(state: Case, counts: Counts) -> list[tuple[Fraction, Counts]]:
    """The cards left once the soda, if it is due, is shown: one deck for each type it
    may be, with its chance (a known soda is of another rank than the punter's)."""
    from shtoss_exact.schemes.parts import Soda

    if not state.soda_due:
        return [(Fraction(1), counts)]
    kinds = (IN, OUT) if state.game.scheme.soda is Soda.KNOWN else (COPY, IN, OUT)
    total = sum(counts[t] for t in kinds)
    return [(Fraction(counts[t], total), _less(counts, t)) for t in kinds if counts[t]]
