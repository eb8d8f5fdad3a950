"""The table command: whole outputs in every format, the one writer, streamed rows by abzug."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from shtoss_exact.bet.tables import TableSpec
from shtoss_exact.records import to_json
from shtoss_exact.report import render_tables
from shtoss_exact.report.table import Table
from shtoss_exact.report.table_view import SUMMARY_TITLE, abzug_title
from shtoss_exact.schemes.scheme import scheme_names
from tests.conftest import Shtoss, shtoss_ok
from tests.oracles.brute_schemes import ORACLES, settle


def table(*args: str) -> str:
    return shtoss_ok("table", *args)


def strict(text: str) -> object:
    """JSON parsed strictly: NaN and Infinity are errors."""

    def refuse(name: str) -> None:
        raise ValueError(f"not strict JSON: {name}")

    return json.loads(text, parse_constant=refuse)


def test_default_text() -> None:
    assert table() == "\n".join([
        SUMMARY_TITLE,
        "deck  game      cards  copies  scheme     banker    punter  null        ev",
        "  52  two-deck     52       4  classic   433/833   400/833     0   -33/833",
        "  36  two-deck     36       4  classic  611/1155  544/1155     0  -67/1155",
        "  32  two-deck     32       4  classic   479/899   420/899     0   -59/899",
        "",
    ])  # fmt: skip


def test_markdown_range() -> None:
    assert table("--cards", "4..8:2", "--copies", "2", "--format", "markdown") == "\n".join([
        f"**{SUMMARY_TITLE}**",
        "",
        "| deck | game | cards | copies | scheme | banker | punter | null | ev |",
        "| ---: | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |",
        "| 4 | two-deck | 4 | 2 | classic | 2/3 | 1/3 | 0 | -1/3 |",
        "| 6 | two-deck | 6 | 2 | classic | 3/5 | 2/5 | 0 | -1/5 |",
        "| 8 | two-deck | 8 | 2 | classic | 4/7 | 3/7 | 0 | -1/7 |",
        "",
    ])  # fmt: skip


def test_csv_schemes_and_games() -> None:
    out = table("--cards", "36", "--game", "both", "--scheme", "classic,фараон", "--format", "csv")
    assert out.splitlines() == [
        "deck,game,cards,copies,scheme,banker,punter,null,ev",
        "36,two-deck,36,4,classic,611/1155,544/1155,0,-67/1155",
        "36,two-deck,36,4,pharaon,611/1155,544/1155,0,-67/2310",
        "36,one-deck,35,3,classic,201/385,184/385,0,-17/385",
        "36,one-deck,35,3,pharaon,201/385,184/385,0,-17/770",
    ]
    # Pharaon, 35 cards, 3 copies: with an odd deck no pair ends it, so every plié
    # (17/385, as the oracle counts) costs 1/2: ev = -17/770.
    oracle = settle(35, ("s", "c", "d"), ORACLES["pharaon"][0])
    assert (oracle.banker, oracle.punter, oracle.null) == (
        Fraction(201, 385), Fraction(184, 385), Fraction(0),
    )  # fmt: skip
    assert oracle.ev == Fraction(-17, 770)


def test_a_schemes_outcomes_sum_to_one() -> None:
    # Pharaon's last card is null: 4 cards, 1 copy, the copy last in 1 of 4 places.
    out = table("--cards", "4", "--copies", "1", "--scheme", "pharaon", "--format", "csv")
    assert out.splitlines()[1] == "4,two-deck,4,1,pharaon,1/2,1/4,1/4,-1/4"


def test_scheme_file(tmp_path: Path) -> None:
    scheme_file = tmp_path / "lob.toml"
    scheme_file.write_text('name = "lob"\n[[rules]]\nposition = 1\npayoff = "-1/2"\n')
    out = table("--cards", "52", "--scheme", f"classic,{scheme_file}", "--format", "csv")
    assert out.splitlines()[2] == "52,two-deck,52,4,lob,433/833,400/833,0,-25/21658"


def test_by_abzug_with_decimals() -> None:
    assert table("--cards", "6", "--copies", "2", "--by-abzug", "--decimals", "3") == "\n".join([
        "Stoss, one bet by abzug: 6-card deck (two-deck game), 6 cards in the banker's deck, "
        "2 copies of the punter's rank",
        "abzug  killed  killed_decimal  plie  plie_decimal  given  given_decimal",
        "    1    4/15           0.267  1/15         0.067   4/15          0.267",
        "    2    2/15           0.133  1/15         0.067   2/15          0.133",
        "    3       0           0.000  1/15         0.067      0          0.000",
        "",
    ])  # fmt: skip


@pytest.mark.parametrize("fmt", ["text", "json", "csv", "markdown", "latex", "html"])
def test_by_abzug_streams_what_the_record_holds(fmt: str) -> None:
    result = TableSpec(cards=101, copies=4, games="one-deck").by_abzug()
    out = table("--cards", "101", "--copies", "4", "--one-deck", "--by-abzug", "--format", fmt)
    if fmt == "json":
        assert out == to_json(result.to_dict()) + "\n"
        assert strict(out) == result.to_dict()
        return
    # The streamed table is the whole table of the record's rows, rendered at once.
    rows = tuple(tuple(row.values()) for row in result.to_dict()["by_abzug"])
    title = "" if fmt == "csv" else abzug_title(result.head())
    whole = Table(title, ("abzug", "killed", "plie", "given"), rows)
    assert out == render_tables([whole], fmt) + "\n"
    assert len(rows) == 50 and rows[0][3] == "97/3300"
    # Where the first copy falls: the lobs (killed or plié) sum to the banker's odds.
    lobs = sum(Fraction(killed) + Fraction(plie) for _, killed, plie, _ in rows)
    assert lobs == result.odds.banker


def test_json_is_strict_with_exact_strings_and_floats() -> None:
    record = strict(table("--cards", "52,10", "--copies", "4", "--format", "json"))
    assert record == {
        "rows": [
            {"deck": 52, "game": "two-deck", "cards": 52, "copies": 4, "scheme": "classic",
             "banker": "433/833", "punter": "400/833", "null": "0", "ev": "-33/833",
             "float": {"banker": 433 / 833, "punter": 400 / 833, "null": 0.0,
                       "ev": -33 / 833}},
            {"deck": 10, "game": "two-deck", "cards": 10, "copies": 4, "scheme": "classic",
             "banker": "13/21", "punter": "8/21", "null": "0", "ev": "-5/21",
             "float": {"banker": 13 / 21, "punter": 8 / 21, "null": 0.0, "ev": -5 / 21}},
        ]
    }  # fmt: skip


def test_latex_and_html() -> None:
    latex = table("--cards", "52", "--format", "latex")
    assert "\\toprule" in latex and "\\bottomrule" in latex
    assert "$52$ & two-deck & $52$ & $4$ & classic & $\\frac{433}{833}$" in latex
    assert "$-\\frac{33}{833}$ \\\\" in latex
    html = table("--cards", "52", "--format", "html")
    assert "<td>433/833</td>" in html and html.startswith("<table>")


def test_output_file_and_standard_output(tmp_path: Path) -> None:
    target = tmp_path / "odds.csv"
    assert table("--format", "csv", "-o", str(target)) == ""
    assert (
        target.read_text().splitlines()[1] == "52,two-deck,52,4,classic,433/833,400/833,0,-33/833"
    )
    json_target = tmp_path / "odds.json"
    table("--format", "json", "-o", str(json_target))
    assert strict(json_target.read_text())["rows"][0]["punter"] == "400/833"  # type: ignore[index]
    rows = tmp_path / "rows.csv"
    table("--cards", "8", "--by-abzug", "--format", "csv", "-o", str(rows))
    assert rows.read_text().splitlines()[0] == "abzug,killed,plie,given"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["odds.csv", "odds.json", "rows.csv"]
    assert table("--format", "csv", "-o", "-") == target.read_text()


def test_a_symlink_is_followed(tmp_path: Path) -> None:
    real = tmp_path / "real.csv"
    link = tmp_path / "link.csv"
    link.symlink_to(real.name)
    table("--cards", "8", "--by-abzug", "--format", "csv", "-o", str(link))
    assert link.is_symlink() and real.read_text().startswith("abzug,")


def test_failed_run_leaves_no_file(tmp_path: Path, shtoss: Shtoss) -> None:
    target = tmp_path / "odds.csv"
    for args in (["--scheme", "nope"], ["--by-abzug", "--cards", "10000000000"]):
        result = shtoss("table", *args, "-o", str(target))
        assert result.status == 2
    assert list(tmp_path.iterdir()) == []


def test_help_lists_the_schemes_and_formats() -> None:
    flat = " ".join(shtoss_ok("table", "-h").split()).replace("- ", "-")  # lines broken at hyphens
    assert "--scheme NAME|FILE,..." in flat
    for name in scheme_names():
        assert name in flat
    assert "[text|json|csv|markdown|latex|html]" in flat
