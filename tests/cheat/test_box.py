"""The two-card box (``shtoss_exact.cheat.box``): against an expectimax over every order
of the labelled cards of small decks, the honest figures at no take, the published
honest Faro edge, more takes never worth less, and the policy replayed."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact.bet.odds import odds
from shtoss_exact.case.state import Case
from shtoss_exact.cheat.box import two_card_box
from shtoss_exact.errors import ShtossError
from tests.cheat.small import small_case, small_deals
from tests.oracles import crooked

GAMES = ("faro", "stuss", "two-deck", "pharaon")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("takes", [0, 1, 2])
def test_the_box_is_the_brute_force_expectimax(game: str, takes: int) -> None:
    for cards, copies in small_deals(game):
        got = two_card_box("7", takes=takes, game=game, case=small_case(cards, copies))
        assert got.edge == -crooked.box(game, cards, copies, takes), (cards, copies)


def test_no_take_is_the_honest_faro_of_odds() -> None:
    assert two_card_box("7", takes=0).edge == -odds(deck=52, scheme="faro").ev
    assert two_card_box("7", takes=0).edge == Fraction(101, 4998)
    assert two_card_box("Q", takes=0, game="two-deck").edge == -odds(deck=52).ev  # 33/833


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.integers(0, 4), min_size=13, max_size=13),
    st.sampled_from(GAMES),
    st.integers(0, 12),
)
def test_no_take_is_the_honest_bet_of_case(left: list[int], game: str, index: int) -> None:
    ranks = Case.from_case("*:4", game=game).ranks
    text = ",".join(f"{rank}:{count}" for rank, count in zip(ranks, left, strict=True))
    try:
        case = Case.from_case(text, game=game)
    except ShtossError:
        return  # no whole number of turns
    if case.cards_left == 0 or case.soda_due:
        return
    rank = ranks[index]
    got = two_card_box(rank, takes=0, case=case)
    if case.copies_left(rank) == 0 or case.turns_left == 0:
        assert got.edge == got.honest_edge == 0  # no bet can be decided
        return
    assert got.edge == got.honest_edge == case.bet(rank).edge


@pytest.mark.parametrize("game", ["faro", "two-deck"])
def test_more_takes_are_never_worth_less(game: str) -> None:
    edges = [two_card_box("7", takes=k, game=game, seen=None).edge for k in range(4)]
    assert edges == sorted(edges)
    assert edges[0] < edges[1]


def test_a_take_at_52_cards() -> None:
    # Figures of the recursion (checked above against the brute force on small decks).
    one = two_card_box("7", takes=1)
    assert (one.edge, two_card_box("7", takes=2).edge) == (
        Fraction(10209, 20825),
        Fraction(69743, 99960),
    )
    # The first row: 50 cards left before the first turn's winner, all four copies.
    assert one.policy[0] == {
        "cards_left": 50, "copies_left": 4, "takes": 1, "slot": "winner", "next_card": "copy",
    }  # fmt: skip


def _replayed(game: str, cards: int, copies: int, takes: int, policy: set[tuple[object, ...]]
              ) -> Fraction:  # fmt: skip
    """The punter's value when the dealer follows ``policy`` (a take exactly in the
    states it lists): the oracle's game tree with no choice left."""

    def state(dealt: tuple[str, ...]) -> str | None:
        placed = [card.startswith("c") for card in dealt]
        if not any(placed):
            return "winner" if len(dealt) % 2 else "loser"
        if placed.count(True) == 1 and placed[-1] and len(dealt) % 2:
            return "split"  # the loser was the first copy: the winner is still to come
        return None  # decided

    @cache
    def play(unseen: tuple[str, ...], dealt: tuple[str, ...], k: int) -> Fraction:
        if not unseen:
            return crooked.settle(game, tuple(card.startswith("c") for card in dealt))
        values = []
        for card in unseen:
            rest = crooked._less(unseen, card)
            slot = state(dealt)
            copies_left = sum(c.startswith("c") for c in unseen)
            kind = "copy" if card.startswith("c") else "other"
            if slot is not None and (len(unseen), copies_left, k, slot, kind) in policy:
                values.append(
                    crooked._mean([play(crooked._less(rest, y), (*dealt, y), k - 1) for y in rest])
                )
            else:
                values.append(play(rest, (*dealt, card), k))
        return crooked._mean(values)

    return play(crooked.labels(cards, copies), (), takes)


@pytest.mark.parametrize("takes", [1, 2])
def test_the_policy_replayed_gives_the_edge(takes: int) -> None:
    for cards, copies in small_deals("faro"):
        got = two_card_box("7", takes=takes, case=small_case(cards, copies))
        listed = {tuple(row.values()) for row in got.policy}
        assert got.edge == -_replayed("faro", cards, copies, takes, listed), (cards, copies)


def test_from_the_cards_seen() -> None:
    seen = two_card_box("5", takes=1, seen="5h Ks 5d")
    case = two_card_box("5", takes=1, case=Case.from_seen("5h Ks 5d", game="faro"))
    assert seen.edge == case.edge and seen.copies_left == 2 and seen.cards_left == 49


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"takes": -1}, "takes=-1: allowed a whole number 0..100"),
        ({"takes": True}, "takes=True: allowed a whole number 0..100"),
        ({"seen": "5h", "case": "*:4"}, "give seen= or case=, not both"),
        ({"game": "two-deck", "scheme": "thirds"}, "pays by the deciding card.s suit"),
    ],
)
def test_refusals(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(ShtossError, match=message):
        two_card_box("7", **arguments)  # type: ignore[arg-type]
