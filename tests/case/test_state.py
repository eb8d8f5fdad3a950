"""A deal in progress (``shtoss_exact.case.state``): the published figures, the engine's own
values, identities, the state's constructors and every refusal of the library."""

from __future__ import annotations

import time
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact.case.pattern import (
    BUILTIN,
    Pattern,
    PatternBet,
    load_pattern,
    pattern_from_data,
    resolve_pattern,
)
from shtoss_exact.case.rules import BetKind, Side, as_game, shifted
from shtoss_exact.case.state import Case
from shtoss_exact.deck import Deal
from shtoss_exact.engine import Kind
from shtoss_exact.errors import ShtossError
from shtoss_exact.limits import MAX_JOINT_STATES
from shtoss_exact.schemes.parts import Match, Outcome, Rule, Soda
from shtoss_exact.schemes.scheme import Scheme, bassette, classic, faro, lob_half, pharaon, stuss
from tests import ROOT

# --- the figures the Faro literature quotes -------------------------------------------


def test_one_turn_bet_on_two_copies_among_49_cards() -> None:
    case = Case.from_seen("5h Ks 5d", game="faro")
    assert (case.cards_left, case.copies_left("5")) == (49, 2)
    bet = case.bet("5", kind="one-turn")
    assert bet.action == Fraction(95, 1176)
    assert bet.edge_per_action == Fraction(1, 190)  # 0.526%
    assert bet.split == Fraction(1, 1176) and bet.edge == Fraction(1, 2352)
    assert bet.win == bet.lose == Fraction(47, 1176)


def test_every_live_rank_for_a_whole_faro_deal_costs_25_34() -> None:
    start = Case.from_seen("", game="faro")
    assert start.soda_due and start.turns_left == 25
    deal = start.deal("every-rank")
    assert deal.ev == Fraction(-25, 34)
    assert deal.banker_net is not None
    assert sum(deal.banker_net.values()) == 1
    assert sum(v * p for v, p in deal.banker_net.items()) == Fraction(25, 34)
    # a split takes half a unit: the banker's net is half the number of splits
    assert set(deal.banker_net) == {Fraction(k, 2) for k in range(26)}
    assert deal.banker_net[Fraction(25, 2)] == deal.banker_net[max(deal.banker_net)]


def test_each_turn_is_a_split_with_probability_1_17() -> None:
    high = Case.from_seen("5h", game="faro").high_card()
    assert high is not None and high.split == Fraction(1, 17)
    before = Case.from_seen("", game="faro").high_card()
    assert before is not None and before.split == Fraction(1, 17)


@pytest.mark.parametrize(
    ("case", "kind", "p_right", "ev_for", "ev_to"),
    [
        ("*:0,7:1,9:1,K:1", "three-ranks", Fraction(1, 6), Fraction(-1, 3), Fraction(-1, 6)),
        ("*:0,7:2,K:1", "cathop", Fraction(1, 3), Fraction(-1, 3), Fraction(0)),
        ("*:0,7:3", "three-of-a-kind", None, None, None),
    ],
)
def test_calling_the_turn(case: str, kind: str, p_right: Fraction | None,
                          ev_for: Fraction | None, ev_to: Fraction | None) -> None:  # fmt: skip
    call = Case.from_case(case, game="faro").call_the_turn()
    assert call is not None
    assert (call.kind, call.p_right, call.ev_for, call.ev_to) == (kind, p_right, ev_for, ev_to)


def test_calling_the_turn_payouts_are_parameters() -> None:
    case = Case.from_case("*:0,7:1,9:1,K:1", game="faro")
    call = case.call_the_turn(pay=5)
    assert call is not None and (call.ev_for, call.ev_to) == (Fraction(-1, 6), Fraction(0))
    cathop = Case.from_case("*:0,7:2,K:1", game="faro").call_the_turn(cathop_pay="3/2")
    assert cathop is not None and cathop.ev_to == Fraction(-1, 6)
    assert Case.from_seen("5h", game="faro").call_the_turn() is None


# --- the engine's one-bet values, read through the case ---------------------------------


def test_stay_bets_are_the_engines_one_bet() -> None:
    full = Deal(52, 4)
    assert Case.from_seen("5h", game="faro").bet("A").ev == faro().ev(full)
    assert Case.from_seen("", game="faro").bet("A").ev == faro(soda=Soda.BEFORE).ev(full)
    assert Case.from_seen("", game="stuss").bet("A").ev == stuss(soda=Soda.BEFORE).ev(full)
    assert Case.from_seen("", game="pharaon").bet("A").ev == pharaon().ev(full)
    assert Case.from_seen("", game="bassette").bet("A").ev == bassette().ev(full)
    stoss = Case.from_seen("", game="two-deck", scheme="lob-half")
    assert stoss.bet("A").ev == lob_half().ev(full)


