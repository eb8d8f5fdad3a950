"""A plain table of cells and its formats: text, Markdown, CSV, LaTeX (booktabs), HTML.

Each format is written once (``LINES``): a generator of the table's lines, reading the
rows once, given its ``Shape`` (title, header, alignment, text's widths). The whole
table (``FORMATS``, ``render_tables``) and the streamed one (``report.stream``) are both
written by it; they differ only in where the shape comes from.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction

from shtoss_exact.frozen import NamedTuple, dataclass
from shtoss_exact.i18n import _
from shtoss_exact.int_text import int_str
from shtoss_exact.numbers import exact_of
from shtoss_exact.report.numbers import exact_str

Cell = Fraction | int | str


@dataclass(frozen=True)
class Table:
    """A titled table; numbers stay exact until rendered."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]

    def records(self) -> list[dict[str, Cell]]:
        """The rows as dicts keyed by column (e.g. for ``pandas.DataFrame``)."""
        return [dict(zip(self.columns, row, strict=True)) for row in self.rows]


def with_decimals(table: Table, places: int) -> Table:
    """The table with a column ``<name>_decimal`` (rounded half-even to ``places``)
    after each column of exact numbers.

    >>> with_decimals(Table("", ("abzug", "given"), ((1, "16/221"),)), 3).rows
    ((1, '16/221', '0.072'),)
    """
    exact = exact_columns(table.rows)
    rows = tuple(tuple(row) for row in widened(table.rows, exact, places))
    return Table(table.title, decimal_header(table.columns, exact), rows)


def exact_columns(rows: Sequence[Sequence[Cell]]) -> tuple[int, ...]:
    """The columns every row of ``rows`` holds an exact number in (none without rows)."""
    if not rows:
        return ()
    return tuple(i for i in range(len(rows[0])) if all(_exact(row[i]) is not None for row in rows))


def decimal_header(columns: Sequence[str], exact: Sequence[int]) -> tuple[str, ...]:
    """The header with ``<name>_decimal`` after each of the ``exact`` columns."""
    header: list[str] = []
    for i, column in enumerate(columns):
        header.append(column)
        if i in exact:
            header.append(f"{column}_decimal")
    return tuple(header)


def widened(
    rows: Iterable[Sequence[Cell]], exact: Sequence[int], places: int | None
) -> Iterator[Sequence[Cell]]:
    """The rows with a decimal cell after each of the ``exact`` cells, made one at a time."""
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


def decimal_text(cell: Cell, places: int) -> str:
    """``decimal_str`` of an exact cell (a ``Fraction``, an int, or a string
    ``"p/q"``), rounded half-even with integers alone, no ``Fraction`` made.

    >>> decimal_text("433/833", 4), decimal_text("-3/2000", 3), decimal_text("0", 2)
    ('0.5198', '-0.002', '0.00')
    """
    if isinstance(cell, str):
        top, _, bottom = cell.partition("/")
        try:
            numerator, denominator = int(top), int(bottom) if bottom else 1
        except ValueError:  # more digits than Python converts: read through ``numbers``
            value = exact_of(cell)
            numerator, denominator = value.numerator, value.denominator
    else:
        value = Fraction(cell)
        numerator, denominator = value.numerator, value.denominator
    scaled, rest = divmod(numerator * 10**places, denominator)  # floor; 0 <= rest < d
    twice = 2 * rest
    if twice > denominator or (twice == denominator and scaled % 2):
        scaled += 1
    sign = "-" if scaled < 0 else ""
    try:
        digits = str(abs(scaled))
    except ValueError:  # as above
        digits = int_str(abs(scaled))
    digits = digits.rjust(places + 1, "0")
    if places <= 0:
        return sign + digits
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


_EXACT = r"-?[0-9]+(?:/0*[1-9][0-9]*)?"  # compiled on first use (re's cache), not at start-up
"""An exact number as ``exact_str`` writes it: ``-33/833``, ``0``; ASCII digits, no /0."""


def _exact(cell: Cell) -> Fraction | None:
    """The exact number a cell holds (a ``Fraction`` or a string ``"p/q"``), else None;
    a Python int is a count (cards, an abzug), not a probability to show in decimals."""
    if isinstance(cell, Fraction):
        return cell
    if not isinstance(cell, str):
        return None
    if re.fullmatch(_EXACT, cell):
        return exact_of(cell)
    return None


