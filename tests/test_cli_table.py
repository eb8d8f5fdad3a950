"""The table command: whole outputs, atomic files, one-line refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from shtoss_exact.cli import cli

TITLE = (
    "Stoss, one bet: banker (net < 0), plié, punter (net > 0), null (no action), ev (the "
    "punter's expected net per unit stake); cards = the whole deck"
)


def table(*args: str) -> str:
    result = CliRunner().invoke(cli, ["table", *args])
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    return result.stdout


def test_default_text() -> None:
    assert table() == "\n".join([
        TITLE,
        "game      cards  copies  scheme     banker     plie    punter  null        ev",
        "two-deck     52       4  classic   433/833   33/833   400/833     0   -33/833",
        "two-deck     36       4  classic  611/1155  67/1155  544/1155     0  -67/1155",
        "two-deck     32       4  classic   479/899   59/899   420/899     0   -59/899",
        "",
    ])  # fmt: skip


def test_markdown_range() -> None:
    assert table("--cards", "4..8:2", "--copies", "2", "--format", "markdown") == "\n".join([
        f"**{TITLE}**",
        "",
        "| game | cards | copies | scheme | banker | plie | punter | null | ev |",
        "| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |",
        "| two-deck | 4 | 2 | classic | 2/3 | 1/3 | 1/3 | 0 | -1/3 |",
        "| two-deck | 6 | 2 | classic | 3/5 | 1/5 | 2/5 | 0 | -1/5 |",
        "| two-deck | 8 | 2 | classic | 4/7 | 1/7 | 3/7 | 0 | -1/7 |",
        "",
    ])  # fmt: skip


def test_csv_schemes_and_games() -> None:
    out = table("--cards", "36", "--game", "both", "--scheme", "classic,pharaon", "--format", "csv")
    assert out.splitlines() == [
        "game,cards,copies,scheme,banker,plie,punter,null,ev",
        "two-deck,36,4,classic,611/1155,67/1155,544/1155,0,-67/1155",
        "two-deck,36,4,pharaon,611/1155,67/1155,544/1155,0,-67/2310",
        "one-deck,36,3,classic,201/385,17/385,184/385,0,-17/385",
        "one-deck,36,3,pharaon,201/385,17/385,184/385,0,-29/1309",
    ]
    # Pharaon, 35 cards, 3 copies: the plié costs 1/2 except in the last pair (positions
    # 33, 34: 1 set in C(35, 3) = 6545), so ev = -289/6545 + (289 - 1)/13090 = -29/1309.


def test_by_abzug_with_decimals() -> None:
    assert table("--cards", "6", "--copies", "2", "--by-abzug", "--decimals", "3") == "\n".join([
        "Stoss, one bet by abzug: 6-card deck (two-deck game), 6 cards in the banker's deck, "
        "2 copies of the punter's rank",
        "abzug  killed  plie  given  banker  killed_decimal  plie_decimal  given_decimal  "
        "banker_decimal",
        "    1    4/15  1/15   4/15     1/3           0.267         0.067          0.267"
        "           0.333",
        "    2    2/15  1/15   2/15     1/5           0.133         0.067          0.133"
        "           0.200",
        "    3       0  1/15      0    1/15           0.000         0.067          0.000"
        "           0.067",
        "",
    ])  # fmt: skip


def test_json_exact_strings() -> None:
    records = json.loads(table("--cards", "52", "--format", "json", "--decimals", "4"))
    assert records == [{
        "game": "two-deck", "cards": 52, "copies": 4, "scheme": "classic",
        "banker": "433/833", "plie": "33/833", "punter": "400/833", "null": "0",
        "ev": "-33/833", "banker_decimal": 0.5198, "plie_decimal": 0.0396,
        "punter_decimal": 0.4802, "null_decimal": 0.0, "ev_decimal": -0.0396,
    }]  # fmt: skip


def test_latex_and_html() -> None:
    latex = table("--cards", "52", "--format", "latex")
    assert "\\toprule" in latex and "\\bottomrule" in latex
    assert "two-deck & $52$ & $4$ & classic & $\\frac{433}{833}$" in latex
    html = table("--cards", "52", "--format", "html")
    assert "<td>433/833</td>" in html and html.startswith("<table>")


def test_output_file_written_whole(tmp_path: Path) -> None:
    target = tmp_path / "odds.csv"
    assert table("--format", "csv", "-o", str(target)) == ""
    assert (
        target.read_text().splitlines()[1]
        == "two-deck,52,4,classic,433/833,33/833,400/833,0,-33/833"
    )
    json_target = tmp_path / "odds.json"
    table("--format", "json", "-o", str(json_target))
    assert json.loads(json_target.read_text())[0]["punter"] == "400/833"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["odds.csv", "odds.json"]


def test_failed_run_leaves_no_file(tmp_path: Path) -> None:
    target = tmp_path / "odds.csv"
    result = CliRunner().invoke(cli, ["table", "--scheme", "nope", "-o", str(target)])
    assert result.exit_code == 2
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--cards", "8..4"], "--cards '8..4' is not a valid range"),
        (["--copies", "x"], "--copies 'x' is not a valid range"),
        (["--scheme", "nope"], "unknown scheme 'nope'"),
        (["--scheme", "thirds"], "scheme 'thirds' depends on"),
        (["--game", "three-deck"], "unknown game 'three-deck'"),
        (["--one-deck", "--game", "two-deck"], "--one-deck and --game both given"),
        (["--by-abzug"], "--by-abzug needs one set-up, got 3"),
        (["--by-abzug", "--cards", "52", "--scheme", "faro"], "--by-abzug takes no --scheme"),
        (["--decimals", "-1"], "-1 is too small"),
        (["--decimals", "51"], "--decimals 51 is too many"),
        (["--cards", "2", "--copies", "5"], "the table has no rows"),
        (["--cards", "1..40000", "--copies", "1..2"], "the table has 79999 rows: at most 50000"),
        (["--cards", "10000000", "--copies", "5000000"], "word operations"),
        (["-o", "/nonexistent-dir/x.csv"], "cannot write '/nonexistent-dir/x.csv'"),
        (["--format", "xml"], "'xml' is not one of"),
    ],
)
def test_bad_input_one_line_exit_2(args: list[str], needle: str) -> None:
    result = CliRunner().invoke(cli, ["table", *args])
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("shtoss-exact: error: ")
    assert needle in lines[0]
