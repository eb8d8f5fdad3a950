"""Recorded bets settled as the cards fall: over every order of the cards still to come,
a bet's mean result is its ``ev`` when placed (brute force), and the rules that name a
place in the deal settle where they should."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest

from shtoss_exact import Case
from shtoss_exact.case.ledger import parse_bets, settle_bets
from shtoss_exact.case.parse import deck_ranks
from shtoss_exact.errors import ShtossError

SUITS = "shdc"


def shuffled(deck: int, seed: int) -> list[str]:
    cards = [rank + suit for rank in deck_ranks(deck) for suit in SUITS]
    random.Random(seed).shuffle(cards)
    return cards


GAMES = [
    ("faro", None),
    ("stuss", None),
    ("pharaon", None),
    ("bassette", None),
    ("two-deck", "classic"),
    ("two-deck", "lob-half"),
]


def _placed(game: str, scheme: str | None, seen: list[str]) -> Case:
    return Case.from_seen(" ".join(seen), game=game, scheme=scheme, deck=32)


def _whole_deal(game: str, scheme: str | None, seen: list[str], rest: list[str],
                bet: str) -> Fraction:  # fmt: skip
    cards = seen + rest
    if game in ("faro", "stuss"):
        cards = cards[:-1]  # the hock is never dealt
    deal = Case.from_seen(" ".join(cards), game=game, scheme=scheme, deck=32)
    (settled,) = settle_bets(deal, bet).bets
    assert settled.status != "open"  # the whole deck is dealt: every bet is decided or dead
    return settled.result


@pytest.mark.parametrize(("game", "scheme"), GAMES)
@pytest.mark.parametrize("kind", ["stay", "one-turn", "coppered"])
def test_a_rank_bets_mean_result_is_its_ev(game: str, scheme: str | None, kind: str) -> None:
    if kind == "coppered" and game not in ("faro", "stuss"):
        pytest.skip("coppering is Faro's")
    cards = shuffled(32, 7)
    soda = 1 if game in ("faro", "stuss") else 0
    seen = cards[: soda + 2 * 10]  # 11 or 12 cards left
    rest = cards[len(seen) :]
    placed = _placed(game, scheme, seen)
    turns = placed.turns_dealt
    for rank in ("7", "10", "A"):
        copies = [card for card in rest if card[:-1] == rank]
        if not copies:
            continue
        others = [card for card in rest if card[:-1] != rank]
        total, count = Fraction(0), 0
        for places in combinations(range(len(rest)), len(copies)):
            order, copy_iter, other_iter = [], iter(copies), iter(others)
            for index in range(len(rest)):
                order.append(next(copy_iter) if index in places else next(other_iter))
            total += _whole_deal(game, scheme, seen, order, f"{rank}:{kind}:1@{turns}")
            count += 1
        side = "coppered" if kind == "coppered" else "open"
        expected = placed.bet(rank, side=side, kind="stay" if kind == "coppered" else kind).ev
        assert total / count == expected, (rank, kind)


@pytest.mark.parametrize("game", ["faro", "stuss"])
def test_high_card_mean_result_is_its_ev(game: str) -> None:
    cards = shuffled(32, 11)
    seen, rest = cards[:9], cards[9:]
    placed = _placed(game, None, seen)
    high = placed.high_card()
    assert high is not None
    results = []
    for first in rest:
        for second in rest:
            if first != second:
                order = [first, second] + [c for c in rest if c not in (first, second)]
                results.append(_whole_deal(game, None, seen, order, f"high-card@{4}"))
    assert sum(results) / len(results) == high.ev == 0
    pushes = sum(1 for r in results if r == 0)
    assert Fraction(pushes, len(results)) == high.split


def test_places_in_the_deal() -> None:
    # Bassette's facée: the first card dealt costs the punter 2/3, once only.
    first = settle_bets(Case.from_seen("7h 8d", game="bassette"), "7@0 8@0").bets
    assert [(b.status, b.result) for b in first] == [("lost", Fraction(-2, 3)), ("won", 1)]
    later = settle_bets(Case.from_seen("9c 10c 7h 8d", game="bassette"), "7@1").bets
    assert later[0].result == -1
    # lob-half: killed by the very first card costs half.
    lob = settle_bets(Case.from_seen("7h 8d", game="two-deck", scheme="lob-half"), "7@0").bets
    assert lob[0].result == Fraction(-1, 2)
    # Faro: a split costs half; the hock is dead; the soda settles nothing.
    deal = Case.from_seen("7h 9c 9d", game="faro")
    results = [b.result for b in settle_bets(deal, "9:stay:2@0 9:coppered@0 7@0").bets]
    assert results == [-1, Fraction(-1, 2), 0]
    # Stuss: a split is a full loss.
    assert settle_bets(Case.from_seen("7h 9c 9d", game="stuss"), "9@0").bets[0].result == -1


def test_the_hock_returns_a_stake_standing_at_the_end() -> None:
    cards = shuffled(52, 3)
    deal = Case.from_seen(" ".join(cards[:51]), game="faro")
    hock = cards[51][:-1]
    ledger = settle_bets(deal, f"{hock}:stay:3@24")
    assert ledger.bets[0].status == "dead" and ledger.bets[0].result == 0
    assert ledger.banker_take == 0 and ledger.open_stakes == 0


def test_the_banker_takes_what_the_punters_lose() -> None:
    deal = Case.from_seen("5h Ks 5d 9c 2s 9d 5s", game="faro")
    ledger = settle_bets(deal, "5:stay:2@0 K:coppered@0 9:one-turn@2 high-card@1 A:stay:5/2@3")
    assert [b.status for b in ledger.bets] == ["won", "won", "lost", "lost", "open"]
    assert ledger.banker_take == -1 and ledger.open_stakes == Fraction(5, 2)
    record = ledger.to_dict()
    assert record["banker_take"] == "-1" and record["recorded_bets"][4]["settled_at"] is None


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("K:sideways", "is not RANK:KIND:STAKE@TURNS"),
        ("high-card:stay", "is not an exact number"),
        ("K:stay:1:2", "is not RANK:KIND:STAKE@TURNS"),
        ("X", "unknown rank"),
        ("K:stay:0", "allowed a stake > 0"),
        ("K:stay:-1", "allowed a stake > 0"),
        ("K:stay:abc", "stake"),
        ("K@x", "whole number of turns"),
        ("K@99999", "whole number of turns"),
        ("K " * 300, "allowed at most 200"),
        ("K" * 5000, "characters"),
    ],
)
def test_bad_bets_are_refused_in_one_line(text: str, fragment: str) -> None:
    with pytest.raises(ShtossError, match=fragment):
        parse_bets(text, ranks=deck_ranks(52))


def test_bets_need_the_turns_and_ranks_they_name() -> None:
    deal = Case.from_seen("5h Ks 5d", game="faro")
    with pytest.raises(ShtossError, match="placed after turn 2, but 1 turn is dealt"):
        settle_bets(deal, "K@2")
    with pytest.raises(ShtossError, match="coppered bets: a Faro bet"):
        settle_bets(Case.from_seen("5h Ks", game="pharaon"), "K:coppered")
    with pytest.raises(ShtossError, match="the cards seen"):
        settle_bets(Case.from_case("A:3"), "A")
    with pytest.raises(ShtossError, match="no copy left"):
        settle_bets(Case.from_seen("5h 5s 5d 5c Kh", game="faro"), "5@2")


# --- every part but the rank may be left out ------------------------------------------------


@pytest.mark.parametrize(
    ("short", "full"),
    [
        ("5", "5:stay:1@0"),
        ("5@3", "5:stay:1@3"),
        ("5:2@1", "5:stay:2@1"),  # the kind left out, the stake given
        ("5::2@1", "5:stay:2@1"),  # the kind left empty
        ("5:1/2", "5:stay:1/2@0"),
        ("5:0.5@2", "5:stay:1/2@2"),
        ("10:3", "10:stay:3@0"),
        ("5:one-turn@1", "5:one-turn:1@1"),  # the stake left out
        ("5:coppered:", "5:coppered:1@0"),  # the stake left empty
        ("5:", "5:stay:1@0"),
        ("high-card@4", "high-card:1@4"),
        ("high-card:", "high-card:1@0"),
    ],
)
def test_left_out_parts_take_their_defaults(short: str, full: str) -> None:
    ranks = deck_ranks(52)
    (bet,) = parse_bets(short, ranks=ranks)
    (written,) = parse_bets(full, ranks=ranks)
    assert bet == written and bet.text == full


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("5:2:3", "is not RANK:KIND:STAKE@TURNS"),  # two stakes, or a kind that is a number
        ("5:stya:2", "is not RANK:KIND:STAKE@TURNS"),
        ("5:stya", "is not RANK:KIND:STAKE@TURNS"),
        ("5:-2", "allowed a stake > 0"),
        ("5:2@", "whole number of turns"),
    ],
)
def test_left_out_parts_leave_no_doubt(text: str, fragment: str) -> None:
    with pytest.raises(ShtossError, match=fragment):
        parse_bets(text, ranks=deck_ranks(52))


@pytest.mark.parametrize(("game", "scheme"), [("faro", None), ("two-deck", "lob-half")])
def test_a_bet_with_its_kind_left_out_settles_as_staying(game: str, scheme: str | None) -> None:
    # Brute force over every place of the rank's copies in the rest of the deck: the
    # mean result of "R:2@T" is twice the ev of staying on R.
    cards = shuffled(32, 5)
    soda = 1 if game == "faro" else 0
    seen = cards[: soda + 2 * 10]
    rest = cards[len(seen) :]
    placed = _placed(game, scheme, seen)
    rank = next(r for r in ("7", "10", "A", "K") if any(c[:-1] == r for c in rest))
    copies = [card for card in rest if card[:-1] == rank]
    others = [card for card in rest if card[:-1] != rank]
    results = []
    for places in combinations(range(len(rest)), len(copies)):
        copy_iter, other_iter = iter(copies), iter(others)
        order = [next(copy_iter) if i in places else next(other_iter) for i in range(len(rest))]
        bet = f"{rank}:2@{placed.turns_dealt}"
        results.append(_whole_deal(game, scheme, seen, order, bet))
        assert results[-1] == _whole_deal(
            game, scheme, seen, order, f"{rank}:stay:2@{placed.turns_dealt}"
        )
    assert sum(results) / len(results) == 2 * placed.bet(rank, side="open", kind="stay").ev


def test_the_command_settles_left_out_parts(shtoss) -> None:
    seen = "5h Ks 5d 9c 2s"
    short = shtoss("case", "--seen", seen, "--bets", "5:2 K:coppered 9::1/2@1", "--format", "json")
    full = shtoss("case", "--seen", seen, "--bets", "5:stay:2@0 K:coppered:1@0 9:stay:1/2@1",
                  "--format", "json")  # fmt: skip
    assert short.status == 0, short.stderr
    assert short.stdout == full.stdout
