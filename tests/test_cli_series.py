"""``shtoss-exact series``: whole outputs and one-line refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from shtoss_exact.cli import cli

FLAT_3 = """\
Stakes across deals: plan flat, 3 deals, initial kush 1, free kush
quantity                                            exact    decimal
punter's expected net                             -99/833  -0.118848
variance of the net                        2078400/693889   2.995292
P(punter ends ahead)                  271840000/578009537   0.470304
P(punter ends behind = banker ahead)  306169537/578009537   0.529696
expected deals played                                   3   3.000000
expected length of a series                       833/433   1.923788

The punter's net result (the banker's is its negation)
net          probability  percent
 -3   81182737/578009537  14.045%
 -1  224986800/578009537  38.924%
  1  207840000/578009537  35.958%
  3   64000000/578009537  11.072%
"""


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["series", *args])
    return result.exit_code, result.stdout, result.stderr


def test_text_output_whole() -> None:
    assert run("--deals", "3") == (0, FLAT_3, "")


def test_json_fields() -> None:
    code, out, _ = run("--deals", "2", "--format", "json")
    record = json.loads(out)
    assert code == 0
    assert record["net"] == {"-2": "187489/693889", "0": "346400/693889", "2": "160000/693889"}
    assert record["ev"] == "-66/833"
    assert record["p_ahead"] == "160000/693889"
    assert record["banker"]["p_ahead"] == "187489/693889"
    assert "p_ruin" not in record


def test_json_with_bankroll_has_ruin() -> None:
    code, out, _ = run("--bankroll", "1", "--target", "1", "--format", "json")
    record = json.loads(out)
    assert code == 0
    assert (record["p_ruin"], record["p_target"], record["deals"]) == ("433/833", "400/833", None)
    assert record["net"] == {"-1": "433/833", "1": "400/833"}


def test_hermann_story_and_csv() -> None:
    code, out, _ = run("--plan", "hermann", "--format", "json")
    assert code == 0
    assert json.loads(out)["story"]["probability"] == "256/634933"
    code, out, _ = run("--plan", "hermann", "--format", "csv")
    assert (code, out) == (
        0,
        "net,probability\n-47000,514009537/578009537\n329000,64000000/578009537\n",
    )


def test_series_option_and_markdown() -> None:
    code, out, _ = run("--deals", "4", "--series", "2", "--format", "markdown")
    assert code == 0
    assert "| P(a series of at least 2 wins) |" in out


def test_export_graph(tmp_path: Path) -> None:
    path = tmp_path / "chain.dot"
    code, out, _ = run("--plan", "paroli:2", "--deals", "5", "--export-graph", str(path))
    assert code == 0 and out
    assert path.read_text(encoding="utf-8").startswith("digraph chain {")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--deals", "0"], "0 is too small"),
        (["--deals", "x"], "'x' is not a whole number"),
        (["--plan", "martingale", "--deals", "2"], "unknown plan 'martingale'"),
        (["--scheme", "nope", "--deals", "2"], "unknown scheme 'nope'"),
        (["--deals", "2", "--bankroll", "abc"], "'abc' is not an exact number"),
        (["--deals", "2", "--max-stake", "1/2"], "max-stake=1/2"),
        (["--deals", "2", "--target", "-1"], "target=-1"),
        (["--scheme", "thirds", "--deals", "2"], "needs the suits"),
        ([], "no number of deals"),
        (["--plan", "paroli:3", "--deals", "100", "--scheme", "thirds", "--card", "7h"], "limit"),
        (["--deals", "2", "--export-graph", "chain.png"], "allowed suffixes"),
        (["--plan-file", "/nonexistent/plan.toml", "--deals", "2"], "cannot read plan file"),
        (["--bankroll", "1000000", "--target", "1000000"], "limit"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], needle: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("shtoss-exact: error:")
    assert needle in lines[0]
