"""The audit command: whole outputs, JSON that parses back to the library's values, and
one-line refusals."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from shtoss_exact.audit.parity import audit_parity
from shtoss_exact.audit.splits import audit_splits
from tests.conftest import run_shtoss, shtoss_ok

PARITY_TEXT = """\
Parity audit: class K, 3 class losers
quantity                              value
mean class losers under fair dealing    3/2
p-value (upper tail)                   1/12

Deals
deal  turns_dealt  class_cards  class_losers
   1            2            2             2
   2            2            1             1
"""


def test_parity_whole_text() -> None:
    out = shtoss_ok("audit", "parity", "--class", "K", "--seen", "2s Kh 3d Kc 4s",
                    "--seen", "4c Ks 5d 6h 7s")  # fmt: skip
    assert out == PARITY_TEXT
    # both kings of deal 1 losers (1/6), the king of deal 2 a loser (1/2): 1/12 by hand
    assert audit_parity("K", ["2s Kh 3d Kc 4s", "4c Ks 5d 6h 7s"]).p_value == Fraction(1, 12)


def test_splits_csv_is_the_sequential_test() -> None:
    out = shtoss_ok("audit", "splits", "--counts", "0,0", "--format", "csv")
    # one pair put up makes a deal without splits impossible: each factor is 1/2
    assert out == "deal,count,factor,product\n1,0,1/2,1/2\n2,0,1/2,1/4\n"


def test_splits_json_is_the_library_record(tmp_path: Path) -> None:
    sheet = tmp_path / "cues.csv"
    sheet.write_text("splits\n3\n1\n0\n2\n", encoding="utf-8")
    from_sheet = json.loads(shtoss_ok("audit", "splits", "--sheet", str(sheet), "--format", "json"))
    from_counts = json.loads(
        shtoss_ok("audit", "splits", "--counts", "3,1,0,2", "--format", "json")
    )
    assert from_sheet == from_counts
    assert from_counts == json.loads(audit_splits([3, 1, 0, 2]).to_json())
    assert from_counts["mean"] == "100/17"


def test_deal_json() -> None:
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    deck = [f"{r}{s}" for s in "shdc" for r in ranks]
    whole = json.loads(shtoss_ok("audit", "deal", "--seen", " ".join(deck) + " |",
                                 "--format", "json"))  # fmt: skip
    assert (whole["whole"], whole["hock"], whole["p_value"]) == (True, "A♣", "1")
    short = json.loads(shtoss_ok("audit", "deal", "--seen", " ".join(deck[1:]), "--format", "json"))
    assert (short["whole"], short["missing"], short["p_value"]) == (False, ["2♠"], "0")


def test_refusals_are_one_line() -> None:
    for args, fragment in [
        (("audit", "splits"), "give --counts or --sheet"),
        (("audit", "splits", "--counts", "1", "--alpha", "1"), "alpha=1: allowed"),
        (("audit", "parity", "--class", "K"), "give the cards of each deal with --seen"),
        (("audit", "deal"), "give the cards of the deal with --seen"),
    ]:
        ran = run_shtoss(*args)
        assert ran.status == 2 and ran.stdout == ""
        assert fragment in ran.stderr and ran.stderr.count("\n") == 1, ran.stderr
