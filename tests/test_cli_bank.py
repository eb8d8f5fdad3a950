"""The ``bank`` command: whole outputs, JSON against the library, one-line errors."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from shtoss_exact.bank_odds import bank
from shtoss_exact.cli import cli

# A 4-card deck 7 7 Q Q: its six orders, by hand —
# 77QQ, QQ77: both plié (7 in abzug 1 or 2); 7Q7Q, 7QQ7: 7 killed, Q given in abzug 1;
# Q7Q7, Q77Q: Q killed, 7 given. Stakes 7:1, Q:2: the banker nets +3, -1, +1 by thirds.
TEXT = """\
Stoss, bank: 4 cards in the banker's deck; staked ranks 7 (2 copies), Q (2 copies)
quantity                           exact   decimal
banker's expected net                  1  1.000000
variance of the banker's net         8/3  2.666667
every card given                       0  0.000000
every card killed (plié included)    1/3  0.333333
expected length in abzugs            4/3  1.333333

Bets, each on its own (banker = killed or plié)
bet  rank  stake  scheme   copies  given  banker  plie  punter's ev
  1  7         1  classic       2    1/3     2/3   1/3         -1/3
  2  Q         2  classic       2    1/3     2/3   1/3         -2/3

The banker's total net result
banker's net  probability  percent
          -1          1/3  33.333%
           1          1/3  33.333%
           3          1/3  33.333%

The deal's length: the abzug deciding the last staked card
abzug  probability  percent
    1          2/3  66.667%
    2          1/3  33.333%

Pairs of bets: P(bet given | other bet given / killed), correlation of results
bet  other  given if other given  given if other killed  covariance  correlation
  1      2                     0                    1/2        -8/9    -0.500000
  2      1                     0                    1/2        -8/9    -0.500000

Joint outcome of the staked ranks (kind and abzug)
7         Q         probability
given 1   killed 1          1/3
killed 1  given 1           1/3
plie 1    plie 2            1/6
plie 2    plie 1            1/6
"""

CSV = """\
quantity,key,exact,decimal
ev_banker,,1,1.000000000000
var_banker,,8/3,2.666666666667
all_given,,0,0.000000000000
all_killed,,1/3,0.333333333333
banker_net,-1,1/3,0.333333333333
banker_net,1,1/3,0.333333333333
banker_net,3,1/3,0.333333333333
length,1,2/3,0.666666666667
length,2,1/3,0.333333333333
bet1_ev_punter,7:1,-1/3,-0.333333333333
bet2_ev_punter,Q:2,-2/3,-0.666666666667
"""

SMALL = ["bank", "--cards", "4", "--copies", "2", "--bet", "7", "--bet", "Q:2"]


def run(args: list[str]) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, args)
    return result.exit_code, result.stdout, result.stderr


def test_text_output_whole() -> None:
    assert run([*SMALL, "--joint"]) == (0, TEXT, "")


def test_csv_output_whole() -> None:
    assert run([*SMALL, "--format", "csv"]) == (0, CSV, "")


def test_markdown_has_every_table() -> None:
    code, out, _ = run([*SMALL, "--format", "markdown"])
    assert code == 0
    assert out.count("**") == 2 * 5
    assert "| -1 | 1/3 | 33.333% |" in out


def test_json_matches_the_library() -> None:
    code, out, err = run(
        [
            "bank",
            "--deck",
            "36",
            "--bet",
            "7:10",
            "--bet",
            "Q:5:lob-half",
            "--bet",
            "A",
            "--format",
            "json",
        ]
    )
    assert (code, err) == (0, "")
    record = json.loads(out)
    b = bank(["7:10", "Q:5:lob-half", "A"], deck=36)
    assert record["banker_net"] == {_s(v): _s(p) for v, p in b.banker_net.items()}
    assert record["ev_banker"] == _s(b.ev_banker)
    assert record["length"] == {str(j): _s(p) for j, p in b.length.items()}
    assert (record["all_given"], record["all_killed"]) == (_s(b.all_given), _s(b.all_killed))
    assert sum(Fraction(p) for p in record["banker_net"].values()) == 1
    assert len(record["pairs"]) == 6


def _s(value: Fraction) -> str:
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


def test_one_deck_and_default_scheme() -> None:
    code, out, _ = run(
        ["bank", "--deck", "36", "--one-deck", "--bet", "7", "--bet", "7:2", "--scheme", "pharaon",
         "--format", "json"]
    )  # fmt: skip
    record = json.loads(out)
    assert code == 0
    assert record["cards"] == 35 and record["copies"] == {"7": 3}
    assert [b["scheme"] for b in record["bets"]] == ["pharaon", "pharaon"]
    # Two punters on one rank share its outcome: the card is given to both or to neither.
    assert record["pairs"][0]["given_if_other_given"] == "1"
    assert record["pairs"][0]["given_if_other_killed"] == "0"


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--bet", "Z"], "'Z'"),
        (["--bet", "7:0"], "'0'"),
        (["--bet", "7:abc"], "'abc'"),
        (["--bet", "7:1/0"], "'1/0'"),
        (["--bet", "7:1e9"], "'1e9'"),
        (["--bet", "7:1:nope"], "'nope'"),
        (["--bet", "7:1:2:3"], "'7:1:2:3'"),
        (["--bet", "2", "--deck", "36"], "rank 2"),
        (["--bet", "7", "--scheme", "thirds"], "'thirds'"),
        (["--bet", "7", "--deck", "40"], "'40'"),
        (["--bet", "7", "--cards", "-3"], "-3"),
        (["--bet", "7", "--copies", "x"], "'x'"),
        (["--cards", "5", "--copies", "3", "--bet", "7", "--bet", "Q"], "6 copies"),
        (["--bet", "7", "--bet", "Q", "--bet", "A", "--joint"], "limit"),
        (["--cards", "100000000", "--bet", "7"], "limit"),
        (["--bet", "7", "--format", "yaml"], "'yaml'"),
        ([], "--bet"),
    ],
)
def test_bad_input_is_one_line(args: list[str], needle: str) -> None:
    code, out, err = run(["bank", *args])
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("shtoss-exact: error:")
    assert needle in lines[0]
