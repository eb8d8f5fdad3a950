"""The sand-tell used with the two-card box (``shtoss_exact.cheat.tell``): against an
expectimax over every order of the labelled cards of small decks, and its two ends —
the class the punter's rank alone is the two-card box, every rank tells nothing."""

from __future__ import annotations

import pytest

from shtoss_exact.cheat.box import two_card_box
from shtoss_exact.cheat.tell import sand_tell
from shtoss_exact.errors import ShtossError
from tests.oracles import crooked

# Faro after the soda: an odd number of cards left; the 7 the punter's rank, the class
# the ranks named, K and Q filling the deck.
SMALL = [
    ("*:0,7:2,K:3", "K", (2, 3, 0)),
    ("*:0,7:2,K:2,Q:1", "K", (2, 2, 1)),
    ("*:0,7:1,K:2,Q:2", "7,K", (1, 2, 2)),
    ("*:0,7:2,K:4,Q:1", "Q", (2, 1, 4)),
    ("*:0,7:3,K:2,Q:2", "7", (3, 0, 4)),
]


@pytest.mark.parametrize(("text", "ranks", "counts"), SMALL)
@pytest.mark.parametrize("takes", [0, 1, 2])
def test_the_tell_is_the_brute_force_expectimax(
    text: str, ranks: str, counts: tuple[int, int, int], takes: int
) -> None:
    got = sand_tell("7", ranks, takes=takes, case=text)
    copies, in_class, out_class = counts
    expected = crooked.tell("faro", copies, in_class, out_class, takes, copy_in="7" in ranks)
    assert got.edge == -expected


@pytest.mark.parametrize("game", ["faro", "two-deck"])
def test_the_rank_alone_is_the_box_and_every_rank_is_nothing(game: str) -> None:
    box = two_card_box("7", takes=1, game=game).edge
    assert sand_tell("7", "7", takes=1, game=game).edge == box
    everything = "2,3,4,5,6,7,8,9,10,J,Q,K,A"
    honest = two_card_box("7", takes=0, game=game).edge
    assert sand_tell("7", everything, takes=1, game=game).edge == honest


def test_a_class_without_the_rank_is_worth_less_than_the_box() -> None:
    honest = sand_tell("7", "J,Q,K", takes=0)
    once = sand_tell("7", "J,Q,K", takes=1)
    assert honest.edge == honest.honest_edge < once.edge < two_card_box("7", takes=1).edge
    assert once.to_dict()["tell_class"] == ["J", "Q", "K"]


def test_refusals() -> None:
    with pytest.raises(ShtossError, match="unknown rank 'X'"):
        sand_tell("7", "K,X")
    with pytest.raises(ShtossError, match="rank 2 is not in the 36-card deck"):
        sand_tell("7", "2", deck=36)
