"""Probability tables over ranges of set-ups (decks, copies, games, schemes), and one
set-up by abzug.

A summary row is one bet: the whole ``deck`` it starts from, the ``game`` (two-deck
or one-deck), the ``cards`` of the banker's deck as shuffled (one fewer in the
one-deck game), the ``copies`` of the punter's rank, the ``scheme``, and the scheme's
outcomes (``Odds.banker``, ``punter``, ``null``: they sum to 1) with the punter's
expected net ``ev``. A table's size and cost are counted before any row is made;
rows by abzug are streamed (``AbzugTable.stream()``), so any deck fits in memory.
"""

from __future__ import annotations

import os
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from itertools import islice
from typing import TYPE_CHECKING, Any

from shtoss_exact import limits
from shtoss_exact.deck import PRESETS, Deal, Game, make_deal, parse_game
from shtoss_exact.engine import Kind, check_deal, summary_cost
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.frozen import dataclass
from shtoss_exact.i18n import N_, _
from shtoss_exact.limits import Cost, check_cost
from shtoss_exact.numbers import whole_number
from shtoss_exact.pictures import plot_of
from shtoss_exact.records import Record, exact_fields
from shtoss_exact.schemes.files import as_scheme
from shtoss_exact.schemes.parts import Soda
from shtoss_exact.schemes.scheme import Scheme, SchemeArgument
from shtoss_exact.schemes.settlement import settlement_seconds

if TYPE_CHECKING:
    from shtoss_exact.bet.odds import Odds
    from shtoss_exact.bet.stream import AbzugStream

MAX_ROWS = limits.MAX_ROWS
"""Largest summary table (rows) and longest range; larger ones are refused up front."""

ROW_SECONDS = 150e-6
"""Seconds to make one summary row of a small deck (``odds_of`` under a scheme: measured
80-120 µs on a 2-core x86_64 machine)."""

OPERATION_SECONDS = 200e-9
"""Seconds per word operation of ``summary_cost`` (measured 160-180 ns)."""

OUTCOMES = ("banker", "punter", "null", "ev")
"""The exact values of a summary row, after its set-up."""

SCHEME_OUTCOMES = ("banker", "plie", "punter", "null", "ev")
"""The probabilities (and expected value) ``scheme_outcomes`` gives for one scheme."""

_RANGE_PRESETS: dict[str, tuple[int, ...]] = {"presets": tuple(sorted(PRESETS))}


GAMES = (Game.TWO_DECK, Game.ONE_DECK)
"""The games a table deals (from the one registry, ``deck.Game``): where the punter's
card comes from, his own deck (two-deck) or the banker's (one-deck)."""


def scheme_outcomes(deal: Deal, scheme: Scheme) -> dict[str, Fraction]:
    """Banker, plié, punter, null (no action) and the punter's EV under ``scheme``;
    ``plie`` counts the plié outcomes the scheme does not make null.

    >>> scheme_outcomes(Deal(52, 4), as_scheme("classic"))["banker"]
    Fraction(433, 833)
    """
    counts = scheme.settlement_counts(deal)
    tally = dict.fromkeys(SCHEME_OUTCOMES[:4], 0)
    for (payoff, null, kind), count in counts.items.items():
        if null or payoff == 0:
            tally["null"] += count
        elif payoff < 0:
            tally["banker"] += count
        else:
            tally["punter"] += count
        if kind is Kind.PLIE and not null:
            tally["plie"] += count
    result = {name: Fraction(count, counts.total) for name, count in tally.items()}
    result["ev"] = counts.mean
    return result


def parse_range(text: str, *, name: str, minimum: int = 0) -> tuple[int, ...]:
    """Whole numbers from ``N``, ``A..B``, ``A..B:STEP``, comma lists, or ``presets``.

    ``presets`` stands for the preset deck sizes 32, 36, 52. Order is kept, repeats
    dropped; each part is counted before it is listed (at most ``MAX_ROWS`` values).

    >>> parse_range("4..10:3,52,presets", name="cards")
    (4, 7, 10, 52, 32, 36)
    """
    values: list[int] = []
    allowed = _("N, A..B, A..B:STEP, comma lists or 'presets', each >= {minimum}").format(
        minimum=minimum
    )
    for part in (p.strip() for p in text.split(",")):
        if part.lower() in _RANGE_PRESETS:
            values.extend(_RANGE_PRESETS[part.lower()])
            continue
        body, colon, step_text = part.partition(":")
        low_text, dots, high_text = body.partition("..")
        low = _whole(low_text, text=text, name=name, allowed=allowed)
        high = _whole(high_text, text=text, name=name, allowed=allowed) if dots else low
        # a colon asks for a step: "4..12:" with none is refused, not read as step 1
        step = _whole(step_text, text=text, name=name, allowed=allowed) if colon else 1
        if (colon and not dots) or step < 1 or high < low or low < minimum:
            raise ShtossError(
                _("{name}={text!r} is not a valid range: allowed {allowed}").format(
                    name=name, text=text[:60], allowed=allowed
                )
            )
        if (high - low) // step + 1 + len(values) > MAX_ROWS:
            raise ShtossError(
                _("{name}={text!r} has too many values: at most {max_rows}").format(
                    name=name, text=text[:60], max_rows=MAX_ROWS
                )
            )
        values.extend(range(low, high + 1, step))
    return tuple(dict.fromkeys(values))


