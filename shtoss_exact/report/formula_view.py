"""Closed forms, rendered from their record (``ClosedForms.to_dict()``): text, Markdown,
CSV and LaTeX. The expressions are sympy's own ``str()`` and ``latex()`` of the forms."""

from __future__ import annotations

from typing import Any

from shtoss_exact.report.table import Cell, Table, latex_escape

WHOLE_DEAL = ("banker", "punter", "null", "killed", "plie", "given", "ev")
PER_ABZUG = ("decided_at", "banker_at", "punter_at", "null_at")

LABELS = {
    "banker": "P(banker wins: the punter's net < 0)",
    "punter": "P(punter wins: the punter's net > 0)",
    "null": "P(no money changes hands)",
    "killed": "P(first copy on a lob alone: killed)",
    "plie": "P(first copy on a lob and its sonik: plié)",
    "given": "P(first copy on a sonik: given)",
    "ev": "punter's expected net per unit stake",
    "decided_at": "P(first copy in abzug j)",
    "banker_at": "P(first copy in abzug j, banker wins)",
    "punter_at": "P(first copy in abzug j, punter wins)",
    "null_at": "P(first copy in abzug j, no money changes hands)",
}
"""What each quantity is, in words, for the text and Markdown tables."""


def describe(form: dict[str, Any]) -> str:
    """One line naming the scheme, copies, parity and where the forms are proved.

    >>> describe({"scheme": "classic", "copies": 1, "parity": "even", "valid_from": 2,
    ...           "checked_through": 66}).split(": ")[0]
    "classic scheme, 1 copy of the punter's rank, even n"
    """
    copies = f"{form['copies']} {'copy' if form['copies'] == 1 else 'copies'}"
    parity = form["parity"]
    return (
        f"{form['scheme']} scheme, {copies} of the punter's rank, {parity} n: proved for "
        f"every {parity} n >= {form['valid_from']} (compared with the engine at each "
        f"{parity} n from {form['valid_from']} through {form['checked_through']})"
    )


def range_text(abzug_range: list[str]) -> str:
    """``1 <= j <= n/2``, or ``j = n/2`` for a range of one abzug."""
    first, last = abzug_range
    return f"j = {first}" if first == last else f"{first} <= j <= {last}"


def _sections(record: dict[str, Any]) -> list[tuple[str, list[tuple[str, str, str]]]]:
    """(title, rows of quantity, meaning, expression) for each table to show."""
    sections = []
    for form in record["forms"]:
        rows = [(name, LABELS[name], expr) for name, expr in form["quantities"].items()]
        sections.append((describe(form), rows))
        for part in form["per_abzug"]:
            rows = [(name, LABELS[name], part[name]) for name in PER_ABZUG]
            sections.append((f"Per abzug j, {range_text(part['abzug_range'])}", rows))
    return sections


COLUMNS = ("quantity", "meaning", "closed form")


def formula_text(record: dict[str, Any]) -> str:
    """Plain text: for each parity the whole-deal forms in ``n``, then one block per range
    of abzugs; columns aligned, every column to the left."""
    blocks = []
    for title, rows in _sections(record):
        widths = [max(len(row[i]) for row in [COLUMNS, *rows]) for i in range(2)]
        lines = [title]
        for row in [COLUMNS, *rows]:
            lines.append(f"{row[0].ljust(widths[0])}  {row[1].ljust(widths[1])}  {row[2]}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def formula_markdown(record: dict[str, Any]) -> str:
    """Markdown: a bold title and a table per block, as ``formula_text``; each form as
    code, so that its ``*`` is not read as emphasis (no cell holds a ``|``)."""
    blocks = []
    for title, rows in _sections(record):
        lines = [f"**{title}**", "", "| " + " | ".join(COLUMNS) + " |", "| --- | --- | --- |"]
        for name, meaning, expression in rows:
            lines.append(f"| {name} | {meaning} | `{expression}` |")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


CSV_KEYS = ("scheme", "copies", "parity", "valid_from", "checked_through", "abzug_range",
            *WHOLE_DEAL, *PER_ABZUG)  # fmt: skip


def formula_csv(record: dict[str, Any]) -> Table:
    """One table: for each parity a row of the whole-deal forms, then a row per range of
    abzugs (``abzug_range`` as ``first..last``) with the per-abzug forms."""
    rows: list[tuple[Cell, ...]] = []
    for form in record["forms"]:
        head = {key: form[key] for key in CSV_KEYS[:5]}
        rows.append(_csv_row({**head, "abzug_range": "", **form["quantities"]}))
        for part in form["per_abzug"]:
            span = "..".join(part["abzug_range"])
            rows.append(_csv_row({**head, **part, "abzug_range": span}))
    return Table("", CSV_KEYS, tuple(rows))


def _csv_row(values: dict[str, Any]) -> tuple[Cell, ...]:
    return tuple(values.get(key, "") for key in CSV_KEYS)


def formula_latex(record: dict[str, Any]) -> str:
    """One ``align*`` block per parity, from a record made with ``to_dict(latex=True)``:
    the whole-deal forms, then each range of abzugs under an ``\\intertext``."""
    blocks = []
    for form in record["forms"]:
        rows = [_latex_row(name, tex) for name, tex in form["latex"].items()]
        for part in form["per_abzug"]:
            tex = part["latex"]
            first, last = tex["abzug_range"]
            span = f"j = {first}" if first == last else f"{first} \\le j \\le {last}"
            rows.append(f"  \\intertext{{per abzug, ${span}$:}}")
            rows.extend(_latex_row(name, tex[name]) for name in PER_ABZUG)
        rows = [row if row.lstrip().startswith("\\intertext") else row + r" \\" for row in rows]
        rows[-1] = rows[-1].removesuffix(" \\\\")
        head = [f"% {latex_escape(describe(form))}", "\\begin{align*}"]
        blocks.append("\n".join([*head, *rows, "\\end{align*}"]))
    return "\n\n".join(blocks)


def _latex_row(name: str, tex: str) -> str:
    return f"  \\mathrm{{{latex_escape(name)}}} &= {tex}"


FORMATS = {"text": formula_text, "markdown": formula_markdown, "latex": formula_latex}
"""The renderers of whole text outputs by format name (JSON is the record, CSV a table)."""
