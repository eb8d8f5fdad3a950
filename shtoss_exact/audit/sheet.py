"""Split counts from the command line (``"3,1,0"``) or from a cue sheet, one deal a row.

A cue sheet is a CSV file with a header naming a ``splits`` column (and, if wanted, a
``note`` column), or a JSON file holding a list of ``{"splits": 3, "note": "..."}``.
Both are read through the one bounded reader and checked by the one schema check; the
CSV text is bounded (lines, fields, characters a field) before it is parsed. A ledger
sheet is read the same way, one deal a row of ``seen`` (the cards seen) and ``bets``
(the recorded bets, as ``case --bets`` writes them), and a ``note`` if wanted.

>>> parse_counts("3, 1,0")
(3, 1, 0)
"""

from __future__ import annotations

import os
from pathlib import Path

from shtoss_exact.audit.law import deck_shape
from shtoss_exact.audit.splits import MAX_DEALS, check_counts
from shtoss_exact.data_files import data_path, read_data, read_text
from shtoss_exact.data_schema import Items, Table, Text, Whole, check_data
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.i18n import N_, _, later, ngettext
from shtoss_exact.numbers import whole_number

MAX_SHEET_BYTES = 200_000
"""Size of a cue sheet."""

MAX_FIELD = 1000
"""Characters of one field of a CSV cue sheet."""

MAX_COLUMNS = 2
"""Columns of a cue sheet: ``splits`` and ``note``."""

MAX_COUNTS_TEXT = 10 * MAX_DEALS
"""Characters of the split counts given as text."""

SHEET_SUFFIXES = (".csv", ".json")

TURNS = deck_shape(13, 4)[1]


def row_schema() -> Items:
    """The schema of a cue sheet: 1 to ``MAX_DEALS`` rows of ``splits`` and ``note``."""
    row = Table({"splits": Whole(0, TURNS), "note": Text()}, required=("splits",),
                allowed=N_("a row of splits and note"))  # fmt: skip
    deals = later(N_("a list of 1 to {most} rows, one a deal"), most=MAX_DEALS)
    return Items(row, least=1, most=MAX_DEALS, allowed=deals)


def parse_counts(text: str) -> tuple[int, ...]:
    """The split counts of ``"3,1,0"`` (commas or spaces between them)."""
    if not isinstance(text, str):
        raise ShtossError(
            _("counts {text}: allowed text such as '3,1,0'").format(text=quoted(text, 20))
        )
    if len(text) > MAX_COUNTS_TEXT:
        raise ShtossError(
            _("counts: {text_count} characters; allowed at most {max_counts_text}").format(
                text_count=len(text), max_counts_text=MAX_COUNTS_TEXT
            )
        )
    parts = [p for p in text.replace(",", " ").split() if p]
    if len(parts) > MAX_DEALS:
        raise ShtossError(
            _("{parts_count} deals: allowed at most {max_deals}").format(
                parts_count=len(parts), max_deals=MAX_DEALS
            )
        )
    counts = []
    for i, part in enumerate(parts, start=1):
        try:
            counts.append(whole_number(part, name="", minimum=0, maximum=TURNS, text=True))
        except ShtossError:
            raise ShtossError(_(
                    "split count {part!r} of deal {i}: allowed a whole number 0..{turns} (the "
                    "turns of a deal)"
                ).format(part=part[:20], i=i, turns=TURNS)) from None  # fmt: skip
    return check_counts(counts, turns=TURNS)


def read_sheet(path: str | os.PathLike[str]) -> tuple[int, ...]:
    """The split counts of a cue sheet (CSV or JSON), one deal a row."""
    name = data_path(path, what=N_("cue sheet"))
    where = f"{_('cue sheet')} {quoted(name, 200)}"
    if Path(name).suffix.lower() == ".json":
        data = read_data(name, what=N_("cue sheet"), max_bytes=MAX_SHEET_BYTES)
    else:
        text = read_text(name, what=N_("cue sheet"), max_bytes=MAX_SHEET_BYTES,
                         suffixes=SHEET_SUFFIXES)  # fmt: skip
        data = _csv_rows(text, where=where)
    rows = check_data(data, row_schema(), where=where)
    return check_counts([row["splits"] for row in rows], turns=TURNS)


