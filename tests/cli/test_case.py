"""``shtoss-exact case`` and its ``--plot``: the record is the JSON, every key a
word of the glossary, the examples of the docs exact, a whole deal's table fast."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest

from tests import ROOT
from tests.conftest import Shtoss, shtoss_ok

# A recorded deal (examples/replay_deal.py): the soda, 25 turns, and the hock last.
DECK = (
    "5s 8d 6h 5c 6d Ah Kh Ad 2c 2s 9h 9s 8c 3c 10d 6c Js 2d 7s 7c 3d Kc 3s 8s As 4d "
    "Jh Ac Kd 5d 10h Ks 2h 10s 4c Qs Qh 9d 5h 6s 10c Qd 7d Qc 4s 9c 8h 4h 7h 3h Jc Jd"
)
SEEN = " ".join(DECK.split()[:-1])


def run(*args: str) -> str:
    return shtoss_ok("case", *args)


def record(*args: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(run(*args, "--format", "json"))
    return data


def test_three_cards_left_whole_record() -> None:
    data = record("--case", "*:0,7:2,K:1")
    bets = {
        "7": ("2", "1/3", "1/3", "1/3", "0", "1", "-1/6", "1/6", "1/6"),
        "K": ("1", "1/3", "1/3", "0", "1/3", "2/3", "0", "0", "0"),
    }
    keys = ("copies_left", "win", "lose", "split", "dead", "action", "ev", "edge",
            "edge_per_action")  # fmt: skip
    assert data == {
        "game": "faro",
        "scheme": "faro",
        "deck": 52,
        "cards_left": 3,
        "turns_dealt": 24,
        "turns_left": 1,
        "soda": None,
        "case": "2:0,3:0,4:0,5:0,6:0,7:2,8:0,9:0,10:0,J:0,Q:0,K:1,A:0",
        "side": "open",
        "kind": "stay",
        "ranks": [
            {
                "rank": rank,
                "side": "open",
                "kind": "stay",
                **{
                    k: (int(v) if k == "copies_left" else v) for k, v in zip(keys, row, strict=True)
                },
            }
            for rank, row in bets.items()
        ],
        "high_card": {
            "rank": None,
            "copies_left": None,
            "side": "open",
            "kind": "high-card",
            "win": "1/3",
            "lose": "1/3",
            "split": "1/3",
            "dead": "0",
            "action": "2/3",
            "ev": "0",
            "edge": "0",
            "edge_per_action": "0",
        },
        "best_bet": {"rank": "K", "side": "open", "kind": "stay", "ev": "0"},
        "fair_or_better": [
            {"rank": "K", "side": side, "kind": kind, "ev": "0"}
            for kind in ("stay", "one-turn")
            for side in ("open", "coppered")
        ]
        + [{"rank": None, "side": "open", "kind": "high-card", "ev": "0"}],
        "call_the_turn": {
            "kind": "cathop",
            "p_right": "1/3",
            "payout": "2",
            "ev_for": "-1/3",
            "ev_to": "0",
        },
    }


def test_the_issues_keys_and_figures() -> None:
    data = record("--seen", "5h Ks 5d", "--bet-kind", "one-turn")
    assert (data["game"], data["cards_left"], data["turns_dealt"]) == ("faro", 49, 1)
    fives = next(row for row in data["ranks"] if row["rank"] == "5")
    assert fives["copies_left"] == 2 and fives["edge_per_action"] == "1/190"
    assert fives["action"] == "95/1176"
    for row in data["ranks"]:
        assert set(row) >= {"rank", "copies_left", "win", "lose", "split", "dead", "ev",
                            "edge", "edge_per_action"}  # fmt: skip
    assert set(data["best_bet"]) == {"rank", "side", "kind", "ev"}
    assert data["call_the_turn"] is None
    assert data["soda"] == "5♥"


def test_bet_kinds() -> None:
    coppered = record("--seen", "5h Ks 5d", "--bet-kind", "coppered")
    assert (coppered["side"], coppered["kind"]) == ("coppered", "stay")
    high = record("--seen", "5h", "--bet-kind", "high-card")
    assert high["ranks"] == [] and high["high_card"]["split"] == "1/17"
    pharaon = record("--game", "pharaon", "--seen", "7h 7d")
    assert pharaon["high_card"] is None
    assert {b["side"] for b in pharaon["fair_or_better"]} <= {"open"}


def test_the_whole_deal() -> None:
    data = record("--pattern", "every-rank")
    deal = data["whole_deal"]
    assert (deal["pattern"], deal["turns_left"], deal["ev"]) == ("every-rank", 25, "-25/34")
    assert deal["edge_per_action"] == "1/66"
    values = [row["value"] for row in deal["banker_net"]]
    assert values[0] == "0" and values[-1] == "25/2" and len(values) == 26
    text = run("--pattern", str(ROOT / "examples" / "patterns" / "fixed-seven.toml"),
               "--format", "csv")  # fmt: skip
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["value", "probability"]
    assert rows[1:] == [["-1", "400/833"], ["1/2", "33/833"], ["1", "400/833"]]
    big = record("--pattern", "copper-after-two")
    assert big["whole_deal"]["banker_net"] is None and big["whole_deal"]["ev"] == "-25/34"


def test_replay_rows() -> None:
    data = record("--seen", SEEN, "--replay")
    rows = data["replay"]
    assert [row["turns_dealt"] for row in rows] == list(range(26))
    assert rows[0]["loser"] is None and rows[1]["loser"] == "8♦" and rows[1]["winner"] == "6♥"
    assert rows[-1]["cards_left"] == 1 and rows[-1]["ranks"] == []
    text = run("--seen", SEEN, "--replay", "--format", "csv")
    table = list(csv.DictReader(io.StringIO(text)))
    assert len(table) == sum(len(row["ranks"]) for row in rows)
    assert table[0]["turns_dealt"] == "0" and table[0]["edge"] == "101/4998"


def test_markdown_and_decimals() -> None:
    text = run("--case", "*:0,7:2,K:1", "--format", "markdown", "--decimals", "3")
    assert "| rank | copies_left | copies_left_decimal |" not in text
    assert "edge_decimal" in text and "0.167" in text
    assert "**Calling the turn" in text


# --- the plot -----------------------------------------------------------------------------

pytest.importorskip("matplotlib")


def test_case_plot_svg(tmp_path: Path, shtoss: Shtoss) -> None:
    path = tmp_path / "case.svg"
    seen = "5h Ks 5d 8d 6h 5c 6d"
    ran = shtoss("case", "--seen", seen, "--replay", "--format", "json", "--plot", str(path))
    assert ran.status == 0, ran.stderr
    svg = path.read_text(encoding="utf-8")
    assert "banker's edge on each live rank, turn by turn" in svg and "turns dealt" in svg
    turns = len(json.loads(ran.stdout)["replay"]) - 1
    assert f"{turns} turns of a recorded deal" in svg


def test_case_plot_cli(tmp_path: Path, shtoss: Shtoss) -> None:
    path = tmp_path / "case.png"
    result = shtoss(
        "plot", "-o", str(path), "--kind", "case", "--seen", "7h 7d Ks 2c", "--game", "pharaon"
    )
    assert result.status == 0, result.stderr
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    refused = shtoss("plot", "-o", str(tmp_path / "a.png"), "--seen", "7h")
    assert refused.status == 2 and "No such option '--seen'" in refused.stderr
