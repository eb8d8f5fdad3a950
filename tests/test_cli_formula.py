"""The formula command: whole outputs, JSON that parses back, one-line refusals."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
import sympy
from click.testing import CliRunner

from shtoss_exact.cli import cli
from shtoss_exact.engine import kind_counts

EXPECTED_TEXT = """\
classic scheme, 2 copies of the punter's rank, even n = 2k: valid for even n >= 2, checked \
against the engine through n = 72; per abzug for 1 <= j <= floor(n/2)

banker: P(banker wins: the punter's net < 0) =
        n
    ─────────
    2⋅(n - 1)

plie: P(plié) =
      1
    ─────
    n - 1

punter: P(punter wins: the punter's net > 0) =
      n - 2
    ─────────
    2⋅(n - 1)

null: P(no action: the stake comes back) =
    0

ev: the punter's expected net per unit stake =
     -1
    ─────
    n - 1

decided_at: P(the bet is decided at abzug j) =
    2⋅(-4⋅j + 2⋅n + 1)
    ──────────────────
        n⋅(n - 1)

banker_at: P(the banker wins at abzug j: killed or plié) =
    2⋅(-2⋅j + n + 1)
    ────────────────
       n⋅(n - 1)

punter_at: P(the punter's card is given at abzug j) =
    2⋅(-2⋅j + n)
    ────────────
     n⋅(n - 1)
"""


def test_text_whole_output() -> None:
    result = CliRunner().invoke(cli, ["formula", "--copies", "2", "--parity", "even"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == EXPECTED_TEXT


def test_latex_output() -> None:
    result = CliRunner().invoke(
        cli, ["formula", "--copies", "2", "--parity", "odd", "--scheme", "pharaon", "--format",
              "latex"]
    )  # fmt: skip
    assert result.exit_code == 0
    assert result.stdout.splitlines()[1:4] == [
        "\\begin{align*}",
        "  \\mathrm{banker} &= \\frac{n + 1}{2 n} \\\\",
        "  \\mathrm{plie} &= \\frac{1}{n} \\\\",
    ]
    assert result.stdout.rstrip().endswith("\\end{align*}")


@pytest.mark.parametrize("copies", [1, 4, 7])
def test_json_parses_back_and_matches_engine(copies: int) -> None:
    result = CliRunner().invoke(cli, ["formula", "--copies", str(copies), "--format", "json"])
    assert result.exit_code == 0
    records = json.loads(result.stdout)
    assert [r["parity"] for r in records] == ["even", "odd"]
    n = sympy.Symbol("n")
    for record in records:
        assert set(record) == {
            "copies", "scheme", "parity", "valid_from", "checked_through", "abzug_range",
            "quantities",
        }  # fmt: skip
        banker = sympy.sympify(record["quantities"]["banker"])
        plie = sympy.sympify(record["quantities"]["plie"])
        for size in range(record["valid_from"], record["valid_from"] + 80, 2):
            counts = kind_counts(size, copies)
            assert banker.subs(n, size) == sympy.Rational(counts.banker, counts.total)
            assert plie.subs(n, size) == sympy.Rational(counts.plie, counts.total)


def test_json_known_value_at_52() -> None:
    result = CliRunner().invoke(
        cli, ["formula", "--copies", "4", "--parity", "even", "--format", "json"]
    )
    record = json.loads(result.stdout)[0]
    value = sympy.sympify(record["quantities"]["punter"]).subs(sympy.Symbol("n"), 52)
    assert Fraction(int(value.p), int(value.q)) == Fraction(400, 833)


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--copies", "0"], "'--copies': 0 is outside 1..8"),
        (["--copies", "9"], "'--copies': 9 is outside 1..8"),
        (["--copies", "x"], "'x' is not a whole number"),
        ([], "Missing option '--copies'"),
        (["--copies", "2", "--parity", "all"], "'all' is not one of"),
        (["--copies", "2", "--format", "xml"], "'xml' is not one of"),
        (["--copies", "2", "--scheme", "thirds"], "scheme 'thirds' depends on"),
        (["--copies", "2", "--scheme", "nope"], "unknown scheme 'nope'"),
    ],
)
def test_bad_input_one_line_exit_2(args: list[str], needle: str) -> None:
    result = CliRunner().invoke(cli, ["formula", *args])
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("shtoss-exact: error: ")
    assert needle in lines[0]
