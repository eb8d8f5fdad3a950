"""Renderers: exact values to text, JSON, CSV, Markdown (LaTeX and HTML for tables).

The report layer imports the core, never the reverse. Floats appear only here, in
decimal and percent columns; the exact value always stands beside them.
"""

from shtoss_exact.report.numbers import decimal_str, exact_str, percent_str
from shtoss_exact.report.table import FORMATS, Table, render_tables

__all__ = ["FORMATS", "Table", "decimal_str", "exact_str", "percent_str", "render_tables"]


def __dir__() -> list[str]:
    # The public names only (tab completion offers these), not the submodules.
    return sorted(__all__)
