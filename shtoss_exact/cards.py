"""Cards and their spelling: the suits, the ranks of a 52-card deck, and the one parser
for cards such as ``7h``, ``Q♠``, ``10D`` or ``Дп`` (дама пик), for their ranks and suits.
"""

from __future__ import annotations

from enum import StrEnum

from shtoss_exact.catalogue import composed
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.frozen import dataclass
from shtoss_exact.i18n import _


class Suit(StrEnum):
    """The four suits: spades and clubs are black, hearts and diamonds red.

    >>> Suit.HEARTS.red, Suit("spades").symbol
    (True, '♠')
    >>> sum(suit.red for suit in Suit)  # hearts and diamonds
    2
    """

    SPADES = "spades"
    CLUBS = "clubs"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"

    @property
    def red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]


_SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.CLUBS: "♣", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦"}

# Latin letters, card symbols (filled and outlined), Russian initials
# (пики, трефы, черви, бубны).
_SUIT_ALIASES: dict[str, Suit] = {
    "s": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES, "п": Suit.SPADES,
    "c": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS, "т": Suit.CLUBS, "к": Suit.CLUBS,
    "h": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS, "ч": Suit.HEARTS,
    "d": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "б": Suit.DIAMONDS,
}  # fmt: skip


RANKS_52 = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


# Russian rank letters: валет, дама, король, туз (Cyrillic Т is the ace); Latin T is
# the ten, as in poker notation.
_RANK_ALIASES = {"В": "J", "Д": "Q", "К": "K", "Т": "A", "T": "10"}


def parse_rank(text: str) -> str:
    """Normalise a rank: ``7``, ``10``, ``q``, ``Д`` (дама) -> ``7``, ``10``, ``Q``, ``Q``.

    >>> parse_rank("т")
    'A'

    Every rank of a 52-card deck, from its Russian and Latin names alike:

    >>> len({parse_rank(word) for word in "2 3 4 5 6 7 8 9 10 В Д К Т J Q K A".split()})
    13
    """
    allowed = _("2..10, J, Q, K, A (or В, Д, К, Т)")
    if not isinstance(text, str):
        raise ShtossError(
            _("rank={text} is a {name}: allowed a rank such as {allowed}").format(
                text=quoted(text), name=type(text).__name__, allowed=allowed
            )
        )
    key = _nfc(text.strip()[:8]).upper()
    key = _RANK_ALIASES.get(key, key)
    if key not in RANKS_52:
        raise ShtossError(
            _("unknown rank {text}: allowed ranks are {allowed}").format(
                text=quoted(text), allowed=allowed
            )
        )
    return key


_PRESENTATION = str.maketrans("", "", "\ufe0e\ufe0f")
"""The variation selectors of text and emoji presentation: a phone's keyboard writes
``♥️`` (U+2665 U+FE0F) for ``♥``; they change how a suit looks, never which it is."""


def _nfc(text: str) -> str:
    """``text`` in Unicode's composed form: ``и`` + U+0306 is ``й``, ``e`` + U+0301 is ``é``
    (``catalogue.composed``: Unicode's tables are loaded only for text that is not ASCII),
    without the presentation selectors (``7♥️`` is ``7♥``).

    >>> parse_card("7\u2665\ufe0f")
    Card(rank='7', suit=<Suit.HEARTS: 'hearts'>)
    """
    return composed(text).translate(_PRESENTATION) if not text.isascii() else text


def parse_suit(text: str) -> Suit:
    """Normalise a suit: ``h``, ``♥``, ``hearts``, ``ч`` -> ``Suit.HEARTS``.

    >>> parse_suit("♠")
    <Suit.SPADES: 'spades'>
    """
    allowed = _("s/c/h/d, ♠/♣/♥/♦, п/т/ч/б or spades/clubs/hearts/diamonds")
    if not isinstance(text, str):
        raise ShtossError(
            _("suit={text} is a {name}: allowed a suit such as {allowed}").format(
                text=quoted(text), name=type(text).__name__, allowed=allowed
            )
        )
    key = _nfc(text.strip()[:10]).lower()
    for suit in Suit:
        if key == suit.value:
            return suit
    if key in _SUIT_ALIASES:
        return _SUIT_ALIASES[key]
    raise ShtossError(
        _("unknown suit {text}: allowed suits are {allowed}").format(
            text=quoted(text), allowed=allowed
        )
    )


@dataclass(frozen=True)
class Card:
    """A card: a rank (``"2"``..``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``) and a suit.

    >>> parse_card("Q♠") == Card("Q", Suit.SPADES)
    True

    The punter's 7♥ off the top of one deck: 51 cards stay, 3 of them sevens.

    >>> from shtoss_exact.deck import make_deal
    >>> deal = make_deal(card=Card("7", Suit.HEARTS), one_deck=True)
    >>> deal.cards, deal.copies
    (51, 3)
    """

    rank: str
    suit: Suit

    def __post_init__(self) -> None:
        if not isinstance(self.rank, str) or self.rank not in RANKS_52:
            raise ShtossError(
                _(
                    "rank={rank}: allowed one of {ranks_52} (parse_rank reads the other spellings)"
                ).format(rank=quoted(self.rank), ranks_52=", ".join(RANKS_52))
            )
        if not isinstance(self.suit, Suit):
            raise ShtossError(
                _(
                    "suit={suit} is a {name}: allowed a Suit (parse_suit reads 'h', '♥', 'hearts')"
                ).format(suit=quoted(self.suit), name=type(self.suit).__name__)
            )

    def __str__(self) -> str:
        return f"{self.rank}{self.suit.symbol}"


def parse_card(text: str) -> Card:
    """Parse a card such as ``7h``, ``7♥``, ``10D``, ``QS`` or ``Дп`` (дама пик).

    >>> parse_card("10D")
    Card(rank='10', suit=<Suit.DIAMONDS: 'diamonds'>)
    """
    form = _("write a rank then a suit, e.g. 7h, 10D, QS, A♠, Дп")
    if not isinstance(text, str):
        raise ShtossError(
            _("card={text} is a {name}: {form}").format(
                text=quoted(text), name=type(text).__name__, form=form
            )
        )
    raw = _nfc(text.strip()[:8])
    if len(raw) < 2 or len(raw) > 3:
        raise ShtossError(_("unknown card {text}: {form}").format(text=quoted(text), form=form))
    rank_part, suit_part = raw[:-1], raw[-1]
    try:
        return Card(parse_rank(rank_part), parse_suit(suit_part))
    except ShtossError as error:
        raise ShtossError(
            _("unknown card {text}: {error}").format(text=quoted(text), error=error)
        ) from None


def parse_suits(text: str) -> tuple[Suit, ...]:
    """Parse a run of suit letters, one per copy: ``"shc"`` or ``"♠♥♥"``.

    >>> [s.value for s in parse_suits("sh")]
    ['spades', 'hearts']
    """
    if not isinstance(text, str) or len(text) > 1000:
        raise ShtossError(
            _("suits={text}: allowed text such as 'shc', one suit per copy").format(
                text=quoted(text)
            )
        )
    cleaned = [ch for ch in _nfc(text) if not ch.isspace() and ch != ","]
    return tuple(parse_suit(ch) for ch in cleaned)
