"""A brute-force oracle for crooked dealing, straight from the rules, for small decks.

Nothing here uses the package. The cards are labelled (``c0``, ``c1``, ... the copies
of the punter's rank; ``o0``, ... the others) and lie in a uniformly random order, so
whatever the dealer has not seen is equally likely to be any card he has not seen.
Each cheat is an expectimax over that game tree: chance turns up the cards the dealer
gets to know, exactly as the cheat's description says, and he chooses what minimises
the punter's expected payoff. Every deal is dealt to its end and then settled from the
whole sequence of cards placed in slots (lob, sonik, lob, ... ), by the game's rules:

* Stoss (two-deck): the first copy on a sonik is given (+1); on a lob it is killed,
  or a plié if the next card is a copy too (both -1); a lone last lob is killed.
* Faro: the soda was shown before (not in the sequence); the last card, the hock, is
  dead; a copy on a loser followed by a copy on the winner is a split (-1/2, Stuss -1);
  a copy on the loser followed by the hock pairs with nothing (killed, -1).
* Pharaon: the last card is null; a doublet costs 1/2, in the pair that ends the
  deck 1.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

GAMES = ("two-deck", "faro", "stuss", "pharaon")


def settle(game: str, dealt: tuple[bool, ...]) -> Fraction:
    """The punter's net result for the cards placed in slots (True: a copy)."""
    length = len(dealt)
    for index, copy in enumerate(dealt):
        if not copy:
            continue
        position = index + 1
        last = position == length
        if last and game != "two-deck":
            return Fraction(0)  # the hock (faro, stuss) or a null last card (pharaon)
        if position % 2 == 0:
            return Fraction(1)
        if last or not dealt[index + 1]:
            return Fraction(-1)
        pair_ends = position + 1 == length
        if game == "two-deck":
            return Fraction(-1)
        if game == "stuss":
            return Fraction(-1)
        if pair_ends:
            return Fraction(-1)  # faro: the hock pairs with nothing; pharaon: the last pair
        return Fraction(-1, 2)
    return Fraction(0)


def labels(cards: int, copies: int) -> tuple[str, ...]:
    return tuple(f"c{i}" for i in range(copies)) + tuple(f"o{i}" for i in range(cards - copies))


def _placed(dealt: tuple[str, ...]) -> tuple[bool, ...]:
    return tuple(card.startswith("c") for card in dealt)


