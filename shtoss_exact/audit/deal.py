"""The deal audit: was the whole deck dealt, each card seen once, the soda first, the
hock last? A card taken out unseen (the two-card box, the «спуск») leaves the deal one
card short, which fair dealing never does: caught with certainty, p-value 0.

The cards are read by the one seen-cards reader (``case.parse``); the end-of-deal
marker ``|`` may follow the hock, as in ``case --seen``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from shtoss_exact.cards import Card
from shtoss_exact.case.parse import parse_seen, split_end, whole_deal
from shtoss_exact.errors import ShtossError
from shtoss_exact.i18n import _
from shtoss_exact.records import Record, exact_fields


@dataclass(frozen=True, repr=False)
class DealCheck(Record):
    """A deal checked: the cards seen, those never seen, the soda, the hock, its splits."""

    seen: tuple[Card, ...]
    missing: tuple[Card, ...]

    @property
    def whole(self) -> bool:
        """Every card of the deck seen, once."""
        return not self.missing

    @property
    def split_count(self) -> int:
        """The turns whose two cards are of one rank (the soda and the hock are no turns)."""
        turns = self.seen[1 : len(self.seen) - 1 if self.whole else len(self.seen)]
        return sum(1 for i in range(0, len(turns) - 1, 2) if turns[i].rank == turns[i + 1].rank)

    @property
    def p_value(self) -> Fraction:
        """The probability under fair dealing of a deal as short: 0 when a card is missing."""
        return Fraction(0) if self.missing else Fraction(1)

    def to_dict(self) -> dict[str, Any]:
        return {
            "cards_seen": len(self.seen),
            "cards": len(self.seen) + len(self.missing),
            "whole": self.whole,
            "soda": str(self.seen[0]),
            "hock": str(self.seen[-1]) if self.whole else None,
            "missing": [str(c) for c in self.missing],
            "split_count": self.split_count,
            **exact_fields({"p_value": self.p_value}),
        }


def audit_deal(seen: str | Iterable[Card | str], *, deck: int = 52) -> DealCheck:
    """Check a whole Faro deal: the cards seen in deal order, the soda first and the hock
    last (an end-of-deal ``|`` after it may be written).

    >>> check = audit_deal("7s 7h 7d 8s 8h 7c 8d", deck=32)  # 25 cards never seen
    >>> check.whole, len(check.missing), check.split_count
    (False, 25, 2)
    """
    if isinstance(seen, str):
        seen, _end = split_end(seen)
    cards = parse_seen(seen, deck=deck)
    if not cards:
        raise ShtossError(_("cards seen: none; allowed the cards of a whole deal, soda first"))
    return DealCheck(seen=cards, missing=whole_deal(cards, deck=deck))