def _csv_rows(
    text: str,
    *,
    where: str,
    needed: tuple[str, ...] = ("splits",),
    columns: int = MAX_COLUMNS,
    field: int = MAX_FIELD,
) -> list[dict[str, object]]:
    """The rows of a CSV sheet as plain data, bounded before ``csv`` parses them: a
    header naming the ``needed`` columns, at most ``columns`` columns of ``field``
    characters; a ``splits`` cell of digits is read as a whole number."""
    import csv

    lines = text.splitlines()
    if len(lines) > MAX_DEALS + 1:
        raise ShtossError(
            _("{where}: {lines_count} lines; allowed a header and at most {max_deals} rows").format(
                where=where, lines_count=len(lines), max_deals=MAX_DEALS
            )
        )
    for number, line in enumerate(lines, start=1):
        if len(line) > field * columns + columns:
            raise ShtossError(
                _(
                    "{where}: line {number} is {line_count} characters; allowed at most {field} a "
                    "field"
                ).format(where=where, number=number, line_count=len(line), field=field)
            )
        if "\0" in line or ('"' in line and line.count('"') % 2):
            raise ShtossError(
                _(
                    "{where}: line {number}: bad CSV (a NUL or an open quote); allowed one row a "
                    "line"
                ).format(where=where, number=number)
            )
    table = list(csv.reader(lines, strict=True))
    header = [cell.strip().lower() for cell in table[0]] if table else []
    if any(name not in header for name in needed) or len(set(header)) != len(header):
        named = _(" and ").join(needed)
        naming = ngettext(
            "{where}: header {header}: allowed a header naming a {named} column (and a note "
            "column)",
            "{where}: header {header}: allowed a header naming a {named} columns (and a note "
            "column)",
            len(needed),
        )
        raise ShtossError(
            naming.format(where=where, header=quoted(",".join(header), 60), named=named)
        )
    rows: list[dict[str, object]] = []
    for number, cells in enumerate(table[1:], start=2):
        if not any(cell.strip() for cell in cells):
            continue  # a blank line
        if len(cells) != len(header):
            raise ShtossError(
                _(
                    "{where}: line {number}: {cells_count} fields; allowed {header_count}, as the "
                    "header"
                ).format(
                    where=where, number=number, cells_count=len(cells), header_count=len(header)
                )
            )
        row: dict[str, object] = {}
        for key, cell in zip(header, cells, strict=True):
            value = cell.strip()
            row[key] = int(value) if key == "splits" and value.isascii() and value.isdigit() \
                and len(value) <= 3 else value  # fmt: skip
        rows.append(row)
    return rows


LEDGER_DEALS = 100
"""Rows of a ledger sheet."""


def ledger_schema() -> Items:
    """The schema of a ledger sheet: 1 to ``LEDGER_DEALS`` rows of ``seen``, ``bets``, ``note``."""
    row = Table({"seen": Text(), "bets": Text(), "note": Text()}, required=("seen", "bets"),
                allowed=N_("a row of seen, bets and note"))  # fmt: skip
    deals = later(N_("a list of 1 to {most} rows, one a deal"), most=LEDGER_DEALS)
    return Items(row, least=1, most=LEDGER_DEALS, allowed=deals)


def read_ledger_sheet(path: str | os.PathLike[str]) -> tuple[tuple[str, str], ...]:
    """The deals of a ledger sheet (CSV or JSON): the cards seen and the recorded bets
    of each, one deal a row."""
    name = data_path(path, what=N_("ledger sheet"))
    where = f"{_('ledger sheet')} {quoted(name, 200)}"
    if Path(name).suffix.lower() == ".json":
        data = read_data(name, what=N_("ledger sheet"), max_bytes=MAX_SHEET_BYTES)
    else:
        text = read_text(name, what=N_("ledger sheet"), max_bytes=MAX_SHEET_BYTES,
                         suffixes=SHEET_SUFFIXES)  # fmt: skip
        data = _csv_rows(text, where=where, needed=("seen", "bets"), columns=3)
    rows = check_data(data, ledger_schema(), where=where)
    if len(rows) > LEDGER_DEALS:
        raise ShtossError(
            _("{where}: {rows_count} deals; allowed at most {ledger_deals}").format(
                where=where, rows_count=len(rows), ledger_deals=LEDGER_DEALS
            )
        )
    return tuple((str(row["seen"]), str(row["bets"])) for row in rows)
