"""``shtoss-exact strategy``: its record is the library's, every format renders it."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

from shtoss_exact.strategy.play import optimal_play
from tests.conftest import shtoss_ok

P = Fraction(400, 833)


def run(*args: str) -> str:
    return shtoss_ok("strategy", *args)


def test_json_is_the_record() -> None:
    record = json.loads(run("--bankroll", "5", "--target", "10", "--format", "json"))
    assert record == optimal_play(bankroll=5, target=10).to_dict()
    assert {"bankroll", "target", "objective", "value", "policy", "compare"} <= set(record)
    assert record["value"] == "400/833" and record["stakes"] == [5]
    assert record["policy"][0] == {
        "bankroll": "1",
        "stakes": [1],
        "value": record["policy"][0]["value"],
        "float": {"value": float(Fraction(record["policy"][0]["value"]))},
    }
    assert [c["plan"] for c in record["compare"]] == [
        "bold", "flat", "stop", "raise", "paroli", "hermann"
    ]  # fmt: skip


def test_the_options_reach_the_library() -> None:
    record = json.loads(
        run(
            "--bankroll", "5/2", "--bank", "5/2", "--scheme", "pharaon", "--objective", "stay",
            "--max-stake", "2", "--deck", "36", "--plans", "flat,paroli:2", "--format", "json",
        )
    )  # fmt: skip
    expected = optimal_play(
        bankroll=Fraction(5, 2),
        target=5,
        scheme="pharaon",
        objective="stay",
        max_stake=2,
        deal=__import__("shtoss_exact.deck").deck.make_deal(deck=36),
        plans=["flat", "paroli:2"],
    )
    assert record == expected.to_dict()
    assert record["cards"] == 36 and record["max_stake"] == "2"
    assert all(max(p["stakes"]) <= 2 for p in record["policy"])


def test_no_plans() -> None:
    record = json.loads(run("--bankroll", "3", "--target", "6", "--plans", "none", "--format",
                            "json"))  # fmt: skip
    assert [c["plan"] for c in record["compare"]] == ["bold"]
    stay = json.loads(run("--bankroll", "3", "--target", "6", "--plans", "none", "--objective",
                          "stay", "--format", "json"))  # fmt: skip
    assert stay["compare"] == []


def test_text() -> None:
    text = run("--bankroll", "5", "--target", "10")
    assert "P(reach the target) with the best stakes              400/833  0.480192" in text
    assert "the banker's side: P(this punter breaks a bank of 5)" in text
    lines = text.splitlines()
    # Every bankroll 1..9 has its row: bankroll, the optimal stakes (runs), the value.
    header = lines.index("bankroll  stakes     value")
    rows = [line.split() for line in lines[header + 1 :]]
    assert [row[0] for row in rows] == [str(x) for x in range(1, 10)]
    assert lines[header + 5].split() == ["5", "5", "0.480192"]
    assert lines[header + 4].split() == ["4", "1,", "4", "0.373729"]


def test_csv_has_every_bankroll_exactly() -> None:
    rows = list(csv.reader(io.StringIO(run("--bankroll", "2", "--target", "4", "--scheme",
                                           "lob-half", "--format", "csv"))))  # fmt: skip
    assert rows[0] == ["bankroll", "stakes", "value"]
    result = optimal_play(bankroll=2, target=4, scheme="lob-half", plans=())
    read = [(Fraction(b), tuple(int(s) for s in st.split()), Fraction(v)) for b, st, v in rows[1:]]
    assert read == [(x, result.policy[x], result.values[x]) for x in result.values]


def test_markdown_and_decimals() -> None:
    text = run("--bankroll", "2", "--target", "4", "--format", "markdown", "--decimals", "3")
    assert "| bankroll | bankroll_decimal | stakes | value |" in text
    assert "| 3 | 3.000 | 1 | 0.729800 |" in text
    assert "| P(reach the target) with the best stakes | 400/833 | 0.480 | 0.480192 |" in text
