"""The formula command: whole outputs in every format, JSON that parses back, the
glossary's words, scheme files and names, and one-line refusals."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import sympy

from shtoss_exact.deck import Deal
from shtoss_exact.engine import kind_counts
from shtoss_exact.schemes.files import load_scheme
from shtoss_exact.schemes.scheme import scheme_names
from tests import ROOT
from tests.conftest import Ran, run_shtoss, shtoss_ok

EXPECTED_TEXT = """\
classic scheme, 2 copies of the punter's rank, even n: proved for every even n >= 2 \
(compared with the engine at each even n from 2 through 72)
quantity  meaning                                     closed form
banker    P(banker wins: the punter's net < 0)        n/(2*(n - 1))
punter    P(punter wins: the punter's net > 0)        (n - 2)/(2*(n - 1))
null      P(no money changes hands)                   0
killed    P(first copy on a lob alone: killed)        (n - 2)/(2*(n - 1))
plie      P(first copy on a lob and its sonik: plié)  1/(n - 1)
given     P(first copy on a sonik: given)             (n - 2)/(2*(n - 1))
ev        punter's expected net per unit stake        -1/(n - 1)

Per abzug j, 1 <= j <= n/2
quantity    meaning                                           closed form
decided_at  P(first copy in abzug j)                          2*(-4*j + 2*n + 1)/(n*(n - 1))
banker_at   P(first copy in abzug j, banker wins)             2*(-2*j + n + 1)/(n*(n - 1))
punter_at   P(first copy in abzug j, punter wins)             2*(-2*j + n)/(n*(n - 1))
null_at     P(first copy in abzug j, no money changes hands)  0
"""


def run(*args: str) -> Ran:
    return run_shtoss("formula", *args)


def ok(*args: str) -> str:
    return shtoss_ok("formula", *args)


def glossary() -> set[str]:
    text = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    block = text.split("<!-- glossary:start -->")[1].split("<!-- glossary:end -->")[0]
    return set(re.findall(r"^\| `([^`]+)` \|", block, flags=re.M))


def keys(value: Any) -> set[str]:
    """Every key of a record, nested ones included."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys(v)}
    return set()


def test_text_whole_output() -> None:
    assert ok("--copies", "2", "--parity", "even") == EXPECTED_TEXT


def test_latex_output() -> None:
    lines = ok("--copies", "2", "--parity", "odd", "--scheme", "pharaon", "--format",
               "latex").splitlines()  # fmt: skip
    assert lines[0].startswith("% pharaon scheme, 2 copies of the punter's rank, odd n")
    assert lines[1:4] == [
        "\\begin{align*}",
        "  \\mathrm{banker} &= \\frac{n + 1}{2 n} \\\\",
        "  \\mathrm{punter} &= \\frac{n - 1}{2 n} \\\\",
    ]
    assert "  \\intertext{per abzug, $1 \\le j \\le \\frac{n}{2} - \\frac{1}{2}$:}" in lines
    assert "  \\intertext{per abzug, $j = \\frac{n}{2} + \\frac{1}{2}$:}" in lines
    assert lines[-1] == "\\end{align*}" and not lines[-2].endswith("\\\\")


@pytest.mark.parametrize("copies", [1, 4, 7])
def test_json_parses_back_and_matches_the_engine(copies: int) -> None:
    record = json.loads(ok("--copies", str(copies), "--format", "json"))
    assert [r["parity"] for r in record["forms"]] == ["even", "odd"]
    n = sympy.Symbol("n")
    for form in record["forms"]:
        banker = sympy.sympify(form["quantities"]["banker"])
        plie = sympy.sympify(form["quantities"]["plie"])
        for size in range(form["valid_from"], form["valid_from"] + 80, 2):
            counts = kind_counts(size, copies)
            assert banker.subs(n, size) == sympy.Rational(counts.banker, counts.total)
            assert plie.subs(n, size) == sympy.Rational(counts.plie, counts.total)


def test_json_known_value_at_52() -> None:
    record = json.loads(ok("--copies", "4", "--parity", "even", "--format", "json"))
    value = sympy.sympify(record["forms"][0]["quantities"]["punter"]).subs(sympy.Symbol("n"), 52)
    assert Fraction(int(value.p), int(value.q)) == Fraction(400, 833)


def test_every_key_and_column_is_a_word_of_the_glossary() -> None:
    words = glossary()
    for args in (["--copies", "3", "--scheme", "eleven"], ["--copies", "2", "--scheme", "faro"]):
        record = json.loads(ok(*args, "--format", "json"))
        assert keys(record) <= words, keys(record) - words
        header = ok(*args, "--format", "csv").splitlines()[0].split(",")
        assert set(header) <= words, set(header) - words


def test_csv_one_row_per_parity_and_range() -> None:
    rows = list(csv.DictReader(io.StringIO(ok("--copies", "4", "--scheme", "faro",
                                              "--format", "csv"))))  # fmt: skip
    assert [(r["parity"], r["abzug_range"]) for r in rows] == [
        ("even", ""),
        ("even", "1..n/2 - 1"),
        ("even", "n/2..n/2"),
        ("odd", ""),
        ("odd", "1..n/2 - 1/2"),
    ]
    assert rows[0]["plie"] == "(2*n - 3)/((n - 3)*(n - 1))" and rows[0]["punter_at"] == ""
    assert rows[2]["punter_at"] == "0" and rows[2]["banker"] == ""


def test_markdown_writes_the_forms_as_code() -> None:
    text = ok("--copies", "2", "--parity", "even", "--format", "markdown")
    assert text.startswith("**classic scheme, 2 copies of the punter's rank, even n:")
    assert "| plie | P(first copy on a lob and its sonik: plié) | `1/(n - 1)` |" in text
    assert "**Per abzug j, 1 <= j <= n/2**" in text


def test_output_file(tmp_path: Path) -> None:
    target = tmp_path / "forms.json"
    assert ok("--copies", "3", "--format", "json", "-o", str(target)) == ""
    assert json.loads(target.read_text(encoding="utf-8"))["forms"][0]["copies"] == 3


def test_a_scheme_file_and_a_russian_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    record = json.loads(ok("--copies", "3", "--scheme", "examples/schemes/eleven.toml",
                           "--parity", "even", "--format", "json"))  # fmt: skip
    form = record["forms"][0]
    assert form["scheme"] == "eleven"
    ev = sympy.sympify(form["quantities"]["ev"]).subs(sympy.Symbol("n"), 52)
    expected = load_scheme("examples/schemes/eleven.toml").ev(Deal(52, 3))
    assert sympy.Rational(ev) == sympy.Rational(*_pair(expected))
    assert ok("--copies", "3", "--scheme", "фараон") == ok("--copies", "3", "--scheme", "pharaon")


def _pair(value: Fraction) -> tuple[int, int]:
    return value.numerator, value.denominator


def test_help_lists_every_scheme_of_the_registry() -> None:
    text = " ".join(ok("--help").split())
    for name in scheme_names():
        assert name in text


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--copies", "0"], "copies=0: closed forms are derived for 1..12 copies"),
        (["--copies", "13"], "copies=13: closed forms are derived for 1..12 copies"),
        (["--copies", "x"], "'x' is not a whole number"),
        ([], "Missing option '--copies'"),
        (["--copies", "2", "--parity", "all"], "'all' is not one of"),
        (["--copies", "2", "--format", "html"], "'html' is not one of"),
        (["--copies", "2", "--scheme", "thirds"], "scheme 'thirds' depends on"),
        (["--copies", "2", "--scheme", "nope"], "unknown scheme 'nope'"),
    ],
)
def test_bad_input_one_line_exit_2(args: list[str], needle: str) -> None:
    result = run(*args)
    assert result.status == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("shtoss-exact: error: ")
    assert needle in lines[0]


@pytest.mark.parametrize("fmt", ["text", "latex"])
def test_start_up_loads_no_pretty_printer_and_no_sympy_evaluation_extras(fmt: str) -> None:
    # sympy's pretty printer pulls in sympy.physics.units; evaluating sums loads
    # sympy.tensor and sympy.combinatorics: the command needs neither.
    code = (
        "import sys\n"
        "from shtoss_exact.cli import cli\n"
        f"cli.main(['formula', '--copies', '3', '--format', '{fmt}'], standalone_mode=False)\n"
        "heavy = ('sympy.physics', 'sympy.tensor.tensor', 'sympy.combinatorics')\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy)), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stderr.strip() == "[]"
