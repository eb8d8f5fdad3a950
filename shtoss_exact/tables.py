"""Probability tables over ranges: deck sizes, copies, games, schemes; and one set-up by abzug.

Rows are records (dicts) of exact values: ``int`` and ``str`` for the set-up,
``fractions.Fraction`` for every probability. ``summary_table`` and ``abzug_table``
turn them into a ``report.Table`` (any of its formats), ``to_pandas`` into a
DataFrame when pandas is installed.

A scheme's outcome, for one bet: the banker wins when the punter's net is
negative, the punter when it is positive; a null or zero result is *no action*
(the stake comes back). The plié column counts plié outcomes not made null.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any

from shtoss_exact.deck import PRESETS, Deal, make_deal
from shtoss_exact.engine import MAX_SUMMARY_COST, Kind, summary_cost
from shtoss_exact.errors import ShtossError
from shtoss_exact.odds import odds_of
from shtoss_exact.report.numbers import decimal_str, exact_str
from shtoss_exact.report.table import Cell, Table
from shtoss_exact.schemes import Scheme, scheme_named

MAX_ROWS = 50_000
"""Largest table built (rows); larger requests are refused up front."""

MAX_TOTAL_COST = 20 * MAX_SUMMARY_COST
"""Largest total ``summary_cost`` of a table's rows (a few seconds); larger ones are refused."""

SCHEME_OUTCOMES = ("banker", "plie", "punter", "null", "ev")
"""The probabilities (and expected value) a summary row gives for one scheme."""

_RANGE_PRESETS: dict[str, tuple[int, ...]] = {"presets": tuple(sorted(PRESETS))}


class Game(StrEnum):
    """Where the punter's card comes from: his own deck (two-deck) or the banker's (one-deck)."""

    TWO_DECK = "two-deck"
    ONE_DECK = "one-deck"


def scheme_outcomes(deal: Deal, scheme: Scheme) -> dict[str, Fraction]:
    """Banker, plié, punter, null (no action) and the punter's EV under ``scheme``.

    >>> scheme_outcomes(Deal(52, 4), scheme_named("classic"))["banker"]
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

    ``presets`` stands for the preset deck sizes 32, 36, 52. Order is kept,
    repeats dropped.

    >>> parse_range("4..10:3,52,presets", name="cards")
    (4, 7, 10, 52, 32, 36)
    """
    values: list[int] = []
    allowed = f"N, A..B, A..B:STEP, comma lists or 'presets', each >= {minimum}"
    for part in (p.strip() for p in text.split(",")):
        if part.lower() in _RANGE_PRESETS:
            values.extend(_RANGE_PRESETS[part.lower()])
            continue
        body, _, step_text = part.partition(":")
        low_text, dots, high_text = body.partition("..")
        low = _whole(low_text, text=text, name=name, allowed=allowed)
        high = _whole(high_text, text=text, name=name, allowed=allowed) if dots else low
        step = _whole(step_text, text=text, name=name, allowed=allowed) if step_text else 1
        if (step_text and not dots) or step < 1 or high < low or low < minimum:
            raise ShtossError(f"--{name} {text!r} is not a valid range: allowed {allowed}")
        if (high - low) // step + 1 + len(values) > MAX_ROWS:
            raise ShtossError(f"--{name} {text!r} has too many values: at most {MAX_ROWS}")
        values.extend(range(low, high + 1, step))
    return tuple(dict.fromkeys(values))


def _whole(part: str, *, text: str, name: str, allowed: str) -> int:
    part = part.strip()
    if part.isascii() and part.isdigit() and len(part) > 12:
        raise ShtossError(
            f"--{name} {part:.40}: the number is too large: allowed 12 digits at most"
        )
    if not (part.isascii() and part.isdigit()):
        raise ShtossError(f"--{name} {text!r} is not a valid range: allowed {allowed}")
    return int(part)


def parse_schemes(text: str) -> tuple[Scheme, ...]:
    """Schemes from a comma list of names.

    >>> [s.name for s in parse_schemes("classic,pharaon")]
    ['classic', 'pharaon']
    """
    names = [p.strip() for p in text.split(",") if p.strip()]
    if not names:
        raise ShtossError(f"--scheme {text!r} names no scheme: give a comma list of names")
    return tuple(scheme_named(name) for name in dict.fromkeys(names))