def test_a_rule_of_the_first_card_is_gone_after_the_first_turn() -> None:
    after = Case.from_seen("7h 9c", game="bassette")
    # the facée (first card) is dealt: a killed card costs the whole stake again
    assert after.bet("A").ev == bassette(facee=-1).ev(Deal(50, 4))
    assert after.bet("7").ev == bassette(facee=-1).ev(Deal(50, 3))
    stoss = Case.from_seen("7h 9c", game="two-deck", scheme="lob-half")
    assert stoss.bet("A").ev == classic().ev(Deal(50, 4))


LATE = Scheme(
    "late",
    rules=(
        Rule(Match(frozenset([Kind.KILLED]), position=47), Fraction(1)),
        Rule(Match(frozenset([Kind.PLIE]), abzug=25), Fraction(-1, 3)),
        Rule(Match(last_card=True), None),
    ),
)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([LATE, bassette(), lob_half(), pharaon(), faro()]),
    st.integers(0, 25),
    st.sampled_from([Kind.KILLED, Kind.PLIE, Kind.GIVEN]),
    st.integers(1, 52),
)
def test_a_shifted_scheme_reads_the_whole_deals_places(
    scheme: Scheme, turns: int, kind: Kind, position: int
) -> None:
    cards = 52 - 2 * turns
    if position > cards:
        return
    now = shifted(scheme, turns).settle(Outcome(kind, position, cards))
    whole = scheme.settle(Outcome(kind, position + 2 * turns, 52))
    assert now == whole


# --- identities -----------------------------------------------------------------------


@st.composite
def faro_cases(draw: st.DrawFn) -> Case:
    left = draw(st.lists(st.integers(0, 4), min_size=13, max_size=13))
    if sum(left) < 3:
        left[1:4] = [1, 1, 1]
    if sum(left) % 2 == 0:
        left[0] = left[0] + 1 if left[0] < 4 else 3
    text = ",".join(f"{rank}:{c}" for rank, c in zip(Case.from_seen("").ranks, left,
                                                      strict=True))  # fmt: skip
    return Case.from_case(text, game="faro")


@settings(max_examples=30, deadline=None)
@given(faro_cases())
def test_faro_identities(case: Case) -> None:
    for bet in case.bets():
        assert bet.win + bet.lose + bet.split + bet.dead == 1
        coppered = case.bet(bet.rank or "", side="coppered")
        # a Faro deck after the soda is pairs plus the hock: swapping each pair's two
        # cards swaps an open bet's sides and keeps everything else
        assert coppered.ev == bet.ev and coppered.win == bet.lose
        if bet.copies_left == 1:  # a case card never splits: an even bet
            assert bet.split == 0 and bet.ev == 0
        one = case.bet(bet.rank or "", kind="one-turn")
        assert one.win + one.lose + one.split + one.dead <= 1
    high = case.high_card()
    assert high is not None and high.ev == 0 and high.win == high.lose
    best = case.best_bet()
    assert best is not None and best.ev == max(b.ev for b in case.every_bet())
    assert all(b.ev >= 0 for b in case.fair_or_better())
    assert {b.rank for b in case.fair_or_better() if b.kind is BetKind.STAY} == {
        r for r, c in zip(case.ranks, case.left, strict=True) if c == 1
    }


def test_pharaon_offers_no_faro_bets() -> None:
    case = Case.from_seen("7h 7d", game="pharaon")
    assert {b.side for b in case.every_bet()} == {Side.OPEN}
    assert {b.kind for b in case.every_bet()} == {BetKind.STAY, BetKind.ONE_TURN}
    with pytest.raises(ShtossError, match="coppered bets: a Faro bet"):
        case.bet("7", side="coppered")
    with pytest.raises(ShtossError, match="high card: a Faro bet"):
        case.high_card()


def test_pharaons_last_pair() -> None:
    case = Case.from_case("*:0,7:1,K:1", game="pharaon")
    seven = case.bet("7")
    # the loser loses; the winner, the deck's last card, is null
    half = Fraction(1, 2)
    assert (seven.win, seven.lose, seven.dead, seven.ev) == (0, half, half, -half)
    pair = Case.from_case("*:0,7:2", game="pharaon").bet("7", kind="one-turn")
    assert (pair.split, pair.ev) == (1, -1)  # the doublet of the last pair costs 1


