"""The schemes, fair and odds --scheme commands: whole outputs and one-line refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shtoss_exact import odds
from shtoss_exact.bet.fair import fair_payoff
from shtoss_exact.deck import Deal
from shtoss_exact.schemes.listing import schemes_record
from shtoss_exact.schemes.scheme import BUILTIN, scheme_names
from tests import ROOT
from tests.conftest import Ran, run_shtoss, shtoss_ok

EXAMPLES = ROOT / "examples" / "schemes"


def run(*args: str) -> Ran:
    return run_shtoss(*args)


def ok(*args: str) -> str:
    return shtoss_ok(*args)


def test_schemes_lists_every_builtin_once() -> None:
    out = ok("schemes", "--format", "csv")
    lines = out.splitlines()
    assert lines[0] == "scheme,aliases,parameters,rule,source"
    assert [line.split(",")[0] for line in lines[1:]] == list(BUILTIN)
    assert "\nlob-half,в-лоб-полкуша,lob=-1/2," in out
    assert "\npharaon,фараон,last_pair_doublet=-1 doublet=-1/2," in out
    assert "\nthirds,трети,," in out


def test_schemes_text_names_every_alias() -> None:
    out = ok("schemes")
    lines = out.splitlines()
    assert lines[0] == "Payout schemes"
    assert lines[1].split() == ["scheme", "aliases", "parameters", "rule"]
    rows = {line.split()[0]: line for line in lines[2:]}
    assert list(rows) == list(BUILTIN)
    for name, aliases in scheme_names().items():
        assert ", ".join(aliases) in rows[name]
        assert BUILTIN[name].description in rows[name]


def test_schemes_json_is_the_record() -> None:
    assert json.loads(ok("schemes", "--format", "json")) == schemes_record()


def test_every_listed_name_works_with_odds() -> None:
    for name, aliases in scheme_names().items():
        card = ["--card", "7h"] if BUILTIN[name].needs_suits else []
        expected = json.loads(ok("odds", "--scheme", name, *card, "--format", "json"))
        for alias in aliases:
            assert json.loads(ok("odds", "--scheme", alias, *card, "--format", "json")) == expected
        assert expected["scheme"] == name


def test_fair_lob_half_whole_output() -> None:
    assert ok("fair", "--scheme", "lob-half", "--solve", "lob") == (
        "Fair payoff: scheme lob-half, 52 cards, 4 copies\n"
        "quantity                       exact\n"
        "lob in the scheme               -1/2\n"
        "punter's EV there          -25/21658\n"
        "punter's EV at lob = 0     404/10829\n"
        "EV change per unit of lob       1/13\n"
        "fair lob (EV = 0)           -404/833\n"
    )
    assert ok("fair", "--scheme", "lob-half", "--solve", "lob", "--decimals", "6") == (
        "Fair payoff: scheme lob-half, 52 cards, 4 copies\n"
        "quantity                       exact  exact_decimal\n"
        "lob in the scheme               -1/2      -0.500000\n"
        "punter's EV there          -25/21658      -0.001154\n"
        "punter's EV at lob = 0     404/10829       0.037307\n"
        "EV change per unit of lob       1/13       0.076923\n"
        "fair lob (EV = 0)           -404/833      -0.484994\n"
    )


def test_fair_json_and_csv() -> None:
    record = json.loads(ok("fair", "--scheme", "lob-half", "--solve", "lob", "--format", "json"))
    assert record == fair_payoff("lob-half", "lob", deal=Deal(52, 4)).to_dict()
    assert (record["parameter"], record["fair"]) == ("lob", "-404/833")
    assert ok("fair", "--scheme", "в лоб полкуша", "--solve", "lob", "--format", "csv") == (
        "scheme,cards,copies,parameter,current,ev,ev_at_zero,slope,fair\n"
        "lob-half,52,4,lob,-1/2,-25/21658,404/10829,1/13,-404/833\n"
    )
    example = str(EXAMPLES / "lob-half.toml")
    from_file = json.loads(ok("fair", "--scheme", example, "--solve", "lob", "--format", "json"))
    assert from_file["fair"] == "-404/833"


def test_odds_scheme_json() -> None:
    out = ok("odds", "--scheme", "pharaon", "--cards", "4", "--copies", "2", "--format", "json")
    record = json.loads(out)
    assert record == odds(cards=4, copies=2, scheme="pharaon").to_dict()
    assert (record["scheme"], record["ev"], record["edge"]) == ("pharaon", "-1/4", "1/4")
    assert (record["banker"], record["punter"], record["null"]) == ("2/3", "1/3", "0")
    assert record["distribution"] == [
        {"value": "-1", "probability": "1/2"},
        {"value": "-1/2", "probability": "1/6"},
        {"value": "1", "probability": "1/3"},
    ]
    assert record["variance"] == "13/16"
    assert record["edge_per_action"] == "1/4" and record["edge_per_abzug"] == "3/14"


def test_odds_scheme_null_cards() -> None:
    # Five cards, one copy: the last card is null under pharaon.
    out = ok("odds", "--scheme", "pharaon", "--cards", "5", "--copies", "1", "--format", "json")
    record = json.loads(out)
    assert (record["banker"], record["punter"], record["null"]) == ("2/5", "2/5", "1/5")
    assert (record["killed"], record["plie"], record["given"]) == ("3/5", "0", "2/5")
    assert record["action"] == "4/5"


def test_odds_scheme_file_and_faro() -> None:
    example = str(EXAMPLES / "faro-before-soda.toml")
    record = json.loads(ok("odds", "--scheme", example, "--format", "json"))
    assert record["ev"] == "-33/1666" and record["scheme"] == "faro-before-soda"
    # The deck as shuffled: 52 cards, the soda among them.
    row = ok("odds", "--scheme", "faro", "--format", "csv").splitlines()[1]
    assert row.startswith("52,4,false,,faro,")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["odds", "--scheme", "nope"], "unknown scheme 'nope'"),
        (["odds", "--scheme", "thirds"], "needs the suits"),
        (["odds", "--scheme", "faro", "--before"], "No such option"),
        (["fair", "--scheme", "lob-half", "--solve", "x"], "has no parameter 'x'"),
        (["fair", "--scheme", "pharaon", "--solve", "last_pair_doublet"], "never pays"),
        (["fair", "--scheme", "classic"], "Missing option '--solve'"),
        (["fair", "--solve", "lob"], "Missing option '--scheme'"),
        (["fair", "--scheme", "nope", "--solve", "lob"], "unknown scheme 'nope'"),
        (["odds", "--scheme", "missing.toml"], "scheme file 'missing.toml': cannot read the file"),
        (["schemes", "--format", "yaml"], "'yaml'"),
        (["schemes", "extra"], "extra"),
    ],
)
def test_refusals_are_one_line(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("shtoss-exact: error:")
    assert message in err


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("name = ", "{file}: bad TOML"),
        ("abzug = 1", "{file}: abzug: unknown key"),
        ('[[rules]]\nkind = "won"\npayoff = 1', "{file}: rules[1].kind: unknown kind"),
        ("[[rules]]\nabzug = 0\npayoff = 1", "{file}: rules[1].abzug: bad value 0"),
        ("[[rules]]\nposition = 1\npayoff = \"__import__('os')\"", "{file}: rules[1].payoff: "),
        ('[[rules]]\nposition = 1\npayoff = "1/0"', "{file}: rules[1].payoff: "),
    ],
)  # fmt: skip
def test_bad_scheme_files_exit_2(tmp_path: Path, text: str, start: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run("odds", "--scheme", str(path))
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith("shtoss-exact: error: " + start.format(file=f"scheme file {str(path)!r}"))
