"""The ``bank`` command: whole outputs, JSON against the library, the glossary, schemes."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from shtoss_exact.banks.odds import bank
from shtoss_exact.numbers import exact_str
from shtoss_exact.schemes.files import load_scheme
from tests import ROOT
from tests.conftest import Ran, run_shtoss

# A 4-card deck 7 7 Q Q: its six orders, by hand —
# 77QQ, QQ77: both plié (7 in abzug 1 or 2); 7Q7Q, 7QQ7: 7 killed, Q given in abzug 1;
# Q7Q7, Q77Q: Q killed, 7 given. Stakes 7:1, Q:2: the banker nets +3, -1, +1 by thirds.
TEXT = """\
Stoss, bank: 4 cards in the banker's deck; staked ranks 7 (2 copies), Q (2 copies)
quantity                                          exact    decimal
punters' expected net (the banker's is minus it)     -1  -1.000000
variance of the net                                 8/3   2.666667
every staked rank given                               0   0.000000
no staked rank given                                1/3   0.333333
expected abzugs the deal lasts                      4/3   1.333333

Bets, each on its own: where the first copy falls, who wins, the punter's net
bet  rank  stake  scheme   copies  killed  plie  given  banker  punter  null    ev
  1  7         1  classic       2     1/3   1/3    1/3     2/3     1/3     0  -1/3
  2  Q         2  classic       2     1/3   1/3    1/3     2/3     1/3     0  -2/3

The banker's net result
banker's net  probability  percent
          -1          1/3  33.333%
           1          1/3  33.333%
           3          1/3  33.333%

The deal's length: abzugs until the last staked rank is decided
abzugs  probability  percent
     1          2/3  66.667%
     2          1/3  33.333%

Pairs of bets: P(bet's rank given | the other's given / not given), covariance and \
correlation of the nets
bet  other  given if other given  given if other not given  covariance  correlation
  1      2                     0                       1/2        -8/9    -0.500000
  2      1                     0                       1/2        -8/9    -0.500000