# --- the state ------------------------------------------------------------------------


def test_three_ways_to_give_the_same_state() -> None:
    seen = Case.from_seen("5h Ks 5d", game="faro")
    case = Case.from_case("5:2,K:3", game="faro")
    counts = Case.from_counts({4: 11, 3: 1, 2: 1}, game="faro")
    assert seen.left == case.left
    assert (seen.cards_left, seen.turns_dealt) == (counts.cards_left, counts.turns_dealt)
    assert seen.bet("5").ev == case.bet("5").ev == counts.bet("A").ev
    assert case.case_text.startswith("2:4,3:4,4:4,5:2,")
    assert seen.soda is not None and str(seen.soda) == "5♥" and case.soda is None


def test_then_history_and_turn_cards() -> None:
    case = Case.from_seen("5h", game="faro").then("Ks", "5d").then("9c", "2s")
    assert case == Case.from_seen("5h Ks 5d 9c 2s", game="faro")
    history = case.history()
    assert [s.turns_dealt for s in history] == [0, 1, 2]
    assert history[-1].left == case.left
    cards = history[1].turn_cards()
    assert cards is not None and [str(c) for c in cards] == ["K♠", "5♦"]
    assert Case.from_case("A:3", game="faro").then("Ah", "2c").copies_left("A") == 2
    assert len(Case.from_seen("", game="pharaon").history()) == 1


def test_strings_and_enums_alike() -> None:
    case = Case.from_seen("5h", game=as_game("faro"))
    assert case.bet("A", side=Side.COPPERED, kind=BetKind.ONE_TURN) == case.bet(
        "a", side="coppered", kind="one-turn"
    )
    assert Case.from_seen("", game="фараон").game.name == "pharaon"
    assert Case.from_seen("", game="lob-half").game.name == "two-deck"
    assert Case.from_seen("", game=classic()).game.scheme.name == "classic"
    assert Case.from_seen("", game="two-deck", deck=36).cards_left == 36


def test_no_turn_left() -> None:
    hock = Case.from_case("*:0,A:1", game="faro")
    assert hock.turns_left == 0
    assert hock.bets() == () and hock.best_bet() is None and hock.high_card() is None
    with pytest.raises(ShtossError, match="no turn is left"):
        hock.bet("A")
    assert Case.from_case("*:0", game="pharaon").every_bet() == ()