MAX_RANGE_NUMBER = 10**12 - 1
"""Largest number of a range (twelve digits)."""


def _whole(part: str, *, text: str, name: str, allowed: str) -> int:
    part = part.strip()
    try:
        if part[:1] in ("", "+", "-"):
            raise ShtossError(part)
        return whole_number(part, name="", minimum=0, maximum=MAX_RANGE_NUMBER, text=True)
    except ShtossError:
        if part.isascii() and part.isdigit():
            raise ShtossError(
                _("{name}={part!r}: the number is too large: allowed 12 digits at most").format(
                    name=name, part=part[:40]
                )
            ) from None
        raise ShtossError(
            _("{name}={text!r} is not a valid range: allowed {allowed}").format(
                name=name, text=text[:60], allowed=allowed
            )
        ) from None


def parse_schemes(text: str) -> tuple[Scheme, ...]:
    """Schemes from a comma list of built-in names, Russian aliases or scheme files.

    >>> [s.name for s in parse_schemes("classic, фараон")]
    ['classic', 'pharaon']
    """
    from shtoss_exact.schemes.files import resolve_scheme

    names = [p.strip() for p in text.split(",")]
    if not any(names):
        raise ShtossError(
            _("schemes={text!r} names no scheme: give a comma list of names").format(text=text[:60])
        )
    if not all(names):  # "classic," or "classic,,pharaon": a name left out
        raise ShtossError(
            _("schemes={text!r} has an empty name in its list: give a comma list of names").format(
                text=text[:60]
            )
        )
    return tuple(dict.fromkeys(resolve_scheme(name) for name in dict.fromkeys(names)))


def _numbers(value: object, *, name: str) -> tuple[int, ...]:
    """A whole number or a sequence of them (a ``range`` too), counted before it is listed."""
    if isinstance(value, int) and not isinstance(value, bool):
        items: Iterable[object] = (value,)
    elif isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ShtossError(
            _(
                "{name}={value} is a {name2}: allowed a whole number or a sequence of them, e.g. "
                "range(4, 53)"
            ).format(name=name, value=quoted(value), name2=type(value).__name__)
        )
    elif isinstance(value, Sequence) and len(value) > MAX_ROWS:
        raise ShtossError(
            _("{name} has {value_count} values: at most {max_rows}").format(
                name=name, value_count=len(value), max_rows=MAX_ROWS
            )
        )
    else:
        items = value
    numbers: list[int] = []
    for number in islice(items, MAX_ROWS + 1):
        if isinstance(number, bool) or not isinstance(number, int) or number < 0:
            raise ShtossError(
                _("{name} holds {number}: allowed whole numbers >= 0 (ints, not floats)").format(
                    name=name, number=quoted(number)
                )
            )
        numbers.append(number)
    if len(numbers) > MAX_ROWS:
        raise ShtossError(
            _("{name} has more than {max_rows} values: at most {max_rows}").format(
                name=name, max_rows=MAX_ROWS
            )
        )
    return tuple(dict.fromkeys(numbers))


def _several(value: object, *, name: str) -> tuple[object, ...]:
    """One item (a ``str`` is one) or a sequence of them."""
    if isinstance(value, str | Scheme | os.PathLike | Game) or not isinstance(value, Iterable):
        return (value,)
    items = tuple(islice(value, MAX_ROWS + 1))
    if not items or len(items) > MAX_ROWS:
        raise ShtossError(
            _("{name} holds {items_count} items: allowed 1..{max_rows}").format(
                name=name, items_count=len(items), max_rows=MAX_ROWS
            )
        )
    return items


def _game(value: object) -> Game:
    return parse_game(value, allowed=GAMES, what=N_("games holds"))


