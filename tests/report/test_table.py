"""Number formatting and every table renderer, compared as whole strings."""

from __future__ import annotations

import re
import sys
from fractions import Fraction

import pytest

from shtoss_exact import numbers, odds
from shtoss_exact.bet.fair import fair_payoff
from shtoss_exact.deck import Deal
from shtoss_exact.report import FORMATS, Table, decimal_str, exact_str, percent_str, render_tables
from shtoss_exact.report.odds_view import describe, odds_csv, odds_tables
from shtoss_exact.report.scheme_view import fair_csv, fair_tables, schemes_csv, schemes_tables
from shtoss_exact.report.table import (
    cell_str,
    latex_cell,
    latex_escape,
    to_csv,
    to_html,
    to_latex,
    to_markdown,
    to_text,
    with_decimals,
)
from shtoss_exact.schemes.listing import schemes_record
from shtoss_exact.schemes.scheme import BUILTIN

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


def test_exact_str_is_the_one_of_numbers() -> None:
    assert exact_str is numbers.exact_str


def test_exact_str_of_numbers_beyond_the_int_to_str_limit() -> None:
    # Python refuses str() of an int of more than 4300 digits by default: no exact
    # value may depend on that.
    value = Fraction(10**5000 + 1, 3)
    assert exact_str(value) == "1" + "0" * 4999 + "1/3"
    assert exact_str(-(10**6000)) == "-1" + "0" * 6000


def test_exact_str_under_a_lower_int_to_str_limit() -> None:
    # The limit is a setting (PYTHONINTMAXSTRDIGITS, sys.set_int_max_str_digits): an
    # exact value of 1001 digits must print whatever it is.
    before = sys.get_int_max_str_digits()
    try:
        sys.set_int_max_str_digits(640)
        text = exact_str(Fraction(10**1000 + 1, 3))
    finally:
        sys.set_int_max_str_digits(before)
    assert text == "1" + "0" * 999 + "1/3"


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


# --- decimal columns ----------------------------------------------------------------------


def test_with_decimals_adds_a_column_beside_each_exact_one() -> None:
    # Exact numbers (a Fraction, or a string "p/q") get one; a Python int is a count.
    table = Table("t", ("kind", "p", "n"), (("a", Fraction(1, 3), 3), ("b", "-1/2", 10)))
    assert with_decimals(table, 2) == Table(
        "t",
        ("kind", "p", "p_decimal", "n"),
        (("a", Fraction(1, 3), "0.33", 3), ("b", "-1/2", "-0.50", 10)),
    )
    # Half-even from the exact value; 0 places leave no point.
    assert with_decimals(Table("", ("p",), (("1/8",), ("3/8",))), 2).rows == (
        ("1/8", "0.12"),
        ("3/8", "0.38"),
    )
    assert with_decimals(Table("", ("p",), (("2/3",),)), 0).rows == (("2/3", "1"),)


def test_with_decimals_leaves_words_and_empty_tables() -> None:
    mixed = Table("", ("p",), (("1/3",), ("-",)))  # a column that is not all numbers
    assert with_decimals(mixed, 3) == mixed
    empty = Table("", ("p",), ())
    assert with_decimals(empty, 3) == empty
    assert with_decimals(SMALL, 3) == SMALL  # the 0 of the last row is a count


# --- one bet's views, from the record -----------------------------------------------------


FIVE = odds(cards=5, copies=2, card="7h", suits="hs")


def test_describe() -> None:
    assert describe(odds().to_dict()) == (
        "Stoss, one bet: 52 cards in the banker's deck, 4 copies of the punter's rank, scheme "
        "classic"
    )
    assert describe(odds(deck=36, one_deck=True, card="Дп").to_dict()) == (
        "Stoss, one bet: 35 cards in the one-deck game, 3 copies of the punter's rank, "
        "punter's card Q♠, scheme classic"
    )
    assert describe(odds(deck=36, one_deck=True, card="Дп", scheme="фараон").to_dict()) == (
        "Stoss, one bet: 35 cards in the one-deck game, 3 copies of the punter's rank, "
        "punter's card Q♠, scheme pharaon"
    )
    # Faro: the deck as shuffled, soda included.
    assert describe(odds(scheme="faro").to_dict()).startswith("Stoss, one bet: 52 cards")