@pytest.mark.parametrize(
    ("make", "fragment"),
    [
        (lambda: Case.from_seen("5h 1x 5d"), "unknown card '1x'"),
        (lambda: Case.from_seen("5h Ks 5h"), "card 5♥ is seen twice (cards 1 and 3)"),
        (lambda: Case.from_seen("2h", game="two-deck", deck=36), "not in the 36-card deck"),
        (lambda: Case.from_seen("5h Ks"), "2 cards dealt end inside a turn"),
        (lambda: Case.from_seen("5h", game="pharaon"), "1 card dealt ends inside a turn"),
        (lambda: Case.from_seen("x" * 3000), "characters"),
        (lambda: Case.from_seen(["5h"] * 60), "more than 52 cards seen"),
        (lambda: Case.from_seen([5]), "is a int"),
        (lambda: Case.from_case("A=1"), "is not RANK:COPIES"),
        (lambda: Case.from_case("A:5"), "allowed a whole number 0..4"),
        (lambda: Case.from_case("A:-1"), "allowed a whole number 0..4"),
        (lambda: Case.from_case("X:1"), "unknown rank 'X'"),
        (lambda: Case.from_case("A:1,a:2"), "rank A is given twice"),
        (lambda: Case.from_case("*:0,*:1"), "'*' is given twice"),
        (lambda: Case.from_case("2:1", deck=32), "not in the 32-card deck"),
        (lambda: Case.from_case("A:2"), "end inside a turn"),
        (lambda: Case.from_case(""), "no rank given"),
        (lambda: Case.from_case({"A": True}), "True copies"),
        (lambda: Case.from_case(7), "is a int"),  # type: ignore[arg-type]
        (lambda: Case.from_counts({4: 14}), "more than 13 ranks"),
        (lambda: Case.from_counts({5: 1}), "allowed a whole number 0..4"),
        (lambda: Case.from_counts({4: 10**100}), "more than 13 ranks"),
        (lambda: Case.from_counts({4: 1, "a": 2}), "'a' copies"),  # type: ignore[dict-item]
        (lambda: Case.from_seen("", deck=40), "unknown deck 40"),
        (lambda: Case.from_seen("", game="poker"), "unknown game 'poker'"),
        (lambda: Case.from_seen("", game="one-deck"), "one-deck"),
        (lambda: Case.from_seen("", game="faro", scheme="classic"), "scheme= is for"),
        (lambda: Case.from_seen("", game="two-deck", scheme="thirds"), "has no suit"),
        (lambda: Case.from_seen("", game=3), "is a int"),  # type: ignore[arg-type]
        (
            lambda: Case(game=as_game("faro"), deck=52, left=(4,) * 13, turns_dealt=1),
            "do not make 1 turns",
        ),
        (
            lambda: Case(game=as_game("faro"), deck=52, left=(5,) * 13, turns_dealt=0),
            "allowed 13 whole numbers",
        ),
        (lambda: Case.from_seen("5h").bet("A", side="up"), "allowed sides are open, coppered"),
        (lambda: Case.from_seen("5h").bet("A", kind="twice"), "allowed kinds are"),
        (lambda: Case.from_seen("5h").bet("A", kind="high-card"), "use high_card()"),
        (lambda: Case.from_seen("5h").bet("Z"), "unknown rank 'Z'"),
        (lambda: Case.from_case("*:0,A:2,K:1").bet("Q"), "has no copy left"),
        (lambda: Case.from_seen("5h").call_the_turn(pay=0), "allowed a payout > 0"),
        (lambda: Case.from_seen("5h").call_the_turn(pay=4.0), "is a float"),
        (lambda: Case.from_seen("5h").call_the_turn(cathop_pay="x"), "not an exact number"),
        (lambda: Case.from_case("5:2,K:3").report(replay=True), "needs the cards seen"),
        (lambda: Case.from_seen("5h").report(call_the_turn=True), "needs three cards"),
        (lambda: Case.from_case("5:2,K:3").history(), "needs the cards seen"),
        (lambda: Case.from_case("A:3").then("Ah", "Ac", "Ad", "As"), "no A is left"),
        (lambda: Case.from_seen("", game="pharaon").deal("copper-after-two"), "coppers bets"),
        (lambda: Case.from_seen("", game="faro").deal("nosuch"), "unknown pattern 'nosuch'"),
        (lambda: Case.from_seen("", deck=36).deal(Pattern.fixed("2")), "bets on 2: not in"),
        (lambda: Case.from_seen("").deal(3), "pattern=3 is of type int: allowed a Pattern"),  # type: ignore[arg-type]
    ],
)
def test_refused_in_one_line(make: object, fragment: str) -> None:
    with pytest.raises(ShtossError) as caught:
        make()  # type: ignore[operator]
    message = str(caught.value)
    assert fragment in message
    assert "\n" not in message


# --- patterns -------------------------------------------------------------------------


def test_pattern_files_and_built_ins() -> None:
    fixed = load_pattern(ROOT / "examples" / "patterns" / "fixed-seven.toml")
    assert fixed.bets == Pattern.fixed("7").bets
    assert Case.from_seen("", game="pharaon").deal(fixed).ev == pharaon().ev(Deal(52, 4))
    copper = resolve_pattern(str(ROOT / "examples" / "patterns" / "copper-after-two.toml"))
    assert copper.bets == BUILTIN["copper-after-two"].bets
    assert Case.from_seen("", game="faro").deal("case-cards").ev == 0


def test_a_large_joint_state_keeps_the_exact_expectation() -> None:
    start = time.process_time()
    deal = Case.from_seen("", game="faro").deal("copper-after-two")
    assert time.process_time() - start < 5
    assert deal.states > MAX_JOINT_STATES and deal.banker_net is None
    assert deal.ev == Fraction(-25, 34)  # in Faro a coppered bet is worth an open one
    assert deal.to_dict()["banker_net"] is None


