"""The schemes, fair and odds --scheme commands: whole outputs and one-line refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from shtoss_exact.cli import cli
from shtoss_exact.schemes import BUILTIN


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_schemes_lists_every_builtin_once() -> None:
    code, out, err = run("schemes", "--format", "csv")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "scheme,parameters,rule"
    assert [line.split(",")[0] for line in lines[1:]] == list(BUILTIN)
    assert "lob-half,lob=-1/2," in out and "pharaon,last_pair_doublet=-1 doublet=-1/2," in out


def test_fair_lob_half_whole_output() -> None:
    code, out, err = run("fair", "--scheme", "lob-half", "--solve", "lob")
    assert code == 0 and err == ""
    assert out == (
        "Fair payoff: scheme lob-half, 52 cards, 4 copies\n"
        "quantity                       exact    decimal\n"
        "lob in the scheme               -1/2  -0.500000\n"
        "punter's EV there          -25/21658  -0.001154\n"
        "punter's EV at lob = 0     404/10829   0.037307\n"
        "EV change per unit of lob       1/13   0.076923\n"
        "fair lob (EV = 0)           -404/833  -0.484994\n"
    )


def test_odds_scheme_json() -> None:
    code, out, _ = run("odds", "--scheme", "pharaon", "--cards", "4", "--copies", "2",
                       "--format", "json")  # fmt: skip
    record = json.loads(out)
    assert code == 0
    assert (record["scheme"], record["ev"], record["edge"]) == ("pharaon", "-1/4", "1/4")
    assert record["distribution"] == {"-1": "1/2", "-1/2": "1/6", "1": "1/3"}
    assert record["variance"] == "13/16"
    assert record["edge_per_action"] == "1/4" and record["edge_per_abzug"] == "3/14"


def test_odds_scheme_file_and_faro() -> None:
    example = str(Path(__file__).parent.parent / "examples" / "schemes" / "faro-before-soda.toml")
    code, out, _ = run("odds", "--scheme", example, "--format", "json")
    assert code == 0 and json.loads(out)["ev"] == "-33/1666"
    code, out, _ = run("odds", "--scheme", "faro", "--format", "csv")
    assert out.splitlines()[1].startswith("51,4,")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["odds", "--scheme", "nope"], "unknown scheme 'nope'"),
        (["odds", "--scheme", "thirds"], "needs the suits"),
        (["odds", "--scheme", "faro", "--before"], "No such option"),
        (["fair", "--scheme", "lob-half", "--solve", "x"], "has no parameter 'x'"),
        (["fair", "--scheme", "pharaon", "--solve", "last_pair_doublet"], "never pays"),
        (["fair", "--scheme", "classic"], "Missing option '--solve'"),
        (["odds", "--scheme", "missing.toml"], "missing.toml: cannot read the file"),
    ],
)
def test_refusals_are_one_line(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("shtoss-exact: error:")
    assert message in err


@pytest.mark.parametrize(
    "text",
    ["name = ", "abzug = 1", '[[rules]]\nkind = "won"\npayoff = 1',
     "[[rules]]\nabzug = 0\npayoff = 1", "[[rules]]\nposition = 1\npayoff = \"__import__('os')\"",
     '[[rules]]\nposition = 1\npayoff = "1/0"'],
)  # fmt: skip
def test_bad_scheme_files_exit_2(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run("odds", "--scheme", str(path))
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith(f"shtoss-exact: error: {path}: ")
