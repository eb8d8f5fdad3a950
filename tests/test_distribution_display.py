"""A ``Distribution`` shown: the one-line ``repr()`` (cut to what fits, long values by
their leading digits and size), the sheet of the outcomes, the mean and the variance,
in Markdown and HTML."""

from __future__ import annotations

from fractions import Fraction

from shtoss_exact.distribution import Distribution
from shtoss_exact.distribution_display import (
    REPR_ITEMS,
    html_text,
    markdown_text,
    repr_text,
    sheet_of,
)

PUNTER = Distribution.of({-1: Fraction(433, 833), 1: Fraction(400, 833)})
"""The punter's net at the classic stakes on 52 cards: 433/833 to lose, 400/833 to win."""


def test_reprs() -> None:
    d = PUNTER
    assert repr(d) == "Distribution({-1: 433/833, 1: 400/833})"
    assert d._repr_markdown_().splitlines()[:4] == [
        "| value | probability |", "| --- | --- |", "| -1 | 433/833 (51.98%) |",
        "| 1 | 400/833 (48.02%) |",
    ]  # fmt: skip
    long = Distribution.from_counts({k: 1 for k in range(100)})
    assert repr(long).endswith("... 100 outcomes})")
    huge = Distribution.from_counts({0: 1, 1: 10**60})
    # 1/(10**60 + 1): 1 + 61 digits; 10**60/(10**60 + 1): 61 + 61 digits
    assert repr(huge) == "Distribution({0: 9.999…e-61 (62 digits), 1: 0.9999… (122 digits)})"


def test_a_long_repr_shows_its_first_outcomes_then_how_many() -> None:
    long = Distribution.from_counts({k: 1 for k in range(100)})
    shown = ", ".join(f"{k}: 1/100" for k in range(REPR_ITEMS))
    assert repr_text(long) == repr(long) == f"Distribution({{{shown}, ... 100 outcomes}})"
    # As many outcomes as there are, and no count of them, when all fit.
    few = Distribution.from_counts({k: 1 for k in range(REPR_ITEMS)})
    assert repr(few) == f"Distribution({{{shown.replace('/100', f'/{REPR_ITEMS}')}}})"


def test_the_sheet_holds_the_mean_the_variance_and_the_outcomes() -> None:
    # mean (400 - 433)/833; variance 1 - mean² = (833² - 33²)/833² = 692800/693889.
    sheet = sheet_of(PUNTER)
    assert sheet.summary == [("mean", Fraction(-33, 833)), ("variance", Fraction(692800, 693889))]
    assert sheet.natural() == [
        {"value": Fraction(-1), "probability": Fraction(433, 833)},
        {"value": Fraction(1), "probability": Fraction(400, 833)},
    ]
    assert markdown_text(PUNTER).endswith("\n\nmean -33/833, variance 692800/693889")
    assert markdown_text(PUNTER) == PUNTER._repr_markdown_()


def test_the_html_is_the_sheet() -> None:
    text = html_text(PUNTER)
    assert text == PUNTER._repr_html_()
    assert "<tr><th>mean</th><td>-33/833</td></tr>" in text
    assert "<tr><th>variance</th><td>692800/693889</td></tr>" in text
    assert text.count("<td>433/833 (51.98%)</td>") == 1
    assert "<caption>outcomes (2 rows)</caption>" in text