@dataclass(frozen=True)
class TableSpec:
    """The rows of a summary table: every combination of the ranges, in this order
    (game, deck, copies, scheme).

    ``cards`` are the whole decks' sizes (an int, or a sequence such as
    ``range(4, 53)``); in the one-deck game the banker's deck has one card fewer (the
    punter's card is its top card). ``copies`` are the copies of the punter's rank in
    the whole deck (default 4): in the one-deck game the punter's card is one of them,
    so the banker's deck holds one fewer. ``schemes`` are ``Scheme``s, built-in names (Russian
    aliases too) or scheme files, ``games`` ``Game``s or their names; one or a sequence each.
    Set-ups too small for their copies, or that a scheme cannot play (faro's known
    soda needs a card of another rank), are left out.

    >>> TableSpec(cards=range(4, 53), copies=(1, 2), schemes=("classic", "фараон")).size()
    196
    """

    cards: Sequence[int] | int = (52, 36, 32)
    copies: Sequence[int] | int | None = None
    schemes: Sequence[SchemeArgument] | SchemeArgument = ("classic",)
    games: Sequence[Game | str] | Game | str = (Game.TWO_DECK,)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "cards", _numbers(self.cards, name="cards"))
        if self.copies is not None:
            set_(self, "copies", _numbers(self.copies, name="copies"))
        schemes: list[Scheme] = []
        for item in _several(self.schemes, name="schemes"):
            try:
                schemes.append(as_scheme(item))
            except ShtossError as error:
                raise ShtossError(_("schemes: {error}").format(error=error)) from None
        set_(self, "schemes", tuple(dict.fromkeys(schemes)))
        set_(
            self,
            "games",
            tuple(dict.fromkeys(_game(g) for g in _several(self.games, name="games"))),
        )

    @property
    def _schemes(self) -> tuple[Scheme, ...]:
        return tuple(as_scheme(s) for s in self._items(self.schemes))

    @property
    def _games(self) -> tuple[Game, ...]:
        return tuple(Game(g) for g in self._items(self.games))

    @staticmethod
    def _items(value: object) -> tuple[Any, ...]:
        return value if isinstance(value, tuple) else (value,)

    def _copies(self, game: Game) -> tuple[int, ...]:
        if self.copies is None:
            return (4,)
        return self._items(self.copies)

    def setups(self) -> Iterator[tuple[int, Game, Deal]]:
        """``(deck, game, deal)`` for each set-up with room for its copies, in order."""
        for game in self._games:
            one_deck = game is Game.ONE_DECK
            for deck in self._items(self.cards):
                for copies in self._copies(game):
                    if copies <= deck and (copies >= 1 or not one_deck):
                        yield deck, game, make_deal(cards=deck, copies=copies, one_deck=one_deck)

    def size(self) -> int:
        """The number of rows, counted without listing them (O(decks · schemes · log copies)).

        >>> TableSpec(cards=range(1, 50001), copies=range(1, 50001)).size()
        1250025000
        """
        return self._count(self._schemes)

    def _count(self, schemes: Sequence[Scheme | None]) -> int:
        """Rows for ``schemes`` (``None``: the set-ups alone), counted by bisection."""
        rows = 0
        for game in self._games:
            copies = sorted(self._copies(game))
            # The one-deck game holds ``copies - 1`` in ``deck - 1`` cards: the punter's
            # card is a copy taken from the deck, so it needs copies >= 1.
            one = 1 if game is Game.ONE_DECK else 0
            least = bisect_left(copies, one)
            for deck in self._items(self.cards):
                for scheme in schemes:
                    most = deck - one if scheme is None else _most_copies(scheme, deck - one)
                    if most >= 0 and deck >= one:
                        rows += max(0, bisect_right(copies, most + one) - least)
        return rows

    def seconds(self) -> float:
        """Estimated seconds to make every row: a fixed cost per row, and the summary
        counts' word operations (``summary_cost``), which grow with the copies.

        >>> TableSpec(cards=range(4, 200), copies=(1, 2, 3, 4)).seconds() < 1
        True
        """
        return self._cost()[0]

    def _cost(self) -> tuple[float, tuple[int, int] | None]:
        """The estimated seconds, and the (deck, copies) of the costliest set-up."""
        schemes = self._schemes
        rows = self.size()
        total, most, worst = rows * ROW_SECONDS, -1.0, None
        if rows > MAX_ROWS:
            return total, None  # too many rows to walk: the fixed cost alone, at least
        plain = all(not s.rules and not s.premiums for s in schemes)
        for deck, _scheme, deal in self.setups():
            cost = summary_cost(deal.cards, deal.copies) * OPERATION_SECONDS * len(schemes)
            if not plain:  # rules and premiums settled one named position at a time
                cost += sum(settlement_seconds(s, deal) for s in schemes)
            total += cost
            if cost > most:
                most, worst = cost, (deck, deal.copies)
        return total, worst

    def check(self) -> None:
        """Refuse, up front, a table with no rows, too many, or too much arithmetic."""
        for scheme in self._schemes:  # a few: listed once
            if scheme.needs_suits:
                raise ShtossError(
                    _(
                        "scheme {name!r} depends on the deciding card's suit: tables cover schemes "
                        "that do not"
                    ).format(name=scheme.name)
                )
        rows = self.size()
        if rows == 0:
            if all(game is Game.ONE_DECK for game in self._games) and not any(
                copies >= 1 for copies in self._copies(Game.ONE_DECK)
            ):  # the decks are not to blame: the punter's card is a copy of his rank
                raise ShtossError(
                    _(
                        "the table has no rows: copies=0 in a one-deck game: the punter's card "
                        "is a copy of his rank, taken from the deck; allowed copies >= 1"
                    )
                )
            if self._count([None]):  # the set-ups have room: the schemes' soda takes it
                raise ShtossError(
                    _(
                        "the table has no rows: scheme {names} burns the first card (the soda), "
                        "and no deck keeps room for its copies after it; allowed decks of more "
                        "cards than copies"
                    ).format(names=", ".join(repr(scheme.name) for scheme in self._schemes))
                )
            raise ShtossError(_("the table has no rows: every deck is smaller than its copies"))
        if rows > MAX_ROWS:
            raise ShtossError(
                _("the table has {rows} rows: at most {max_rows}").format(
                    rows=rows, max_rows=MAX_ROWS
                )
            )
        for _deck, _scheme, deal in self.setups():
            check_deal(deal)  # one deck too large to count, or with too many digits
        seconds, worst = self._cost()
        most = (
            ""
            if worst is None
            else _(" (the most for deck={worst} with copies={worst2})").format(
                worst=worst[0], worst2=worst[1]
            )
        )
        check_cost(
            Cost(seconds=seconds),
            what=_("the table{most}").format(most=most),
            advice=_("use fewer or smaller decks, fewer copies, or a scheme with fewer rules"),
        )

    def rows(self) -> Iterator[SummaryRow]:
        """The rows, one at a time, after ``check()``.

        >>> next(TableSpec(cards=52).rows()).punter
        Fraction(400, 833)
        """
        from shtoss_exact.bet.odds import odds_of

        self.check()
        schemes = self._schemes
        for deck, game, deal in self.setups():
            for scheme in schemes:
                if _most_copies(scheme, deal.cards) < deal.copies:
                    continue
                o = odds_of(deal, scheme=scheme)
                yield SummaryRow(
                    deck=deck, game=game, cards=o.cards, copies=o.copies, scheme=scheme.name,
                    banker=o.banker, punter=o.punter, null=o.null, ev=o.ev,
                )  # fmt: skip

    def table(self) -> SummaryTable:
        """Every row, as one record (``to_dict()`` is the ``table`` command's JSON).

        >>> TableSpec(cards=36, games="one-deck").table().rows[0].punter
        Fraction(184, 385)
        """
        return SummaryTable(rows=tuple(self.rows()))

    def by_abzug(self) -> AbzugTable:
        """The one set-up of this spec by abzug (refused unless there is exactly one).

        >>> TableSpec(cards=52).by_abzug().odds.at_abzug(1).given
        Fraction(16, 221)
        """
        from shtoss_exact.bet.odds import odds_of

        count = self._count((None,))
        if count != 1:
            raise ShtossError(
                _(
                    "by abzug needs one set-up, got {count}: give one deck size, one number of "
                    "copies and one game"
                ).format(count=count)
            )
        deck, game, deal = next(self.setups())
        return AbzugTable(deck=deck, game=game, odds=odds_of(deal))


