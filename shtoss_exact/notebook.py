"""Results in a notebook: short tables in HTML and Markdown, a one-line ``repr()``, frames.

Every result's record (``to_dict()``) makes one *sheet*: its scalars (the summary: the
set-up and the figures) and its lists of rows (``by_abzug``, ``ranks``, ``policy``, a
distribution's outcomes...). One list is the result's natural rows — one per abzug,
rank, outcome, bankroll or deck size — and the same rows feed the displays and
``to_frame()``. Exact values come back from the record's strings as ``Fraction``s.

A display fits a notebook: each exact value whole up to ``WHOLE_DIGITS`` digits (of
numerator and denominator), past that its leading decimals and its size
(``0.2403…, 354 digits``); a percent beside every probability and edge; no line over
``LINE_CHARACTERS`` (a wide table is cut into tables of fewer columns, the first column
repeated); a long table as its head and tail (``… 38 rows more``). The object and its
``to_dict()`` keep every value whole.

>>> from fractions import Fraction
>>> shown(Fraction(433, 833)), shown(Fraction(10**40 + 1, 3 * 10**40))
('433/833', '0.3333…, 82 digits')
>>> cell("banker", Fraction(433, 833))
'433/833 (51.98%)'
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any, TypeGuard

from shtoss_exact.errors import ShtossError
from shtoss_exact.i18n import N_, _
from shtoss_exact.int_text import int_str
from shtoss_exact.numbers import exact_of, exact_str, float_of

WHOLE_DIGITS = 30
"""Digits (numerator's and denominator's together) up to which a value is shown whole."""

LINE_CHARACTERS = 120
"""The longest line of a display, HTML or Markdown."""

REPR_CHARACTERS = 200
"""The longest ``repr()`` of a result (one line)."""

SHORT_TABLE = 12
"""Rows up to which a table is shown whole; a longer one shows its head and tail."""

HEAD_ROWS, TAIL_ROWS = 5, 3

CELL_CHARACTERS = 56
"""The longest text of one cell (a word or a list, cut with ``…``; a number is at most
``WHOLE_DIGITS`` digits anyway): two cells and a table's bars fit one line."""

PERCENT_WORDS = frozenset({
    "action", "all_given", "banker", "dead", "edge", "edge_per_abzug", "edge_per_action",
    "gain", "given", "given_if_other_given", "given_if_other_not_given", "honest_edge",
    "killed", "lose", "none_given", "null", "p_playing", "p_right", "p_ruin", "p_series",
    "p_stopped", "p_story", "p_target", "p_value", "plie", "power", "probability", "punter",
    "size", "split", "win",
})  # fmt: skip
"""The words of probabilities and edges: a percent is shown beside each."""

WORD_KEYS = frozenset({
    "card", "case", "class", "game", "hock", "kind", "loser", "missing", "notation",
    "pattern", "plan", "rank", "scheme", "side", "soda", "tell_class", "winner",
})  # fmt: skip
"""Keys whose strings are words even when they are digits (a rank ``"7"``)."""

_EXACT = re.compile(r"-?[0-9]+(?:/[0-9]+)?")

FRAME_ERROR = N_("pandas is not installed: pip install 'shtoss-exact[pandas]'")


# -- values ---------------------------------------------------------------------------


def exact_value(key: str, value: Any) -> Any:
    """A record's value as the library holds it: an exact string as a ``Fraction``
    (not under a key of words such as ``rank``), anything else as it is.

    >>> exact_value("ev", "-33/833"), exact_value("rank", "7"), exact_value("cards", 52)
    (Fraction(-33, 833), '7', 52)
    """
    if isinstance(value, str) and key not in WORD_KEYS and _EXACT.fullmatch(value):
        return exact_of(value)
    return value


def _is_number(value: object) -> TypeGuard[Fraction | int]:
    return isinstance(value, Fraction | int) and not isinstance(value, bool)