def cell_str(cell: Cell) -> str:
    if isinstance(cell, str):
        return cell
    if type(cell) is int:
        return str(cell)
    return exact_str(cell)


def _is_number(cell: Cell) -> bool:
    return not isinstance(cell, str) or cell[:1] in "-0123456789"


_LATEX_SPECIAL = {"&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "{": r"\{",
                  "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
                  "\\": r"\textbackslash{}"}  # fmt: skip


def latex_escape(text: str) -> str:
    return "".join(_LATEX_SPECIAL.get(ch, ch) for ch in text)


def latex_cell(cell: Cell) -> str:
    r"""A cell in LaTeX: words escaped, exact numbers (``Fraction``, int, or a string
    such as ``"-33/833"``) in math mode as fractions.

    >>> latex_cell("-33/833"), latex_cell(Fraction(1, 2)), latex_cell("plié & co")
    ('$-\\frac{33}{833}$', '$\\frac{1}{2}$', 'plié \\& co')
    """
    if isinstance(cell, str):
        if not re.fullmatch(_EXACT, cell):
            return latex_escape(cell)
        top, _, bottom = cell.partition("/")
        if not bottom:
            return f"${top}$"
        sign, digits = ("-", top[1:]) if top.startswith("-") else ("", top)
        return f"${sign}\\frac{{{digits}}}{{{bottom}}}$"
    value = Fraction(cell)
    if value.denominator == 1:
        return f"${int_str(value.numerator)}$"
    sign = "-" if value < 0 else ""
    return f"${sign}\\frac{{{int_str(abs(value.numerator))}}}{{{int_str(value.denominator)}}}$"


# --- the formats: each written once, a line at a time ------------------------------------


class Shape(NamedTuple):
    """What a format needs before the rows: the title, the header, which columns are
    numbers (aligned right) and, for text, each column's width."""

    title: str
    header: tuple[str, ...]
    numeric: tuple[bool, ...]
    widths: tuple[int, ...] = ()


def measure(
    header: Sequence[str], rows: Iterable[Sequence[Cell]]
) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """Each column's width (header and cells) and whether all its cells are numbers
    (False when there are no rows): one pass over ``rows``, none held."""
    widths = [len(column) for column in header]
    numeric = [True] * len(header)
    seen = False
    for row in rows:
        seen = True
        for i, cell in enumerate(row):
            size = len(str(cell))  # str() of a Fraction, int or str is its cell_str
            if size > widths[i]:
                widths[i] = size
            if numeric[i] and not _is_number(cell):
                numeric[i] = False
    return tuple(widths), tuple(numeric) if seen else (False,) * len(header)


Lines = Callable[[Shape, Iterable[Sequence[Cell]]], Iterator[str]]
"""A format: the lines of a table, its rows read once; a cell is written as its
``str()`` (a word, an int, a ``Fraction``: its ``cell_str``)."""


def _text(shape: Shape, rows: Iterable[Sequence[Cell]]) -> Iterator[str]:
    pads = [
        (str.rjust if right else str.ljust, width)
        for right, width in zip(shape.numeric, shape.widths, strict=True)
    ]

    def line(texts: Iterable[str]) -> str:
        parts = [pad(text, width) for text, (pad, width) in zip(texts, pads, strict=True)]
        return "  ".join(parts).rstrip()

    if shape.title:
        yield shape.title
    yield line(shape.header)
    for row in rows:
        yield line(map(str, row))


def _markdown(shape: Shape, rows: Iterable[Sequence[Cell]]) -> Iterator[str]:
    def line(cells: Iterable[str]) -> str:
        return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"

    if shape.title:
        yield f"**{shape.title}**"
        yield ""
    yield line(shape.header)
    yield "| " + " | ".join("---:" if right else "---" for right in shape.numeric) + " |"
    for row in rows:
        yield line(map(str, row))


def _csv(shape: Shape, rows: Iterable[Sequence[Cell]]) -> Iterator[str]:
    import csv
    import io

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")

    def quoted(cells: Sequence[str]) -> str:  # as csv.writer writes a row that needs quotes
        buffer.seek(0)
        buffer.truncate()
        writer.writerow(cells)
        return buffer.getvalue()[:-1]

    yield quoted(shape.header)
    commas = len(shape.header) - 1
    for row in rows:
        line = ",".join(map(str, row))
        # Plain cells (no comma, quote or line break) are written as they are.
        plain = line.count(",") == commas and '"' not in line
        if plain and "\n" not in line and "\r" not in line and line:
            yield line
        else:
            yield quoted([str(c) for c in row])


def _latex(shape: Shape, rows: Iterable[Sequence[Cell]]) -> Iterator[str]:
    if shape.title:
        yield f"% {latex_escape(shape.title)}"
    yield f"\\begin{{tabular}}{{{''.join('r' if right else 'l' for right in shape.numeric)}}}"
    yield "\\toprule"
    yield " & ".join(latex_escape(c) for c in shape.header) + r" \\"
    yield "\\midrule"
    for row in rows:
        yield " & ".join(latex_cell(c) for c in row) + r" \\"
    yield "\\bottomrule"
    yield "\\end{tabular}"


def _html(shape: Shape, rows: Iterable[Sequence[Cell]]) -> Iterator[str]:
    from html import escape

    yield "<table>"
    if shape.title:
        yield f"  <caption>{escape(shape.title)}</caption>"
    yield "  <thead><tr>" + "".join(f"<th>{escape(c)}</th>" for c in shape.header) + "</tr></thead>"
    yield "  <tbody>"
    for row in rows:
        yield "    <tr>" + "".join([f"<td>{escape(str(c))}</td>" for c in row]) + "</tr>"
    yield "  </tbody>"
    yield "</table>"


LINES: dict[str, Lines] = {
    "text": _text,
    "markdown": _markdown,
    "csv": _csv,
    "latex": _latex,
    "html": _html,
}
"""Each table format, by name: the one writer of both the whole table (``FORMATS``)
and the streamed one (``report.stream.write_table``)."""


def render(table: Table, fmt: str) -> str:
    """``table`` in ``fmt``, whole (no newline at the end): its cells as ``cell_str``
    writes them, a column aligned as a number when all its cells are numbers."""
    rows = [tuple(map(cell_str, row)) for row in table.rows]
    header = spoken_header(table.columns, fmt)
    widths, numeric = measure(header, rows)
    shape = Shape(table.title, header, numeric, widths)
    return "\n".join(LINES[fmt](shape, rows))


def spoken_header(columns: Sequence[str], fmt: str) -> tuple[str, ...]:
    """The header ``fmt`` writes: the glossary's words in CSV (data for programs), in the
    language spoken now in the formats people read (``--lang``).

    >>> from shtoss_exact.i18n import speaking
    >>> with speaking("ru"):
    ...     spoken_header(("abzug", "given"), "text"), spoken_header(("abzug",), "csv")
    (('абцуг', 'дана'), ('abzug',))
    """
    if fmt == "csv":
        return tuple(columns)
    return tuple(map(_spoken, columns))


def _spoken(column: str) -> str:
    """A column's word spoken; a ``--decimals`` column (``<name>_decimal``) by its name's."""
    name = column.removesuffix("_decimal")
    if name and name != column:
        return _("{column}_decimal").format(column=_(name))
    return _(column)


def to_text(table: Table) -> str:
    return render(table, "text")


def to_markdown(table: Table) -> str:
    return render(table, "markdown")


def to_csv(table: Table) -> str:
    return render(table, "csv")


def to_latex(table: Table) -> str:
    return render(table, "latex")


def to_html(table: Table) -> str:
    return render(table, "html")


FORMATS: dict[str, Callable[[Table], str]] = {
    "text": to_text,
    "markdown": to_markdown,
    "csv": to_csv,
    "latex": to_latex,
    "html": to_html,
}
"""Table renderers by format name (JSON is written from records, not from tables)."""


def render_tables(tables: Sequence[Table], fmt: str) -> str:
    """Render several tables one after another, separated by a blank line."""
    return "\n\n".join(render(table, fmt) for table in tables)