def _most_copies(scheme: Scheme, cards: int) -> int:
    """The most copies ``scheme`` can play with in a deck of ``cards`` (-1: none)."""
    if scheme.dead_first:
        if cards < 1:
            return -1
        return cards - 1 if scheme.soda is Soda.KNOWN else cards
    return cards


@dataclass(frozen=True, repr=False, kw_only=True)
class SummaryRow(Record):
    """One row of a summary table: the set-up (``deck``, ``game``, ``cards`` of the
    banker's deck as shuffled, ``copies``, ``scheme``) and the scheme's outcomes
    (``banker``, ``punter``, ``null``: they sum to 1) and the punter's ``ev``."""

    deck: int
    game: Game
    cards: int
    copies: int
    scheme: str
    banker: Fraction
    punter: Fraction
    null: Fraction
    ev: Fraction

    def values(self) -> dict[str, Any]:
        """The row with exact ``Fraction``s: ``deck``, ``game``, ``cards``, ``copies``,
        ``scheme``, ``banker``, ``punter``, ``null``, ``ev``."""
        return {
            "deck": self.deck, "game": self.game.value, "cards": self.cards,
            "copies": self.copies, "scheme": self.scheme, "banker": self.banker,
            "punter": self.punter, "null": self.null, "ev": self.ev,
        }  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        """The row: the set-up, then the outcomes as exact strings and their floats."""
        values = self.values()
        exact = {key: values.pop(key) for key in OUTCOMES}
        return {**values, **exact_fields(exact)}


