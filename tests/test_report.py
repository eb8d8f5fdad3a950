"""Number formatting and every table renderer, compared as whole strings."""

from __future__ import annotations

from fractions import Fraction

import pytest

from shtoss_exact import odds
from shtoss_exact.report import FORMATS, Table, decimal_str, exact_str, percent_str, render_tables
from shtoss_exact.report.odds_view import describe, odds_csv_table, odds_record, odds_tables
from shtoss_exact.report.table import (
    cell_str,
    latex_cell,
    latex_escape,
    to_csv,
    to_html,
    to_latex,
    to_markdown,
    to_text,
)

# --- numbers ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(433, 833), "433/833"),
        (Fraction(-33, 833), "-33/833"),
        (Fraction(6, 3), "2"),
        (Fraction(0), "0"),
        (0, "0"),
        (-7, "-7"),
        (Fraction(10**30 + 1, 3), f"{10**30 + 1}/3"),
    ],
)
def test_exact_str(value: Fraction | int, text: str) -> None:
    assert exact_str(value) == text


@pytest.mark.parametrize(
    ("value", "places", "text"),
    [
        (Fraction(433, 833), 6, "0.519808"),
        (Fraction(433, 833), 4, "0.5198"),
        (Fraction(16, 221), 6, "0.072398"),
        (Fraction(-1, 3), 4, "-0.3333"),
        (Fraction(2, 3), 0, "1"),
        (Fraction(1, 8), 2, "0.12"),  # half-even: ties go to the even digit
        (Fraction(3, 8), 2, "0.38"),
        (Fraction(5, 8), 2, "0.62"),
        (Fraction(-5, 8), 2, "-0.62"),
        (Fraction(1, 2), 0, "0"),
        (Fraction(3, 2), 0, "2"),
        (0, 3, "0.000"),
        (5, 2, "5.00"),
        # Beyond a float's 17 digits: the exact value is rounded, not a float's.
        (Fraction(10**20 + 1, 10**20), 20, "1.00000000000000000001"),
        (Fraction(3 * 10**30 + 1, 3), 2, "1000000000000000000000000000000.33"),
    ],
)
def test_decimal_str(value: Fraction | int, places: int, text: str) -> None:
    assert decimal_str(value, places) == text


@pytest.mark.parametrize(
    ("value", "places", "text"),
    [
        (Fraction(433, 833), 3, "51.981%"),
        (Fraction(400, 833), 3, "48.019%"),
        (Fraction(-33, 833), 3, "-3.962%"),
        (Fraction(16, 221), 3, "7.240%"),
        (Fraction(1), 3, "100.000%"),
        (Fraction(0), 1, "0.0%"),
        (Fraction(1, 3), 5, "33.33333%"),
    ],
)
def test_percent_str(value: Fraction, places: int, text: str) -> None:
    assert percent_str(value, places) == text


def test_percent_str_default_places() -> None:
    assert percent_str(Fraction(184, 385)) == "47.792%"


# --- tables -------------------------------------------------------------------------------

SMALL = Table(
    "Two & one_",
    ("kind", "p", "n"),
    (
        ("banker", Fraction(433, 833), 3),
        ("plié|x", Fraction(-1, 2), 10),
        ("a,b", 0, "-"),
    ),
)


def test_to_text() -> None:
    assert to_text(SMALL) == (
        "Two & one_\n"
        "kind          p   n\n"
        "banker  433/833   3\n"
        "plié|x     -1/2  10\n"
        "a,b           0   -"
    )


def test_to_markdown() -> None:
    assert to_markdown(SMALL) == (
        "**Two & one_**\n"
        "\n"
        "| kind | p | n |\n"
        "| --- | ---: | ---: |\n"
        "| banker | 433/833 | 3 |\n"
        "| plié\\|x | -1/2 | 10 |\n"
        "| a,b | 0 | - |"
    )


def test_to_csv() -> None:
    assert to_csv(SMALL) == 'kind,p,n\nbanker,433/833,3\nplié|x,-1/2,10\n"a,b",0,-'


def test_to_latex() -> None:
    assert to_latex(SMALL) == (
        "% Two \\& one\\_\n"
        "\\begin{tabular}{lrr}\n"
        "\\toprule\n"
        "kind & p & n \\\\\n"
        "\\midrule\n"
        "banker & $\\frac{433}{833}$ & $3$ \\\\\n"
        "plié|x & $-\\frac{1}{2}$ & $10$ \\\\\n"
        "a,b & $0$ & - \\\\\n"
        "\\bottomrule\n"
        "\\end{tabular}"
    )


def test_to_html() -> None:
    assert to_html(SMALL) == (
        "<table>\n"
        "  <caption>Two &amp; one_</caption>\n"
        "  <thead><tr><th>kind</th><th>p</th><th>n</th></tr></thead>\n"
        "  <tbody>\n"
        "    <tr><td>banker</td><td>433/833</td><td>3</td></tr>\n"
        "    <tr><td>plié|x</td><td>-1/2</td><td>10</td></tr>\n"
        "    <tr><td>a,b</td><td>0</td><td>-</td></tr>\n"
        "  </tbody>\n"
        "</table>"
    )


UNTITLED = Table("", ("abzug", "given"), ((1, Fraction(16, 221)), (2, Fraction(1, 7))))