def test_stakes_scale_the_whole_deal() -> None:
    case = Case.from_seen("5h Ks 5d 9c 2s", game="stuss")
    one = case.deal(Pattern("one", (PatternBet(),)))
    half = case.deal(Pattern("half", (PatternBet(stake=Fraction(1, 2)),)))
    assert half.ev == one.ev / 2
    assert one.banker_net is not None and half.banker_net is not None
    assert half.banker_net == {v / 2: p for v, p in one.banker_net.items()}
    assert one.edge_per_action == half.edge_per_action


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ({"bets": []}, "bets: 0 entries; allowed a list of 1 to 16 bet tables"),
        ({"bets": [{}] * 17}, "bets: 17 entries; allowed a list of 1 to 16"),
        ({"bets": [{"rank": "7"}]}, "bets[1].rank: unknown key; allowed ranks, side"),
        ({"bet": [{}]}, "bet: unknown key; allowed name, description, bets"),
        ([1], "bad value [1]; allowed a table"),
        ({"bets": [1]}, "bets[1]: bad value 1; allowed a table"),
        ({"bets": [{"ranks": "all"}]}, "bets[1].ranks"),
        ({"bets": [{"ranks": ["7", "7"]}]}, "different ranks"),
        ({"bets": [{"ranks": ["X"]}]}, "unknown rank 'X'"),
        ({"bets": [{"ranks": [7]}]}, "bets[1].ranks[1]: bad value 7; allowed a rank"),
        ({"bets": [{"ranks": ["7"] * 20}]}, "bets[1].ranks: 20 entries; allowed"),
        ({"bets": [{"side": "up"}]}, "bets[1].side"),
        ({"bets": [{"side": 1}]}, "bets[1].side: bad value 1; allowed"),
        ({"bets": [{"stake": -1}]}, "allowed an exact number > 0"),
        ({"bets": [{"stake": 0}]}, "allowed an exact number > 0"),
        ({"bets": [{"stake": True}]}, "bets[1].stake"),
        ({"bets": [{"stake": "1/0"}]}, "divides by zero"),
        ({"bets": [{"stake": "__import__('os')"}]}, "not an exact number"),
        ({"bets": [{"until": "never"}]}, "bets[1].until: bad value 'never'; allowed deal-end"),
        ({"bets": [{"copper_after": 5}]}, "bad value 5; allowed a whole number from 1 to 4"),
        ({"bets": [{"copper_after": "2"}]}, "copper_after"),
        ({"bets": [{"copper_after": 1, "side": "coppered"}]}, "for an open bet"),
        ({"name": "\x1b[31m", "bets": [{}]}, "control character"),
    ],
)
def test_bad_pattern_data(data: object, fragment: str) -> None:
    with pytest.raises(ShtossError) as caught:
        pattern_from_data(data)
    assert fragment in str(caught.value)


def test_pattern_files_are_read_by_the_one_reader(tmp_path: Path) -> None:
    bad = tmp_path / "p.json"
    bad.write_text('{"bets": [{}], "bets": [{}]}', encoding="utf-8")
    with pytest.raises(ShtossError, match="given twice"):
        load_pattern(bad)
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * 200_000, encoding="utf-8")
    with pytest.raises(ShtossError, match="too large"):
        load_pattern(big)
    with pytest.raises(ShtossError, match="unknown file type"):
        load_pattern(tmp_path / "p.yaml")


@pytest.mark.parametrize("seen", ["", "5h", "5h Ks 5d", "2s 2h 2d 3c Kd"])
@pytest.mark.parametrize("game", ["faro", "stuss"])
def test_a_bet_mixes_every_soda(seen: str, game: str) -> None:
    # Each soda weighs its copies over the cards left; the bet is the mixture, soda by soda.
    case = Case.from_seen(seen, game=game)
    for kind in ("stay", "one-turn"):
        for bet in case.bets(kind=kind):
            parts = [
                (weight, state.bet(bet.rank, kind=kind).odds)
                for weight, state in case.after_soda()
                if state.copies_left(bet.rank) and state.turns_left
            ]
            dead = sum(
                (w for w, s in case.after_soda() if not s.copies_left(bet.rank)), Fraction(0)
            )
            assert bet.odds.win == sum((w * o.win for w, o in parts), Fraction(0))
            assert bet.odds.ev == sum((w * o.ev for w, o in parts), Fraction(0))
            assert bet.odds.dead == dead + sum((w * o.dead for w, o in parts), Fraction(0))


_DEAL = [rank + suit for rank in (*"23456789", "10", *"JQKA") for suit in "cdhs"]


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["faro", "stuss", "pharaon", "bassette"]),
    st.permutations(_DEAL),
    st.integers(0, 26),
)
def test_the_history_is_the_case_after_each_turn_seen(
    game: str, deal: list[str], turns: int
) -> None:
    soda = game in ("faro", "stuss")
    count = min(turns * 2 + (1 if soda and turns else 0), 51 if soda else 52)
    case = Case.from_seen(" ".join(deal[:count]), game=game)
    first = 1 if soda and count else 0
    prefixes = range(first, count + 1, 2)
    expected = tuple(Case.from_seen(" ".join(deal[:n]), game=game) for n in prefixes)
    assert case.history() == expected
    assert tuple(case.at_turn(turn) for turn in range(case.turns_dealt + 1)) == expected
    with pytest.raises(ShtossError, match=f"allowed 0..{case.turns_dealt}, the turns dealt"):
        case.at_turn(case.turns_dealt + 1)
