"""Tables and records written row by row, for outputs too long to hold in memory.

Each writer gives, byte for byte, what the renderer of the whole would give:
``write_table`` what ``report.table.FORMATS[fmt]`` gives for the whole table (with
``with_decimals`` for ``decimals``), ``write_record`` what ``records.to_json`` gives
for the whole record. Only the current row (and, for text, the column widths) is
held. The cells of one column are alike: the first row tells which columns are
exact numbers (for the decimal columns, Markdown's and LaTeX's alignment); text
reads the rows twice, once for the widths and once to write them, so a row source
is a function returning a fresh iterator.

Row sources (``RowStream``) estimate their own cost before a row is made; a format
multiplies it by its ``cost_factor`` (measured: text makes every row twice, JSON
encodes every key again).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from itertools import chain
from json.encoder import encode_basestring
from typing import Any, Protocol, TextIO

from shtoss_exact.records import JSON_INDENT, to_json
from shtoss_exact.report.table import (
    Cell,
    Table,
    _exact,
    _is_number,
    latex_cell,
    latex_escape,
)

CHUNK = 1024
"""Lines gathered before one write."""

COST_FACTORS = {"csv": 1.0, "markdown": 1.2, "json": 1.35, "html": 1.4, "latex": 2.2, "text": 2.2}
"""Time of a streamed row in each format, in units of a CSV row (measured)."""

DECIMALS_FACTOR = 1.6
"""Added to the factor when decimal columns are written (each exact cell once more)."""


class RowStream(Protocol):
    """Rows made one at a time: their keys (``columns``), a fresh iterator of rows per
    call (``rows()``: tuples of the record's values, in the order of ``columns``), and
    a refusal (``ShtossError``) when they would cost too much to make."""

    @property
    def columns(self) -> tuple[str, ...]: ...

    def rows(self) -> Iterator[tuple[Any, ...]]: ...

    def check(self, *, factor: float = 1.0) -> None: ...


def cost_factor(fmt: str, *, decimals: bool = False) -> float:
    """How much a streamed row costs in ``fmt``, in units of a CSV row.

    >>> cost_factor("csv"), cost_factor("text", decimals=True)
    (1.0, 3.8000000000000003)
    """
    return COST_FACTORS[fmt] + (DECIMALS_FACTOR if decimals else 0.0)


def decimal_text(cell: Cell, places: int) -> str:
    """``decimal_str`` of an exact cell (a ``Fraction``, an int, or a string
    ``"p/q"``), rounded half-even with integers alone, no ``Fraction`` made.

    >>> decimal_text("433/833", 4), decimal_text("-3/2000", 3), decimal_text("0", 2)
    ('0.5198', '-0.002', '0.00')
    """
    if isinstance(cell, str):
        top, _, bottom = cell.partition("/")
        numerator, denominator = int(top), int(bottom) if bottom else 1
    else:
        value = Fraction(cell)
        numerator, denominator = value.numerator, value.denominator
    scaled, rest = divmod(numerator * 10**places, denominator)  # floor; 0 <= rest < d
    twice = 2 * rest
    if twice > denominator or (twice == denominator and scaled % 2):
        scaled += 1
    sign = "-" if scaled < 0 else ""
    digits = str(abs(scaled)).rjust(places + 1, "0")
    if places <= 0:
        return sign + digits
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


class _Lines:
    """Lines written with one newline between them (none after the last), in chunks."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.started = False

    def write(self, lines: Iterable[str]) -> None:
        chunk: list[str] = []
        append = chunk.append
        for line in lines:
            append(line)
            if len(chunk) >= CHUNK:
                self._flush(chunk)
        self._flush(chunk)

    def _flush(self, chunk: list[str]) -> None:
        if chunk:
            self.out.write(("\n" if self.started else "") + "\n".join(chunk))
            self.started = True
            chunk.clear()


def _decimal_columns(
    columns: Sequence[str], first: Sequence[Cell] | None, decimals: int | None
) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The header with ``X_decimal`` after each exact column, and those columns' indices."""
    if decimals is None or first is None:
        return tuple(columns), ()
    exact = tuple(i for i, cell in enumerate(first) if _exact(cell) is not None)
    header: list[str] = []
    for i, column in enumerate(columns):
        header.append(column)
        if i in exact:
            header.append(f"{column}_decimal")
    return tuple(header), exact


def _widen(
    rows: Iterable[Sequence[Cell]], exact: Sequence[int], places: int | None
) -> Iterator[Sequence[Cell]]:
    """The rows with a decimal cell after each exact one (``with_decimals``)."""
    if places is None or not exact:
        return iter(rows)
    return _decimal_rows(rows, set(exact), places)


def _decimal_rows(
    rows: Iterable[Sequence[Cell]], marks: set[int], places: int
) -> Iterator[Sequence[Cell]]:
    for row in rows:
        cells: list[Cell] = []
        for i, cell in enumerate(row):
            cells.append(cell)
            if i in marks:
                cells.append(decimal_text(cell, places))
        yield tuple(cells)


def write_table(
    out: TextIO,
    fmt: str,
    table: Table,
    rows: Callable[[], Iterable[Sequence[Cell]]],
    *,
    decimals: int | None = None,
) -> None:
    """Write ``table`` (its title and columns; its own rows are ignored) with the rows
    ``rows()`` makes, as ``FORMATS[fmt]`` would write it whole: no newline at the end.

    >>> import io
    >>> out = io.StringIO()
    >>> write_table(out, "csv", Table("", ("abzug", "given"), ()), lambda: [(1, "16/221")],
    ...             decimals=3)
    >>> out.getvalue()
    'abzug,given,given_decimal\\n1,16/221,0.072'
    """
    iterator = iter(rows())
    first = next(iterator, None)
    if first is None:
        from shtoss_exact.report.table import FORMATS

        out.write(FORMATS[fmt](Table(table.title, table.columns, ())))
        return
    header, exact = _decimal_columns(table.columns, first, decimals)
    if fmt == "text":
        _write_text(out, table.title, header, lambda: _widen(rows(), exact, decimals))
        return
    cells = _widen(chain([first], iterator), exact, decimals)
    head = next(cells)
    numeric = [_is_number(cell) for cell in head]
    _Lines(out).write(_WRITERS[fmt](table.title, header, numeric, chain([head], cells)))


def _write_text(
    out: TextIO,
    title: str,
    header: tuple[str, ...],
    rows: Callable[[], Iterator[Sequence[Cell]]],
) -> None:
    widths = [len(column) for column in header]
    numeric = [True] * len(header)
    for row in rows():  # first pass: the widths and which columns are numbers
        for i, cell in enumerate(row):
            size = len(str(cell))  # str() of a Fraction, int or str is its cell_str
            if size > widths[i]:
                widths[i] = size
            if numeric[i] and not _is_number(cell):
                numeric[i] = False
    shapes = [
        (str.rjust if right else str.ljust, width)
        for right, width in zip(numeric, widths, strict=True)
    ]

    def line(texts: Iterable[str]) -> str:
        parts = [pad(text, width) for text, (pad, width) in zip(texts, shapes, strict=True)]
        return "  ".join(parts).rstrip()

    def lines() -> Iterator[str]:
        if title:
            yield title
        yield line(header)
        for row in rows():
            yield line(map(str, row))

    _Lines(out).write(lines())


def _markdown(
    title: str, header: tuple[str, ...], numeric: list[bool], rows: Iterable[Sequence[Cell]]
) -> Iterator[str]:
    def line(cells: Iterable[str]) -> str:
        return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"

    if title:
        yield f"**{title}**"
        yield ""
    yield line(header)
    yield "| " + " | ".join("---:" if right else "---" for right in numeric) + " |"
    for row in rows:
        yield line(map(str, row))


def _latex(
    title: str, header: tuple[str, ...], numeric: list[bool], rows: Iterable[Sequence[Cell]]
) -> Iterator[str]:
    if title:
        yield f"% {latex_escape(title)}"
    yield f"\\begin{{tabular}}{{{''.join('r' if right else 'l' for right in numeric)}}}"
    yield "\\toprule"
    yield " & ".join(latex_escape(c) for c in header) + r" \\"
    yield "\\midrule"
    for row in rows:
        yield " & ".join(latex_cell(c) for c in row) + r" \\"
    yield "\\bottomrule"
    yield "\\end{tabular}"


def _html(
    title: str, header: tuple[str, ...], numeric: list[bool], rows: Iterable[Sequence[Cell]]
) -> Iterator[str]:
    from html import escape

    yield "<table>"
    if title:
        yield f"  <caption>{escape(title)}</caption>"
    yield "  <thead><tr>" + "".join(f"<th>{escape(c)}</th>" for c in header) + "</tr></thead>"
    yield "  <tbody>"
    for row in rows:
        yield "    <tr>" + "".join([f"<td>{escape(str(c))}</td>" for c in row]) + "</tr>"
    yield "  </tbody>"
    yield "</table>"


def _csv(
    title: str, header: tuple[str, ...], numeric: list[bool], rows: Iterable[Sequence[Cell]]
) -> Iterator[str]:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")

    def quoted(cells: Sequence[str]) -> str:  # as csv.writer writes a row that needs quotes
        buffer.seek(0)
        buffer.truncate()
        writer.writerow(cells)
        return buffer.getvalue()[:-1]

    yield quoted(header)
    commas = len(header) - 1
    for row in rows:
        line = ",".join(map(str, row))  # str() of a Fraction, int or str is its cell_str
        # Plain cells (no comma, quote or line break) are written as they are.
        plain = line.count(",") == commas and '"' not in line
        if plain and "\n" not in line and "\r" not in line and line:
            yield line
        else:
            yield quoted([str(c) for c in row])


_WRITERS: dict[
    str, Callable[[str, tuple[str, ...], list[bool], Iterable[Sequence[Cell]]], Iterator[str]]
] = {"markdown": _markdown, "latex": _latex, "html": _html, "csv": _csv}


def write_record(
    out: TextIO,
    head: Mapping[str, Any],
    key: str,
    columns: Sequence[str],
    rows: Iterable[Sequence[Any]],
) -> None:
    """Write ``to_json({**head, key: [dict(zip(columns, row)) for row in rows]})`` a row
    at a time (no newline at the end): the list goes where ``key`` stands in ``head``,
    or last. A row of words and whole numbers is formatted directly (the same text,
    several times faster than ``json``); any other row goes through ``json``.

    >>> import io
    >>> out = io.StringIO()
    >>> write_record(out, {"cards": 2}, "by_abzug", ("abzug", "given"), [(1, "1/2")])
    >>> print(out.getvalue())
    {
      "cards": 2,
      "by_abzug": [
        {
          "abzug": 1,
          "given": "1/2"
        }
      ]
    }
    """
    marker = "\x00rows\x00"
    skeleton = to_json({**head, key: marker})
    placeholder = json.dumps(marker)
    if skeleton.count(placeholder) != 1:  # a value of the head holds the marker itself
        out.write(to_json({**head, key: [dict(zip(columns, row, strict=True)) for row in rows]}))
        return
    before, after = skeleton.split(placeholder)
    indent = " " * (2 * JSON_INDENT)
    inner = indent + " " * JSON_INDENT
    # One element of the list: "{", a line per key, "}", as json.dumps(indent=2) puts them.
    names = [encode_basestring(name).replace("%", "%%") for name in columns]
    template = (
        ("\n".join([indent + "{", *(f"{inner}{n}: %s," for n in names)])[:-1] + "\n" + indent + "}")
        if names
        else indent + "{}"
    )

    def elements() -> Iterator[str]:
        opening = before + "["
        pending: str | None = None
        for row in rows:
            yield opening if pending is None else pending + ","
            if not names:
                pending = template
                continue
            values = [
                encode_basestring(v) if type(v) is str else str(v) if type(v) is int else None
                for v in row
            ]
            if None in values:  # a value that is not a word or a whole number
                pending = indent + json_row(dict(zip(columns, row, strict=True)), indent)
            else:
                pending = template % tuple(values)
        if pending is None:
            yield opening + "]" + after
        else:
            yield pending
            yield " " * JSON_INDENT + "]" + after

    _Lines(out).write(elements())


def json_row(row: Mapping[str, Any], indent: str) -> str:
    """``to_json(row)`` with every line after the first indented by ``indent``: one
    element of a list nested in a record.

    >>> json_row({"abzug": 1, "plie": "1/221"}, "  ")
    '{\\n    "abzug": 1,\\n    "plie": "1/221"\\n  }'
    """
    return to_json(dict(row)).replace("\n", "\n" + indent)
