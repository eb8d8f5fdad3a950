"""``shtoss-exact series``: whole outputs, the record, the chain's export, one-line refusals."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from shtoss_exact.errors import ShtossError
from shtoss_exact.plans.series import series
from tests.conftest import Ran, run_shtoss

FLAT_3 = """\
Stakes across deals: plan flat, 3 deals, initial kush 1, free kush; scheme classic, 52 cards in the banker's deck
quantity                                              exact    decimal
punter's expected net                               -99/833  -0.118848
variance of the net                          2078400/693889   2.995292
P(punter ends ahead: net > 0)           271840000/578009537   0.470304
P(banker ends ahead: net < 0)           306169537/578009537   0.529696
P(even: net = 0)                                          0   0.000000
expected deals played                                     3   3.000000
expected length of a series once begun              833/433   1.923788

The punter's net result (the banker's is its negation)
net          probability  percent
 -3   81182737/578009537  14.045%
 -1  224986800/578009537  38.924%
  1  207840000/578009537  35.958%
  3   64000000/578009537  11.072%
"""  # noqa: E501

STOP_RUIN = """\
Stakes across deals: plan stop, until the play ends, initial kush 1, bankroll 1, target 3, free kush; scheme classic, 52 cards in the banker's deck
quantity                                                         exact    decimal
punter's expected net                                    -40689/693889  -0.058639
variance of the net                          692711494800/481481944321   1.438707
P(punter ends ahead: net > 0)                            160000/693889   0.230584
P(banker ends ahead: net < 0)                                  433/833   0.519808
P(even: net = 0)                                         173200/693889   0.249608
expected deals played                                         1233/833   1.480192
P(ruined: the bankroll fell below the kush)                    433/833   0.519808
P(the bankroll reached the target)                       160000/693889   0.230584
P(the plan stopped after a loss)                         173200/693889   0.249608
expected length of a series once begun                         833/433   1.923788

The punter's net result (the banker's is its negation)
net    probability  percent
 -1        433/833  51.981%
  0  173200/693889  24.961%
  2  160000/693889  23.058%
