"""A ``Distribution`` shown: its one-line ``repr()``, its sheet (the outcomes, the mean
and the variance) in Markdown and HTML for a notebook, and its ``pandas`` series and
frame. ``Distribution``'s own methods call these, importing this module (and with it
``notebook``) only when a display is asked for; pandas only for a series or a frame.

>>> from fractions import Fraction
>>> from shtoss_exact.distribution import Distribution
>>> repr_text(Distribution.of({-1: Fraction(433, 833), 1: Fraction(400, 833)}))
'Distribution({-1: 433/833, 1: 400/833})'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from shtoss_exact.notebook import (
    REPR_CHARACTERS,
    Sheet,
    cell,
    frame,
    html_of,
    markdown_table,
    pandas_module,
    shown,
)
from shtoss_exact.numbers import exact_text

if TYPE_CHECKING:
    from shtoss_exact.distribution import Distribution

REPR_ITEMS = 8
"""Outcomes ``repr()`` shows before it names how many more there are."""


def repr_text(d: Distribution) -> str:
    """The one-line ``repr()``: the first outcomes that fit, then how many there are."""
    items: list[str] = []
    more = f"... {len(d)} outcomes"
    for v, p in d._head(REPR_ITEMS):
        item = f"{shown(v, short=True)}: {shown(p, short=True)}"
        if len(", ".join([*items, item, more])) + len("Distribution({})") > REPR_CHARACTERS:
            break
        items.append(item)
    if len(items) < len(d):
        items.append(more)
    return f"Distribution({{{', '.join(items)}}})"


def sheet_of(d: Distribution) -> Sheet:
    """The sheet: the mean and the variance, the outcomes its one table."""
    return Sheet("Distribution", {
        "mean": exact_text(d.mean.numerator, d.mean.denominator),
        "variance": exact_text(d.variance.numerator, d.variance.denominator),
        "outcomes": d.to_dict(),
    })  # fmt: skip


def markdown_text(d: Distribution) -> str:
    """The outcomes as a Markdown table, then the mean and the variance."""
    sheet = sheet_of(d)
    summary = ", ".join(f"{key} {cell(key, value)}" for key, value in sheet.summary)
    return f"{markdown_table(sheet.tables['outcomes'])}\n\n{summary}"


def html_text(d: Distribution) -> str:
    """The sheet in HTML."""
    return str(html_of(sheet_of(d)))


def series_of(d: Distribution) -> Any:
    """A ``pandas.Series`` of the probabilities (exact ``Fraction``s) indexed by value."""
    pandas = pandas_module()
    index = pandas.Index(list(d), dtype=object, name="value")
    return pandas.Series([p for _, p in d.items()], index=index, dtype=object,
                         name="probability")  # fmt: skip


def frame_of(d: Distribution) -> Any:
    """A ``pandas.DataFrame``, one row per outcome; the mean and the variance in its
    ``attrs["summary"]``."""
    sheet = sheet_of(d)
    return frame(sheet.natural(), summary=sheet.summary)
