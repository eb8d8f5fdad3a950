"""A brute-force oracle for one bet, straight from the Russian rules, for small decks.

Nothing here uses the package's formulas. A deck of ``n`` cards is laid out card by
card for every placement of the punter's copies, the cards are turned one by one,
and the bet is decided as the rules say:

* the first copy at an even position: the punter's card is given (sonik);
* the first copy at an odd position followed by another copy: plié;
* the first copy at an odd position otherwise (a lone last card included): killed;
* no copy at all: no decision.

Under the classic payoffs (given +1, killed and plié -1) each deal is also settled
into the punter's net result, and who wins is counted from it: ``banker`` is
P(net < 0), ``punter`` P(net > 0) and ``null`` P(net = 0), beside the kinds.

Two enumerations are offered: every *set* of copy positions (copies unlabelled,
C(n, m) deals) and every placement of *labelled* copies (n! / (n - m)! deals), the
latter to find which copy, hence which suit, decides the bet. Both are uniform
over the deals they list, so probabilities are plain counts over their number.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, permutations

MAX_CARDS = 10
"""Largest deck the oracle agrees to enumerate."""

KILLED, PLIE, GIVEN, NONE = "killed", "plie", "given", "none"

# Suit names as the package spells them; the colours are written out afresh here.
_RED = {"hearts", "diamonds"}
_BLACK = {"spades", "clubs"}


@dataclass(frozen=True)
class Decision:
    """How one laid-out deck decides the bet: kind, position and abzug of the deciding card."""

    kind: str
    position: int | None

    @property
    def abzug(self) -> int | None:
        if self.position is None:
            return None
        # Abzug j holds positions 2j - 1 (lob) and 2j (sonik).
        return (self.position + 1) // 2


def decide(deck: Sequence[bool]) -> Decision:
    """Turn the cards of ``deck`` (True = a copy of the punter's rank) one by one.

    >>> decide([False, True, True])
    Decision(kind='given', position=2)
    >>> decide([True, True]), decide([False, False, True])
    (Decision(kind='plie', position=1), Decision(kind='killed', position=3))
    """
    for index, is_copy in enumerate(deck):
        if not is_copy:
            continue
        position = index + 1
        if position % 2 == 0:
            return Decision(GIVEN, position)  # the sonik: the punter's card
        has_next = index + 1 < len(deck)
        if has_next and deck[index + 1]:
            return Decision(PLIE, position)  # lob and sonik both the punter's rank
        return Decision(KILLED, position)  # the lob alone (a lone last card included)
    return Decision(NONE, None)


def relation(punter: str, deciding: str) -> str:
    """``colour`` (same suit), ``half-colour`` (same colour) or ``plain`` (other colour).

    >>> relation("hearts", "diamonds"), relation("clubs", "hearts")
    ('half-colour', 'plain')
    """
    if punter == deciding:
        return "colour"
    same_colour = {punter, deciding} <= _RED or {punter, deciding} <= _BLACK
    return "half-colour" if same_colour else "plain"


def _check_size(cards: int, copies: int) -> None:
    if not 0 <= copies <= cards <= MAX_CARDS:
        raise ValueError(f"brute force needs 0 <= copies <= cards <= {MAX_CARDS}")


def position_sets(cards: int, copies: int) -> Iterator[tuple[bool, ...]]:
    """Every deck with ``copies`` unlabelled copies among ``cards`` cards, C(n, m) of them."""
    _check_size(cards, copies)
    for chosen in combinations(range(cards), copies):
        taken = set(chosen)
        yield tuple(i in taken for i in range(cards))


def labelled_placements(cards: int, copies: int) -> Iterator[tuple[int | None, ...]]:
    """Every deck with labelled copies 0..m-1 placed among ``cards`` cards.

    Each deck is a tuple of length ``cards`` holding the copy's label or ``None``.
    """
    _check_size(cards, copies)
    for places in permutations(range(cards), copies):
        deck: list[int | None] = [None] * cards
        for label, place in enumerate(places):
            deck[place] = label
        yield tuple(deck)


Triple = tuple[Fraction, Fraction, Fraction]
"""(killed, plié, given)."""


CLASSIC_NET = {KILLED: -1, PLIE: -1, GIVEN: 1, NONE: 0}
"""The punter's net result per unit stake under the classic payoffs, by kind."""


@dataclass(frozen=True)
class BruteOdds:
    """Everything the oracle knows about one bet, as exact fractions.

    ``killed``, ``plie``, ``given`` and ``no_copy`` are where the first copy falls
    (they sum to 1); ``banker``, ``punter`` and ``null`` are who wins under the
    classic payoffs, counted from each deal's net result (they sum to 1 too).
    """

    cards: int
    copies: int
    deals: int
    killed: Fraction
    plie: Fraction
    given: Fraction
    no_copy: Fraction
    banker: Fraction
    punter: Fraction
    null: Fraction
    ev: Fraction
    by_position: dict[int, Triple]
    by_abzug: dict[int, Triple]


def _triple(counter: Counter[str], deals: int) -> Triple:
    return (
        Fraction(counter[KILLED], deals),
        Fraction(counter[PLIE], deals),
        Fraction(counter[GIVEN], deals),
    )


def brute_odds(cards: int, copies: int) -> BruteOdds:
    """Enumerate every set of copy positions and tally kinds, positions and abzugs."""
    kinds: Counter[str] = Counter()
    nets: Counter[int] = Counter()
    at_position: dict[int, Counter[str]] = {p: Counter() for p in range(1, cards + 1)}
    at_abzug: dict[int, Counter[str]] = {j: Counter() for j in range(1, (cards + 1) // 2 + 1)}
    deals = 0
    for deck in position_sets(cards, copies):
        deals += 1
        decision = decide(deck)
        kinds[decision.kind] += 1
        nets[CLASSIC_NET[decision.kind]] += 1
        if decision.position is not None and decision.abzug is not None:
            at_position[decision.position][decision.kind] += 1
            at_abzug[decision.abzug][decision.kind] += 1
    return BruteOdds(
        cards=cards,
        copies=copies,
        deals=deals,
        killed=Fraction(kinds[KILLED], deals),
        plie=Fraction(kinds[PLIE], deals),
        given=Fraction(kinds[GIVEN], deals),
        no_copy=Fraction(kinds[NONE], deals),
        banker=Fraction(sum(c for net, c in nets.items() if net < 0), deals),
        punter=Fraction(sum(c for net, c in nets.items() if net > 0), deals),
        null=Fraction(nets[0], deals),
        ev=Fraction(sum(net * c for net, c in nets.items()), deals),
        by_position={p: _triple(c, deals) for p, c in at_position.items()},
        by_abzug={j: _triple(c, deals) for j, c in at_abzug.items()},
    )


def brute_relations(cards: int, punter: str, copy_suits: Sequence[str]) -> dict[str, Triple]:
    """Kind jointly with the deciding card's suit relation, over labelled placements.

    ``copy_suits[i]`` is the suit of copy ``i``; the deciding card is the first copy
    turned (in a plié: the lob). Relations that never occur are left out.
    """
    copies = len(copy_suits)
    joint: dict[str, Counter[str]] = {}
    deals = 0
    for deck in labelled_placements(cards, copies):
        deals += 1
        decision = decide([label is not None for label in deck])
        if decision.position is None:
            continue
        label = deck[decision.position - 1]
        assert label is not None
        key = relation(punter, copy_suits[label])
        joint.setdefault(key, Counter())[decision.kind] += 1
    return {key: _triple(counter, deals) for key, counter in joint.items()}
