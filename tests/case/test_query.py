"""``case_record``: one position's every answer, from keyword arguments in the
library's words; the ``case`` command prints exactly it."""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import permutations

import pytest

from shtoss_exact.case.query import BET_KINDS, EVERY_KIND, bet_kind, bet_kind_keywords, case_record
from shtoss_exact.case.rules import BetKind, Side
from shtoss_exact.errors import ShtossError
from shtoss_exact.records import to_json
from tests.conftest import shtoss_ok


def _one_turn_by_brute_force(fives: int, left: int) -> dict[str, Fraction]:
    """A one-turn bet on a rank with ``fives`` copies among ``left`` cards: every
    ordered (loser, winner) pair of the next turn counted."""
    cards = ["5"] * fives + ["x"] * (left - fives)
    tally = {"win": 0, "lose": 0, "split": 0}
    pairs = list(permutations(range(left), 2))
    for loser, winner in pairs:
        pair = (cards[loser], cards[winner])
        if pair == ("5", "5"):
            tally["split"] += 1
        elif pair[1] == "5":
            tally["win"] += 1
        elif pair[0] == "5":
            tally["lose"] += 1
    return {name: Fraction(count, len(pairs)) for name, count in tally.items()}


def test_a_one_turn_bet_after_the_first_turn_counted_by_hand() -> None:
    record = case_record(seen="5h Ks 5d", kind="one-turn")
    [five] = [bet for bet in record["ranks"] if bet["rank"] == "5"]
    counted = _one_turn_by_brute_force(2, 49)
    assert {name: Fraction(five[name]) for name in counted} == counted
    # Faro's split takes half the stake: ev = win - lose - split/2; the known 1/190.
    ev = counted["win"] - counted["lose"] - counted["split"] / 2
    assert Fraction(five["ev"]) == ev == Fraction(-1, 2352)
    assert Fraction(five["edge_per_action"]) == Fraction(1, 190)


def test_three_cards_left_a_pair_and_one_is_a_cathop() -> None:
    record = case_record(case="*:0,7:2,K:1", pay=5)
    assert record["call_the_turn"]["kind"] == "cathop" and record["cards_left"] == 3
    assert record["best_bet"]["rank"] == "K"


@pytest.mark.parametrize(
    ("words", "options"),
    [
        ({"seen": "5h Ks 5d"}, ["--seen", "5h Ks 5d"]),
        (
            {"seen": "5h Ks 5d", "side": "coppered"},
            ["--seen", "5h Ks 5d", "--bet-kind", "coppered"],
        ),
        (
            {"case": "*:0,7:2,K:1", "call_the_turn": True, "pay": "5"},
            ["--case", "*:0,7:2,K:1", "--call-the-turn", "--pay-for", "5"],
        ),
        (
            {"game": "pharaon", "seen": "7h 7d Ks 2c", "replay": True},
            ["--game", "pharaon", "--seen", "7h 7d Ks 2c", "--replay"],
        ),
        (
            {"game": "two-deck", "scheme": "lob-half", "deck": 36, "seen": "7h 9d"},
            ["--game", "two-deck", "--scheme", "lob-half", "--deck", "36", "--seen", "7h 9d"],
        ),
        (
            {"seen": "5h Ks 5d 9c 2s", "bets": "K:stay:1@0 5:coppered:2@1", "kind": "high-card"},
            [
                "--seen",
                "5h Ks 5d 9c 2s",
                "--bets",
                "K:stay:1@0 5:coppered:2@1",
                "--bet-kind",
                "high-card",
            ],
        ),
    ],
)
def test_the_command_prints_the_record(words: dict[str, object], options: list[str]) -> None:
    shown = shtoss_ok("case", *options, "--format", "json")
    assert to_json(case_record(**words)) + "\n" == shown  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("words", "named"),
    [
        ({"seen": "5h", "case": "A:1"}, "give seen= or case=, not both"),
        (
            {"case": "A:3", "bets": "A"},
            "recorded bets are settled along the cards seen: give seen=",
        ),
        ({"side": "sideways"}, "side='sideways'"),
        ({"deck": 40}, "unknown deck 40"),
    ],
)
def test_refused_in_the_librarys_words(words: dict[str, object], named: str) -> None:
    with pytest.raises(ShtossError, match="^" + re.escape(named)):
        case_record(**words)  # type: ignore[arg-type]


