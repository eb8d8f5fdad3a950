"""A plain table of cells and its renderings: text, Markdown, CSV, LaTeX (booktabs), HTML."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from shtoss_exact.numbers import exact_of, int_str
from shtoss_exact.report.numbers import decimal_str, exact_str

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
    exact = [
        i
        for i, column in enumerate(table.columns)
        if table.rows and all(_exact(row[i]) is not None for row in table.rows)
    ]
    columns: list[str] = []
    for i, column in enumerate(table.columns):
        columns.append(column)
        if i in exact:
            columns.append(f"{column}_decimal")
    rows = []
    for row in table.rows:
        cells: list[Cell] = []
        for i, cell in enumerate(row):
            cells.append(cell)
            if i in exact:
                cells.append(decimal_str(_exact(cell) or 0, places))
        rows.append(tuple(cells))
    return Table(table.title, tuple(columns), tuple(rows))


_EXACT = re.compile(r"-?[0-9]+(?:/0*[1-9][0-9]*)?")
"""An exact number as ``exact_str`` writes it: ``-33/833``, ``0``; ASCII digits, no /0."""


def _exact(cell: Cell) -> Fraction | None:
    """The exact number a cell holds (a ``Fraction`` or a string ``"p/q"``), else None;
    a Python int is a count (cards, an abzug), not a probability to show in decimals."""
    if isinstance(cell, Fraction):
        return cell
    if not isinstance(cell, str):
        return None
    if _EXACT.fullmatch(cell):
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


def to_text(table: Table) -> str:
    cells = [list(table.columns)] + [[cell_str(c) for c in row] for row in table.rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(table.columns))]
    numeric = [
        all(_is_number(row[i]) for row in table.rows) and bool(table.rows)
        for i in range(len(table.columns))
    ]
    lines = [table.title] if table.title else []
    for row in cells:
        parts = [
            text.rjust(width) if numeric[i] else text.ljust(width)
            for i, (text, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(parts).rstrip())
    return "\n".join(lines)


def to_markdown(table: Table) -> str:
    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"

    align = [
        "---:" if all(_is_number(row[i]) for row in table.rows) and table.rows else "---"
        for i in range(len(table.columns))
    ]
    lines = [f"**{table.title}**", ""] if table.title else []
    lines.append(line(table.columns))
    lines.append("| " + " | ".join(align) + " |")
    lines.extend(line([cell_str(c) for c in row]) for row in table.rows)
    return "\n".join(lines)


def to_csv(table: Table) -> str:
    import csv
    import io

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(table.columns)
    writer.writerows([cell_str(c) for c in row] for row in table.rows)
    return buffer.getvalue().rstrip("\n")


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
        if not _EXACT.fullmatch(cell):
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


def to_latex(table: Table) -> str:
    spec = "".join(
        "r" if all(_is_number(row[i]) for row in table.rows) and table.rows else "l"
        for i in range(len(table.columns))
    )
    lines = [f"% {latex_escape(table.title)}"] if table.title else []
    lines += [
        f"\\begin{{tabular}}{{{spec}}}",
        "\\toprule",
        " & ".join(latex_escape(c) for c in table.columns) + r" \\",
        "\\midrule",
    ]
    lines.extend(" & ".join(latex_cell(c) for c in row) + r" \\" for row in table.rows)
    lines += ["\\bottomrule", "\\end{tabular}"]
    return "\n".join(lines)


def to_html(table: Table) -> str:
    from html import escape

    lines = ["<table>"]
    if table.title:
        lines.append(f"  <caption>{escape(table.title)}</caption>")
    lines.append(
        "  <thead><tr>" + "".join(f"<th>{escape(c)}</th>" for c in table.columns) + "</tr></thead>"
    )
    lines.append("  <tbody>")
    for row in table.rows:
        cells = "".join(f"<td>{escape(cell_str(c))}</td>" for c in row)
        lines.append(f"    <tr>{cells}</tr>")
    lines += ["  </tbody>", "</table>"]
    return "\n".join(lines)


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
    return "\n\n".join(FORMATS[fmt](table) for table in tables)
