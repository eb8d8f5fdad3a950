"""The games a case is played by: the refusal of a game not known, in Russian whole."""

from __future__ import annotations

import re

import pytest

from shtoss_exact.case.rules import GAMES, as_game
from shtoss_exact.errors import ShtossError
from shtoss_exact.i18n import speaking


@pytest.mark.parametrize("game", ["nope", "one-deck", 7])
def test_the_allowed_games_are_spoken_in_russian(game: object) -> None:
    with speaking("ru"), pytest.raises(ShtossError) as refused:
        as_game(game)
    line = str(refused.value)
    assert "допустимые игры" in line
    # the games' names and the parameter are data (English words); the rest is Russian
    words = re.sub("|".join(GAMES) + r"|int|game=|'[^']*'", "", line)
    assert not re.search(r"[A-Za-z]{2,}", words), line


def test_the_allowed_games_stay_english_in_english() -> None:
    with pytest.raises(ShtossError, match=r"allowed games are faro, .*\(two-deck: Stoss with"):
        as_game("nope")
