"""The audit kept live beside the case: the splits so far with their exact p-value under
fair dealing, and the deal checked at its end (``audit deal``).

Under fair dealing the cards after the soda are in a fair order whatever the soda, so
the number of splits among the first ``t`` turns has the law ``split_counts`` of those
cards' copies (the soda's rank one short) over ``t`` turns, the same for every soda;
the p-value of ``k`` splits so far is its upper tail, ``P(splits >= k)``.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from shtoss_exact.audit.law import split_counts
from shtoss_exact.case.parse import FULL, split_end
from shtoss_exact.numbers import exact_str, float_of

if TYPE_CHECKING:
    from shtoss_exact.case.state import Case


def splits_so_far(state: Case) -> tuple[int, Fraction]:
    """The splits in the turns of the cards seen of ``state``, and their p-value under
    fair dealing, ``P(splits >= observed)`` over those turns.

    >>> from shtoss_exact import Case
    >>> splits_so_far(Case.from_seen("5h Ks Kd 9c 2s", game="faro"))  # one in two turns
    (1, Fraction(2377, 20825))
    """
    cards = state.seen or ()
    first = 1 if state.game.soda and cards else 0
    turns = state.turns_dealt
    splits = sum(
        1 for i in range(turns) if cards[first + 2 * i].rank == cards[first + 2 * i + 1].rank
    )
    copies = [FULL] * len(state.ranks)
    if first:
        copies[state.ranks.index(cards[0].rank)] -= 1
    return splits, _upper_tail(tuple(sorted(copies)), turns, splits)


@lru_cache(maxsize=4096)
def _upper_tail(copies: tuple[int, ...], turns: int, splits: int) -> Fraction:
    """``P(splits >= splits)`` over ``turns`` turns of cards with these ``copies`` (the
    law is the same whatever order the ranks are in: they are given sorted), counted once
    for every deal of the same size and point."""
    counts = split_counts(copies, turns=turns)
    return Fraction(sum(counts[splits:]), sum(counts))


def live_audit(state: Case, seen: str) -> dict[str, Any]:
    """The record's ``audit``: ``splits`` so far, their ``p_value``, whether the deal is
    ``complete`` (the end-of-deal marker after the hock), and a one-line ``verdict``.

    >>> from shtoss_exact import Case
    >>> live_audit(Case.from_seen("5h Ks Kd 9c 2s"), "5h Ks Kd 9c 2s")["verdict"][:48]
    'so far 1 split in 2 turns, p-value 0.1141 under '
    """
    splits, p_value = splits_so_far(state)
    _, complete = split_end(seen)
    turns = state.turns_dealt
    so_far = (f"{splits} split{'s' * (splits != 1)} in {turns} turn{'s' * (turns != 1)}, "
              f"p-value {float(p_value):.4f} under fair dealing")  # fmt: skip
    if complete:
        from shtoss_exact.audit.deal import audit_deal

        check = audit_deal(seen, deck=state.deck)
        last = "the hock" if state.game.soda else "the last card"
        verdict = (f"the deal is whole: {len(check.seen)} cards seen once, {last} "
                   f"{check.seen[-1]}; {so_far}")  # fmt: skip
    else:
        verdict = f"so far {so_far}; the deal is checked at its end (| after the hock)"
    return {
        "splits": splits,
        "p_value": exact_str(p_value),
        "complete": complete,
        "verdict": verdict,
        "float": {"p_value": float_of(p_value)},
    }
