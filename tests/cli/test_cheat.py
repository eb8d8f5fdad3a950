"""``shtoss-exact cheat``: the subcommands print the library's records, whole."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from shtoss_exact.cheat.box import two_card_box
from shtoss_exact.cheat.seconds import seconds, swap
from shtoss_exact.cheat.splits import stacked_splits
from shtoss_exact.cheat.tell import sand_tell
from tests.oracles import crooked

SMALL = "*:0,7:2,K:3"  # Faro after the soda and 23 turns: 5 cards left, two 7s


def test_the_box_as_text(shtoss: Callable[..., Any]) -> None:
    ran = shtoss("cheat", "box", "--rank", "7", "--case", SMALL, "--takes", "1")
    assert ran.status == 0, ran.stderr
    assert -crooked.box("faro", 5, 2, 1) == two_card_box("7", takes=1, case=SMALL).edge
    assert ran.stdout.splitlines()[:3] == [
        "The two-card box, Faro: one bet on the 7, staked 1 until decided",
        "cards_left  copies_left  takes  edge  honest_edge  gain",
        "         5            2      1  7/10         1/10   3/5",
    ]
    assert "Policy: the 5 states in which the banker cheats" in ran.stdout


@pytest.mark.parametrize(
    ("name", "compute", "game"),
    [("box", two_card_box, "faro"), ("seconds", seconds, "stuss"), ("swap", swap, "two-deck")],
)
def test_json_is_the_record(name: str, compute: Any, game: str, shtoss: Callable[..., Any]) -> None:
    ran = shtoss("cheat", name, "--rank", "Q", "--game", game, "--takes", "2", "--format", "json")
    assert ran.status == 0, ran.stderr
    assert json.loads(ran.stdout) == compute("Q", takes=2, game=game).to_dict()


def test_csv_is_one_row(shtoss: Callable[..., Any]) -> None:
    ran = shtoss("cheat", "swap", "--rank", "7", "--takes", "0", "--format", "csv")
    assert ran.stdout.splitlines() == [
        "cheat,game,rank,cards_left,copies_left,takes,edge,honest_edge,gain",
        "swap,two-deck,7,52,4,0,33/833,33/833,0",
    ]


def test_tell_and_splits_json_are_the_records(shtoss: Callable[..., Any]) -> None:
    ran = shtoss("cheat", "tell", "--rank", "7", "--class", "Q,K", "--seen", "5h Ks 5d",
                 "--format", "json")  # fmt: skip
    assert ran.status == 0, ran.stderr
    expected = sand_tell("7", "Q,K", takes=1, seen="5h Ks 5d").to_dict()
    assert json.loads(ran.stdout) == expected and expected["tell_class"] == ["Q", "K"]
    ran = shtoss("cheat", "splits", "--stacked", "2", "--format", "json")
    assert json.loads(ran.stdout) == stacked_splits(2).to_dict()
