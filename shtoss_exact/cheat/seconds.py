"""Dealing seconds (the skeleton box; a second dealer's hands) and the передержка of
Stoss (the banker sees both cards of the coming abzug and swaps them).

**Seconds**: the dealer knows the top two cards; at most ``takes`` times a deal he
deals the second instead of the first, which stays on top (and stays known). With the
top card's class ``t`` known, the second is a copy for C(n-2, m-t-1) of the orders of
the ``n - 1`` cards under the top::

    S(n, m, p, k; t) = sum over the second s of
                       min( F(t; n-1, m-t, p, k; top s),   deal the top
                            F(s; n-1, m-s, p, k-1; top t) ) deal the second

**Передержка**: before each abzug (lob and sonik, Faro's turn) the banker sees both
its cards and may swap them, at most ``takes`` times a deal::

    V(n, m, p, k) = sum over the pair (a, b) of
                    min( P(a, b; n, m, p, k), P(b, a; n, m, p, k-1) )

where ``P`` settles the pair (a copy on the lob kills, a plié if the sonik is a copy
too; a copy on the sonik alone is given) or goes on with ``V(n-2, m, p+2, k)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shtoss_exact.cheat.start import orders
from shtoss_exact.cheat.walk import COPY, OTHER, Walk, cheat_result
from shtoss_exact.engine import Kind

if TYPE_CHECKING:
    from shtoss_exact.case.state import Case
    from shtoss_exact.cheat.start import CheatResult
    from shtoss_exact.schemes.scheme import SchemeArgument

__all__ = ["seconds", "swap"]

_CLASSES = (COPY, OTHER)


def _word(card: int) -> str:
    return "copy" if card == COPY else "other"


class _Seconds(Walk):
    def value(self, cards: int, copies: int, position: int, takes: int, lob_copy: bool,
              top: int | None) -> int:  # fmt: skip
        if top is None:  # the first look: the top card itself is yet unknown
            return sum(
                self.value(cards, copies, position, takes, lob_copy, t)
                for t in _CLASSES
                if orders(cards - 1, copies - t)
            )
        key = (cards, copies, position, takes, lob_copy, top)
        found = self.memo.get(key)
        if found is not None:
            return found
        if cards == 1:
            total = self.fill(top, 0, copies - top, position, takes, lob_copy)
        else:
            total = 0
            for second in _CLASSES:
                if not orders(cards - 2, copies - top - second):
                    continue
                first = self.fill(top, cards - 1, copies - top, position, takes, lob_copy, second)
                best = first
                if takes and second != top:
                    other = self.fill(second, cards - 1, copies - second, position, takes - 1,
                                      lob_copy, top)  # fmt: skip
                    if other < first:
                        best = other
                        self.choose((*key, second), {
                            "cards_left": cards, "copies_left": copies, "takes": takes,
                            "slot": self.slot(position, lob_copy), "next_card": _word(top),
                            "second_card": _word(second),
                        })  # fmt: skip
                total += best
        self.memo[key] = total
        return total


class _Swap(Walk):
    def value(self, cards: int, copies: int, position: int, takes: int, lob_copy: bool,
              top: int | None) -> int:  # fmt: skip
        key = (cards, copies, position, takes)
        found = self.memo.get(key)
        if found is not None:
            return found
        if cards == 1:
            total = self.fill(copies, 0, 0, position, takes, False)
        else:
            total = 0
            for lob in _CLASSES:
                for sonik in _CLASSES:
                    count = orders(cards - 2, copies - lob - sonik)
                    if not count:
                        continue
                    straight = self._pair(lob, sonik, cards, copies, position, takes, count)
                    best = straight
                    if takes and lob != sonik:
                        swapped = self._pair(sonik, lob, cards, copies, position, takes - 1,
                                             count)  # fmt: skip
                        if swapped < straight:
                            best = swapped
                            self.choose((*key, lob), {
                                "cards_left": cards, "copies_left": copies, "takes": takes,
                                "slot": self.slot(position, False), "next_card": _word(lob),
                                "second_card": _word(sonik),
                            })  # fmt: skip
                    total += best
        self.memo[key] = total
        return total

    def _pair(self, lob: int, sonik: int, cards: int, copies: int, position: int, takes: int,
              count: int) -> int:  # fmt: skip
        """The abzug ``lob``, ``sonik`` dealt at ``position``, ``count`` orders of the rest."""
        length = position + cards - 1
        if lob == COPY:
            kind = Kind.PLIE if sonik == COPY else Kind.KILLED
            return self.payoffs.outcome(kind, position, length) * count
        if sonik == COPY:
            return self.payoffs.outcome(Kind.GIVEN, position + 1, length) * count
        return self.after(cards - 2, copies, position + 2, takes, False, None)


def seconds(
    rank: str,
    *,
    takes: int = 1,
    game: str = "faro",
    scheme: SchemeArgument | None = None,
    deck: int = 52,
    seen: str | None = None,
    case: str | Case | None = None,
) -> CheatResult:
    """The banker's edge against one bet on ``rank`` when the dealer, knowing the top
    two cards, may deal the second at most ``takes`` times a deal.

    >>> seconds("7", takes=0).edge, seconds("7", takes=0, game="two-deck").edge
    (Fraction(101, 4998), Fraction(33, 833))
    """
    return cheat_result("seconds", _Seconds, rank, takes, game=game, scheme=scheme, deck=deck,
                   seen=seen, case=case)  # fmt: skip


def swap(
    rank: str,
    *,
    takes: int = 1,
    game: str = "two-deck",
    scheme: SchemeArgument | None = None,
    deck: int = 52,
    seen: str | None = None,
    case: str | Case | None = None,
) -> CheatResult:
    """The banker's edge against one bet on ``rank`` when he sees both cards of each
    coming abzug and may swap them (передержка) at most ``takes`` times a deal.

    >>> swap("7", takes=0).edge  # honest Stoss: odds
    Fraction(33, 833)
    """
    return cheat_result("swap", _Swap, rank, takes, game=game, scheme=scheme, deck=deck,
                   seen=seen, case=case)  # fmt: skip