@dataclass(frozen=True)
class TableSpec:
    """The rows of a summary table: every combination of the ranges, in this order.

    ``copies`` ``None`` means the game's default: 4 (two-deck) or 3 (one-deck).
    ``cards`` is the whole deck's size; in a one-deck game the banker's deck has one
    card fewer (the punter's card is its top card).
    """

    cards: tuple[int, ...]
    copies: tuple[int, ...] | None = None
    schemes: tuple[Scheme, ...] = (scheme_named("classic"),)
    games: tuple[Game, ...] = (Game.TWO_DECK,)

    def deals(self) -> Iterator[tuple[int, Game, Deal]]:
        """(cards, game, deal) for each set-up; combinations with too many copies are skipped."""
        for game in self.games:
            one_deck = game is Game.ONE_DECK
            for cards in self.cards:
                for copies in self.copies or ((3,) if one_deck else (4,)):
                    in_deck = cards - 1 if one_deck else cards
                    if in_deck < copies or (one_deck and cards < 1):
                        continue
                    yield cards, game, make_deal(cards=cards, copies=copies, one_deck=one_deck)

    def size(self) -> int:
        """Number of rows."""
        return sum(1 for _ in self.deals()) * len(self.schemes)

    def check(self) -> None:
        """Refuse, up front, a table with too many rows or too much arithmetic."""
        for scheme in self.schemes:
            if scheme.needs_suits:
                raise ShtossError(
                    f"scheme {scheme.name!r} depends on the deciding card's suit: tables "
                    "cover schemes that do not"
                )
        rows = self.size()
        if rows == 0:
            raise ShtossError("the table has no rows: every deck is smaller than its copies")
        if rows > MAX_ROWS:
            raise ShtossError(f"the table has {rows} rows: at most {MAX_ROWS}")
        cost = sum(summary_cost(d.cards, d.copies) for _, _, d in self.deals())
        cost *= len(self.schemes)
        if cost > MAX_TOTAL_COST:
            raise ShtossError(
                f"the table needs about {cost:.1e} word operations: more than the limit "
                f"{MAX_TOTAL_COST:.0e}; use fewer or smaller decks"
            )


def iter_summary_records(spec: TableSpec) -> Iterator[dict[str, Any]]:
    """One record per (game, cards, copies, scheme), after ``spec.check()``."""
    spec.check()
    for cards, game, deal in spec.deals():
        odds_of(deal)  # refuses a single deck too large to count
        for scheme in spec.schemes:
            record: dict[str, Any] = {
                "game": game.value,
                "cards": cards,
                "copies": deal.copies,
                "scheme": scheme.name,
            }
            record.update(scheme_outcomes(deal, scheme))
            yield record


def summary_records(spec: TableSpec) -> list[dict[str, Any]]:
    """The summary table as a list of records (exact Fractions).

    >>> summary_records(TableSpec(cards=(52,)))[0]["punter"]
    Fraction(400, 833)
    """
    return list(iter_summary_records(spec))


def abzug_records(deal: Deal) -> list[dict[str, Any]]:
    """One record per abzug of one set-up: killed, plié, given, banker (killed or plié).

    >>> abzug_records(Deal(52, 4))[0]["given"]
    Fraction(16, 221)
    """
    odds = odds_of(deal)
    if (deal.cards + 1) // 2 > MAX_ROWS:
        raise ShtossError(f"cards={deal.cards} gives more than {MAX_ROWS} abzugs: too many rows")
    return [
        {"abzug": row.abzug, "killed": row.killed, "plie": row.plie, "given": row.given,
         "banker": row.banker}
        for row in odds.by_abzug
    ]  # fmt: skip


def _with_decimals(
    records: Sequence[Mapping[str, Any]], columns: Sequence[str], decimals: int | None
) -> tuple[tuple[str, ...], tuple[tuple[Cell, ...], ...]]:
    exact = [c for c in columns if records and isinstance(records[0][c], Fraction)]
    header = list(columns)
    if decimals is not None:
        header += [f"{c}_decimal" for c in exact]
    rows = []
    for record in records:
        row: list[Cell] = [record[c] for c in columns]
        if decimals is not None:
            row += [decimal_str(record[c], decimals) for c in exact]
        rows.append(tuple(row))
    return tuple(header), tuple(rows)


def records_table(
    records: Sequence[Mapping[str, Any]], *, title: str = "", decimals: int | None = None
) -> Table:
    """A ``report.Table`` of records (columns in the first record's order), with optional
    decimal columns ``<name>_decimal`` rounded half-even to ``decimals`` places.

    >>> records_table([{"abzug": 1, "given": Fraction(16, 221)}], decimals=3).rows
    ((1, Fraction(16, 221), '0.072'),)
    """
    columns = list(records[0]) if records else []
    header, rows = _with_decimals(records, columns, decimals)
    return Table(title, header, rows)


def to_pandas(records: Sequence[Mapping[str, Any]]) -> Any:
    """A ``pandas.DataFrame`` of the records (exact Fractions kept as objects)."""
    from importlib import import_module

    try:
        pandas: Any = import_module("pandas")
    except ImportError:
        raise ShtossError("to_pandas needs pandas: pip install pandas") from None
    return pandas.DataFrame.from_records(list(records))


def json_records(table: Table) -> list[dict[str, Any]]:
    """A table's rows for JSON: exact values as strings (``"433/833"``), decimal columns
    as numbers.

    >>> json_records(records_table([{"cards": 52, "punter": Fraction(400, 833)}], decimals=4))
    [{'cards': 52, 'punter': '400/833', 'punter_decimal': 0.4802}]
    """
    out = []
    for record in table.records():
        row: dict[str, Any] = {}
        for column, cell in record.items():
            if isinstance(cell, Fraction):
                row[column] = exact_str(cell)
            elif column.endswith("_decimal") and isinstance(cell, str):
                row[column] = float(cell)
            else:
                row[column] = cell
        out.append(row)
    return out
