"""Every library argument that takes a scheme takes a file the same way.

A scheme file's path (``str`` with a ``/`` or a suffix, or a ``pathlib.Path``) gives
the very answer that the scheme read from it gives as an object, in every entry:
``odds``, ``fair_payoff``, ``series``, ``optimal_play``, ``bank`` (its default scheme
and a bet's own), the case's games, tables and closed forms.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from shtoss_exact import (
    Case,
    ShtossError,
    TableSpec,
    bank,
    closed_forms,
    fair_payoff,
    odds,
    optimal_play,
    series,
    summary_records,
)
from shtoss_exact.case.rules import as_game
from shtoss_exact.schemes.files import as_scheme, load_scheme
from tests import ROOT

FILE = ROOT / "examples" / "schemes" / "lob-half.toml"
"""The lob-half scheme written out in full, with the named parameter ``lob``."""

GIVEN = [str(FILE), FILE, str(FILE.relative_to(ROOT))]
"""The same file as text with a ``/``, as a ``Path``, and relative to the root."""


@pytest.fixture(autouse=True)
def _at_the_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


@pytest.mark.parametrize("given", GIVEN)
def test_odds(given: str | Path) -> None:
    scheme = load_scheme(FILE)
    assert odds(deck=52, scheme=given).ev == odds(deck=52, scheme=scheme).ev
    # Known value: the lob-half edge differs from classic's -33/833.
    assert odds(deck=52, scheme=given).ev != odds(deck=52).ev


@pytest.mark.parametrize("given", GIVEN)
def test_fair_payoff(given: str | Path) -> None:
    by_file = fair_payoff(given, "lob", cards=12, copies=2)
    by_object = fair_payoff(load_scheme(FILE), "lob", cards=12, copies=2)
    assert by_file.to_dict() == by_object.to_dict()


@pytest.mark.parametrize("given", GIVEN)
def test_series(given: str | Path) -> None:
    by_file = series("paroli:2", deals=2, scheme=given, cards=8, copies=2)
    by_object = series("paroli:2", deals=2, scheme=load_scheme(FILE), cards=8, copies=2)
    assert by_file.net == by_object.net


@pytest.mark.parametrize("given", GIVEN)
def test_optimal_play(given: str | Path) -> None:
    by_file = optimal_play(bankroll=2, target=4, scheme=given, cards=8, copies=2)
    by_object = optimal_play(bankroll=2, target=4, scheme=load_scheme(FILE), cards=8, copies=2)
    assert by_file.value == by_object.value


@pytest.mark.parametrize("given", GIVEN)
def test_bank_default_scheme_and_a_bets_own(given: str | Path) -> None:
    scheme = load_scheme(FILE)
    by_default = bank(["7", "K:2"], scheme=given, cards=12, copies=2)
    by_object = bank(["7", "K:2"], scheme=scheme, cards=12, copies=2)
    by_bet = bank(["7:1:" + str(given), f"K:2:{given}"], cards=12, copies=2)
    assert by_default.to_dict() == by_object.to_dict() == by_bet.to_dict()


@pytest.mark.parametrize("given", GIVEN)
def test_the_case_games(given: str | Path) -> None:
    scheme = load_scheme(FILE)
    assert as_game("two-deck", scheme=given).scheme == scheme
    assert as_game(given).scheme == scheme  # a file as the game: Stoss with its scheme
    by_file = Case.from_seen("", game="two-deck", scheme=given, deck=32)
    by_object = Case.from_seen("", game="two-deck", scheme=scheme, deck=32)
    assert by_file.to_dict() == by_object.to_dict()


@pytest.mark.parametrize("given", GIVEN)
def test_tables(given: str | Path) -> None:
    by_file = summary_records(TableSpec(cards=(8, 12), copies=2, schemes=(given, "classic")))
    by_object = summary_records(
        TableSpec(cards=(8, 12), copies=2, schemes=(load_scheme(FILE), "classic"))
    )
    assert by_file == by_object


def test_closed_forms() -> None:
    pytest.importorskip("sympy")
    by_file = closed_forms(1, scheme=str(FILE), parity="even")
    assert str(by_file.to_dict()) == str(
        closed_forms(1, scheme=load_scheme(FILE), parity="even").to_dict()
    )


def test_a_bare_word_is_always_a_built_in_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A file called "classic" beside the caller is never read for the name "classic".
    (tmp_path / "classic").write_text('name = "not the built-in"', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert as_scheme("classic").name == "classic"
    with pytest.raises(ShtossError, match=r"^unknown scheme 'nosuch': allowed schemes are classic"):
        odds(deck=52, scheme="nosuch")
    with pytest.raises(ShtossError, match=r"^scheme file 'absent\.toml': cannot read the file"):
        bank(["7"], scheme="absent.toml")