def test_the_bet_kinds_are_the_commands_choices() -> None:
    from shtoss_exact.cli.case import BET_KINDS as CHOICES

    assert (*BET_KINDS, EVERY_KIND) == CHOICES
    assert bet_kind("coppered") == (Side.COPPERED, BetKind.STAY)
    assert bet_kind("high-card") == (Side.OPEN, BetKind.HIGH_CARD)
    with pytest.raises(ShtossError, match=r"^bet kind 'sideways': allowed stay, one-turn, "):
        bet_kind("sideways")


def test_case_result_is_the_record_and_the_report_it_is_made_from() -> None:
    from shtoss_exact.case.query import case_result

    words = {"seen": "5h Ks 5d 9c 2s", "replay": True, "bets": "5:stay:2@0"}
    report, record = case_result(**words)
    assert record == case_record(**words)
    assert {key: record[key] for key in report.to_dict()} == report.to_dict()
    assert "ledger" in record and "ledger" not in report.to_dict()  # settled beside it


@pytest.mark.parametrize(
    ("game", "seen"),
    [("faro", "5h Ks 5d 9c 2s"), ("stuss", "7h Qs Qd"), ("pharaon", "7h 7d Ks 2c"),
     ("bassette", ""), ("two-deck", "7h 9d")],
)  # fmt: skip
def test_every_kind_is_each_kind_asked_alone(game: str, seen: str) -> None:
    every = case_record(game=game, seen=seen, every_kind=True)
    faro = game in ("faro", "stuss")
    words = ["stay", "one-turn", "coppered"] if faro else ["stay", "one-turn"]
    assert list(every["bet_kinds"]) == words
    for word in words:
        alone = case_record(game=game, seen=seen, **bet_kind_keywords(word))
        assert every["bet_kinds"][word] == alone["ranks"]
        assert {(row["side"], row["kind"]) for row in alone["ranks"]} == {
            (BET_KINDS[word][0].value, BET_KINDS[word][1].value)
        }
    # the rest of the record is the default one's, the stay bets in ranks
    plain = case_record(game=game, seen=seen)
    assert {key: value for key, value in every.items() if key != "bet_kinds"} == plain


def test_every_kind_counts_each_bet_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from shtoss_exact.case import counting, state

    counting._count.cache_clear()  # counted afresh: every bet of the state is asked for
    calls: list[tuple[int, Side, BetKind]] = []
    original = counting._rank_bet

    def counted(case: state.Case, index: int, side: Side, kind: BetKind) -> object:
        calls.append((index, side, kind))
        return original(case, index, side, kind)

    monkeypatch.setattr(counting, "_rank_bet", counted)
    case_record(game="faro", seen="5h Ks 8d", every_kind=True)
    # open and coppered, stay and one-turn: no bet counted twice (ranks with as many
    # copies left share theirs: 3 or 4 copies here, at most 13 x 4 in all)
    assert 0 < len(calls) == len(set(calls)) <= 13 * 4
    assert {(side, kind) for _, side, kind in calls} <= {
        (Side.OPEN, BetKind.STAY), (Side.OPEN, BetKind.ONE_TURN),
        (Side.COPPERED, BetKind.STAY), (Side.COPPERED, BetKind.ONE_TURN),
    }  # fmt: skip


def test_every_kind_is_a_flag() -> None:
    with pytest.raises(ShtossError, match=r"^every_kind="):
        case_record(every_kind="yes")  # type: ignore[arg-type]
    assert bet_kind_keywords("all") == {"every_kind": True}
    assert bet_kind_keywords("one-turn") == {"side": Side.OPEN, "kind": BetKind.ONE_TURN}
