"""Reading the state of a deal: the cards seen, a case, or counts of ranks by copies left.

* the cards seen, in deal order (``"5h Ks 5d"``): each card by the one card parser
  (``7h``, ``10D``, ``QS``, ``Дп``); a card seen twice is refused;
* a case (``"A:1,7:2,K:0"``): copies left by rank, unnamed ranks full, or as ``*:N``
  says (``"*:0,7:2,K:1"`` leaves three cards);
* the end of a deal: ``END_OF_DEAL`` (``|``) after the last card seen says the deal is
  over, the last card the hock; the cards must then be the whole deck, each once, so
  that a card taken out unseen is caught with certainty (``split_end``, ``whole_deal``);
* counts of ranks by copies left (``{4: 9, 3: 3, 1: 1}``): the ranks take their
  copies in deck order, the most copies first.

Every refusal is one line naming the bad value and what is allowed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from shtoss_exact.cards import Card, Suit, parse_card, parse_rank
from shtoss_exact.deck import deck_ranks
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.i18n import _
from shtoss_exact.numbers import whole_number

FULL = 4
"""Copies of each rank in a whole deck (four suits)."""

MAX_TEXT = 2000
"""Longest text of cards seen or of a case read (a whole 52-card deal is ~160 characters)."""

_SEPARATORS = re.compile(r"[\s,;]+")

END_OF_DEAL = "|"
"""Written after the last card seen (``"... Ac |"``): the deal is over, that card the hock."""


def split_end(seen: str) -> tuple[str, bool]:
    """The cards seen without the end-of-deal marker, and whether it was there (last).

    >>> split_end("5h Ks 5d |"), split_end("5h Ks")
    (('5h Ks 5d ', True), ('5h Ks', False))
    """
    text = seen[: MAX_TEXT + 1]
    body = text.rstrip()
    ended = body.endswith(END_OF_DEAL)
    if ended:
        body = body[: -len(END_OF_DEAL)]
    if END_OF_DEAL in body:
        raise ShtossError(_(
                "cards seen: the end-of-deal marker {end_of_deal!r} comes after the last card, "
                "once; allowed nothing after it"
            ).format(end_of_deal=END_OF_DEAL))  # fmt: skip
    return (body if ended else seen), ended


def whole_deal(cards: tuple[Card, ...], *, deck: int) -> tuple[Card, ...]:
    """The cards of the deck not seen: none when the deal is whole (each card once,
    the soda first, the hock last).

    >>> [str(c) for c in whole_deal(parse_seen("7s 7h", deck=32), deck=32)][:3]
    ['7♣', '7♦', '8♠']
    """
    seen = set(cards)
    return tuple(Card(rank, suit) for rank in deck_ranks(deck) for suit in Suit
                 if Card(rank, suit) not in seen)  # fmt: skip


def check_whole_deal(cards: tuple[Card, ...], *, deck: int) -> None:
    """Refuse a deal said to be over whose cards are not the whole deck."""
    missing = whole_deal(cards, deck=deck)
    if missing:
        shown = " ".join(str(c) for c in missing[:8]) + (" ..." if len(missing) > 8 else "")
        raise ShtossError(
            _(
                "cards seen: the deal is over ({end_of_deal!r}) with {cards_count} of "
                "{cards_count2} cards seen; not seen: {shown}"
            ).format(
                end_of_deal=END_OF_DEAL,
                cards_count=len(cards),
                cards_count2=len(cards) + len(missing),
                shown=shown,
            )
        )


def parse_seen(seen: str | Iterable[Card | str], *, deck: int) -> tuple[Card, ...]:
    """The cards seen, in deal order; a card seen twice or not in the deck is refused.

    >>> [str(c) for c in parse_seen("5h Ks, 5d", deck=52)]
    ['5♥', 'K♠', '5♦']
    """
    ranks = deck_ranks(deck)
    if isinstance(seen, str):
        if len(seen) > MAX_TEXT:
            raise ShtossError(
                _(
                    "cards seen: {seen_count} characters; allowed at most {max_text} (a deck is "
                    "{ranks_count} cards)"
                ).format(seen_count=len(seen), max_text=MAX_TEXT, ranks_count=len(ranks) * FULL)
            )
        items: list[Card | str] = [token for token in _SEPARATORS.split(seen) if token]
    elif isinstance(seen, Iterable) and not isinstance(seen, bytes | Mapping):
        items = list(_bounded(seen, len(ranks) * FULL))
    else:
        raise ShtossError(
            _(
                "cards seen: {seen} is a {name}: allowed text such as '5h Ks 5d' or a list of cards"
            ).format(seen=quoted(seen, 20), name=type(seen).__name__)
        )
    cards: list[Card] = []
    where: dict[Card, int] = {}
    for place, item in enumerate(items, start=1):
        if isinstance(item, Card):
            card = item
        elif isinstance(item, str):
            card = _card(item)
        else:
            raise ShtossError(
                _("cards seen: {item} is a {name}: allowed cards such as 7h or Card values").format(
                    item=quoted(item, 20), name=type(item).__name__
                )
            )
        if card.rank not in ranks:
            raise ShtossError(
                _("card {card} is not in the {deck}-card deck: allowed ranks {ranks}..A").format(
                    card=card, deck=deck, ranks=ranks[0]
                )
            )
        if card in where:
            raise ShtossError(
                _(
                    "card {card} is seen twice (cards {where} and {place}): a deck holds each card "
                    "once"
                ).format(card=card, where=where[card], place=place)
            )
        where[card] = place
        cards.append(card)
    return tuple(cards)


_CARDS: dict[str, Card] = {}
"""The cards read so far by their text (``_card``), at most ``_CARDS_KEPT``."""

_CARDS_KEPT = 4096


def _card(text: str) -> Card:
    """``parse_card(text)``, each text read once: a deal is clicked through card by card,
    and its cards are read again at every position."""
    card = _CARDS.get(text)
    if card is None:
        card = parse_card(text)
        if len(_CARDS) >= _CARDS_KEPT:
            _CARDS.clear()
        _CARDS[text] = card
    return card


def _bounded(items: Iterable[Card | str], most: int) -> Iterable[Card | str]:
    for count, item in enumerate(items, start=1):
        if count > most:
            raise ShtossError(
                _("more than {most} cards seen: the deck holds {most}").format(most=most)
            )
        yield item


def left_after(cards: Iterable[Card], *, deck: int) -> tuple[int, ...]:
    """Copies left of each rank (deck order) once ``cards`` are dealt.

    >>> left_after(parse_seen("5h 5d", deck=52), deck=52)[3]
    2
    """
    ranks = deck_ranks(deck)
    left = dict.fromkeys(ranks, FULL)
    for card in cards:
        left[card.rank] -= 1
    return tuple(left[rank] for rank in ranks)


def parse_case(case: str | Mapping[str, int], *, deck: int) -> tuple[int, ...]:
    """Copies left by rank (deck order) from ``"A:1,7:2,K:0"``; unnamed ranks are full,
    or have the copies ``*:N`` gives them.

    >>> parse_case("*:0,7:2,K:1", deck=52)
    (0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1, 0)
    """
    ranks = deck_ranks(deck)
    pairs = _case_pairs(case)
    rest = FULL
    given: dict[str, int] = {}
    for name, copies in pairs:
        if name == "*":
            if "*" in given:
                raise ShtossError(_("case: '*' is given twice: name the other ranks' copies once"))
            given["*"] = rest = copies
            continue
        rank = parse_rank(name)
        if rank not in ranks:
            raise ShtossError(
                _(
                    "case: rank {rank} is not in the {deck}-card deck: allowed ranks {ranks}..A"
                ).format(rank=rank, deck=deck, ranks=ranks[0])
            )
        if rank in given:
            raise ShtossError(
                _("case: rank {rank} is given twice: give each rank once").format(rank=rank)
            )
        given[rank] = copies
    return tuple(given.get(rank, rest) for rank in ranks)


def _case_pairs(case: str | Mapping[str, int]) -> list[tuple[str, int]]:
    if isinstance(case, Mapping):
        pairs = []
        for name, copies in case.items():
            if not isinstance(name, str):
                raise ShtossError(
                    _("case: rank {name} is not a rank name such as 'A' or '7'").format(
                        name=quoted(name, 20)
                    )
                )
            pairs.append((name.strip(), _copies(copies, name)))
        return pairs
    if not isinstance(case, str):
        raise ShtossError(
            _(
                "case={case} is a {name}: allowed a text such as 'A:1,7:2,K:0' or a mapping of "
                "ranks to copies left"
            ).format(case=quoted(case), name=type(case).__name__)
        )
    if len(case) > MAX_TEXT:
        raise ShtossError(
            _("case: {case_count} characters; allowed at most {max_text}").format(
                case_count=len(case), max_text=MAX_TEXT
            )
        )
    pairs = []
    for item in (part for part in _SEPARATORS.split(case) if part):
        name, colon, text = item.partition(":")
        if not colon or not name or not text:
            raise ShtossError(
                _(
                    "case: {item!r} is not RANK:COPIES: write e.g. 'A:1,7:2,K:0' (unnamed ranks "
                    "are full; '*:N' gives them N copies)"
                ).format(item=item[:20])
            )
        try:
            copies = whole_number(text, name="", minimum=0, maximum=FULL, text=True)
        except ShtossError:
            raise ShtossError(
                _("case: copies {text!r} of {name!r}: allowed a whole number 0..{full}").format(
                    text=text[:20], name=name[:8], full=FULL
                )
            ) from None
        pairs.append((name.strip(), _copies(copies, name)))
    if not pairs:
        raise ShtossError(_("case: no rank given; write e.g. 'A:1,7:2,K:0'"))
    return pairs


def _copies(copies: object, name: str) -> int:
    if isinstance(copies, bool) or not isinstance(copies, int) or not 0 <= copies <= FULL:
        raise ShtossError(
            _(
                "case: {copies} copies of {name!r}: allowed a whole number 0..{full} (a deck holds "
                "four of each rank)"
            ).format(copies=quoted(copies, 20), name=name[:8], full=FULL)
        )
    return copies


def parse_counts(counts: Mapping[int, int], *, deck: int) -> tuple[int, ...]:
    """Copies left by rank from how many ranks have 4, 3, 2, 1 or 0 copies left: the
    ranks in deck order take the most copies first; ranks not counted have none.

    >>> parse_counts({4: 11, 3: 1, 1: 1}, deck=52)[-3:]
    (4, 3, 1)
    """
    ranks = deck_ranks(deck)
    if not isinstance(counts, Mapping):
        raise ShtossError(
            _(
                "counts={counts} is a {name}: allowed a mapping of copies left to a number of "
                "ranks, such as {{4: 9, 3: 3, 1: 1}}"
            ).format(counts=quoted(counts), name=type(counts).__name__)
        )
    for copies in counts:
        _copies(copies, "counts")
    left: list[int] = []
    for copies in sorted(counts, reverse=True):
        number = counts[copies]
        if isinstance(number, bool) or not isinstance(number, int) or number < 0:
            raise ShtossError(
                _(
                    "counts: {number} ranks with {copies} copies: allowed a whole number >= 0"
                ).format(number=quoted(number, 20), copies=copies)
            )
        left.extend([copies] * min(number, len(ranks) + 1))
    if len(left) > len(ranks):
        raise ShtossError(
            _(
                "counts name more than {ranks_count} ranks: the {deck}-card deck has {ranks_count}"
            ).format(ranks_count=len(ranks), deck=deck)
        )
    left.extend([0] * (len(ranks) - len(left)))
    return tuple(left)
