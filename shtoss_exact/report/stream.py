"""Tables and records written row by row, for outputs too long to hold in memory.

Each gives, byte for byte, what the whole would give, written by the same code:
``write_table`` the lines of ``report.table.LINES[fmt]``, the one writer of each
format, as ``FORMATS[fmt]`` gives them for the whole table (with ``with_decimals``
for ``decimals``); ``write_record`` the text of ``records.to_json`` for the whole
record, its layout taken from ``to_json`` itself. Only the current row (and, for
text, the column widths) is held. The cells of one column are alike: the first row
tells which columns are exact numbers (for the decimal columns, Markdown's and
LaTeX's alignment); text reads the rows twice, once for the widths and once to write
them, so a row source is a function returning a fresh iterator.

Row sources (``RowStream``) estimate their own cost before a row is made; a format
multiplies it by its ``cost_factor`` (measured: text makes every row twice, JSON
encodes every key again).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import chain
from json.encoder import encode_basestring
from typing import Any, Protocol, TextIO

from shtoss_exact.records import JSON_INDENT, to_json
from shtoss_exact.report.table import (
    LINES,
    Cell,
    Shape,
    Table,
    _is_number,
    decimal_header,
    decimal_text,
    exact_columns,
    measure,
    render,
    spoken_header,
    widened,
)

__all__ = [
    "COST_FACTORS",
    "DECIMALS_FACTOR",
    "RowStream",
    "cost_factor",
    "decimal_text",
    "json_row",
    "write_record",
    "write_table",
]

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
        out.write(render(Table(table.title, table.columns, ()), fmt))
        return
    exact = exact_columns([first]) if decimals is not None else ()
    header = spoken_header(decimal_header(table.columns, exact), fmt)
    if fmt == "text":  # two passes: the widths (and alignment) first, then the lines
        widths, numeric = measure(header, widened(rows(), exact, decimals))
        body = widened(rows(), exact, decimals)
    else:
        cells = widened(chain([first], iterator), exact, decimals)
        head = next(cells)
        widths, numeric = (), tuple(_is_number(cell) for cell in head)
        body = chain([head], cells)
    _Lines(out).write(LINES[fmt](Shape(table.title, header, numeric, widths), body))


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
    template = _element(columns, indent)

    def elements() -> Iterator[str]:
        opening = before + "["
        pending: str | None = None
        for row in rows:
            yield opening if pending is None else pending + ","
            values = [
                encode_basestring(v) if type(v) is str else str(v) if type(v) is int else None
                for v in row
            ]
            if template is None or None in values:  # not words and whole numbers
                pending = indent + json_row(dict(zip(columns, row, strict=True)), indent)
            else:
                pending = template % tuple(values)
        if pending is None:
            yield opening + "]" + after
        else:
            yield pending
            yield " " * JSON_INDENT + "]" + after

    _Lines(out).write(elements())


def _element(columns: Sequence[str], indent: str) -> str | None:
    """One element of the list as ``to_json`` writes it in place, its values ``%s``
    (for ``%``-formatting with their JSON), or None if no such template is sure.

    >>> print(_element(("abzug", "given"), "    ") % ("1", '"1/2"'))
        {
          "abzug": 1,
          "given": "1/2"
        }
    """
    if len(set(columns)) != len(columns):  # the record keeps one of each name
        return None
    marks = [f"\x00{i}\x00" for i in range(len(columns))]
    element = indent + json_row(dict(zip(columns, marks, strict=True)), indent)
    template = element.replace("%", "%%")
    for mark in marks:
        placeholder = json.dumps(mark)
        if template.count(placeholder) != 1:  # a column's name holds a mark itself
            return None
        template = template.replace(placeholder, "%s")
    return template


def json_row(row: Mapping[str, Any], indent: str) -> str:
    """``to_json(row)`` with every line after the first indented by ``indent``: one
    element of a list nested in a record.

    >>> json_row({"abzug": 1, "plie": "1/221"}, "  ")
    '{\\n    "abzug": 1,\\n    "plie": "1/221"\\n  }'
    """
    return to_json(dict(row)).replace("\n", "\n" + indent)
