"""Dealing seconds and the передержка (``shtoss_exact.cheat.seconds``): against an
expectimax over every order of the labelled cards of small decks, the honest figures
at no take, and more takes never worth less."""

from __future__ import annotations

from fractions import Fraction

import pytest

from shtoss_exact.bet.odds import odds
from shtoss_exact.cheat.seconds import seconds, swap
from tests.cheat.small import small_case, small_deals
from tests.oracles import crooked

GAMES = ("faro", "stuss", "two-deck", "pharaon")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("takes", [0, 1, 2])
def test_seconds_are_the_brute_force_expectimax(game: str, takes: int) -> None:
    for cards, copies in small_deals(game):
        got = seconds("7", takes=takes, game=game, case=small_case(cards, copies))
        assert got.edge == -crooked.seconds(game, cards, copies, takes), (cards, copies)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("takes", [0, 1, 2])
def test_the_swap_is_the_brute_force_expectimax(game: str, takes: int) -> None:
    for cards, copies in small_deals(game):
        got = swap("7", takes=takes, game=game, case=small_case(cards, copies))
        assert got.edge == -crooked.swap(game, cards, copies, takes), (cards, copies)


@pytest.mark.parametrize("cheat", [seconds, swap])
def test_no_take_is_honest(cheat: object) -> None:
    assert cheat("7", takes=0, game="faro").edge == -odds(deck=52, scheme="faro").ev  # type: ignore[operator]
    assert cheat("7", takes=0, game="two-deck").edge == Fraction(33, 833)  # type: ignore[operator]


@pytest.mark.parametrize("cheat", [seconds, swap])
@pytest.mark.parametrize("game", ["faro", "two-deck"])
def test_more_takes_are_never_worth_less(cheat: object, game: str) -> None:
    edges = [cheat("7", takes=k, game=game).edge for k in range(3)]  # type: ignore[operator]
    assert edges == sorted(edges) and edges[0] < edges[1] <= 1


def test_one_swap_decides_a_stoss_bet() -> None:
    # The first abzug holding a copy: a copy on the sonik alone is swapped onto the lob.
    assert swap("7", takes=1, game="two-deck").edge == 1
    # In Faro the first turn holding a copy is killed (swapped if need be) unless it is a
    # split, which costs half; four copies never leave the hock first. So the edge is
    # 1 - P(split) / 2, and the honest edge is P(split) / 2 (killed and given balance).
    honest = -odds(deck=52, scheme="faro").ev
    assert honest == Fraction(101, 4998)
    assert swap("7", takes=1, game="faro").edge == 1 - honest
