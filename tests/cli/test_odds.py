"""The ``odds`` command: whole outputs in every format, and every refusal on one line."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from importlib.metadata import version
from math import comb
from pathlib import Path

import pytest

from shtoss_exact import odds
from shtoss_exact.cli import all_commands
from tests.conftest import Ran, Shtoss, run_shtoss, shtoss_ok


def run(*args: str) -> Ran:
    return run_shtoss(*args)


def ok(*args: str) -> str:
    return shtoss_ok(*args)


def _exact(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def _abzug_rows(cards: int, copies: int) -> list[tuple[int, Fraction, Fraction, Fraction]]:
    """(abzug, killed, plié, given) straight from the position formulas of the rules."""
    total = comb(cards, copies)
    rows = []
    for j in range(1, (cards + 1) // 2 + 1):
        lob, sonik = 2 * j - 1, 2 * j
        first_at_lob = comb(cards - lob, copies - 1)
        plie = comb(cards - sonik, copies - 2) if copies >= 2 and sonik <= cards else 0
        given = comb(cards - sonik, copies - 1) if sonik <= cards else 0
        rows.append(
            (j, Fraction(first_at_lob - plie, total), Fraction(plie, total), Fraction(given, total))
        )
    return rows


# --- whole outputs ------------------------------------------------------------------------

SUMMARY_52 = """\
Stoss, one bet: 52 cards in the banker's deck, 4 copies of the punter's rank, scheme classic
outcome                                    exact  percent
banker wins (the punter's net < 0)       433/833  51.981%
punter wins (net > 0)                    400/833  48.019%
null (no money changes hands)                  0   0.000%
first copy on a lob: killed              400/833  48.019%
first copy on a lob and its sonik: plié   33/833   3.962%
first copy on a sonik: given             400/833  48.019%
punter's expected net per unit stake     -33/833  -3.962%

Scheme classic
measure                                   exact
banker's edge per bet settled            33/833
banker's edge per unit of action         33/833
banker's edge per abzug exposed         55/7719
variance of the punter's net      692800/693889
expected abzugs exposed              23157/4165
action (money changes hands)                  1

Distribution of the punter's net result per unit stake
value  probability  percent
   -1      433/833  51.981%
    1      400/833  48.019%
"""


def test_odds_text() -> None:
    assert ok("odds") == SUMMARY_52
    assert ok("odds", "--deck", "52", "--format", "text") == SUMMARY_52
    assert ok("odds", "--cards", "52", "--copies", "4") == SUMMARY_52
    assert ok("odds", "--scheme", "classic") == SUMMARY_52


def test_odds_json() -> None:
    record = json.loads(ok("odds", "--format", "json"))
    assert record == odds().to_dict()
    assert record == {
        "cards": 52,
        "copies": 4,
        "one_deck": False,
        "card": None,
        "scheme": "classic",
        "banker": "433/833",
        "punter": "400/833",
        "null": "0",
        "killed": "400/833",
        "plie": "33/833",
        "given": "400/833",
        "ev": "-33/833",
        "edge": "33/833",
        "variance": "692800/693889",
        "action": "1",
        "expected_abzugs": "23157/4165",
        "edge_per_action": "33/833",
        "edge_per_abzug": "55/7719",
        "float": {
            "banker": 433 / 833,
            "punter": 400 / 833,
            "null": 0.0,
            "killed": 400 / 833,
            "plie": 33 / 833,
            "given": 400 / 833,
            "ev": -33 / 833,
            "edge": 33 / 833,
            "variance": 692800 / 693889,
            "action": 1.0,
            "expected_abzugs": 23157 / 4165,
            "edge_per_action": 33 / 833,
            "edge_per_abzug": 55 / 7719,
        },
        "distribution": [
            {"value": "-1", "probability": "433/833"},
            {"value": "1", "probability": "400/833"},
        ],
    }
    # No --scheme is --scheme classic: one record.
    assert ok("odds", "--format", "json") == ok("odds", "--scheme", "classic", "--format", "json")


def test_odds_json_by_abzug() -> None:
    record = json.loads(ok("odds", "--format", "json", "--by-abzug"))
    assert record == odds().to_dict(by_abzug=True)
    assert (record["banker"], record["plie"], record["punter"]) == ("433/833", "33/833", "400/833")
    expected = [
        {
            "abzug": j,
            "killed": _exact(killed),
            "plie": _exact(plie),
            "given": _exact(given),
        }
        for j, killed, plie, given in _abzug_rows(52, 4)
    ]
    assert record["by_abzug"] == expected
    lobs = sum(Fraction(row["killed"]) + Fraction(row["plie"]) for row in record["by_abzug"])
    assert lobs == Fraction(record["banker"])  # the banker's card, killed or plié
    assert len(expected) == 26
    assert record["by_abzug"][0]["given"] == "16/221"  # winning the sonik


def test_odds_json_by_abzug_lone_last_card() -> None:
    # Five cards, one copy: each position 1/5; position 5 is a lone lob (killed).
    record = json.loads(
        ok("odds", "--cards", "5", "--copies", "1", "--by-abzug", "--format", "json")
    )
    # The classic scheme's measures (checked in test_odds_json) aside:
    measures = ("edge", "variance", "action", "expected_abzugs", "edge_per_action",
                "edge_per_abzug", "distribution")  # fmt: skip
    record = {k: v for k, v in record.items() if k not in measures}
    record["float"] = {k: v for k, v in record["float"].items() if k not in measures}
    assert record == {
        "cards": 5,
        "copies": 1,
        "one_deck": False,
        "card": None,
        "scheme": "classic",
        "banker": "3/5",
        "punter": "2/5",
        "null": "0",
        "killed": "3/5",
        "plie": "0",
        "given": "2/5",
        "ev": "-1/5",
        "float": {
            "banker": 0.6,
            "punter": 0.4,
            "null": 0.0,
            "killed": 0.6,
            "plie": 0.0,
            "given": 0.4,
            "ev": -0.2,
        },
        "by_abzug": [
            {"abzug": 1, "killed": "1/5", "plie": "0", "given": "1/5"},
            {"abzug": 2, "killed": "1/5", "plie": "0", "given": "1/5"},
            {"abzug": 3, "killed": "1/5", "plie": "0", "given": "0"},
        ],
    }


def test_odds_json_under_a_scheme_is_the_record() -> None:
    for args, kwargs in [
        (["--scheme", "pharaon"], {"scheme": "pharaon"}),
        (
            ["--scheme", "фараон", "--deck", "52", "--one-deck"],
            {"scheme": "pharaon", "one_deck": True},
        ),
        (["--scheme", "faro"], {"scheme": "faro"}),
        (["--scheme", "thirds", "--card", "7h"], {"scheme": "thirds", "card": "7h"}),
        (["--scheme", "eleven", "--by-abzug"], {"scheme": "eleven"}),
    ]:
        record = json.loads(ok("odds", *args, "--format", "json"))
        assert record == odds(**kwargs).to_dict(by_abzug="--by-abzug" in args), args  # type: ignore[arg-type]
        who = [Fraction(record[k]) for k in ("banker", "punter", "null")]
        assert sum(who) == 1, args


def test_odds_pharaon_and_eleven_figures() -> None:
    one_deck = json.loads(ok("odds", "--scheme", "pharaon", "--one-deck", "--format", "json"))
    assert (one_deck["cards"], one_deck["copies"], one_deck["ev"]) == (51, 3, "-25/1666")
    assert json.loads(ok("odds", "--scheme", "eleven", "--format", "json"))["ev"] == "163/4165"


def test_odds_csv() -> None:
    assert ok("odds", "--format", "csv") == (
        "cards,copies,one_deck,card,scheme,banker,punter,null,killed,plie,given,ev,edge,"
        "edge_per_action,edge_per_abzug,variance,action,expected_abzugs\n"
        "52,4,false,,classic,433/833,400/833,0,400/833,33/833,400/833,-33/833,33/833,33/833,"
        "55/7719,692800/693889,1,23157/4165\n"
    )


def test_odds_csv_under_a_scheme() -> None:
    assert ok("odds", "--scheme", "faro", "--format", "csv") == (
        "cards,copies,one_deck,card,scheme,banker,punter,null,killed,plie,given,ev,edge,"
        "edge_per_action,edge_per_abzug,variance,action,expected_abzugs\n"
        "52,4,false,,faro,1300/2499,1199/2499,0,1199/2499,101/2499,1199/2499,-101/4998,"
        "101/4998,101/4998,505/136448,12106303/12490002,1,68224/12495\n"
    )
    # After the soda, 51 cards and 4 copies: the first copy is never the hock, so money
    # always changes hands; the first copy's abzug, ceil(p/2), averages 68224/12495.
    first_at = {p: comb(51 - p, 3) for p in range(1, 52)}  # sets whose first copy is at p
    abzugs = sum((p + 1) // 2 * sets for p, sets in first_at.items())
    assert Fraction(abzugs, comb(51, 4)) == Fraction(68224, 12495)


def test_odds_csv_by_abzug_52() -> None:
    lines = ["abzug,killed,plie,given"]
    for j, killed, plie, given in _abzug_rows(52, 4):
        lines.append(f"{j},{_exact(killed)},{_exact(plie)},{_exact(given)}")
    assert ok("odds", "--by-abzug", "--format", "csv") == "\n".join(lines) + "\n"


def test_odds_markdown() -> None:
    expected = """\
**Stoss, one bet: 52 cards in the banker's deck, 4 copies of the punter's rank, scheme classic**

| outcome | exact | percent |
| --- | ---: | ---: |
| banker wins (the punter's net < 0) | 433/833 | 51.981% |
| punter wins (net > 0) | 400/833 | 48.019% |
| null (no money changes hands) | 0 | 0.000% |
| first copy on a lob: killed | 400/833 | 48.019% |
| first copy on a lob and its sonik: plié | 33/833 | 3.962% |
| first copy on a sonik: given | 400/833 | 48.019% |
| punter's expected net per unit stake | -33/833 | -3.962% |

**Scheme classic**

| measure | exact |
| --- | ---: |
| banker's edge per bet settled | 33/833 |
| banker's edge per unit of action | 33/833 |
| banker's edge per abzug exposed | 55/7719 |
| variance of the punter's net | 692800/693889 |
| expected abzugs exposed | 23157/4165 |
| action (money changes hands) | 1 |

**Distribution of the punter's net result per unit stake**

| value | probability | percent |
| ---: | ---: | ---: |
| -1 | 433/833 | 51.981% |
| 1 | 400/833 | 48.019% |
"""
    assert ok("odds", "--format", "markdown") == expected


SIX_TWO = """\
Stoss, one bet: 6 cards in the banker's deck, 2 copies of the punter's rank, scheme classic
outcome                                  exact   percent
banker wins (the punter's net < 0)         3/5   60.000%
punter wins (net > 0)                      2/5   40.000%
null (no money changes hands)                0    0.000%
first copy on a lob: killed                2/5   40.000%
first copy on a lob and its sonik: plié    1/5   20.000%
first copy on a sonik: given               2/5   40.000%
punter's expected net per unit stake      -1/5  -20.000%

Scheme classic
measure                           exact
banker's edge per bet settled       1/5
banker's edge per unit of action    1/5
banker's edge per abzug exposed    3/22
variance of the punter's net      24/25
expected abzugs exposed           22/15
action (money changes hands)          1

Distribution of the punter's net result per unit stake
value  probability  percent
   -1          3/5  60.000%
    1          2/5  40.000%
"""


BY_ABZUG_SIX_TWO = """\

By abzug (lob = banker's card, sonik = punter's card)
abzug  killed  plie  given
    1    4/15  1/15   4/15
    2    2/15  1/15   2/15
    3       0  1/15      0
"""


def test_odds_by_abzug_text() -> None:
    # Six cards, two copies: C(6, 2) = 15 position sets, counted by hand.
    assert ok("odds", "--cards", "6", "--copies", "2") == SIX_TWO
    out = ok("odds", "--cards", "6", "--copies", "2", "--by-abzug")
    assert out == SIX_TWO + BY_ABZUG_SIX_TWO


def test_odds_by_abzug_markdown() -> None:
    expected = """\
**Stoss, one bet: 6 cards in the banker's deck, 2 copies of the punter's rank, scheme classic**

| outcome | exact | percent |
| --- | ---: | ---: |
| banker wins (the punter's net < 0) | 3/5 | 60.000% |
| punter wins (net > 0) | 2/5 | 40.000% |
| null (no money changes hands) | 0 | 0.000% |
| first copy on a lob: killed | 2/5 | 40.000% |
| first copy on a lob and its sonik: plié | 1/5 | 20.000% |
| first copy on a sonik: given | 2/5 | 40.000% |
| punter's expected net per unit stake | -1/5 | -20.000% |

**Scheme classic**

| measure | exact |
| --- | ---: |
| banker's edge per bet settled | 1/5 |
| banker's edge per unit of action | 1/5 |
| banker's edge per abzug exposed | 3/22 |
| variance of the punter's net | 24/25 |
| expected abzugs exposed | 22/15 |
| action (money changes hands) | 1 |

**Distribution of the punter's net result per unit stake**

| value | probability | percent |
| ---: | ---: | ---: |
| -1 | 3/5 | 60.000% |
| 1 | 2/5 | 40.000% |

**By abzug (lob = banker's card, sonik = punter's card)**

| abzug | killed | plie | given |
| ---: | ---: | ---: | ---: |
| 1 | 4/15 | 1/15 | 4/15 |
| 2 | 2/15 | 1/15 | 2/15 |
| 3 | 0 | 1/15 | 0 |
"""
    out = ok("odds", "--format", "markdown", "--cards", "6", "--copies", "2", "--by-abzug")
    assert out == expected


def test_odds_decimals() -> None:
    out = ok("odds", "--cards", "6", "--copies", "2", "--by-abzug", "--decimals", "4")
    lines = out.splitlines()
    assert lines[1].split() == ["outcome", "exact", "exact_decimal", "percent"]
    assert lines[2].split()[-3:] == ["3/5", "0.6000", "60.000%"]
    assert lines[-4].split() == [
        "abzug", "killed", "killed_decimal", "plie", "plie_decimal", "given", "given_decimal",
    ]  # fmt: skip
    assert lines[-1].split() == ["3", "0", "0.0000", "1/15", "0.0667", "0", "0.0000"]
    csv_out = ok("odds", "--format", "csv", "--decimals", "3")
    header, row = csv_out.splitlines()
    assert header.startswith("cards,copies,one_deck,card,scheme,banker,banker_decimal,punter,")
    assert row.startswith("52,4,false,,classic,433/833,0.520,400/833,0.480,0,0.000,")
    # JSON always carries its floats and takes no decimal columns.
    assert ok("odds", "--format", "json", "--decimals", "3") == ok("odds", "--format", "json")


def test_odds_output_file(tmp_path: Path) -> None:
    target = tmp_path / "odds.json"
    assert ok("odds", "--format", "json", "-o", str(target)) == ""
    assert json.loads(target.read_text(encoding="utf-8")) == odds().to_dict()
    assert ok("odds", "-o", "-") == SUMMARY_52


def test_odds_one_deck_36_with_a_card() -> None:
    expected = """\
Stoss, one bet: 35 cards in the one-deck game, 3 copies of the punter's rank, punter's card 7♥, scheme classic
outcome                                    exact  percent
banker wins (the punter's net < 0)       201/385  52.208%
punter wins (net > 0)                    184/385  47.792%
null (no money changes hands)                  0   0.000%
first copy on a lob: killed              184/385  47.792%
first copy on a lob and its sonik: plié   17/385   4.416%
first copy on a sonik: given             184/385  47.792%
punter's expected net per unit stake     -17/385  -4.416%

Scheme classic
measure                                   exact
banker's edge per bet settled            17/385
banker's edge per unit of action         17/385
banker's edge per abzug exposed         17/1833
variance of the punter's net      147936/148225
expected abzugs exposed                1833/385
action (money changes hands)                  1

Distribution of the punter's net result per unit stake
value  probability  percent
   -1      201/385  52.208%
    1      184/385  47.792%

By the deciding card's suit (colour = same suit, half-colour = same colour, plain)
relation       killed     plie     given
half-colour  184/1155  17/1155  184/1155
plain        368/1155  34/1155  368/1155
"""  # noqa: E501
    assert ok("odds", "--one-deck", "--deck", "36", "--card", "7h") == expected


def test_odds_one_deck_json_has_relations() -> None:
    out = ok("odds", "--one-deck", "--deck", "36", "--card", "7♥", "--format", "json")
    record = json.loads(out)
    assert (record["cards"], record["copies"], record["one_deck"]) == (35, 3, True)
    assert record["card"] == "7♥"
    assert record["punter"] == "184/385"
    assert record["by_relation"] == [
        {"relation": "half-colour", "killed": "184/1155", "plie": "17/1155", "given": "184/1155"},
        {"relation": "plain", "killed": "368/1155", "plie": "34/1155", "given": "368/1155"},
    ]


def test_odds_custom_suits_and_cyrillic_card() -> None:
    out = ok("odds", "--cards", "7", "--copies", "3", "--card", "Тт", "--suits", "тпч")
    assert out.splitlines()[0] == (
        "Stoss, one bet: 7 cards in the banker's deck, 3 copies of the punter's rank, "
        "punter's card A♣, scheme classic"
    )
    assert out.endswith(
        "relation     killed  plie   given\n"
        "colour       13/105  3/35  13/105\n"
        "half-colour  13/105  3/35  13/105\n"
        "plain        13/105  3/35  13/105\n"
    )


def test_odds_no_copies() -> None:
    out = ok("odds", "--cards", "5", "--copies", "0", "--format", "csv")
    assert out == (
        "cards,copies,one_deck,card,scheme,banker,punter,null,killed,plie,given,ev,edge,"
        "edge_per_action,edge_per_abzug,variance,action,expected_abzugs\n"
        "5,0,false,,classic,0,0,1,0,0,0,0,0,,0,0,0,3\n"
    )


def test_odds_a_billion_cards() -> None:
    record = json.loads(ok("odds", "--cards", "1000000000", "--copies", "8", "--format", "json"))
    banker, plie, punter = (Fraction(record[k]) for k in ("banker", "plie", "punter"))
    assert banker + punter == 1 and record["null"] == "0"
    assert banker - punter == plie


def test_version() -> None:
    assert ok("--version") == f"shtoss-exact, version {version('shtoss-exact')}\n"


def test_help() -> None:
    text = ok("-h")
    assert ok("--help") == text
    assert text.startswith(
        "Usage: shtoss-exact [OPTIONS] COMMAND [ARGS]...\n\n"
        "  Exact odds for Stoss (штосс), Pharaon, Bassette, Faro and Stuss.\n"
    )
    assert "  --lang [en|ru]  The language of labels, help and error lines" in text
    assert "  --version       Show the version and exit.\n" in text
    assert "  -h, --help      Show this message and exit.\n" in text
    listed = text.split("Commands:\n", 1)[1].splitlines()
    assert [line.split()[0] for line in listed] == sorted(all_commands())
    for line in listed:
        name = line.split()[0]
        assert (
            line.split(None, 1)[1]
            == all_commands()[name].get_short_help_str(limit=200)[: len(line.split(None, 1)[1])]
        )


def test_odds_help() -> None:
    text = ok("odds", "-h")
    assert text.startswith(
        "Usage: shtoss-exact odds [OPTIONS]\n\n"
        "  Exact odds of one bet: banker, plié, punter, expected value, by abzug.\n"
    )
    for param in all_commands()["odds"].params:
        for flag in param.opts:
            assert flag in text, flag
        assert param.help is None or param.help.split()[0] in text


def test_every_command_is_documented() -> None:
    for name, command in all_commands().items():
        assert command.help, name
        assert command.get_short_help_str(), name
        assert ok(name, "-h").startswith(f"Usage: shtoss-exact {name} ")


# --- refusals -----------------------------------------------------------------------------

BAD = [
    (["odds", "--cards", "3", "--copies", "4"], "copies=4 is more than cards=3"),
    (["odds", "--cards", "3"], "copies=4 is more than cards=3"),
    (["odds", "--cards", "-1"], "-1"),
    (["odds", "--copies", "-2"], "-2"),
    (["odds", "--cards", "abc"], "'abc'"),
    (["odds", "--copies", "2.5"], "'2.5'"),
    (["odds", "--cards", ""], "''"),
    (["odds", "--deck", "40"], "'40'"),
    (["odds", "--deck", "fifty"], "'fifty'"),
    (["odds", "--card", "1x"], "'1x'"),
    (["odds", "--card", "7z"], "'z'"),
    (["odds", "--card", "Zh"], "'Z'"),
    (["odds", "--deck", "32", "--card", "6h"], "6♥"),
    (["odds", "--cards", "10", "--copies", "2", "--card", "7h", "--suits", "sq"], "'q'"),
    (["odds", "--cards", "10", "--copies", "3", "--card", "7h", "--suits", "sh"], "copies=3"),
    (["odds", "--format", "yaml"], "'yaml'"),
    (["odds", "--bogus"], "'--bogus'"),
    (["odds", "--cops", "3"], "'--cops'"),
    (["odds", "--cards"], "'--cards'"),
    (["odds", "extra"], "(extra)"),
    (["bogus"], "'bogus'"),
    (["--bogus"], "'--bogus'"),
    (["odds", "--cards", "1000000000", "--by-abzug"], "cards=1000000000"),
    (["odds", "--cards", "1000000000", "--by-abzug", "--format", "json"], "cards=1000000000"),
    (["odds", "--cards", "1000000000", "--by-abzug", "--format", "csv"], "cards=1000000000"),
    (["odds", "--cards", "10000000", "--copies", "5000000"], "cards=10000000 with copies=5000000"),
    (["odds", "--one-deck", "--cards", "0"], "copies=4 is more than cards=0"),
    (["odds", "--one-deck", "--copies", "0"], "copies=0 in a one-deck game"),
    (["odds", "--copies", "5"], "copies=5 in the preset 52-card deck"),
    (["odds", "--decimals", "51"], "51"),
    (["odds", "--decimals", "-1"], "-1 is too small"),
    (["odds", "--scheme", "whist"], "unknown scheme 'whist'"),
    (["odds", "--scheme", "faro", "--cards", "3", "--copies", "3"], "got 3 copies in a"),
    (["odds", "--scheme", "faro", "--cards", "0", "--copies", "0"], "1 card or more"),
    (["odds", "--scheme", "faro", "--before"], "'--before'"),
    (["odds", "--scheme", "thirds"], "needs the suits"),
    (["odds", "--scheme", "missing.toml"], "'missing.toml': cannot read the file"),
    (["odds", "-o", "/"], "'/'"),
]


@pytest.mark.parametrize(("args", "named"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_refusals_are_one_line_exit_2(args: list[str], named: str) -> None:
    result = run(*args)
    assert result.status == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("shtoss-exact: error: ")
    assert named in lines[0]
    assert "Traceback" not in result.stderr


# --- the real program ---------------------------------------------------------------------


def _python(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, timeout=60, check=False
    )


def test_python_dash_m_json(shtoss: Shtoss) -> None:
    done = shtoss("odds", "--format", "json", process=True, timeout=60)
    assert done.status == 0, done.stderr
    assert done.stderr == ""
    record = json.loads(done.stdout)
    assert (record["banker"], record["plie"], record["punter"]) == ("433/833", "33/833", "400/833")


def test_python_dash_m_refusal(shtoss: Shtoss) -> None:
    done = shtoss("odds", "--cards", "many", process=True, timeout=60)
    assert done.status == 2
    assert done.stdout == ""
    assert done.stderr == (
        "shtoss-exact: error: Invalid value for '--cards': 'many' is not a whole number: "
        "allowed whole numbers >= 0\n"
    )


HEAVY = ("sympy", "networkx", "matplotlib")

CHECK_IMPORTS = """
import json, sys
import shtoss_exact.cli
try:
    shtoss_exact.cli.main(sys.argv[1:])
except SystemExit as done:
    assert done.code == 0, done.code
heavy = sorted({name.split(".")[0] for name in sys.modules} & set(json.loads(%r)))
print(json.dumps(heavy))
"""


@pytest.mark.parametrize(
    "args",
    [
        ["odds"],
        ["odds", "--by-abzug", "--format", "json"],
        ["odds", "--one-deck", "--deck", "36", "--card", "7h", "--format", "markdown"],
    ],
)
def test_odds_does_not_import_heavy_libraries(args: list[str]) -> None:
    done = _python("-c", CHECK_IMPORTS % json.dumps(HEAVY), *args)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == []


def test_no_arguments_show_the_help() -> None:
    # A bare ``shtoss-exact`` shows the help, as -h does, whatever the click version.
    result = run()
    assert result.status == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout == ok("-h")