def digits(value: Fraction | int) -> int:
    """The digits of a value's numerator and (unless 1) its denominator.

    >>> digits(Fraction(-433, 833)), digits(52)
    (6, 2)
    """
    value = Fraction(value)
    count = len(int_str(abs(value.numerator)))
    return count if value.denominator == 1 else count + len(int_str(value.denominator))


def leading(value: Fraction | int, places: int = 4) -> str:
    """The first ``places`` significant digits of ``value``, cut (not rounded), then
    ``…``: fixed from 0.0001 to 9999, else with an exponent.

    >>> leading(Fraction(2, 3)), leading(Fraction(-10**50, 7)), leading(Fraction(1, 10**9))
    ('0.6666…', '-1.428…e+49', '1.000…e-9')
    """
    value = Fraction(value)
    sign = "-" if value < 0 else ""
    p, q = abs(value.numerator), value.denominator
    if p == 0:
        return "0"
    exponent = len(int_str(p)) - len(int_str(q))  # 10**exponent <= p/q < 10**(exponent+1)
    if (p * 10**-exponent if exponent < 0 else p) < (q if exponent < 0 else q * 10**exponent):
        exponent -= 1
    shift = places - 1 - exponent
    mantissa = str(p * 10**shift // q if shift >= 0 else p // (q * 10**-shift))
    if -4 <= exponent < places:
        if exponent >= 0:
            whole, rest = mantissa[: exponent + 1], mantissa[exponent + 1 :]
            return f"{sign}{whole}{'.' + rest if rest else ''}…"
        return f"{sign}0.{'0' * (-exponent - 1)}{mantissa}…"
    return f"{sign}{mantissa[0]}.{mantissa[1:]}…e{exponent:+d}"


def shown(value: Any, *, short: bool = False) -> str:
    """A value for a display: an exact number whole up to ``WHOLE_DIGITS`` digits, past
    that its leading digits and its size (``short``: the size in brackets, no comma, for
    a ``repr()``); a word as it is.

    >>> shown(Fraction(1, 3)), shown(10**40), shown(10**40, short=True), shown(None)
    ('1/3', '1.000…e+40, 41 digits', '1.000…e+40 (41 digits)', '')
    """
    if value is None:
        return ""
    if isinstance(value, bool) or not _is_number(value):
        if isinstance(value, list | tuple):
            return ", ".join(shown(v, short=short) for v in value)
        return str(value)
    size = digits(value)
    if size <= WHOLE_DIGITS:
        return exact_str(value)
    return f"{leading(value)} ({size} digits)" if short else f"{leading(value)}, {size} digits"


def percent(value: Fraction | int) -> str:
    """``100 * float(value)`` with two decimals (a smaller value with two significant
    digits); empty beyond the range of floats.

    >>> percent(Fraction(433, 833)), percent(Fraction(1, 10**9)), percent(0)
    ('51.98%', '1e-07%', '0.00%')
    """
    number = float_of(value)
    if number is None:
        return ""
    hundred = number * 100
    if hundred == 0 or abs(hundred) >= 0.005:
        return f"{hundred:.2f}%"
    return f"{hundred:.2g}%"


def cell(key: str, value: Any, *, percent_words: frozenset[str] = PERCENT_WORDS) -> str:
    """A value as a display shows it under ``key``: with its percent for a probability
    or an edge, and cut to ``CELL_CHARACTERS``.

    >>> cell("edge", Fraction(33, 833)), cell("ev", Fraction(-33, 833))
    ('33/833 (3.96%)', '-33/833')
    """
    text = shown(value)
    if _is_number(value) and key.rsplit(".", 1)[-1] in percent_words:
        share = percent(value)
        text = f"{text} ({share})" if share else text
    return text if len(text) <= CELL_CHARACTERS else text[: CELL_CHARACTERS - 1] + "…"


# -- the sheet: a record's summary and its tables --------------------------------------


class Sheet:
    """A record as a display sees it: ``summary`` (key, exact value) pairs and
    ``tables`` (title, rows: each a dict of exact values). ``rows`` names the natural
    rows among the tables: those asked for (refused if the record has none such), else
    ``natural`` where the record has them, else its first table. ``percent``: the words
    of this record's probabilities besides ``PERCENT_WORDS``.

    >>> sheet = Sheet("Odds", {"cards": 8, "distribution": [{"value": "-1", "probability": "1"}]})
    >>> sheet.summary, sheet.rows, sheet.natural()
    ([('cards', 8)], 'distribution', [{'value': Fraction(-1, 1), 'probability': Fraction(1, 1)}])
    """

    __slots__ = ("name", "percent_words", "rows", "summary", "tables")

    def __init__(
        self, name: str, record: Mapping[str, Any], *, rows: str | None = None,
        natural: str | None = None, percent: Iterable[str] = (),
    ) -> None:  # fmt: skip
        self.name = name
        self.percent_words = PERCENT_WORDS | frozenset(percent)
        self.summary: list[tuple[str, Any]] = []
        self.tables: dict[str, list[dict[str, Any]]] = {}
        for key, value in _flat(record):
            empty = value == [] and key in (rows, natural)  # no rows (a deck of no abzug)
            if empty or (
                isinstance(value, list) and value and all(isinstance(v, dict) for v in value)
            ):
                self.tables[key] = [dict(_flat(row, row=True)) for row in value]
            else:
                self.summary.append((key, value))
        if rows is not None and rows not in self.tables:
            listed = ", ".join(repr(k) for k in self.tables) or _("none (one row of its summary)")
            raise ShtossError(
                _("rows={rows!r}: allowed the rows of this {name}: {listed}").format(
                    rows=rows, name=name, listed=listed
                )
            )
        if rows is None:
            rows = natural if natural in self.tables else next(iter(self.tables), None)
        self.rows = rows

    def natural(self) -> list[dict[str, Any]]:
        """The natural rows, or the summary as one row when the record has none."""
        if self.rows is None:
            return [{k: v for k, v in self.summary if not isinstance(v, list)}]
        return self.tables[self.rows]


def _flat(
    record: Mapping[str, Any], prefix: str = "", *, row: bool = False
) -> Iterator[tuple[str, Any]]:
    """The record's items, exact strings as ``Fraction``s, a nested record's keys joined
    with a dot (``best_bet.ev``), the floats under ``float`` left out (a frame makes its
    own), a list of scalars as a list, a list of records inside a ``row`` (or a nested
    record) as one text."""
    for key, value in record.items():
        if key == "float":
            continue
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            yield from _flat(value, f"{name}.", row=row)
        elif isinstance(value, list):
            if value and all(isinstance(v, dict) for v in value):
                yield name, _records_text(value) if row or prefix else value
            else:
                yield name, [exact_value(key, v) for v in value]
        else:
            yield name, exact_value(key, value)


def _records_text(records: list[dict[str, Any]]) -> str:
    return "; ".join(" ".join(str(v) for v in r.values() if v is not None) for r in records)


# -- Markdown and HTML --------------------------------------------------------------------


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def _column_groups(columns: list[str], widths: dict[str, int]) -> list[list[str]]:
    """The columns in groups whose Markdown lines fit ``LINE_CHARACTERS``: the first
    column heads every group."""
    first, rest = columns[0], columns[1:]
    groups: list[list[str]] = []
    current = [first]
    for column in rest:
        width = sum(widths[c] + 3 for c in [*current, column]) + 1
        if width > LINE_CHARACTERS and len(current) > 1:
            groups.append(current)
            current = [first]
        current.append(column)
    groups.append(current)
    return groups


def _shown_rows(rows: Sequence[dict[str, Any]]) -> tuple[list[dict[str, Any]], int, int]:
    """The rows a display shows (head and tail of a long table), how many are left out,
    and where (the index of the first one left out)."""
    if len(rows) <= SHORT_TABLE:
        return list(rows), 0, len(rows)
    return [*rows[:HEAD_ROWS], *rows[-TAIL_ROWS:]], len(rows) - HEAD_ROWS - TAIL_ROWS, HEAD_ROWS


def _table_cells(
    rows: Sequence[dict[str, Any]], percent_words: frozenset[str]
) -> tuple[list[str], list[dict[str, str]], int, int]:
    columns = list(dict.fromkeys(k for row in rows for k in row))
    kept, left_out, at = _shown_rows(rows)
    cells = [{c: cell(c, row.get(c), percent_words=percent_words) for c in columns}
             for row in kept]  # fmt: skip
    return columns, cells, left_out, at


def markdown(sheet: Sheet) -> str:
    """The sheet in Markdown: the summary as ``key | value`` (``None`` left out), then
    each table (a long one as its head and tail, a wide one cut by columns).

    >>> print(markdown(Sheet("Odds", {"cards": 8, "banker": "4/7", "float": {"banker": 0.5}})))
    | key | value |
    | --- | --- |
    | cards | 8 |
    | banker | 4/7 (57.14%) |
    """
    parts: list[str] = []
    if sheet.summary:
        lines = ["| key | value |", "| --- | --- |"]
        lines += [
            f"| {_md(k)} | {_md(cell(k, v, percent_words=sheet.percent_words))} |"
            for k, v in sheet.summary
            if v is not None  # a measure that does not exist: left out of the short table
        ]
        parts.append("\n".join(lines))
    for title, rows in sheet.tables.items():
        parts.append(markdown_table(rows, title=title, percent_words=sheet.percent_words))
    return "\n\n".join(parts)


def markdown_table(
    rows: Sequence[dict[str, Any]], *, title: str | None = None,
    percent_words: frozenset[str] = PERCENT_WORDS,
) -> str:  # fmt: skip
    """Rows in Markdown tables (after ``title`` in bold, if given): a long table as its
    head and tail, a wide one cut by columns."""
    columns, cells, left_out, at = _table_cells(rows, percent_words)
    if not columns:
        return f"**{_md(title or '')}** (0 rows)"
    more = f"… {left_out} rows more"
    widths = {c: max([len(c), *(len(_md(r[c])) for r in cells)]) for c in columns}
    widths[columns[0]] = max(widths[columns[0]], len(more) if left_out else 0)
    parts = [] if title is None else [f"**{_md(title)}** ({_rows_text(len(rows))})"]
    for group in _column_groups(columns, widths):
        lines = ["| " + " | ".join(_md(c) for c in group) + " |",
                 "| " + " | ".join("---" for _ in group) + " |"]  # fmt: skip
        body = ["| " + " | ".join(_md(r[c]) for c in group) + " |" for r in cells]
        if left_out:
            body.insert(at, "| " + " | ".join([more] + ["…"] * (len(group) - 1)) + " |")
        parts.append("\n".join(lines + body))
    return "\n\n".join(parts)


def _rows_text(count: int) -> str:
    return "1 row" if count == 1 else f"{count} rows"


def _h(text: str) -> str:
    return html.escape(text, quote=False)


def html_of(sheet: Sheet) -> str:
    """The sheet in HTML: the summary as a two-column table, then each table, one cell
    per line (so that no line is long, however wide the table).

    >>> print(html_of(Sheet("Odds", {"banker": "4/7"})))
    <div class="shtoss-exact">
    <table>
    <caption>Odds</caption>
    <tr><th>banker</th><td>4/7 (57.14%)</td></tr>
    </table>
    </div>
    """
    lines = ['<div class="shtoss-exact">']
    words = sheet.percent_words
    if sheet.summary:
        lines += ["<table>", f"<caption>{_h(sheet.name)}</caption>"]
        for k, v in sheet.summary:
            if v is None:
                continue
            head, value = (
                f"<tr><th>{_h(k)}</th>",
                f"<td>{_h(cell(k, v, percent_words=words))}</td></tr>",
            )
            lines += [head + value] if len(head + value) <= LINE_CHARACTERS else [head, value]
        lines.append("</table>")
    for title, rows in sheet.tables.items():
        columns, cells, left_out, at = _table_cells(rows, sheet.percent_words)
        if not columns:
            lines.append(f"<p>{_h(title)} (0 rows)</p>")
            continue
        lines += ["<table>", f"<caption>{_h(title)} ({_rows_text(len(rows))})</caption>", "<tr>"]
        lines += [f"<th>{_h(c)}</th>" for c in columns]
        lines.append("</tr>")
        for i, row in enumerate(cells):
            if left_out and i == at:
                lines.append(f'<tr><td colspan="{len(columns)}">… {left_out} rows more</td></tr>')
            lines += ["<tr>", *(f"<td>{_h(row[c])}</td>" for c in columns), "</tr>"]
        lines.append("</table>")
    lines.append("</div>")
    return "\n".join(lines)


def one_line(name: str, items: Iterable[tuple[str, Any]]) -> str:
    """``Name(key=value, ...)`` on one line of at most ``REPR_CHARACTERS``: the scalars
    in order (``None`` left out), each number as ``shown(short=True)``, cut with ``…``.

    >>> one_line("Odds", [("cards", 52), ("card", None), ("banker", Fraction(433, 833))])
    'Odds(cards=52, banker=433/833)'
    >>> line = one_line("X", [(f"key{i}", i) for i in range(100)])
    >>> len(line) <= 200, line[-12:]
    (True, 'key20=20, …)')
    """
    end = ", …)"
    text = f"{name}("
    first = True
    for key, value in items:
        if value is None or isinstance(value, list | tuple | dict):
            continue
        item = f"{key}={shown(value, short=True)}"
        piece = item if first else f", {item}"
        if len(text) + len(piece) + len(end) > REPR_CHARACTERS:
            return (text + end) if not first else _cut(text + piece, end)
        text += piece
        first = False
    return text + ")"


def _cut(text: str, end: str) -> str:
    room = REPR_CHARACTERS - len(end) + 2  # the first item alone, cut: no ", " before "…"
    return text[:room] + "…)"


# -- frames ---------------------------------------------------------------------------


def pandas_module() -> Any:
    """pandas, imported when a frame is asked for; one line naming the extra if missing."""
    from importlib import import_module

    try:
        return import_module("pandas")
    except ImportError:
        raise ShtossError(_(FRAME_ERROR)) from None


def frame(rows: Sequence[Mapping[str, Any]], *, summary: Iterable[tuple[str, Any]] = ()) -> Any:
    """A ``pandas.DataFrame``, one row per row: exact values as ``Fraction`` objects,
    each exact column followed by ``<column>_float`` (``float()`` of it; NaN beyond the
    range of floats); whole numbers and words as they are. ``summary`` goes to
    ``frame.attrs["summary"]``.

    >>> frame([{"abzug": 1, "given": Fraction(16, 221)}]).columns.tolist()
    ['abzug', 'given', 'given_float']
    """
    pandas = pandas_module()
    columns = list(dict.fromkeys(k for row in rows for k in row))
    data: dict[str, list[Any]] = {}
    for column in columns:
        values = [row.get(column) for row in rows]
        data[column] = values
        if any(isinstance(v, Fraction) for v in values):
            data[column] = [Fraction(v) if _is_number(v) else v for v in values]
            data[f"{column}_float"] = [
                float("nan") if f is None else f
                for f in (float_of(v) if _is_number(v) else None for v in values)
            ]
    table = pandas.DataFrame(
        {name: pandas.Series(values, dtype=_dtype(values)) for name, values in data.items()}
    )
    table.attrs["summary"] = dict(summary)
    return table


def _dtype(values: list[Any]) -> Any:
    """``object`` for exact values, words and whole numbers beside a ``None`` (kept as
    they are, not made floats); pandas' own choice otherwise."""
    if all(isinstance(v, float) for v in values):
        return None
    if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return None if all(abs(v) < 2**63 for v in values) else object
    if all(isinstance(v, bool) for v in values) or all(isinstance(v, str) for v in values):
        return None
    return object
