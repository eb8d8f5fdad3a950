"""Where a scheme's rules and premiums can match: indexed by the places they name.

A scheme of a thousand rules that each name a position would try every rule at every
settlement; indexed once per deck size by the positions they name, a settlement looks
only at the rules that name its place and at those that name no place (which can match
anywhere), in their order, and ``Match.__call__`` still decides.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from shtoss_exact.schemes.parts import Match, Premium, Rule

__all__ = ["Places", "entries_at", "places", "spots"]

T = TypeVar("T")

Places = tuple[tuple[int, ...], dict[int, tuple[int, ...]]]
"""For one deck size: the entries that may match anywhere, and by position those that
name a place (by their index, in order)."""


def places(entries: Sequence[Rule | Premium], cards: int) -> Places:
    anywhere: list[int] = []
    at: dict[int, list[int]] = {}
    for number, entry in enumerate(entries):
        named = spots(entry.match, cards)
        if named is None:
            anywhere.append(number)
        for spot in named or ():
            at.setdefault(spot, []).append(number)
    return tuple(anywhere), {spot: tuple(found) for spot, found in at.items()}


def spots(match: Match, cards: int) -> tuple[int, ...] | None:
    """The positions at which ``match`` can hold in a deck of ``cards`` (a superset:
    ``Match.__call__`` decides), or None when it names no place."""
    if match.position is not None:
        return (match.position,)
    if match.abzug is not None:
        return (2 * match.abzug - 1, 2 * match.abzug)
    if match.last_card:
        return (cards,)
    if match.last_pair:
        return (cards - 1, cards) if cards % 2 == 0 and cards >= 2 else ()
    return None


def entries_at(places: Places, entries: tuple[T, ...], position: int | None) -> tuple[T, ...]:
    """The entries that may match at ``position``, in their order."""
    anywhere, at = places
    if position is None:
        return tuple(entries[number] for number in anywhere)
    return tuple(entries[number] for number in sorted((*anywhere, *at.get(position, ()))))
