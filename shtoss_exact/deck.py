"""Deck presets, the deal set-ups of one bet and the games dealt.

A bet is decided by a banker's deck of ``cards`` cards holding ``copies`` copies of
the punter's rank. The two-deck game (the classic one) leaves the banker's deck
whole; the one-deck game takes the punter's card off the top of the banker's cut
deck; a mid-deal state is whatever is left. The cards themselves and their spelling
(``Card``, ``parse_card``, ...) are in ``cards``, and importable from here too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import StrEnum

from shtoss_exact.cards import (
    RANKS_52,
    Card,
    Suit,
    parse_card,
    parse_rank,
    parse_suit,
    parse_suits,
)
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.frozen import dataclass
from shtoss_exact.i18n import N_, _
from shtoss_exact.numbers import short_int, whole_digits_over, whole_digits_refused

__all__ = [
    "GAME_DESCRIPTIONS",
    "PRESETS",
    "PRESET_COPIES",
    "RANKS_52",
    "Card",
    "Deal",
    "Game",
    "Suit",
    "SuitCounts",
    "SuitRelation",
    "deal_from",
    "deck_ranks",
    "default_copy_suits",
    "make_deal",
    "parse_card",
    "parse_game",
    "parse_rank",
    "parse_suit",
    "parse_suits",
    "suit_relation",
]


class SuitRelation(StrEnum):
    """How the deciding card's suit relates to the punter's card (the *thirds* scheme).

    *colour* (цветная): the same suit; *half-colour* (полуцветная): the other suit
    of the same colour; *plain* (простая): the other colour.

    >>> suit_relation(Suit.SPADES, Suit.CLUBS)
    <SuitRelation.HALF_COLOUR: 'half-colour'>

    The 7♥ taken from one deck leaves 7♠, 7♣ (plain) and 7♦ (half-colour):

    >>> deal = make_deal(card="7h", one_deck=True)
    >>> deal.suit_counts[SuitRelation.PLAIN], deal.suit_counts[SuitRelation.HALF_COLOUR]
    (2, 1)
    """

    COLOUR = "colour"
    HALF_COLOUR = "half-colour"
    PLAIN = "plain"


def suit_relation(punter: Suit, deciding: Suit) -> SuitRelation:
    """The relation of the deciding card's suit to the punter's card's suit.

    >>> suit_relation(Suit.HEARTS, Suit.DIAMONDS)
    <SuitRelation.HALF_COLOUR: 'half-colour'>
    """
    if punter is deciding:
        return SuitRelation.COLOUR
    if punter.red == deciding.red:
        return SuitRelation.HALF_COLOUR
    return SuitRelation.PLAIN


PRESETS: dict[int, tuple[str, ...]] = {52: RANKS_52, 36: RANKS_52[4:], 32: RANKS_52[5:]}
"""Deck size -> its ranks, low to high (2..A, 6..A, 7..A), four suits each: the one
registry of preset decks (the first is the default)."""


def deck_ranks(deck: object) -> tuple[str, ...]:
    """The ranks of a preset deck, low to high; any other deck is refused.

    >>> deck_ranks(32)
    ('7', '8', '9', '10', 'J', 'Q', 'K', 'A')
    """
    if isinstance(deck, bool) or not isinstance(deck, int) or deck not in PRESETS:
        allowed = ", ".join(map(str, PRESETS))
        raise ShtossError(
            _("unknown deck {deck}: allowed decks are {allowed}").format(
                deck=quoted(deck), allowed=allowed
            )
        )
    return PRESETS[deck]


@dataclass(frozen=True)
class SuitCounts:
    """How many of the copies in the deck stand in each suit relation to the punter's card."""

    colour: int
    half_colour: int
    plain: int

    @classmethod
    def of(cls, punter: Suit, copies: tuple[Suit, ...]) -> SuitCounts:
        counts = Counter(suit_relation(punter, suit) for suit in copies)
        return cls(
            counts[SuitRelation.COLOUR],
            counts[SuitRelation.HALF_COLOUR],
            counts[SuitRelation.PLAIN],
        )

    def __getitem__(self, relation: SuitRelation) -> int:
        return {
            SuitRelation.COLOUR: self.colour,
            SuitRelation.HALF_COLOUR: self.half_colour,
            SuitRelation.PLAIN: self.plain,
        }[relation]

    @property
    def total(self) -> int:
        return self.colour + self.half_colour + self.plain