@dataclass(frozen=True, repr=False, kw_only=True)
class SummaryTable(Record):
    """A summary table: its rows, in the spec's order."""

    rows: tuple[SummaryRow, ...]

    _rows = "rows"  # the natural rows: to_frame() and the displays

    def to_dict(self) -> dict[str, Any]:
        return {"rows": [row.to_dict() for row in self.rows]}

    def plot(self, ax: Any = None) -> Any:
        """The matplotlib ``Figure`` of the banker's edge against deck size, drawn on ``ax``
        if given (matplotlib: the extra ``plot``)."""
        return plot_of(self, ax)

    def __repr__(self) -> str:
        return f"SummaryTable(rows={len(self.rows)})"


@dataclass(frozen=True, repr=False, kw_only=True)
class AbzugTable(Record):
    """One set-up by abzug: the whole ``deck``, the ``game`` and its ``Odds``."""

    deck: int
    game: Game
    odds: Odds

    def head(self) -> dict[str, Any]:
        """The record without its rows: ``deck``, ``game``, ``cards``, ``copies``."""
        return {
            "deck": self.deck,
            "game": self.game.value,
            "cards": self.odds.cards,
            "copies": self.odds.copies,
        }

    def stream(self) -> AbzugStream:
        """The rows, made one at a time (any deck)."""
        return self.odds.abzug_stream()

    _rows = "by_abzug"  # the natural rows: to_frame() and the displays

    def to_dict(self) -> dict[str, Any]:
        """The set-up and ``by_abzug``, one row per abzug (held in memory: small decks)."""
        return {**self.head(), "by_abzug": [row.to_dict() for row in self.odds.by_abzug]}


def summary_records(spec: TableSpec) -> list[dict[str, Any]]:
    """The summary table as a list of dicts of exact ``Fraction``s (e.g. for pandas).

    >>> summary_records(TableSpec(cards=(52,)))[0]["punter"]
    Fraction(400, 833)
    """
    if not isinstance(spec, TableSpec):
        raise ShtossError(
            _("spec={spec} is a {name}: allowed a TableSpec such as TableSpec(cards=(52,))").format(
                spec=quoted(spec), name=type(spec).__name__
            )
        )
    return [row.values() for row in spec.rows()]


def abzug_records(deal: Deal) -> list[dict[str, Any]]:
    """One dict per abzug of one set-up: ``abzug``, ``killed``, ``plie``, ``given``,
    ``banker`` (killed or plié), exact ``Fraction``s; a small deck (``Odds.by_abzug``).

    >>> abzug_records(Deal(52, 4))[0]["given"]
    Fraction(16, 221)
    """
    from shtoss_exact.bet.odds import odds_of

    return [
        {"abzug": row.abzug, "killed": row.killed, "plie": row.plie, "given": row.given}
        for row in odds_of(deal).by_abzug
    ]  # fmt: skip


def to_pandas(records: Iterable[Mapping[str, Any]]) -> Any:
    """A ``pandas.DataFrame`` of the records, as every result's ``to_frame()`` makes
    one: exact ``Fraction``s kept as objects, each with ``<column>_float`` beside it.
    Needs pandas (the ``pandas`` extra).

    >>> table = to_pandas(summary_records(TableSpec(cards=(52,))))
    >>> table["punter"][0], table.columns.tolist()[-2:]
    (Fraction(400, 833), ['ev', 'ev_float'])
    """
    from shtoss_exact.notebook import frame

    return frame(list(records))
