"""The cheats' views: the games named as the case's view names them, in each language."""

from __future__ import annotations

from shtoss_exact.i18n import speaking
from shtoss_exact.report import cheat_view
from shtoss_exact.report.case_view import GAME_TITLES


def test_the_games_are_the_case_views_in_english() -> None:
    assert {game: cheat_view._game(game) for game in GAME_TITLES} == GAME_TITLES
    assert cheat_view._game("a-new-game") == "a-new-game"


def test_the_games_are_spoken_in_russian() -> None:
    with speaking("ru"):
        names = {game: cheat_view._game(game) for game in GAME_TITLES}
    assert names == {"faro": "Фаро", "stuss": "Штусс", "pharaon": "Фараон",
                     "bassette": "Бассет", "two-deck": "Штосс"}  # fmt: skip
