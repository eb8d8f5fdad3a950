"""One set of deck arguments: every library entry takes ``odds``' names (``deck``,
``cards``, ``copies``, ``one_deck``, ``card``, ``suits``) and counts them one way."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest

from shtoss_exact import ShtossError, bank, fair_payoff, odds, optimal_play, series
from shtoss_exact.bet.odds import odds_of
from shtoss_exact.bet.tables import TableSpec
from shtoss_exact.deck import Deal, deal_from, make_deal

SETUPS: list[dict[str, Any]] = [
    {},
    {"deck": 36},
    {"deck": 32, "copies": 2},
    {"cards": 20, "copies": 2},
    {"one_deck": True},
    {"deck": 36, "one_deck": True},
    {"cards": 9, "copies": 3, "one_deck": True},
    {"deck": 32, "copies": 2, "one_deck": True},
]

ENTRIES: dict[str, Callable[..., Any]] = {
    "odds": lambda **kw: (
        odds(**kw).to_dict() if "deal" not in kw else odds_of(kw["deal"]).to_dict()
    ),
    "fair_payoff": lambda **kw: fair_payoff("lob-half", "lob", **kw).to_dict(),
    "series": lambda **kw: series("paroli:2", deals=3, series_length=2, **kw).to_dict(),
    "optimal_play": lambda **kw: optimal_play(
        bankroll=3, target=6, plans=("flat",), **kw
    ).to_dict(),
}


@pytest.mark.parametrize("entry", list(ENTRIES))
@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: ",".join(f"{k}={v}" for k, v in s.items()))
def test_every_entry_takes_the_deck_arguments_as_odds_does(
    entry: str, setup: dict[str, Any]
) -> None:
    call = ENTRIES[entry]
    assert call(**setup) == call(deal=make_deal(**setup))


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: ",".join(f"{k}={v}" for k, v in s.items()))
def test_a_bank_of_one_bet_is_the_one_bet(setup: dict[str, Any]) -> None:
    one = bank(["7"], **setup).bet_odds[0]
    alone = odds(**setup)
    assert (one.banker, one.punter, one.ev, one.copies) == (
        alone.banker, alone.punter, alone.ev, alone.copies
    )  # fmt: skip


def brute_one_deck(cards: int, copies: int) -> tuple[Fraction, Fraction, Fraction]:
    """The whole deck of ``cards`` holds ``copies`` of the punter's rank; he takes its
    top card, one of them: every placement of the copies with one on top, the banker
    dealing the rest in abzugs. (killed, plié, given)."""
    tally = [0, 0, 0]
    total = 0
    for places in combinations(range(cards), copies):
        if places[0] != 0:
            continue  # the top card is the punter's card, a copy of his rank
        total += 1
        rest = [p - 1 for p in places[1:]]  # positions in the banker's deck, from 0
        if not rest:
            continue
        first = rest[0]
        if first % 2 == 1:
            tally[2] += 1  # a sonik: given
        elif first + 1 in rest:
            tally[1] += 1  # the lob and its sonik: plié
        else:
            tally[0] += 1
    return tuple(Fraction(t, total) for t in tally)  # type: ignore[return-value]


@pytest.mark.parametrize(
    ("cards", "copies"), [(n, m) for n in range(1, 10) for m in range(1, n + 1)]
)
def test_one_deck_copies_count_the_whole_deck(cards: int, copies: int) -> None:
    o = odds(cards=cards, copies=copies, one_deck=True)
    assert (o.killed, o.plie, o.given) == brute_one_deck(cards, copies)
    assert (o.cards, o.copies) == (cards - 1, copies - 1)
    row = next(TableSpec(cards=cards, copies=copies, games="one-deck").rows())
    assert (row.cards, row.copies, row.banker, row.ev) == (o.cards, o.copies, o.banker, o.ev)


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda: odds(deck=40), "unknown deck 40"),
        (lambda: odds(one_deck=True, copies=0), "copies=0 in a one-deck game"),
        (lambda: odds(cards=3, copies=4), "copies=4 is more than cards=3"),
        (lambda: odds(copies=5), "copies=5 in the preset 52-card deck"),
        (lambda: series("flat", deals=2, deal=Deal(10, 2), deck=36), "deal= and deck= both given"),
        (lambda: series("flat", deals=2, deal=Deal(10, 2), one_deck=False), "one_deck="),
        (lambda: series("flat", deals=2, deal=(10, 2)), "deal=(10, 2) is not a Deal"),  # type: ignore[arg-type]
        (lambda: fair_payoff("lob-half", "lob", deal=Deal(52, 4), cards=52), "cards="),
        (lambda: fair_payoff(Deal(52, 4), "lob-half"), "takes the scheme first"),  # type: ignore[arg-type]
        (lambda: optimal_play(bankroll=2, target=4, deal=Deal(52, 4), copies=3), "copies="),
        (lambda: optimal_play(bankroll=2, target=4, cards=2, copies=3), "copies=3 is more than"),
        (lambda: bank(["7"], one_deck=True, copies=0), "copies=0 of 7 in a one-deck bank"),
        (lambda: bank(["7"], copies=5), "copies=5 of 7 in the preset 52-card deck"),
        (lambda: TableSpec(games="faro").size(), "games holds 'faro' is not dealt here"),
    ],
)
def test_unknown_or_contradictory_arguments_are_refused_by_name(
    call: Callable[[], object], named: str
) -> None:
    with pytest.raises(ShtossError) as caught:
        call()
    assert named in str(caught.value)


def test_deal_from_is_make_deal_or_the_deal() -> None:
    assert deal_from() == make_deal()
    assert deal_from(deck=36, one_deck=True) == Deal(35, 3, one_deck=True)
    assert deal_from(deal=Deal(7, 2)) == Deal(7, 2)