Joint outcome of the staked ranks (kind and abzug)
7         Q         probability
given 1   killed 1          1/3
killed 1  given 1           1/3
plie 1    plie 2            1/6
plie 2    plie 1            1/6
"""

CSV = """\
value,probability
-1,1/3
1,1/3
3,1/3
"""

JOINT_CSV = """\
outcomes,probability
7 given 1; Q killed 1,1/3
7 killed 1; Q given 1,1/3
7 plie 1; Q plie 2,1/6
7 plie 2; Q plie 1,1/6
"""

SMALL = ["bank", "--cards", "4", "--copies", "2", "--bet", "7", "--bet", "Q:2"]


def run(args: list[str]) -> Ran:
    return run_shtoss(*args)


def test_text_output_whole() -> None:
    assert run([*SMALL, "--joint"]) == (0, TEXT, "")


def test_csv_output_whole() -> None:
    assert run([*SMALL, "--format", "csv"]) == (0, CSV, "")
    assert run([*SMALL, "--format", "csv", "--joint"]) == (0, JOINT_CSV, "")


def test_csv_with_decimals() -> None:
    code, out, _ = run([*SMALL, "--format", "csv", "--decimals", "3"])
    assert code == 0
    assert out.splitlines()[:2] == [
        "value,value_decimal,probability,probability_decimal",
        "-1,-1.000,1/3,0.333",
    ]


def test_markdown_has_every_table() -> None:
    code, out, _ = run([*SMALL, "--format", "markdown"])
    assert code == 0
    assert out.count("**") == 2 * 5
    assert "| -1 | 1/3 | 33.333% |" in out


def test_json_is_the_record_of_the_library() -> None:
    args = ["--deck", "36", "--bet", "7:10", "--bet", "Q:5:lob-half", "--bet", "A"]
    code, out, err = run(["bank", *args, "--format", "json"])
    assert (code, err) == (0, "")
    record = json.loads(out)
    b = bank(["7:10", "Q:5:lob-half", "A"], deck=36)
    assert record == json.loads(b.to_json())
    assert record["banker_net"] == [
        {"value": exact_str(v), "probability": exact_str(p)} for v, p in b.banker_net.items()
    ]
    assert record["ev"] == exact_str(b.ev) == exact_str(sum(o.ev for o in b.bet_odds))
    assert record["length"] == [
        {"value": j, "probability": exact_str(p)} for j, p in b.length.items()
    ]
    assert sum(Fraction(r["probability"]) for r in record["banker_net"]) == 1
    assert len(record["pairs"]) == 6
    assert [r["bet"] for r in record["bets"]] == [1, 2, 3]


def test_json_output_to_a_file(tmp_path: Path) -> None:
    target = tmp_path / "bank.json"
    code, out, _ = run([*SMALL, "--format", "json", "-o", str(target)])
    assert (code, out) == (0, "")
    assert json.loads(target.read_text(encoding="utf-8"))["ev"] == "-1"


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def glossary() -> set[str]:
    text = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    block = text.split("<!-- glossary:start -->")[1].split("<!-- glossary:end -->")[0]
    return set(re.findall(r"^\| `([a-z_]+)` \|", block, flags=re.M))


def test_every_key_and_column_is_a_word_of_the_glossary() -> None:
    words = glossary()
    code, out, _ = run([*SMALL, "--joint", "--format", "json"])
    assert code == 0
    assert _keys(json.loads(out)) <= words
    for extra in ([], ["--joint"]):
        code, out, _ = run([*SMALL, *extra, "--format", "csv"])
        assert set(out.splitlines()[0].split(",")) <= words
    # Every key of a bank whose outcomes include a null and an undecided rank, too.
    record = bank(["7:1:pharaon", "Q:1/2:lob-half", "K"], cards=9, copies={"7": 2, "K": 0})
    assert _keys(record.to_dict(joint=True)) <= words


def test_one_deck_and_default_scheme() -> None:
    code, out, _ = run(
        ["bank", "--deck", "36", "--one-deck", "--bet", "7", "--bet", "7:2", "--scheme", "pharaon",
         "--format", "json"]
    )  # fmt: skip
    record = json.loads(out)
    assert code == 0
    assert record["cards"] == 35 and [b["copies"] for b in record["bets"]] == [3, 3]
    assert [b["scheme"] for b in record["bets"]] == ["pharaon", "pharaon"]
    # Two punters on one rank share its outcome: the card is given to both or to neither.
    assert record["pairs"][0]["given_if_other_given"] == "1"
    assert record["pairs"][0]["given_if_other_not_given"] == "0"


def test_schemes_by_russian_name_and_by_file() -> None:
    eleven = str(ROOT / "examples" / "schemes" / "eleven.toml")
    code, out, err = run(
        ["bank", "--bet", "7", "--bet", f"Д:2:{eleven}", "--bet", "K:1:в лоб полкуша",
         "--scheme", "фараон", "--format", "json"]
    )  # fmt: skip
    assert (code, err) == (0, "")
    record = json.loads(out)
    assert [b["scheme"] for b in record["bets"]] == ["pharaon", "eleven", "lob-half"]
    expected = bank(["7:1:pharaon", "Q:2", "K:1:lob-half"], scheme=load_scheme(eleven))
    assert record["ev"] == exact_str(expected.ev)
    code, out, _ = run(["bank", "--bet", "7", "--scheme", eleven, "--format", "json"])
    assert json.loads(out)["bets"][0]["scheme"] == "eleven"


def test_faro_bank_counts_the_soda_in_the_cards() -> None:
    code, out, _ = run(["bank", "--bet", "7:1:faro", "--bet", "Q:1:stuss", "--format", "json"])
    assert code == 0
    record = json.loads(out)
    assert record["cards"] == 52
    assert record["bets"][0]["ev"] == "-101/4998"  # faro's known soda, as for one bet


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--bet", "Z"], "'Z'"),
        (["--bet", "7:0"], "'0'"),
        (["--bet", "7:abc"], "'abc'"),
        (["--bet", "7:1/0"], "'1/0'"),
        (["--bet", "7:1e9"], "'1e9'"),
        (["--bet", "7:1:nope"], "'nope'"),
        (["--bet", "7:1:2:3"], "'2:3'"),
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