"""  # noqa: E501


def run(*args: str) -> Ran:
    return run_shtoss("series", *args)


def test_text_output_whole() -> None:
    assert run("--deals", "3") == (0, FLAT_3, "")
    assert run("--plan", "стоп", "--bankroll", "1", "--target", "3") == (0, STOP_RUIN, "")


def test_json_is_the_record() -> None:
    code, out, _ = run("--deals", "2", "--format", "json")
    record = json.loads(out)
    assert code == 0
    assert record == series("flat", deals=2).to_dict()
    assert record["net"] == [
        {"value": "-2", "probability": "187489/693889"},
        {"value": "0", "probability": "346400/693889"},
        {"value": "2", "probability": "160000/693889"},
    ]
    assert (record["ev"], record["punter"], record["banker"]) == (
        "-66/833", "160000/693889", "187489/693889"
    )  # fmt: skip
    assert (record["p_ruin"], record["p_playing"]) == ("0", "1")


def test_json_until_ruin_or_target() -> None:
    code, out, _ = run("--bankroll", "1", "--target", "2", "--format", "json")
    record = json.loads(out)
    assert code == 0
    assert (record["p_ruin"], record["p_target"], record["deals"]) == ("433/833", "400/833", None)
    assert record["net"] == [
        {"value": "-1", "probability": "433/833"},
        {"value": "1", "probability": "400/833"},
    ]


def test_hermann_story_and_csv() -> None:
    code, out, _ = run("--plan", "hermann", "--format", "json")
    assert code == 0
    assert json.loads(out)["p_story"] == "256/634933"
    code, out, _ = run("--plan", "германн", "--format", "csv")
    assert (code, out) == (
        0,
        "net,probability\n-47000,514009537/578009537\n329000,64000000/578009537\n",
    )


def test_series_option_and_markdown() -> None:
    code, out, _ = run("--deals", "4", "--series", "2", "--format", "markdown")
    assert code == 0
    assert "| P(a series of at least 2 wins) |" in out


def test_a_scheme_file_and_a_plan_file(tmp_path: Path) -> None:
    plan = tmp_path / "plan.json"
    plan.write_text('{"name": "twice", "after_win": "ride", "raises": 2}', encoding="utf-8")
    code, out, _ = run("--plan-file", str(plan), "--scheme", "examples/schemes/lob-half.toml",
                       "--deals", "3", "--format", "json")  # fmt: skip
    record = json.loads(out)
    assert code == 0 and (record["plan"], record["scheme"]) == ("twice", "lob-half")


def test_long_answers_print_without_the_digit_limit() -> None:
    code, out, _ = run("--deals", "1500")
    assert code == 0 and "characters; exact in --format json" in out
    code, out, _ = run("--deals", "1500", "--format", "json")
    record = json.loads(out)
    assert code == 0 and len(record["net"]) == 1501
    assert len(record["punter"]) > 8000


def test_export_graph(tmp_path: Path) -> None:
    path = tmp_path / "chain.dot"
    code, out, _ = run("--plan", "paroli:2", "--deals", "5", "--export-graph", str(path))
    assert code == 0 and out
    text = path.read_text(encoding="utf-8")
    assert text.startswith("digraph chain {") and '"stake=4 level=2"' in text
    code, out, _ = run("--plan", "paroli:2", "--deals", "5", "--export-graph", "-", "--format",
                       "json", "-o", str(tmp_path / "r.json"))  # fmt: skip
    assert code == 0 and out == text
    assert json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["plan"] == "paroli:2"


def test_the_plot_command_writes_the_graph_it_is_given(tmp_path: Path) -> None:
    # plot --kind series draws only: the graph asked for is written all the same (it
    # was dropped), and - sends it to standard output, where no report goes.
    picture, graph = tmp_path / "x.svg", tmp_path / "chain.dot"
    args = ("plot", "-o", str(picture), "--kind", "series", "--plan", "paroli:2", "--deals", "5")
    assert run_shtoss(*args, "--export-graph", str(graph)) == (0, "", "")
    text = graph.read_text(encoding="utf-8")
    assert text.startswith("digraph chain {") and picture.exists()
    assert run_shtoss(*args, "--export-graph", "-") == (0, text, "")


def test_help_lists_the_plans_from_the_registry() -> None:
    code, out, _ = run("--help")
    assert code == 0
    for name in ("flat", "paroli:k", "hermann", "загнуть-угол", "NAME|FILE"):
        assert name in " ".join(out.split())


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--deals", "0"], "0 is too small"),
        (["--deals", "x"], "'x' is not a whole number"),
        (["--plan", "martingale", "--deals", "2"], "unknown plan 'martingale'"),
        (["--scheme", "nope", "--deals", "2"], "unknown scheme 'nope'"),
        (["--deals", "2", "--bankroll", "abc"], "'abc' is not an exact number"),
        (["--deals", "2", "--max-stake", "1/2"], "max-stake=1/2"),
        (["--deals", "2", "--target", "-1"], "target=-1 is the bankroll to reach"),
        (["--deals", "2", "--bankroll", "5", "--target", "5"], "target=5 is not above bankroll=5"),
        (["--scheme", "thirds", "--deals", "2"], "needs the suits"),
        ([], "no number of deals"),
        (["--plan", "paroli:3", "--deals", "100", "--scheme", "thirds", "--card", "7h"], "limit"),
        (["--deals", "2", "--export-graph", "chain.png"], "allowed suffixes"),
        (["--plan-file", "/nonexistent/plan.toml", "--deals", "2"], "cannot read"),
        (["--bankroll", "1000000", "--target", "2000000"], "limit"),
        (["--deals", "10000", "--format", "json"], "limit"),
        (["--plan", "flat", "--plan-file", "x.toml"], "not both"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], needle: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("shtoss-exact: error:")
    assert needle in lines[0]


def test_figures_match_the_library() -> None:
    code, out, _ = run("--plan", "raise", "--deals", "100", "--format", "json")
    record = json.loads(out)
    result = series("raise", deals=100)
    assert code == 0 and Fraction(record["ev"]) == result.ev


# --- a series is counted among a number of deals --------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        "series --series 2",
        "series --series 2 --bankroll 3 --target 6",
        "series --series 3 --plan paroli:2 --bankroll 4",
    ],
)
def test_a_series_length_without_a_number_of_deals_is_refused(shtoss, args: str) -> None:
    # Played until ruin or the target (or not at all): no last deal to count up to.
    ran = shtoss(args)
    assert ran.status == 2 and ran.stdout == ""
    assert ran.stderr.count("\n") == 1 and "--series" in ran.stderr
    assert "give --deals" in ran.stderr


def test_a_series_length_counts_over_the_plans_own_deals(shtoss) -> None:
    # Hermann plays his three nights: --series counts among them, as with --deals 3.
    own = json.loads(shtoss("series --plan hermann --series 2 --format json").stdout)
    given = json.loads(shtoss("series --plan hermann --series 2 --deals 3 --format json").stdout)
    assert own == given and own["deals"] == 3 and own["p_series"] is not None
    # With --deals the play may still end early by ruin or the target.
    ran = shtoss("series --series 2 --deals 4 --bankroll 3 --target 6 --format json")
    assert ran.status == 0, ran.stderr
    assert json.loads(ran.stdout)["series_length"] == 2


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_a_net_too_long_to_write_is_refused_before_the_solve(
    shtoss: Any, monkeypatch: pytest.MonkeyPatch, fmt: str
) -> None:
    # paroli:3 over 1000 deals: about 4,700 values, each a count and a denominator of
    # 2,900 digits -- past the 2e7 digits of one output; the solve is never called.
    from shtoss_exact.plans import horizon

    def never(*args: object) -> None:
        raise AssertionError("solved")

    monkeypatch.setattr(horizon, "_delayed", never)
    monkeypatch.setattr(horizon, "_dense", never)
    ran = shtoss("series", "--plan", "paroli:3", "--deals", "1000", "--format", fmt)
    assert ran.status == 2
    assert ran.stdout == ""
    assert ran.stderr.startswith("shtoss-exact: error: the result holds about 2.8e+07 digits")
    assert ran.stderr.rstrip().endswith("or --format text for the figures alone")


def test_a_table_of_a_long_net_is_not_refused_for_its_net(
    shtoss: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # text shows the figures alone past 60 values: the net is not written whole, so
    # nothing is refused for its length (the solve, stubbed, is reached).
    from shtoss_exact.plans import horizon

    def reached(*args: object) -> None:
        raise ShtossError("the solve is reached")

    monkeypatch.setattr(horizon, "_delayed", reached)
    ran = shtoss("series", "--plan", "paroli:3", "--deals", "1000", "--format", "text")
    assert ran.stderr == "shtoss-exact: error: the solve is reached\n"