_PLAIN_BITS = 14_000
"""Decks of fewer bits (about 4214 digits) are within the whole-number bound at once."""


@dataclass(frozen=True)
class Deal:
    """One bet's set-up: ``cards`` in the banker's deck, ``copies`` of the punter's rank.

    ``card`` is the punter's card when its suit matters, ``copy_suits`` the suits of
    the copies in the banker's deck (one per copy) when they are known.

    Build one with ``make_deal``, which knows the presets.

    >>> Deal(52, 4).suit_counts is None
    True
    >>> from shtoss_exact.bet.odds import odds_of
    >>> odds_of(Deal(52, 4)).banker
    Fraction(433, 833)
    """

    cards: int
    copies: int
    card: Card | None = None
    copy_suits: tuple[Suit, ...] | None = None
    one_deck: bool = False

    def __post_init__(self) -> None:
        if (
            type(self.cards) is int
            and type(self.copies) is int
            and 0 <= self.copies <= self.cards
            and self.cards.bit_length() < _PLAIN_BITS
            and self.card is None
            and self.copy_suits is None
            and self.one_deck is False
        ):
            return  # a plain deck: every check below passes
        for name, value in (("cards", self.cards), ("copies", self.copies)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ShtossError(
                    _("{name} must be a whole number, got {value}").format(
                        name=name, value=quoted(value)
                    )
                )
            if value < 0:
                raise ShtossError(
                    _("{name} must be >= 0, got {value}").format(name=name, value=quoted(value))
                )
            if whole_digits_over(value):
                raise whole_digits_refused(value, name=name)
        if self.card is not None and not isinstance(self.card, Card):
            raise ShtossError(
                _("card={card}: allowed a Card (parse_card) or None").format(card=quoted(self.card))
            )
        if not isinstance(self.one_deck, bool):
            raise ShtossError(
                _("one_deck={one_deck}: allowed True or False").format(
                    one_deck=quoted(self.one_deck)
                )
            )
        if self.copy_suits is not None and not (
            isinstance(self.copy_suits, tuple) and all(isinstance(x, Suit) for x in self.copy_suits)
        ):
            raise ShtossError(
                _("copy_suits={copy_suits}: allowed a tuple of Suit, one per copy").format(
                    copy_suits=quoted(self.copy_suits)
                )
            )
        if self.copies > self.cards:
            raise ShtossError(
                _(
                    "copies={copies} is more than cards={cards}: allowed 0 <= copies <= cards"
                ).format(copies=short_int(self.copies), cards=short_int(self.cards))
            )
        if self.copy_suits is not None and len(self.copy_suits) != self.copies:
            raise ShtossError(
                _(
                    "{copy_suits_count} suits given for copies={copies}: give one suit per copy"
                ).format(copy_suits_count=len(self.copy_suits), copies=self.copies)
            )

    @property
    def suit_counts(self) -> SuitCounts | None:
        """Copies per suit relation, when the punter's card and the copies' suits are known."""
        if self.card is None or self.copy_suits is None:
            return None
        return SuitCounts.of(self.card.suit, self.copy_suits)


def default_copy_suits(*, copies: int, card: Card, one_deck: bool) -> tuple[Suit, ...] | None:
    """Suits of ``copies`` copies when a standard composition fixes them, else ``None``.

    A two-deck game with ``4k`` copies holds ``k`` of each suit; a one-deck game with
    ``4k - 1`` copies lacks the punter's own card.

    >>> len(default_copy_suits(copies=3, card=parse_card("7h"), one_deck=True))
    3
    """
    whole = copies + 1 if one_deck else copies
    if whole == 0 or whole % 4:
        return None
    suits = [suit for suit in Suit for _ in range(whole // 4)]
    if one_deck:
        suits.remove(card.suit)
    return tuple(suits)


GAME_DESCRIPTIONS: dict[str, str] = {
    "two-deck": "Stoss, the punter's card from his own deck",
    "one-deck": "Stoss, the punter's card off the top of the banker's deck",
    "faro": "Faro: soda and hock dead, a split costs half",
    "stuss": "Stuss: Faro with a split a full loss",
    "pharaon": "Pharaon: a doublet costs half, the last card null",
    "bassette": "Bassette: the first card (facée) costs 2/3, the last card null",
}


class Game(StrEnum):
    """The games dealt, one vocabulary for every command (``--game``) and the library.

    ``two-deck`` and ``one-deck`` are Stoss with the punter's card from his own deck or
    off the top of the banker's; ``faro``, ``stuss``, ``pharaon`` and ``bassette`` the
    games of one deck dealt through. Each command takes the games it deals
    (``parse_game(text, allowed=...)``).

    >>> Game("one-deck").description
    "Stoss, the punter's card off the top of the banker's deck"
    """

    TWO_DECK = "two-deck"
    ONE_DECK = "one-deck"
    FARO = "faro"
    STUSS = "stuss"
    PHARAON = "pharaon"
    BASSETTE = "bassette"

    @property
    def description(self) -> str:
        return GAME_DESCRIPTIONS[self.value]


def parse_game(value: object, *, allowed: Sequence[Game], what: str = N_("game")) -> Game:
    """A game of the registry that ``allowed`` holds; any other is refused in one line
    naming the allowed ones.

    >>> parse_game("one-deck", allowed=(Game.TWO_DECK, Game.ONE_DECK))
    <Game.ONE_DECK: 'one-deck'>
    """
    names = ", ".join(g.value for g in allowed)
    if isinstance(value, Game):
        game: Game | None = value
    elif isinstance(value, str):
        key = value.strip().lower().replace("_", "-")
        game = next((g for g in Game if g.value == key), None)
    else:
        game = None
    if game is None or game not in allowed:
        known = "" if game is None else _(" is not dealt here")
        shown = value.value if isinstance(value, Game) else value
        raise ShtossError(
            _("{what} {shown}{known}: allowed games are {names}").format(
                what=_(what), shown=quoted(shown), known=known, names=names
            )
        )
    return game


PRESET_COPIES = 4
"""Copies of each rank in a preset deck (one per suit)."""


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
    ``copies`` the copies of the punter's rank in that whole deck (default 4).
    ``one_deck`` takes the punter's card off the top of the banker's deck: it is one of
    the ``copies``, so the banker's deck holds one card and one copy fewer (``copies``
    0 is then refused). ``card`` is the punter's card (``"7h"``) when its suit matters;
    ``suits`` the suits of the copies in the banker's deck, one per copy (``"shc"``).

    >>> make_deal(deck=36, one_deck=True)
    Deal(cards=35, copies=3, card=None, copy_suits=None, one_deck=True)
    """
    if card is None and suits is None and one_deck is False and type(deck) is int:
        # The plain question (no card, suits or one-deck game), as the checks below
        # would answer it: a preset deck with its copies, or cards and copies given.
        if cards is None and copies is None and deck in PRESETS:
            return _plain_deal(deck, PRESET_COPIES)
        plain = type(cards) is int and type(copies) is int and deck in PRESETS
        if plain and 0 <= copies <= cards and cards.bit_length() < _PLAIN_BITS:  # type: ignore[operator,union-attr]
            return _plain_deal(cards, copies)  # type: ignore[arg-type]
    ranks = deck_ranks(deck)
    if not isinstance(one_deck, bool):
        raise ShtossError(
            _("one_deck={one_deck}: allowed True or False").format(one_deck=quoted(one_deck))
        )
    if card is not None and not isinstance(card, Card | str):
        raise ShtossError(
            _("card={card} is not a card: allowed a Card or text such as '7h'").format(
                card=quoted(card)
            )
        )
    if suits is not None and not (
        isinstance(suits, str)
        or (isinstance(suits, tuple) and all(isinstance(x, Suit) for x in suits))
    ):
        raise ShtossError(
            _("suits={suits}: allowed text such as 'shc' or a tuple of Suit, one per copy").format(
                suits=quoted(suits)
            )
        )
    punter_card = parse_card(card) if isinstance(card, str) else card
    if cards is None:
        if punter_card is not None and punter_card.rank not in ranks:
            low = ranks[0]
            raise ShtossError(
                _(
                    "card {punter_card} is not in the {deck}-card deck: allowed ranks {low}..A"
                ).format(punter_card=punter_card, deck=deck, low=low)
            )
        size = deck
    else:
        size = cards
    for name, value in (("cards", cards), ("copies", copies)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise ShtossError(
                _("{name} must be a whole number, got {value}").format(
                    name=name, value=quoted(value)
                )
            )
        if value is not None and value < 0:
            raise ShtossError(
                _("{name} must be >= 0, got {short_int}").format(
                    name=name, short_int=short_int(value)
                )
            )
        if value is not None and whole_digits_over(value):
            raise whole_digits_refused(value, name=name)
    count = PRESET_COPIES if copies is None else copies
    if cards is None and count > PRESET_COPIES:
        raise ShtossError(
            _(
                "copies={count} in the preset {deck}-card deck, which holds {preset_copies} of "
                "each rank: allowed copies <= {preset_copies}, or give cards="
            ).format(count=short_int(count), deck=deck, preset_copies=PRESET_COPIES)
        )
    if count > size:
        raise ShtossError(
            _("copies={count} is more than cards={size}: allowed 0 <= copies <= cards").format(
                count=short_int(count), size=short_int(size)
            )
        )
    if one_deck and count < 1:
        raise ShtossError(
            _(
                "copies=0 in a one-deck game: the punter's card is a copy of his rank, taken from "
                "the deck; allowed copies >= 1"
            )
        )
    in_deck, held = (size - 1, count - 1) if one_deck else (size, count)
    if suits is not None and punter_card is None:
        raise ShtossError(
            _(
                "suits of the copies are given but no punter's card: the suit relation needs both "
                "(card= with suits=)"
            )
        )
    copy_suits = parse_suits(suits) if isinstance(suits, str) else suits
    if copy_suits is None and punter_card is not None:
        copy_suits = default_copy_suits(copies=held, card=punter_card, one_deck=one_deck)
    return Deal(in_deck, held, punter_card, copy_suits, one_deck=one_deck)


def _plain_deal(cards: int, copies: int) -> Deal:
    """``Deal(cards, copies)`` for whole numbers 0 <= copies <= cards, checked already:
    made without the frozen class's per-field assignment and checks (the default
    question makes one at every call)."""
    deal = object.__new__(Deal)
    deal.__dict__.update(cards=cards, copies=copies, card=None, copy_suits=None, one_deck=False)
    return deal


def deal_from(
    *,
    deal: Deal | None = None,
    deck: int | None = None,
    cards: int | None = None,
    copies: int | None = None,
    one_deck: bool | None = None,
    card: Card | str | None = None,
    suits: tuple[Suit, ...] | str | None = None,
) -> Deal:
    """The ``Deal`` of a library entry's deck arguments: either a built ``deal`` (the
    deck as shuffled, e.g. ``odds(...).as_shuffled``) or the arguments of ``make_deal``
    (default: the whole 52-card deck), never both.

    >>> deal_from(deck=36) == make_deal(deck=36), deal_from(deal=Deal(10, 2))
    (True, Deal(cards=10, copies=2, card=None, copy_suits=None, one_deck=False))
    """
    given = {
        name: value
        for name, value in (("deck", deck), ("cards", cards), ("copies", copies),
                            ("one_deck", one_deck), ("card", card), ("suits", suits))
        if value is not None
    }  # fmt: skip
    if deal is not None:
        if not isinstance(deal, Deal):
            raise ShtossError(
                _("deal={deal} is not a Deal: build one with make_deal(...)").format(
                    deal=quoted(deal)
                )
            )
        if given:
            names = ", ".join(f"{name}=" for name in given)
            raise ShtossError(
                _(
                    "deal= and {names} both given: give the deck arguments or a Deal, not both"
                ).format(names=names)
            )
        return deal
    return make_deal(
        deck=52 if deck is None else deck,
        cards=cards,
        copies=copies,
        one_deck=False if one_deck is None else one_deck,
        card=card,
        suits=suits,
    )
