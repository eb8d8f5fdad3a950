"""The front door for one bet: ``odds(...)`` and its immutable result.

Without a scheme the odds are those of the classic game. With one (``scheme=``),
``Odds.ev`` follows the scheme and ``Odds.scheme_result`` holds its every measure;
a scheme that burns the first card (faro's soda) makes ``Odds.deal`` the deck the
bet is played on, while ``Odds.dealt`` keeps the deck as shuffled.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from math import lcm, log10
from typing import TYPE_CHECKING

from shtoss_exact.deck import (
    PRESETS,
    Card,
    Deal,
    Suit,
    SuitRelation,
    default_copy_suits,
    parse_card,
    parse_suits,
)
from shtoss_exact.engine import (
    KindCounts,
    abzug_counts,
    binom_bits,
    kind_counts,
    position_counts,
    relation_weights,
    summary_cost,
)
from shtoss_exact.errors import ShtossError

if TYPE_CHECKING:
    from shtoss_exact.measures import SchemeResult
    from shtoss_exact.schemes import Scheme

# The schemes are imported where a scheme is asked for, not at the top: the classic
# odds of the CLI's default question then load no more than the engine.

MAX_TABLE_ROWS = 2_000_000
"""Largest by-position table built in memory (rows = cards); larger ones are refused."""

MAX_SUMMARY_COST = 30_000_000.0
"""Largest ``summary_cost`` answered (about a second); larger decks are refused up front."""

MAX_EXACT_DIGITS = 1500
"""Most decimal digits of C(n, m), the denominator of every exact answer: a variance
doubles them (with a scheme file's payoffs of up to 400 digits), and Python prints
integers of at most 4300 digits."""


@dataclass(frozen=True)
class PositionOdds:
    """Probabilities that the bet is decided at one position, by kind."""

    position: int
    killed: Fraction
    plie: Fraction
    given: Fraction

    @property
    def abzug(self) -> int:
        return (self.position + 1) // 2


@dataclass(frozen=True)
class AbzugOdds:
    """Probabilities that the bet is decided in abzug ``abzug``: killed, plié, given."""

    abzug: int
    killed: Fraction
    plie: Fraction
    given: Fraction

    @property
    def banker(self) -> Fraction:
        """The banker wins in this abzug: killed or plié."""
        return self.killed + self.plie

    @property
    def punter(self) -> Fraction:
        return self.given


@dataclass(frozen=True)
class RelationOdds:
    """Probabilities of each kind jointly with the deciding card's suit relation."""

    relation: SuitRelation
    killed: Fraction
    plie: Fraction
    given: Fraction


@dataclass(frozen=True)
class Odds:
    """Exact odds of one bet. Every probability is a ``Fraction``.

    >>> o = odds(cards=52, copies=4)
    >>> o.banker, o.plie, o.punter
    (Fraction(433, 833), Fraction(33, 833), Fraction(400, 833))
    >>> o.by_abzug[0].given  # winning the sonik
    Fraction(16, 221)
    >>> from shtoss_exact.schemes import scheme_named
    >>> odds(deck=52, scheme="pharaon").ev, o.under(scheme_named("lob-half")).edge
    (Fraction(-33, 1666), Fraction(25, 21658))
    """

    deal: Deal
    counts: KindCounts = field(repr=False)
    scheme: Scheme | None = None
    dealt: Deal | None = None

    @property
    def mixed(self) -> bool:
        """True when the kinds are a mixture over several decks (a soda not yet seen)."""
        if self.scheme is None or self.dealt is None:
            return False
        return len(self.scheme.played_deals(self.dealt)) > 1

    @property
    def cards(self) -> int:
        return self.deal.cards

    @property
    def copies(self) -> int:
        return self.deal.copies

    def _p(self, count: int) -> Fraction:
        return Fraction(count, self.counts.total)

    @property
    def killed(self) -> Fraction:
        """The banker wins by a lone lob (plié not included)."""
        return self._p(self.counts.killed)

    @property
    def plie(self) -> Fraction:
        return self._p(self.counts.plie)

    @property
    def banker(self) -> Fraction:
        """The banker wins: killed or plié."""
        return self._p(self.counts.banker)

    @property
    def punter(self) -> Fraction:
        """The punter's card is given."""
        return self._p(self.counts.given)

    @property
    def none(self) -> Fraction:
        """No decision: no copy of the rank in the deck; the stake comes back."""
        return self._p(self.counts.none)

    @property
    def ev(self) -> Fraction:
        """The punter's expected net result per unit stake under ``scheme`` (classic if none)."""
        if self.scheme_result is not None:
            return self.scheme_result.ev
        return self.punter - self.banker

    @cached_property
    def scheme_result(self) -> SchemeResult | None:
        """Every measure of the chosen scheme (EV, edges, variance, distribution), or ``None``."""
        return None if self.scheme is None else self.under(self.scheme)

    def under(self, scheme: Scheme | str) -> SchemeResult:
        """This bet under another scheme (a ``Scheme`` or a built-in name).

        >>> odds().under("faro").edge
        Fraction(101, 4998)
        """
        from shtoss_exact.measures import scheme_result

        return scheme_result(self.dealt or self.deal, _scheme(scheme))

    @cached_property
    def by_position(self) -> tuple[PositionOdds, ...]:
        """One row per position 1..n (O(n); refused beyond ``MAX_TABLE_ROWS``)."""
        self._check_single()
        _check_table_size(self.cards)
        total = self.counts.total
        return tuple(
            PositionOdds(
                row.position,
                Fraction(row.killed, total),
                Fraction(row.plie, total),
                Fraction(row.given, total),
            )
            for row in position_counts(self.cards, self.copies)
        )

    @cached_property
    def by_abzug(self) -> tuple[AbzugOdds, ...]:
        """One row per abzug 1..ceil(n/2); a lone last card makes the last abzug a lob only."""
        self._check_single()
        _check_table_size(self.cards)
        total = self.counts.total
        return tuple(
            AbzugOdds(j, Fraction(k, total), Fraction(p, total), Fraction(g, total))
            for j, (k, p, g) in enumerate(abzug_counts(self.cards, self.copies), start=1)
        )

    @property
    def by_relation(self) -> tuple[RelationOdds, ...] | None:
        """Kinds jointly with the deciding card's suit relation, when the suits are known."""
        suits = self.deal.suit_counts
        if suits is None or self.copies == 0 or self.mixed:
            return None
        total = self.counts.total * self.copies
        return tuple(
            RelationOdds(
                relation,
                Fraction(self.counts.killed * weight, total),
                Fraction(self.counts.plie * weight, total),
                Fraction(self.counts.given * weight, total),
            )
            for relation, weight in relation_weights(suits)
            if relation is not None
        )

    def _check_single(self) -> None:
        if self.mixed:
            raise ShtossError(
                "tables by position or abzug are refused before the soda is seen (the deck "
                "is a mixture): allowed with the soda known"
            )


def _check_table_size(cards: int) -> None:
    if cards > MAX_TABLE_ROWS:
        raise ShtossError(
            f"a table of cards={cards} rows is too large to build: at most {MAX_TABLE_ROWS} "
            "rows (summary odds have no such limit)"
        )


def make_deal(
    *,
    deck: int = 52,
    cards: int | None = None,
    copies: int | None = None,
    one_deck: bool = False,
    card: Card | str | None = None,
    suits: tuple[Suit, ...] | str | None = None,
) -> Deal:
    """Normalise the options of one bet (the CLI's and the library's) into a ``Deal``.

    ``deck`` is a preset (52, 36, 32); ``cards`` a custom deck size that overrides it;
    ``one_deck`` takes the punter's card from the banker's deck (one card and one copy
    fewer); ``card`` the punter's card (``"7h"``) when its suit matters; ``suits`` the
    suits of the copies in the deck, one per copy (``"shc"``), for custom compositions.

    >>> make_deal(deck=36, one_deck=True)
    Deal(cards=35, copies=3, card=None, copy_suits=None, one_deck=True)
    """
    if isinstance(deck, bool) or deck not in PRESETS:
        raise ShtossError(f"unknown deck {deck!r}: allowed decks are 52, 36, 32")
    punter_card = parse_card(card) if isinstance(card, str) else card
    if cards is None:
        if punter_card is not None and punter_card.rank not in PRESETS[deck]:
            low = PRESETS[deck][0]
            raise ShtossError(
                f"card {punter_card} is not in the {deck}-card deck: allowed ranks {low}..A"
            )
        size = deck
    else:
        size = cards
    for name, value in (("cards", cards), ("copies", copies)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise ShtossError(f"{name} must be a whole number, got {value!r}")
        if value is not None and value < 0:
            raise ShtossError(f"{name} must be >= 0, got {value}")
    if one_deck and size < 1:
        raise ShtossError("a one-deck game needs cards >= 1: the punter's card comes from it")
    count = copies if copies is not None else (3 if one_deck else 4)
    in_deck = size - 1 if one_deck else size
    if one_deck and count > in_deck:
        raise ShtossError(
            f"copies={count} is more than the {in_deck} cards a one-deck game of "
            f"cards={size} leaves in the banker's deck: allowed copies <= cards - 1"
        )
    if suits is not None and punter_card is None:
        raise ShtossError(
            "suits of the copies are given but no punter's card: the suit relation needs "
            "both (--card with --suits)"
        )
    copy_suits = parse_suits(suits) if isinstance(suits, str) else suits
    if copy_suits is None and punter_card is not None:
        copy_suits = default_copy_suits(copies=count, card=punter_card, one_deck=one_deck)
    return Deal(in_deck, count, punter_card, copy_suits, one_deck=one_deck)


def odds(
    *,
    deck: int = 52,
    cards: int | None = None,
    copies: int | None = None,
    one_deck: bool = False,
    card: Card | str | None = None,
    suits: tuple[Suit, ...] | str | None = None,
    scheme: Scheme | str | None = None,
) -> Odds:
    """Exact odds of one bet; the arguments are those of ``make_deal``, plus ``scheme``.

    ``scheme`` is a ``Scheme`` or a built-in name; ``Odds.ev`` then follows it. Faro
    and Stuss burn the soda: ``odds(deck=52, scheme="faro")`` is the bet on the 51
    cards after a soda of another rank.

    >>> odds(cards=52, copies=4).punter
    Fraction(400, 833)
    >>> odds(deck=36, one_deck=True).punter
    Fraction(184, 385)
    >>> odds(deck=52, scheme="faro").cards
    51
    """
    return odds_of(
        make_deal(deck=deck, cards=cards, copies=copies, one_deck=one_deck, card=card, suits=suits),
        scheme=scheme,
    )


def odds_of(deal: Deal, *, scheme: Scheme | str | None = None) -> Odds:
    """Exact odds of the bet set up by ``deal`` (the deck as shuffled), under ``scheme``.

    >>> odds_of(Deal(52, 4), scheme="pharaon").ev
    Fraction(-33, 1666)
    """
    chosen = None if scheme is None else _scheme(scheme)
    parts = ((1, deal),) if chosen is None else chosen.played_deals(deal)
    for _, part in parts:
        check_cost(part)
    if len(parts) == 1:
        played = parts[0][1]
        counts = kind_counts(played.cards, played.copies)
    else:
        played, counts = deal, _mixed_counts(parts)
    result = Odds(played, counts, scheme=chosen, dealt=None if chosen is None else deal)
    _ = result.scheme_result  # settle now, so that a scheme that cannot be settled is refused here
    return result


def _scheme(scheme: Scheme | str) -> Scheme:
    if isinstance(scheme, str):
        from shtoss_exact.schemes import scheme_named

        return scheme_named(scheme)
    return scheme


def check_cost(deal: Deal) -> None:
    """Refuse up front a deck whose summary counts would take more than about a second,
    or whose exact answers would be too long to print."""
    cost = summary_cost(deal.cards, deal.copies)
    if cost > MAX_SUMMARY_COST:
        raise ShtossError(
            f"cards={_short(deal.cards)} with copies={_short(deal.copies)} needs about "
            f"{cost:.1e} word "
            f"operations: more than the limit {MAX_SUMMARY_COST:.0e}; use fewer copies or cards"
        )
    digits = binom_bits(deal.cards, deal.copies) * log10(2)
    if digits > MAX_EXACT_DIGITS:
        raise ShtossError(
            f"cards={_short(deal.cards)} with copies={_short(deal.copies)} makes exact values "
            f"of about {digits:.1e} digits: more than the limit {MAX_EXACT_DIGITS}; use fewer "
            "copies or cards"
        )


def _short(number: int) -> str:
    """A whole number for a message: in full below 10^30, else by its number of digits."""
    if number < 10**30:
        return str(number)
    return f"(about {number.bit_length() * log10(2):.0f} digits)"


def _mixed_counts(parts: tuple[tuple[int, Deal], ...]) -> KindCounts:
    """Kind counts of a weighted mixture of decks, over one common denominator."""
    counted = [(w, kind_counts(d.cards, d.copies)) for w, d in parts]
    common = lcm(*(c.total for _, c in counted))
    sums = [0, 0, 0, 0]
    for weight, c in counted:
        scale = weight * (common // c.total)
        for i, value in enumerate((c.killed, c.plie, c.given, c.none)):
            sums[i] += value * scale
    killed, plie, given, none = sums
    return KindCounts(killed, plie, given, none, common * sum(w for w, _ in parts))
