"""Python's limit on int-text conversion is the program's own only while a command
renders: a caller running the command line in its own process gets its limit back; so
does its collector of cycles, held while a picture is drawn."""

from __future__ import annotations

import gc
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from shtoss_exact.cli.process import collector_held, int_digits
from shtoss_exact.limits import MAX_WHOLE_DIGITS
from tests.conftest import Shtoss


@contextmanager
def digit_limit(limit: int) -> Iterator[None]:
    """The test's own setting of the limit, put back after (written without the code
    under test)."""
    before = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(limit)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(before)


LIMITS = [640, 0, MAX_WHOLE_DIGITS, 20_000]


@pytest.mark.parametrize("limit", LIMITS)
def test_the_limit_is_the_programs_inside_and_the_callers_after(limit: int) -> None:
    with digit_limit(limit):
        with int_digits():
            assert sys.get_int_max_str_digits() == MAX_WHOLE_DIGITS
            with int_digits(1000):  # nested: each level puts back its own
                assert sys.get_int_max_str_digits() == 1000
            assert sys.get_int_max_str_digits() == MAX_WHOLE_DIGITS
        assert sys.get_int_max_str_digits() == limit
        with pytest.raises(ZeroDivisionError), int_digits():
            1 // 0  # noqa: B018
        assert sys.get_int_max_str_digits() == limit


@pytest.mark.parametrize("limit", LIMITS)
@pytest.mark.parametrize("fmt", ["text", "json", "csv", "markdown"])
def test_a_command_run_in_process_leaves_the_limit_as_it_was(
    shtoss: Shtoss, limit: int, fmt: str
) -> None:
    # A deck of 1001 digits: over the lowest limit Python may be set to (640), under
    # the program's own (MAX_WHOLE_DIGITS); one copy of the punter's rank in it.
    cards = "1" + "0" * 1000
    with digit_limit(limit):
        ran = shtoss("odds", "--cards", cards, "--copies", "1", "--format", fmt)
        after_run = sys.get_int_max_str_digits()
        refused = shtoss("odds", "--cards", "9" * (MAX_WHOLE_DIGITS + 1))
        after_refusal = sys.get_int_max_str_digits()
    assert (ran.status, ran.stderr) == (0, "")
    assert cards in ran.stdout  # the huge deck is written whole
    assert refused.status == 2 and f"at most {MAX_WHOLE_DIGITS} digits" in refused.stderr
    assert after_run == after_refusal == limit
    if fmt == "json":
        with digit_limit(0):
            assert json.loads(ran.stdout)["cards"] == int(cards)


@pytest.mark.parametrize("limit", [640, 0])
def test_rows_streamed_leave_the_limit_as_it_was(shtoss: Shtoss, limit: int) -> None:
    # One row per abzug, written as it is made: the streamed path renders under the
    # program's limit too, and puts the caller's back.
    with digit_limit(limit):
        ran = shtoss("table", "--cards", "12", "--copies", "2", "--by-abzug")
        after = sys.get_int_max_str_digits()
    assert ran.status == 0 and after == limit


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_held_inside_and_as_it_was_after(enabled: bool) -> None:
    # In a caller's process: nothing frozen, the caller's garbage stays collectable.
    before = gc.get_freeze_count()
    (gc.enable if enabled else gc.disable)()
    try:
        with collector_held():
            assert not gc.isenabled()
        assert gc.isenabled() == enabled
        with pytest.raises(ZeroDivisionError), collector_held():
            1 // 0  # noqa: B018
        assert gc.isenabled() == enabled and gc.get_freeze_count() == before
    finally:
        gc.enable()
