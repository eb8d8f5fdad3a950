"""The parity audit: did a class of ranks fall as losers too often (a stripper deck)?

In a Faro deal the loser is the first card of each turn (the banker's), the winner the
second. Under fair dealing every order of the cards is equally likely; given which
cards fell in the turns seen, every arrangement of them over those places is equally
likely, so the number of class cards among the ``t`` losers of ``t`` turns holding
``k`` class cards is hypergeometric:

    P(X = x) = C(k, x) * C(2t - k, t - x) / C(2t, t).

The deals are independent; the total over several deals has the sum of their laws,
and the p-value is ``P(total >= observed)``, exactly. Only whole turns count: the
soda, the hock (the last card of a whole deal) and a turn half seen do not.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import islice
from math import comb
from typing import Any

from shtoss_exact.audit.splits import MAX_DEALS, sum_cost_of, upper_tail
from shtoss_exact.cards import Card, parse_rank
from shtoss_exact.case.parse import FULL, check_whole_deal, parse_seen, split_end
from shtoss_exact.deck import deck_ranks
from shtoss_exact.distribution import Distribution
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.i18n import _
from shtoss_exact.limits import Cost, check_cost
from shtoss_exact.records import Record, exact_fields, frozen_hash


def parse_class(ranks: str | Iterable[str], *, deck: int = 52) -> tuple[str, ...]:
    """A class of ranks, ``"7,8,9"`` or ``["7", "8"]``, in deck order, each once.

    >>> parse_class("9 7, д")
    ('7', '9', 'Q')
    """
    in_deck = deck_ranks(deck)
    if isinstance(ranks, str):
        parts = ranks.replace(",", " ").split()
    elif isinstance(ranks, Iterable) and not isinstance(ranks, bytes | Mapping):
        parts = list(islice(ranks, len(in_deck) + 1))
    else:
        raise ShtossError(
            _("class={ranks} is a {name}: allowed text such as '7,8,9' or a list of ranks").format(
                ranks=quoted(ranks, 20), name=type(ranks).__name__
            )
        )
    if len(parts) > len(in_deck):
        raise ShtossError(
            _("class: {parts_count} ranks; the {deck}-card deck has {in_deck_count}").format(
                parts_count=len(parts), deck=deck, in_deck_count=len(in_deck)
            )
        )
    chosen: set[str] = set()
    for part in parts:
        rank = parse_rank(part)
        if rank not in in_deck:
            raise ShtossError(
                _("class: rank {rank} is not in the {deck}-card deck").format(rank=rank, deck=deck)
            )
        if rank in chosen:
            raise ShtossError(
                _("class: rank {rank} is given twice: give each rank once").format(rank=rank)
            )
        chosen.add(rank)
    if not chosen or len(chosen) == len(in_deck):
        raise ShtossError(
            _(
                "class {ranks}: allowed 1 to {in_deck_count} ranks of the deck, not all of them"
            ).format(ranks=quoted(ranks, 40), in_deck_count=len(in_deck) - 1)
        )
    return tuple(r for r in in_deck if r in chosen)


def hypergeometric(population: int, marked: int, drawn: int) -> Distribution:
    """The number of marked among ``drawn`` of ``population``, ``marked`` of them marked.

    >>> hypergeometric(4, 2, 2)
    Distribution({0: 1/6, 1: 2/3, 2: 1/6})
    """
    counts = {x: comb(marked, x) * comb(population - marked, drawn - x)
              for x in range(min(marked, drawn) + 1)}  # fmt: skip
    return Distribution.from_counts({x: c for x, c in counts.items() if c}, comb(population, drawn))


@dataclass(frozen=True)
class DealParity:
    """One deal: its whole turns, the class cards in them, those that fell as losers."""

    deal: int
    turns: int
    class_cards: int
    class_losers: int

    def to_dict(self) -> dict[str, Any]:
        return {"deal": self.deal, "turns_dealt": self.turns, "class_cards": self.class_cards,
                "class_losers": self.class_losers}  # fmt: skip


def deal_parity(
    cards: Sequence[Card], ranks: tuple[str, ...], *, deal: int, deck: int
) -> DealParity:
    """The whole turns of the cards seen of one deal, and its class losers."""
    whole = len(cards) == len(deck_ranks(deck)) * FULL
    turn_cards = cards[1 : len(cards) - 1 if whole else len(cards)]
    turns = len(turn_cards) // 2
    losers = [turn_cards[2 * i] for i in range(turns)]
    winners = [turn_cards[2 * i + 1] for i in range(turns)]
    marked = sum(1 for c in losers + winners if c.rank in ranks)
    return DealParity(deal=deal, turns=turns, class_cards=marked,
                      class_losers=sum(1 for c in losers if c.rank in ranks))  # fmt: skip


@dataclass(frozen=True, repr=False)
class ParityAudit(Record):
    """The parity audit of one deal or several (see ``audit_parity``)."""

    ranks: tuple[str, ...]
    deals: tuple[DealParity, ...]
    losers: Distribution
    p_value: Fraction

    __hash__ = frozen_hash

    @property
    def total(self) -> int:
        """The class cards that fell as losers, over all the deals."""
        return sum(d.class_losers for d in self.deals)

    _rows = "by_deal"  # the natural rows: to_frame() and the displays

    def to_dict(self) -> dict[str, Any]:
        fields = exact_fields({"mean": self.losers.mean, "p_value": self.p_value})
        return {
            "class": list(self.ranks),
            "total": self.total,
            **fields,
            "by_deal": [d.to_dict() for d in self.deals],
            "losers": self.losers.to_dict(whole=True),
        }


def audit_parity(
    ranks: str | Iterable[str], seen: Iterable[str | Sequence[Card | str]], *, deck: int = 52
) -> ParityAudit:
    """The exact p-value that the class ``ranks`` fell as losers so often, over the deals
    whose cards ``seen`` (one text or list a deal) are given.

    >>> audit = audit_parity("7", ["2s 7h 3d 7c 4h"])
    >>> audit.total, audit.p_value
    (2, Fraction(1, 6))
    """
    chosen = parse_class(ranks, deck=deck)
    if isinstance(seen, str):
        deals: list[Any] = [seen]
    elif isinstance(seen, Iterable) and not isinstance(seen, bytes | Mapping):
        deals = list(islice(seen, MAX_DEALS + 1))
    else:
        raise ShtossError(
            _(
                "seen={seen} is a {name}: allowed the cards of a deal, or a list of them "
                "(one a deal)"
            ).format(seen=quoted(seen, 20), name=type(seen).__name__)
        )
    if not 1 <= len(deals) <= MAX_DEALS:
        raise ShtossError(
            _("{deals_count} deals seen: allowed 1 to {max_deals}").format(
                deals_count=len(deals), max_deals=MAX_DEALS
            )
        )
    rows = tuple(
        deal_parity(_deal_seen(cards, deck=deck), chosen, deal=i, deck=deck)
        for i, cards in enumerate(deals, start=1)
    )
    laws = [hypergeometric(2 * r.turns, r.class_cards, r.turns) for r in rows]
    check_cost(
        _cost(laws),
        what=_("the parity audit of {rows_count} deals").format(rows_count=len(rows)),
        advice=_("audit fewer deals"),
    )
    total = laws[0]
    for law in laws[1:]:
        total = total + law
    return ParityAudit(ranks=chosen, deals=rows, losers=total,
                       p_value=upper_tail(total, sum(r.class_losers for r in rows)))  # fmt: skip


def _deal_seen(seen: str | Sequence[Card | str], *, deck: int) -> tuple[Card, ...]:
    """The cards of one deal, read as ``case --seen`` reads them: an end-of-deal ``|``
    after the hock says the whole deck was seen (and is refused when it was not)."""
    if not isinstance(seen, str):
        return parse_seen(seen, deck=deck)
    text, ended = split_end(seen)
    cards = parse_seen(text, deck=deck)
    if ended:
        check_whole_deal(cards, deck=deck)
    return cards


def _cost(laws: list[Distribution]) -> Cost:
    widest = max(laws, key=len)
    sums = sum_cost_of(widest, len(laws))
    return Cost(seconds=sums.seconds * WHOLE_OVER_SUMS, bytes=sums.bytes)


WHOLE_OVER_SUMS = 1.35
"""The whole audit's time over its sums' estimate, measured: the laws of a parity audit
are narrow, so the sums' per-pair step weighs more than the splits' estimate counts, and
the total law is then reduced to lowest terms and written out (300 deals of 25 turns:
sums estimated at 7 s, the audit takes 7 to 9 s; 360 deals took 12.6 s where their sums
are estimated at 11.5 s)."""