def test_odds_tables_for_a_small_deck() -> None:
    assert render_tables(odds_tables(FIVE.to_dict(by_abzug=True)), "text") == (
        "Stoss, one bet: 5 cards in the banker's deck, 2 copies of the punter's rank, "
        "punter's card 7♥, scheme classic\n"
        "outcome                                  exact   percent\n"
        "banker wins (the punter's net < 0)         3/5   60.000%\n"
        "punter wins (net > 0)                      2/5   40.000%\n"
        "null (no money changes hands)                0    0.000%\n"
        "first copy on a lob: killed                2/5   40.000%\n"
        "first copy on a lob and its sonik: plié    1/5   20.000%\n"
        "first copy on a sonik: given               2/5   40.000%\n"
        "punter's expected net per unit stake      -1/5  -20.000%\n"
        "\n"
        "Scheme classic\n"
        "measure                           exact\n"
        "banker's edge per bet settled       1/5\n"
        "banker's edge per unit of action    1/5\n"
        "banker's edge per abzug exposed    2/13\n"
        "variance of the punter's net      24/25\n"
        "expected abzugs exposed           13/10\n"
        "action (money changes hands)          1\n"
        "\n"
        "Distribution of the punter's net result per unit stake\n"
        "value  probability  percent\n"
        "   -1          3/5  60.000%\n"
        "    1          2/5  40.000%\n"
        "\n"
        "By the deciding card's suit (colour = same suit, half-colour = same colour, plain)\n"
        "relation  killed  plie  given\n"
        "colour       1/5  1/10    1/5\n"
        "plain        1/5  1/10    1/5\n"
        "\n"
        "By abzug (lob = banker's card, sonik = punter's card)\n"
        "abzug  killed  plie  given\n"
        "    1    3/10  1/10   3/10\n"
        "    2    1/10  1/10   1/10\n"
        "    3       0     0      0"
    )
    assert len(odds_tables(FIVE.to_dict())) == 4
    assert len(odds_tables(odds(cards=5, copies=2).to_dict())) == 3


def test_odds_tables_under_a_scheme() -> None:
    record = odds(cards=4, copies=2, scheme="pharaon").to_dict()
    assert render_tables(odds_tables(record), "text") == (
        "Stoss, one bet: 4 cards in the banker's deck, 2 copies of the punter's rank, "
        "scheme pharaon\n"
        "outcome                                  exact   percent\n"
        "banker wins (the punter's net < 0)         2/3   66.667%\n"
        "punter wins (net > 0)                      1/3   33.333%\n"
        "null (no money changes hands)                0    0.000%\n"
        "first copy on a lob: killed                1/3   33.333%\n"
        "first copy on a lob and its sonik: plié    1/3   33.333%\n"
        "first copy on a sonik: given               1/3   33.333%\n"
        "punter's expected net per unit stake      -1/4  -25.000%\n"
        "\n"
        "Scheme pharaon\n"
        "measure                           exact\n"
        "banker's edge per bet settled       1/4\n"
        "banker's edge per unit of action    1/4\n"
        "banker's edge per abzug exposed    3/14\n"
        "variance of the punter's net      13/16\n"
        "expected abzugs exposed             7/6\n"
        "action (money changes hands)          1\n"
        "\n"
        "Distribution of the punter's net result per unit stake\n"
        "value  probability  percent\n"
        "   -1          1/2  50.000%\n"
        " -1/2          1/6  16.667%\n"
        "    1          1/3  33.333%"
    )


def test_odds_csv() -> None:
    assert to_csv(odds_csv(FIVE.to_dict())) == (
        "cards,copies,one_deck,card,scheme,banker,punter,null,killed,plie,given,ev,edge,e"
        "dge_per_action,edge_per_abzug,variance,action,expected_abzugs\n"
        "5,2,false,7♥,classic,3/5,2/5,0,2/5,1/5,2/5,-1/5,1/5,1/5,2/13,24/25,1,13/10"
    )
    assert to_csv(odds_csv(FIVE.to_dict(by_abzug=True))) == (
        "abzug,killed,plie,given\n1,3/10,1/10,3/10\n2,1/10,1/10,1/10\n3,0,0,0"
    )
    record = odds(cards=4, copies=2, scheme="pharaon").to_dict()
    assert to_csv(odds_csv(record)) == (
        "cards,copies,one_deck,card,scheme,banker,punter,null,killed,plie,given,ev,edge,"
        "edge_per_action,edge_per_abzug,variance,action,expected_abzugs\n"
        "4,2,false,,pharaon,2/3,1/3,0,1/3,1/3,1/3,-1/4,1/4,1/4,3/14,13/16,1,7/6"
    )
    # C(4, 2) = 6 sets: the first copy in abzug 1 in five ({1, x}, {2, x}), in abzug 2 in
    # one ({3, 4}), so 7/6 abzugs exposed; no set is null, so money always changes hands.


