"""The bound of an exact number given as a value: ``MAX_DIGITS`` digits accepted, one
more refused, wherever the bound is applied (a plan's kush and stakes, a strategy's
bankroll, target and maximum stake, a number of a data file), and the refusal says the
bound it applies."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from shtoss_exact.data_files import exact_from_data
from shtoss_exact.errors import ShtossError
from shtoss_exact.numbers import MAX_DIGITS, parse_fraction, within_digits
from shtoss_exact.plans.catalog import bounded_number
from shtoss_exact.strategy.play import optimal_play

LONGEST = 10**MAX_DIGITS - 1  # MAX_DIGITS nines
SHORTEST_TOO_LONG = 10**MAX_DIGITS  # MAX_DIGITS + 1 digits, and still below 2**200


def test_the_bound_is_counted_in_digits_not_bits() -> None:
    assert len(str(LONGEST)) == MAX_DIGITS and len(str(SHORTEST_TOO_LONG)) == MAX_DIGITS + 1
    # Both take 200 bits: a bound in bits cannot tell them apart.
    assert LONGEST.bit_length() == SHORTEST_TOO_LONG.bit_length() == 200
    assert within_digits(LONGEST) and within_digits(-LONGEST)
    assert not within_digits(SHORTEST_TOO_LONG) and not within_digits(-SHORTEST_TOO_LONG)
    assert within_digits(Fraction(LONGEST, LONGEST - 1))
    assert not within_digits(Fraction(1, SHORTEST_TOO_LONG))


def _strategy(key: str) -> Callable[[int], object]:
    def solve(value: int) -> object:
        small = {"bankroll": 1, "target": 2, "max_stake": 1}
        return optimal_play(**{**small, key: value}, deck=32, plans=())

    return solve


BOUNDED: dict[str, Callable[[int], object]] = {
    "plan-kush": lambda value: bounded_number(value, name="kush"),
    "data-file-number": exact_from_data,
    "strategy-max-stake": _strategy("max_stake"),
}


@pytest.mark.parametrize("where", BOUNDED)
def test_sixty_digits_are_accepted_and_sixty_one_refused(where: str) -> None:
    check = BOUNDED[where]
    check(LONGEST)
    with pytest.raises(ShtossError, match=f"{MAX_DIGITS} digits"):
        check(SHORTEST_TOO_LONG)


GOALS = {
    "bankroll": ({"bankroll": LONGEST, "bank": 1}, {"bankroll": SHORTEST_TOO_LONG, "bank": 1}),
    "target": (
        {"bankroll": 10 ** (MAX_DIGITS - 1), "target": LONGEST},
        {"bankroll": 1, "target": SHORTEST_TOO_LONG},
    ),
}


@pytest.mark.parametrize("key", GOALS)
def test_a_strategy_takes_sixty_digits_to_its_cost_guard(key: str) -> None:
    # Sixty digits pass the digit bound: what refuses such a goal is the cost of solving it.
    longest, too_long = GOALS[key]
    with pytest.raises(ShtossError) as refused:
        optimal_play(**longest, deck=32, plans=())
    assert "digits" not in str(refused.value)
    with pytest.raises(ShtossError, match=f"{key}=.*: allowed at most {MAX_DIGITS} digits"):
        optimal_play(**too_long, deck=32, plans=())


def test_text_counts_its_digits_in_all() -> None:
    assert parse_fraction("9" * MAX_DIGITS) == LONGEST
    assert parse_fraction("1/" + "9" * (MAX_DIGITS - 1)) == Fraction(1, 10 ** (MAX_DIGITS - 1) - 1)
    with pytest.raises(ShtossError, match=f"more than {MAX_DIGITS} digits"):
        parse_fraction("9" * (MAX_DIGITS + 1))
