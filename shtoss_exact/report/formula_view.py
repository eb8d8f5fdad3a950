"""Closed forms, rendered from their record (``ClosedForms.to_dict()``): text, Markdown,
CSV and LaTeX. The expressions are sympy's own ``str()`` and ``latex()`` of the forms.
The tables' words and the Markdown are those of the notebook display
(``shtoss_exact.symbolic.display``): one rendering for both."""

from __future__ import annotations

from typing import Any

from shtoss_exact.report.table import Cell, Table, latex_escape
from shtoss_exact.symbolic.display import COLUMNS, describe, forms_markdown, sections

WHOLE_DEAL = ("banker", "punter", "null", "killed", "plie", "given", "ev")
PER_ABZUG = ("decided_at", "banker_at", "punter_at", "null_at")


def formula_text(record: dict[str, Any]) -> str:
    """Plain text: for each parity the whole-deal forms in ``n``, then one block per range
    of abzugs; columns aligned, every column to the left."""
    blocks = []
    for title, rows in sections(record):
        widths = [max(len(row[i]) for row in [COLUMNS, *rows]) for i in range(2)]
        lines = [title]
        for row in [COLUMNS, *rows]:
            lines.append(f"{row[0].ljust(widths[0])}  {row[1].ljust(widths[1])}  {row[2]}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def formula_markdown(record: dict[str, Any]) -> str:
    """Markdown: a bold title and a table per block, as ``formula_text``; each form as
    code, so that its ``*`` is not read as emphasis; no line over 120 characters."""
    return forms_markdown(record)


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
