"""Settling a scheme on a deck: every settlement with its exact count, never walking it.

Only the positions some rule names are looked at one by one (O(1) binomials each);
every other position is settled by kind and suit alone, from the O(m) summary counts.
A scheme that burns the first card (faro's soda) is settled on each deck it may be
played on, merged over a common denominator.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from shtoss_exact.deck import Deal
from shtoss_exact.distribution import Distribution, mix_counts
from shtoss_exact.engine import (
    Kind,
    KindCounts,
    check_deal,
    counts_at,
    kind_counts_of,
    relation_weights,
)
from shtoss_exact.errors import ShtossError
from shtoss_exact.frozen import NamedTuple, dataclass
from shtoss_exact.i18n import _
from shtoss_exact.schemes.parts import Outcome, Soda

if TYPE_CHECKING:
    from shtoss_exact.schemes.scheme import Scheme


@dataclass(frozen=True)
class SettlementCounts:
    """Outcome weights over ``total``: ``items`` maps (payoff, null, kind) to a count."""

    total: int
    items: Mapping[tuple[Fraction, bool, Kind], int]

    def distribution(self) -> Distribution:
        """The punter's net result per unit stake: value -> exact probability."""
        return Distribution.from_counts(
            ((payoff, count) for (payoff, _null, _kind), count in self.items.items()), self.total
        )

    @property
    def mean(self) -> Fraction:
        return self.distribution().mean


class PlayedDeck(NamedTuple):
    """One deck a bet is played on (``Scheme.played_deals``): its weight among them, the
    deck, and its summary counts — derived once per question and handed down."""

    weight: int
    deal: Deal
    counts: KindCounts


def played_decks(deal: Deal, scheme: Scheme, *, guard: bool = False) -> tuple[PlayedDeck, ...]:
    """The decks ``scheme`` plays the bet on from ``deal`` (the deck as shuffled), each
    counted once; ``guard``: each refused first if its counts would cost too much.

    >>> from shtoss_exact.schemes.scheme import scheme_named
    >>> [(p.weight, p.deal, p.counts.plie) for p in played_decks(Deal(4, 2), scheme_named("faro"))]
    [(1, Deal(cards=3, copies=2, card=None, copy_suits=None, one_deck=False), 1)]
    """
    parts = scheme.played_deals(deal)
    if len(parts) == 1:  # one deck, the common case: no loop
        weight, played = parts[0]
        if guard:
            check_deal(played)
        return (PlayedDeck(weight, played, kind_counts_of(played)),)
    if guard:
        for _, part in parts:
            check_deal(part)
    return tuple([PlayedDeck(w, d, kind_counts_of(d)) for w, d in parts])


def settlement_counts(
    deal: Deal, scheme: Scheme, *, played: tuple[PlayedDeck, ...] | None = None
) -> SettlementCounts:
    """Count every settlement of ``scheme`` on ``deal`` (the deck as shuffled) exactly.

    A scheme that burns the first card is settled on ``scheme.played_deals(deal)``:
    each part is counted alone and the parts are merged over a common denominator.
    ``played``: those decks already counted (``played_decks``).

    >>> from shtoss_exact.schemes.scheme import scheme_named
    >>> settlement_counts(Deal(52, 4), scheme_named("faro")).mean
    Fraction(-101, 4998)
    """
    parts = played_decks(deal, scheme) if played is None else played
    if len(parts) == 1:
        return _settlement_counts(parts[0], scheme)
    counted = [(part.weight, _settlement_counts(part, scheme)) for part in parts]
    items, total = mix_counts((weight, c.items, c.total) for weight, c in counted)
    return SettlementCounts(total, items)


MATCH_SECONDS = 45e-9
"""Seconds to match one rule or premium against one outcome (``Scheme.settle``)."""

POSITION_SECONDS = 3e-6
"""Seconds of one named position's counts (two binomials of a small deck)."""

INDEX_SECONDS = 2e-6
"""Seconds to index one rule or premium by the places it names, once per deck size."""

SETTLE_SECONDS = 2e-6
"""Seconds of one settlement beside its matching: the outcome made, its candidates found."""


def settlement_seconds(scheme: Scheme, deal: Deal) -> float:
    """Estimated seconds of ``settlement_counts``: every position a rule or premium names
    (at most two per rule, and the deck's size) is settled for each kind against every
    rule and premium, on each deck the scheme is played on.

    >>> from shtoss_exact.schemes.scheme import scheme_named
    >>> settlement_seconds(scheme_named("classic"), Deal(52, 4)) < 1e-4
    True
    """
    matches = len(scheme.rules) + len(scheme.premiums)
    named = min(max(deal.cards, 0), 2 * matches + 2)
    settles = 3 * named + 4
    bits = deal.cards.bit_length() * min(deal.copies, 64)
    parts = 1 if not scheme.dead_first else 2 if scheme.soda is Soda.BEFORE else 1
    # A settlement looks only at the rules and premiums that can match its place (those
    # naming no place, and the few naming it), after one pass indexing them by place.
    candidates = (scheme.placeless() + 2) if matches > 8 else matches + 1
    return parts * (
        settles * (candidates * MATCH_SECONDS * (2 if scheme.needs_suits else 1) + SETTLE_SECONDS)
        + matches * INDEX_SECONDS
        + named * POSITION_SECONDS * (1 + bits / 2000)
    )


def _settlement_counts(part: PlayedDeck, scheme: Scheme) -> SettlementCounts:
    """Count every settlement of ``scheme`` on the deck the bet is played on.

    Positions named by a rule are taken one by one; the rest of each kind is the
    summary count minus those, settled with ``position=None``. The deciding card's
    suit relation is independent of the positions (each copy is first equally often),
    so it splits every count by the copies' suits.
    """
    deal, summary = part.deal, part.counts
    n, m = deal.cards, deal.copies
    if scheme.needs_suits and m > 0 and deal.suit_counts is None:
        raise ShtossError(
            _(
                "scheme {name!r} needs the suits: give the punter's card (card=) and, for a custom "
                "deck, the copies' suits (suits=)"
            ).format(name=scheme.name)
        )
    weights = relation_weights(deal.suit_counts) if scheme.needs_suits else ((None, 1),)
    scale = sum(w for _, w in weights)
    items: dict[tuple[Fraction, bool, Kind], int] = {}

    def add(kind: Kind, position: int | None, count: int) -> None:
        if not count:
            return
        for relation, weight in weights:
            s = scheme.settle(Outcome(kind, position, n, relation))
            key = (s.payoff, s.null, kind)
            items[key] = items.get(key, 0) + count * weight

    if m == 0:
        add(Kind.NONE, None, summary.no_copy)
        return SettlementCounts(summary.total * scale, items)
    rest = {Kind.KILLED: summary.killed, Kind.PLIE: summary.plie, Kind.GIVEN: summary.given}
    for position in scheme.special_positions(n):
        row = counts_at(n, m, position)
        for kind, count in ((Kind.KILLED, row.killed), (Kind.PLIE, row.plie),
                            (Kind.GIVEN, row.given)):  # fmt: skip
            add(kind, position, count)
            rest[kind] -= count
    for kind, count in rest.items():
        add(kind, None, count)
    return SettlementCounts(summary.total * scale, items)
