"""A bank's set-up: the bets (rank, stake, scheme) and the banker's deck they are dealt from.

Every argument is checked here, once, so that a wrong value is refused in one line
naming it, never deep inside the computation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction

from shtoss_exact.cards import parse_rank
from shtoss_exact.deck import PRESET_COPIES, deck_ranks
from shtoss_exact.engine import Kind
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.errors import shown_number as shown
from shtoss_exact.frozen import dataclass, field
from shtoss_exact.i18n import _
from shtoss_exact.numbers import exact_number, exact_str, parse_fraction, whole_number
from shtoss_exact.schemes.files import as_scheme
from shtoss_exact.schemes.scheme import BUILTIN, Outcome, Scheme, SchemeArgument

MAX_BETS = 300
"""Most bets in one bank: every ordered pair of bets is reported, and 300 bets make
89 700 pairs, about the time limit of one bank."""

BET_FORM = "rank[:stake[:scheme]]"

Label = tuple[bool, tuple[Fraction, ...]]
"""A category of a rank's outcome in a bank: (given, the punter's payoff under each of
its schemes); outcomes with equal labels are one outcome for the walk."""


def categorize(cards: int, schemes: Sequence[Scheme]) -> Callable[[Kind, int | None], Label]:
    """Outcome -> (given, the punter's payoff under each scheme); null settles as 0.

    >>> from shtoss_exact.schemes.scheme import scheme_named
    >>> categorize(52, [scheme_named("lob-half")])(Kind.PLIE, 1)
    (False, (Fraction(-1, 2),))
    """

    def category(kind: Kind, position: int | None) -> Label:
        outcome = Outcome(kind, position, cards)
        return kind is Kind.GIVEN, tuple(s.settle(outcome).payoff for s in schemes)

    return category


def named_positions(cards: int, schemes: Sequence[Scheme]) -> frozenset[int]:
    """The positions some scheme names: every other position settles by kind alone.

    >>> from shtoss_exact.schemes.scheme import scheme_named
    >>> sorted(named_positions(52, [scheme_named("lob-half"), scheme_named("pharaon")]))
    [1, 51, 52]
    """
    return frozenset(p for s in schemes for p in s.special_positions(cards))


def parse_stake(text: str) -> Fraction:
    """A positive exact stake: ``10``, ``2.5``, ``1/2`` (read by ``parse_fraction``).

    >>> parse_stake("5/2")
    Fraction(5, 2)
    """
    try:
        value = parse_fraction(text)
    except ShtossError as error:
        raise ShtossError(
            _("stake {text!r} is not a number ({error})").format(text=text[:40], error=error)
        ) from None
    if value <= 0:
        raise ShtossError(
            _("stake {text!r} is not positive: allowed stakes are > 0").format(text=text)
        )
    return value


@dataclass(frozen=True)
class Bet:
    """One punter's stake on a rank, settled by ``scheme`` (a ``Scheme`` or a built-in name).

    >>> Bet("д", stake="5/2", scheme="фараон")
    Bet(rank='Q', stake=Fraction(5, 2), scheme='pharaon')
    """

    rank: str
    stake: Fraction = field(default=Fraction(1), kw_only=True)
    scheme: Scheme = field(default=BUILTIN["classic"], kw_only=True)

    def __post_init__(self) -> None:
        if not isinstance(self.rank, str):
            raise ShtossError(
                _("rank={rank} is a {name}: allowed a rank such as '7', 'Q' or 'Д'").format(
                    rank=quoted(self.rank), name=type(self.rank).__name__
                )
            )
        object.__setattr__(self, "rank", parse_rank(self.rank))
        stake = exact_number(self.stake, name="stake")
        if stake <= 0:
            raise ShtossError(
                _("stake={exact_str} on {rank} is not positive: allowed > 0").format(
                    exact_str=exact_str(stake), rank=self.rank
                )
            )
        object.__setattr__(self, "stake", stake)
        scheme = as_scheme(self.scheme)
        if scheme.needs_suits:
            raise ShtossError(
                _(
                    "scheme {name!r} needs the suits, which the bank does not model: allowed "
                    "schemes without suits (e.g. classic, lob-half, pharaon)"
                ).format(name=scheme.name)
            )
        object.__setattr__(self, "scheme", scheme)

    def __repr__(self) -> str:
        return f"Bet(rank={self.rank!r}, stake={self.stake!r}, scheme={self.scheme.name!r})"

    def __str__(self) -> str:
        text = f"{self.rank}:{exact_str(self.stake)}"
        return text if self.scheme.name == "classic" else f"{text}:{self.scheme.name}"


def parse_bet(text: str, *, scheme: SchemeArgument = "classic") -> Bet:
    """Parse ``rank[:stake[:scheme]]``: the stake defaults to 1, the scheme to ``scheme``.

    The scheme is a built-in name, a Russian one or a scheme file (``.toml``/``.json``).

    >>> str(parse_bet("д:5:фараон")), parse_bet("A").stake
    ('Q:5:pharaon', Fraction(1, 1))
    """
    if not isinstance(text, str):
        raise ShtossError(
            _(
                "bet {text} is a {name}: allowed a Bet or a string {bet_form} such as '7:10' or "
                "'Q:5:pharaon'"
            ).format(text=quoted(text), name=type(text).__name__, bet_form=BET_FORM)
        )
    parts = text.split(":", 2)
    try:
        if not parts[0].strip():
            raise ShtossError(
                _("no rank: write {bet_form}, e.g. 7, 7:10, Q:5:pharaon").format(bet_form=BET_FORM)
            )
        rank = parse_rank(parts[0])
        stake = parse_stake(parts[1]) if len(parts) > 1 else Fraction(1)
        chosen = as_scheme(scheme)
        if len(parts) > 2:
            chosen = as_scheme(parts[2].strip())
        return Bet(rank, stake=stake, scheme=chosen)
    except ShtossError as error:
        raise ShtossError(_("bet {text!r}: {error}").format(text=text[:60], error=error)) from None


def as_bets(bets: object, *, scheme: SchemeArgument = "classic") -> tuple[Bet, ...]:
    """The ``bets`` argument of ``bank``: ``Bet``s or ``rank[:stake[:scheme]]`` strings.

    >>> [str(b) for b in as_bets(["7:10", Bet("Q", scheme="pharaon")])]
    ['7:10', 'Q:1:pharaon']
    """
    if isinstance(bets, str | bytes | Bet | Mapping | set | frozenset) or not isinstance(
        bets, Iterable
    ):
        raise ShtossError(
            _(
                "bets={bets} is not a list of bets: allowed a list of Bets or of strings "
                "{bet_form}, e.g. ['7:10', 'Q:5:pharaon'] (in order: not a dict or a set)"
            ).format(bets=quoted(bets), bet_form=BET_FORM)
        )
    default = as_scheme(scheme)
    parsed: list[Bet] = []
    for item in bets:
        if len(parsed) == MAX_BETS:
            raise ShtossError(
                _(
                    "more than {max_bets} bets: the limit of one bank is {max_bets} bets (every "
                    "ordered pair of bets is reported: {max_bets2} pairs); stake fewer"
                ).format(max_bets=MAX_BETS, max_bets2=MAX_BETS * (MAX_BETS - 1))
            )
        parsed.append(item if isinstance(item, Bet) else parse_bet(item, scheme=default))
    if not parsed:
        raise ShtossError(_("no bet given: stake at least one rank (e.g. bets=['7'])"))
    return tuple(parsed)


@dataclass(frozen=True)
class BankDeal:
    """The banker's deck: ``cards`` cards, ``copies[rank]`` of each staked rank, the rest other.

    >>> make_bank_deal(["7", "Q"], deck=36, one_deck=True)
    BankDeal(cards=34, copies=(('7', 3), ('Q', 3)), one_deck=True)
    """

    cards: int
    copies: tuple[tuple[str, int], ...]
    one_deck: bool = False

    def copies_of(self, rank: str) -> int:
        """The copies of ``rank`` in this deck."""
        return dict(self.copies)[rank]


def make_bank_deal(
    ranks: Sequence[str],
    *,
    deck: int = 52,
    cards: int | None = None,
    copies: int | Mapping[str, int] | None = None,
    one_deck: bool = False,
) -> BankDeal:
    """The deck for a bank on ``ranks`` (distinct, normalised).

    ``deck`` is a preset (52, 36, 32); ``cards`` a custom size overriding it (any
    rank allowed); ``copies`` the copies of each staked rank in that whole deck
    (default 4), one number or one per rank. ``one_deck``: each punter takes his card
    off the top of the banker's deck, one of his rank's copies, so one card of each
    staked rank leaves it (the deck is ``cards`` minus the number of staked ranks).

    >>> make_bank_deal(["7", "Q"], cards=20, copies={"Д": 1}).copies
    (('7', 4), ('Q', 1))
    """
    preset = deck_ranks(deck)
    if not isinstance(one_deck, bool):
        raise ShtossError(
            _("one_deck={one_deck} is not a bool: allowed True or False").format(
                one_deck=quoted(one_deck)
            )
        )
    if not ranks:
        raise ShtossError(_("no bet given: stake at least one rank (e.g. bets=['7'])"))
    if cards is None:
        for rank in ranks:
            if rank not in preset:
                raise ShtossError(
                    _(
                        "rank {rank} is not in the {deck}-card deck: allowed ranks {preset}..A"
                    ).format(rank=rank, deck=deck, preset=preset[0])
                )
        size = deck
    else:
        size = whole_number(cards, name="cards")
    default = PRESET_COPIES
    per_rank: dict[str, int] = {}
    if isinstance(copies, Mapping):
        given = {}
        for key, count in copies.items():
            rank = parse_rank(key) if isinstance(key, str) else key
            if rank not in ranks:
                raise ShtossError(
                    _(
                        "copies names rank {key}, which no bet stakes: allowed the staked ranks "
                        "{ranks}"
                    ).format(key=quoted(key), ranks=", ".join(ranks))
                )
            given[rank] = whole_number(count, name=f"copies of {rank}")
        per_rank = {rank: given.get(rank, default) for rank in ranks}
    else:
        count = default if copies is None else whole_number(copies, name="copies")
        per_rank = dict.fromkeys(ranks, count)
    for rank, count in per_rank.items():
        if cards is None and count > PRESET_COPIES:
            raise ShtossError(
                _(
                    "copies={count} of {rank} in the preset {deck}-card deck, which holds "
                    "{preset_copies} of each rank: allowed copies <= {preset_copies}, or give "
                    "cards="
                ).format(count=shown(count), rank=rank, deck=deck, preset_copies=PRESET_COPIES)
            )
        if one_deck and count < 1:
            raise ShtossError(
                _(
                    "copies=0 of {rank} in a one-deck bank: the punter's card is a copy of his "
                    "rank, taken from the deck; allowed copies >= 1"
                ).format(rank=rank)
            )
    staked = sum(per_rank.values())
    if staked > size:
        raise ShtossError(
            _(
                "the staked ranks hold {shown} copies but the deck has {shown2} cards: allowed "
                "total copies <= cards"
            ).format(shown=shown(staked), shown2=shown(size))
        )
    # The one-deck game: each punter's card is one of his rank's copies, taken off the deck.
    in_deck = size - len(ranks) if one_deck else size
    if one_deck:
        per_rank = {rank: count - 1 for rank, count in per_rank.items()}
    return BankDeal(in_deck, tuple(per_rank.items()), one_deck=one_deck)