def test_untitled_tables_have_no_title_line() -> None:
    assert to_text(UNTITLED) == "abzug   given\n    1  16/221\n    2     1/7"
    assert to_markdown(UNTITLED) == (
        "| abzug | given |\n| ---: | ---: |\n| 1 | 16/221 |\n| 2 | 1/7 |"
    )
    assert to_latex(UNTITLED).splitlines()[0] == "\\begin{tabular}{rr}"
    assert to_html(UNTITLED).splitlines()[1] == (
        "  <thead><tr><th>abzug</th><th>given</th></tr></thead>"
    )


def test_empty_table() -> None:
    empty = Table("nothing", ("a", "b"), ())
    assert to_text(empty) == "nothing\na  b"
    assert to_markdown(empty) == "**nothing**\n\n| a | b |\n| --- | --- |"
    assert to_csv(empty) == "a,b"


def test_render_tables_joins_with_a_blank_line() -> None:
    assert render_tables([SMALL, UNTITLED], "csv") == to_csv(SMALL) + "\n\n" + to_csv(UNTITLED)
    for fmt, render in FORMATS.items():
        assert render_tables([UNTITLED], fmt) == render(UNTITLED)
    assert sorted(FORMATS) == ["csv", "html", "latex", "markdown", "text"]


def test_cells_and_records() -> None:
    assert [cell_str(c) for c in ("x", 3, Fraction(-2, 4))] == ["x", "3", "-1/2"]
    assert latex_escape("50% & $x_1$ {~^\\}") == (
        "50\\% \\& \\$x\\_1\\$ \\{\\textasciitilde{}\\textasciicircum{}\\textbackslash{}\\}"
    )
    assert latex_cell(Fraction(4, 2)) == "$2$"
    assert latex_cell(Fraction(-3, 7)) == "$-\\frac{3}{7}$"
    assert UNTITLED.records() == [
        {"abzug": 1, "given": Fraction(16, 221)},
        {"abzug": 2, "given": Fraction(1, 7)},
    ]


# --- one bet's views ----------------------------------------------------------------------


def test_describe() -> None:
    assert describe(odds()) == (
        "Stoss, one bet: 52 cards in the banker's deck, 4 copies of the punter's rank"
    )
    assert describe(odds(deck=36, one_deck=True, card="Дп")) == (
        "Stoss, one bet: 35 cards in the one-deck game, 3 copies of the punter's rank, "
        "punter's card Q♠"
    )


FIVE = odds(cards=5, copies=2, card="7h", suits="hs")


def test_odds_tables_for_a_small_deck() -> None:
    assert render_tables(odds_tables(FIVE, by_abzug=True), "text") == (
        "Stoss, one bet: 5 cards in the banker's deck, 2 copies of the punter's rank, "
        "punter's card 7♥\n"
        "outcome                               exact   percent\n"
        "banker wins (killed or plié)            3/5   60.000%\n"
        "  killed by a lob                       2/5   40.000%\n"
        "  plié                                  1/5   20.000%\n"
        "punter wins (given)                     2/5   40.000%\n"
        "no decision                               0    0.000%\n"
        "punter's expected net per unit stake   -1/5  -20.000%\n"
        "\n"
        "By the deciding card's suit (colour = same suit, half-colour = same colour, plain)\n"
        "suit relation  killed  plie  given\n"
        "colour            1/5  1/10    1/5\n"
        "plain             1/5  1/10    1/5\n"
        "\n"
        "By abzug (lob = banker's card, sonik = punter's card)\n"
        "abzug  killed  plie  given  banker  percent banker  percent given\n"
        "    1    3/10  1/10   3/10     2/5         40.000%        30.000%\n"
        "    2    1/10  1/10   1/10     1/5         20.000%        10.000%\n"
        "    3       0     0      0       0          0.000%         0.000%"
    )
    assert len(odds_tables(FIVE)) == 2
    assert len(odds_tables(odds(cards=5, copies=2))) == 1


def test_odds_csv_table() -> None:
    assert to_csv(odds_csv_table(FIVE)) == (
        "cards,copies,banker,plie,punter,none,ev\n5,2,3/5,1/5,2/5,0,-1/5"
    )
    assert to_csv(odds_csv_table(FIVE, by_abzug=True)) == (
        "abzug,killed,plie,given,banker\n"
        "1,3/10,1/10,3/10,2/5\n"
        "2,1/10,1/10,1/10,1/5\n"
        "3,0,0,0,0\n"
        "total,2/5,1/5,2/5,3/5"
    )


def test_odds_record() -> None:
    assert odds_record(FIVE, by_abzug=True) == {
        "cards": 5,
        "copies": 2,
        "one_deck": False,
        "card": "7♥",
        "banker": "3/5",
        "killed": "2/5",
        "plie": "1/5",
        "punter": "2/5",
        "none": "0",
        "ev": "-1/5",
        "float": {"banker": 0.6, "plie": 0.2, "punter": 0.4, "none": 0.0, "ev": -0.2},
        "by_relation": [
            {"relation": "colour", "killed": "1/5", "plie": "1/10", "given": "1/5"},
            {"relation": "plain", "killed": "1/5", "plie": "1/10", "given": "1/5"},
        ],
        "by_abzug": [
            {"abzug": 1, "banker": "2/5", "killed": "3/10", "plie": "1/10", "punter": "3/10"},
            {"abzug": 2, "banker": "1/5", "killed": "1/10", "plie": "1/10", "punter": "1/10"},
            {"abzug": 3, "banker": "0", "killed": "0", "plie": "0", "punter": "0"},
        ],
    }
    plain = odds_record(odds())
    assert "by_abzug" not in plain
    assert "by_relation" not in plain
    assert plain["card"] is None