def _mean(values: list[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values)


def _less(rest: tuple[str, ...], *gone: str) -> tuple[str, ...]:
    left = list(rest)
    for card in gone:
        left.remove(card)
    return tuple(left)


def box(game: str, cards: int, copies: int, takes: int) -> Fraction:
    """The punter's value against the two-card box: the dealer knows the next card
    only, and may pull it out unseen with the visible one; the card after fills its slot."""

    @cache
    def play(unseen: tuple[str, ...], dealt: tuple[str, ...], k: int) -> Fraction:
        if not unseen:
            return settle(game, _placed(dealt))
        options = []
        for card in unseen:  # the next card, which the dealer knows before it leaves
            rest = _less(unseen, card)
            fall = play(rest, (*dealt, card), k)
            if k and rest:
                fall = min(fall, _mean([play(_less(rest, y), (*dealt, y), k - 1) for y in rest]))
            options.append(fall)
        return _mean(options)

    return play(labels(cards, copies), (), takes)


def seconds(game: str, cards: int, copies: int, takes: int) -> Fraction:
    """The punter's value against dealing seconds: the dealer knows the top two cards
    and may deal the second; the first stays on top."""

    @cache
    def play(known: tuple[str, ...], unseen: tuple[str, ...], dealt: tuple[str, ...], k: int
             ) -> Fraction:  # fmt: skip
        if len(known) < 2 and unseen:  # the card under the known ones comes into view
            return _mean([play((*known, u), _less(unseen, u), dealt, k) for u in unseen])
        if not known:
            return settle(game, _placed(dealt))
        best = play(known[1:], unseen, (*dealt, known[0]), k)
        if k and len(known) == 2:
            best = min(best, play(known[:1], unseen, (*dealt, known[1]), k - 1))
        return best

    return play((), labels(cards, copies), (), takes)


def swap(game: str, cards: int, copies: int, takes: int) -> Fraction:
    """The punter's value against the передержка: before each abzug the banker sees
    both its cards and may swap them."""

    @cache
    def play(unseen: tuple[str, ...], dealt: tuple[str, ...], k: int) -> Fraction:
        if not unseen:
            return settle(game, _placed(dealt))
        if len(unseen) == 1:
            return play((), (*dealt, unseen[0]), k)
        options = []
        for a in unseen:
            for b in _less(unseen, a):
                rest = _less(unseen, a, b)
                best = play(rest, (*dealt, a, b), k)
                if k:
                    best = min(best, play(rest, (*dealt, b, a), k - 1))
                options.append(best)
        return _mean(options)

    return play(labels(cards, copies), (), takes)


def stacked_split_counts(left: dict[str, int], *, singles_before: int, stacked: tuple[str, ...]
                         ) -> dict[int, Fraction]:  # fmt: skip
    """The law of the number of splits when the pairs of ``stacked`` ranks are put up as
    turns (each in a turn of its own, the turns chosen at random), every other card in
    random order: ``singles_before`` cards (a soda still to come) before the turns, a
    lone card after them (Faro's hock) when the count is odd. Every layout is listed."""
    from itertools import permutations

    cards = [f"{rank}{i}" for rank, count in left.items() for i in range(count)]
    turns = (len(cards) - singles_before) // 2
    rest = list(cards)
    pairs = []
    for rank in stacked:
        first, second = [c for c in rest if c[:-1] == rank][:2]
        rest.remove(first)
        rest.remove(second)
        pairs.append((first, second))
    tally: dict[int, int] = {}
    for chosen in permutations(range(turns), len(pairs)):  # which turn holds which pair
        for order in permutations(rest):
            layout: list[str | None] = [None] * len(cards)
            for turn, pair in zip(chosen, pairs, strict=True):
                layout[singles_before + 2 * turn] = pair[0]
                layout[singles_before + 2 * turn + 1] = pair[1]
            free = iter(order)
            filled = [card if card is not None else next(free) for card in layout]
            splits = sum(
                filled[singles_before + 2 * t][:-1] == filled[singles_before + 2 * t + 1][:-1]
                for t in range(turns)
            )
            tally[splits] = tally.get(splits, 0) + 1
    total = sum(tally.values())
    return {splits: Fraction(count, total) for splits, count in sorted(tally.items())}


def tell(game: str, copies: int, in_class: int, out_class: int, takes: int, *, copy_in: bool
         ) -> Fraction:  # fmt: skip
    """The punter's value against the sand-tell used with the two-card box's take: the
    dealer knows only whether the next card is of the class (``copy_in``: the punter's
    rank is), and may pull it out unseen with the visible one."""
    cards = (
        tuple(f"c{i}" for i in range(copies))
        + tuple(f"i{i}" for i in range(in_class))
        + tuple(f"o{i}" for i in range(out_class))
    )

    def bit(card: str) -> bool:
        return card[0] == "i" or (card[0] == "c" and copy_in)

    @cache
    def play(unseen: tuple[str, ...], dealt: tuple[str, ...], k: int) -> Fraction:
        if not unseen:
            return settle(game, _placed(dealt))
        total = Fraction(0)
        for told in (True, False):
            alike = [card for card in unseen if bit(card) == told]
            if not alike:
                continue
            fall = _mean([play(_less(unseen, x), (*dealt, x), k) for x in alike])
            if k and len(unseen) >= 2:
                pulled = [
                    _mean([play(_less(unseen, x, y), (*dealt, y), k - 1) for y in _less(unseen, x)])
                    for x in alike
                ]
                fall = min(fall, _mean(pulled))
            total += Fraction(len(alike), len(unseen)) * fall
        return total

    return play(cards, (), takes)