def test_odds_csv_columns_are_record_keys() -> None:
    for o in (FIVE, odds(scheme="pharaon"), odds(cards=6, copies=0)):
        record = o.to_dict()
        table = odds_csv(record)
        assert set(table.columns) <= set(record)
        (row,) = table.rows
        for column, cell in zip(table.columns, row, strict=True):
            value = record[column]
            if isinstance(value, bool):
                assert cell == str(value).lower()
            else:
                assert cell == ("" if value is None else value), column


# --- the schemes and fair payoffs, from their records -------------------------------------


def test_schemes_tables_list_every_builtin_once() -> None:
    (table,) = schemes_tables(schemes_record())
    assert table.columns == ("scheme", "aliases", "parameters", "rule")
    assert [row[0] for row in table.rows] == list(BUILTIN)
    rows = {row[0]: row for row in table.rows}
    assert rows["pharaon"][1:3] == ("фараон", "last_pair_doublet=-1 doublet=-1/2")
    assert rows["classic"][1] == "классика, штосс, штос"
    assert rows["thirds"][2] == "-"  # no parameter to solve for
    assert rows["pharaon"][3] == BUILTIN["pharaon"].description


def test_schemes_csv() -> None:
    table = schemes_csv(schemes_record())
    assert table.columns == ("scheme", "aliases", "parameters", "rule", "source")
    lines = to_csv(table).splitlines()
    assert lines[0] == "scheme,aliases,parameters,rule,source"
    assert lines[1] == (
        'classic,классика штосс штос,given=1,"given +1, killed -1, plié -1",'
        "the rules of Stoss as published in Russian (19th century)"
    )
    assert [row[0] for row in table.rows] == list(BUILTIN)
    assert {row[0]: row[2] for row in table.rows}["thirds"] == ""


def test_fair_views() -> None:
    record = fair_payoff("lob-half", "lob", deal=Deal(52, 4)).to_dict()
    assert render_tables(fair_tables(record), "text") == (
        "Fair payoff: scheme lob-half, 52 cards, 4 copies\n"
        "quantity                       exact\n"
        "lob in the scheme               -1/2\n"
        "punter's EV there          -25/21658\n"
        "punter's EV at lob = 0     404/10829\n"
        "EV change per unit of lob       1/13\n"
        "fair lob (EV = 0)           -404/833"
    )
    assert to_csv(fair_csv(record)) == (
        "scheme,cards,copies,parameter,current,ev,ev_at_zero,slope,fair\n"
        "lob-half,52,4,lob,-1/2,-25/21658,404/10829,1/13,-404/833"
    )


def test_in_russian_each_builtin_rule_is_spoken_and_the_csv_keeps_it() -> None:
    from shtoss_exact.i18n import speaking

    record = schemes_record()
    with speaking("ru"):
        (table,) = schemes_tables(record)
        csv = schemes_csv(record)
    for row, scheme in zip(table.rows, BUILTIN.values(), strict=True):
        assert row[3] != scheme.description, scheme.name
        assert re.search("[а-я]{4}", str(row[3]).split(":")[-1]), row  # past the Russian name
    assert [row[3] for row in csv.rows] == [s.description for s in BUILTIN.values()]


def test_a_rule_not_in_the_catalog_is_shown_as_written() -> None:
    from shtoss_exact.i18n import speaking

    record = {"schemes": [{"scheme": "mine", "aliases": [], "parameters": [],
                           "rule": "my own rule", "source": ""}]}  # fmt: skip
    with speaking("ru"):
        (table,) = schemes_tables(record)
    assert table.rows == (("mine", "-", "-", "my own rule"),)


def test_fair_title_counts_one_card_and_one_copy() -> None:
    record = fair_payoff("lob-half", "lob", deal=Deal(1, 1)).to_dict()
    (table,) = fair_tables(record)
    assert table.title == "Fair payoff: scheme lob-half, 1 card, 1 copy"


def test_the_decimal_columns_are_spoken_by_their_names() -> None:
    from shtoss_exact.i18n import speaking
    from shtoss_exact.report.table import spoken_header

    header = ("abzug", "given", "given_decimal", "_decimal")
    assert spoken_header(header, "text") == header
    with speaking("ru"):
        assert spoken_header(header, "html") == ("абцуг", "дана", "дана, десятичн.", "_decimal")
        assert spoken_header(header, "csv") == header
