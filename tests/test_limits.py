"""The one limits module: its check, the one whole-number parser, and the estimates held
to the measured CPU time both ways (never wall time: the machine is shared)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shtoss_exact import ShtossError, odds
from shtoss_exact.bet.tables import TableSpec
from shtoss_exact.deck import Deal
from shtoss_exact.engine import abzug_cost, abzug_counts
from shtoss_exact.int_text import int_str
from shtoss_exact.limits import (
    MAX_CHAIN_BYTES,
    MAX_SECONDS,
    MAX_WHOLE_DIGITS,
    Budget,
    Cost,
    allowance,
    budget,
    check_cost,
    held_besides,
)
from shtoss_exact.numbers import whole_digits_over, whole_number
from shtoss_exact.plans.catalog import plan_named
from shtoss_exact.plans.chain import Rules, build_chain, classic_outcomes
from shtoss_exact.plans.cost import bits_after, int_bytes
from shtoss_exact.plans.series import series
from shtoss_exact.schemes.schema import scheme_from_data
from shtoss_exact.schemes.settlement import settlement_seconds
from shtoss_exact.strategy.play import optimal_play
from tests import ROOT

HEAVY = {
    "name": "heavy",
    "rules": [
        {"kind": ["killed", "plie"], "position": i, "payoff": "-1/2"} for i in range(1, 1001)
    ],
    "premiums": [
        {"name": f"p{i}", "kind": "given", "position": i + 1, "amount": "1/10"}
        for i in range(1, 1001)
    ],
}
"""A scheme file at its limits: 1000 rules and 1000 premiums, each naming a position."""


RUN_AND_REPORT_PEAK = """
import atexit, os, sys

def peak():
    with open("/proc/self/status") as status, open(os.environ["PEAK_FILE"], "w") as out:
        out.write(next(line.split()[1] for line in status if line.startswith("VmHWM:")))

atexit.register(peak)
sys.argv[0] = "shtoss-exact"
from shtoss_exact.entry import main
main()
"""
"""The program, writing at exit its own peak resident memory (``VmHWM``, kB): the
child's ``ru_maxrss`` would count the test process it was forked from."""


def _child(
    args: list[str], *, env: dict[str, str] | None = None, cwd: Path | None = None
) -> tuple[subprocess.CompletedProcess[str], float, float]:
    """Run the program in a child: its output and status, its own CPU seconds (from
    ``os.wait4``) and its peak resident memory in MB."""
    with tempfile.TemporaryDirectory() as where:
        peak_file = Path(where) / "peak"
        out, err = Path(where) / "out", Path(where) / "err"
        with out.open("wb") as stdout, err.open("wb") as stderr:
            child = subprocess.Popen(
                [sys.executable, "-c", RUN_AND_REPORT_PEAK, *args],
                stdout=stdout,
                stderr=stderr,
                env={
                    **os.environ,
                    "PYTHONPATH": str(ROOT),
                    "PEAK_FILE": str(peak_file),
                    **(env or {}),
                },
                cwd=cwd,
            )
            _, status, usage = os.wait4(child.pid, 0)
        code = os.waitstatus_to_exitcode(status)
        ran = subprocess.CompletedProcess(args, code, out.read_text(), err.read_text())
        peak = int(peak_file.read_text()) / 1024
    return ran, usage.ru_utime + usage.ru_stime, peak


# --- the check --------------------------------------------------------------------------------


def test_one_line_names_what_the_estimate_the_limit_and_the_advice() -> None:
    with pytest.raises(ShtossError) as caught:
        check_cost(Cost(seconds=25.0), what="this", advice="do less")
    assert str(caught.value) == "this: about 25 s of work, more than the limit of 10 s; do less"
    with pytest.raises(ShtossError, match="about 2 GB held at once, more than the limit of 1 GB"):
        check_cost(Cost(bytes=2e9), what="this", advice="do less")
    with pytest.raises(ShtossError, match=r"exact values of about 6e\+04 digits"):
        check_cost(Cost(digits=6e4), what="this", advice="do less")
    check_cost(Cost(seconds=MAX_SECONDS, bytes=1e9, digits=5e4), what="this", advice="-")


def test_an_allowance_narrows_the_budget_and_reports_what_it_passed() -> None:
    with allowance(seconds=2.0) as spent:
        check_cost(Cost(seconds=1.5), what="a", advice="b")
        with pytest.raises(ShtossError, match="more than the limit of 2 s"):
            check_cost(Cost(seconds=3.0), what="a", advice="b")
    assert spent.seconds == 1.5 and len(spent.refused) == 1
    check_cost(Cost(seconds=3.0), what="a", advice="b")  # outside it: the whole budget


def test_what_is_held_besides_counts_with_the_estimate() -> None:
    check_cost(Cost(bytes=0.9e9), what="a", advice="b")
    with held_besides(0.2e9), pytest.raises(ShtossError, match=r"about 1.1 GB held at once"):
        check_cost(Cost(bytes=0.9e9), what="a", advice="b")
    with held_besides(0.2e9), allowance(seconds=1.0):  # an allowance inside keeps it
        with pytest.raises(ShtossError, match="more than the limit of 1 GB"):
            check_cost(Cost(bytes=0.9e9), what="a", advice="b")
        assert budget().bytes == pytest.approx(0.8e9)


def test_the_bytes_of_long_counts_are_those_cpython_holds() -> None:
    """The estimate of a flat series's counts is at least the bytes the ints take (4 bytes
    a 30-bit digit, with their headers and the slots holding them), and not far above."""
    deals = 3000
    counts = series(deals=deals).net.counts
    held = sum(sys.getsizeof(c) + 8 for c in counts)
    estimate = int_bytes(len(counts), bits_after(deals, 833))
    assert held < estimate < 1.2 * held, (estimate, held)


@given(
    over=st.floats(min_value=1e-12, max_value=1e6, allow_nan=False),
    field=st.sampled_from(["seconds", "bytes", "digits", "rows"]),
)
def test_a_refused_estimate_reads_above_its_limit(over: float, field: str) -> None:
    """The figure of a refusal is never rounded down to its limit (\"about 10 s of work,
    more than the limit of 10 s\"): read back, it is above the limit it names."""
    limit = getattr(Budget(), field)
    value = limit * (1 + over)
    if value == limit:
        return
    with pytest.raises(ShtossError) as caught:
        check_cost(Cost(**{field: value}), what="this", advice="do less")
    found = re.search(r"about ([0-9.e+]+) .*more than the limit of ([0-9.e+]+)", str(caught.value))
    assert found is not None, str(caught.value)
    shown, named = (float(x) for x in found.groups())
    unit = 1e9 if field == "bytes" else 1  # bytes are told in GB
    assert shown > named == limit / unit


# --- one whole-number parser ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "allowed"),
    [("52", 52), (" +7 ", 7), ("9" * MAX_WHOLE_DIGITS, 10**MAX_WHOLE_DIGITS - 1), (12, 12)],
)
def test_whole_numbers_are_read(value: object, allowed: int) -> None:
    assert whole_number(value, name="cards", text=True) == allowed


@pytest.mark.parametrize(
    ("value", "needle"),
    [
        ("٣", "is not a whole number"),
        ("３", "is not a whole number"),
        ("²", "is not a whole number"),
        ("1e9", "is not a whole number"),
        ("", "is not a whole number"),
        (3.0, "is not a whole number"),
        (True, "is not a whole number"),
        ("9" * (MAX_WHOLE_DIGITS + 1), f"at most {MAX_WHOLE_DIGITS} digits"),
        ("-1", "too small"),
        ("13", "too large: allowed whole numbers 0..12"),
    ],
)
def test_whole_numbers_are_refused(value: object, needle: str) -> None:
    if isinstance(value, str) and needle == "is not a whole number":
        with pytest.raises(ShtossError, match=needle):  # text only where text is read
            whole_number("12", name="cards")
    with pytest.raises(ShtossError, match=needle):
        whole_number(value, name="cards", maximum=12, text=True)


@pytest.mark.parametrize("limit", ["640", "0"])
def test_parsing_and_printing_do_not_depend_on_pythonintmaxstrdigits(limit: str) -> None:
    cards = "1" + "0" * 4000
    for fmt in ("text", "json", "csv", "markdown"):
        args = ["odds", "--cards", cards, "--copies", "1", "--format", fmt, "--decimals", "3"]
        plain, _, _ = _child(args)
        ran, _, _ = _child(args, env={"PYTHONINTMAXSTRDIGITS": limit})
        assert (ran.returncode, ran.stderr) == (0, "")
        assert ran.stdout == plain.stdout and cards in ran.stdout
    ran, _, _ = _child(["table", "--cards", "52..60:4"], env={"PYTHONINTMAXSTRDIGITS": limit})
    assert (ran.returncode, ran.stderr) == (0, "")
    too_long, _, _ = _child(["odds", "--cards", "9" * 5000], env={"PYTHONINTMAXSTRDIGITS": limit})
    assert too_long.returncode == 2 and "is not a whole number of at most 4300" in too_long.stderr


@pytest.mark.parametrize("limit", ["640", "0"])
def test_data_files_are_read_alike_whatever_pythonintmaxstrdigits(
    limit: str, tmp_path: Path
) -> None:
    (tmp_path / "p.json").write_text('{"kush": ' + "7" * 700 + "}")
    (tmp_path / "s.json").write_text('{"payoffs": {"given": 2}}')
    (tmp_path / "p.toml").write_text("kush = " + "7" * 700)
    (tmp_path / "q.toml").write_text("kush = " + "7" * 5000)
    for args, status, needle in (
        (["series", "--plan-file", "p.json"], 2, "an integer of 700 digits: at most 60"),
        (["series", "--plan-file", "p.toml"], 2, "more than 60 digits"),
        (["series", "--plan-file", "q.toml"], 2, "bad TOML (an integer of more than 4300 digits"),
        (["odds", "--scheme", "s.json"], 0, ""),
    ):
        ran, _, _ = _child(args, env={"PYTHONINTMAXSTRDIGITS": limit}, cwd=tmp_path)
        assert ran.returncode == status and needle in ran.stderr, ran.stderr


def test_huge_decks_print_whole_in_the_record() -> None:
    cards = 10 ** (MAX_WHOLE_DIGITS - 1)  # the largest deck: as many digits as the CLI reads
    result = odds(cards=cards, copies=1)
    # shown by its leading digits and its size; whole in the record
    assert f"(cards=1.000…e+{MAX_WHOLE_DIGITS - 1} ({MAX_WHOLE_DIGITS} digits)," in repr(result)
    record = result.to_dict()
    assert record["cards"] == cards
    back = json.loads(
        result.to_json(), parse_int=lambda text: int(text) if len(text) < 100 else text
    )
    assert back["cards"] == "1" + "0" * (MAX_WHOLE_DIGITS - 1)
    assert Fraction(back["given"]) == result.given
    assert f"| cards | 1.000…e+{MAX_WHOLE_DIGITS - 1}, {MAX_WHOLE_DIGITS} digits |" in (
        result._repr_markdown_()
    )


@pytest.mark.parametrize(
    "call",
    [lambda: odds(cards=10**MAX_WHOLE_DIGITS, copies=1), lambda: Deal(10**10000, 4),
     lambda: series("paroli:2", deals=3, cards=10**5000, copies=4),
     lambda: odds(cards=52, copies=-(10**5000)), lambda: Deal(52, 7**9000)],
)  # fmt: skip
def test_a_deck_holds_the_whole_number_bound_of_the_command_line(call: object) -> None:
    start = time.process_time()
    with pytest.raises(ShtossError, match=r"\(about \d+ digits\)") as caught:
        call()  # type: ignore[operator]
    assert time.process_time() - start < 0.1
    assert f"is not a whole number of at most {MAX_WHOLE_DIGITS} digits" in str(caught.value) or (
        "must be >= 0" in str(caught.value)
    )


def test_whole_digits_over_is_exact_at_the_bound() -> None:
    for number in (10**MAX_WHOLE_DIGITS - 1, 2**14284, 10**MAX_WHOLE_DIGITS, 2**14285, 2**14286):
        expected = len(int_str(number)) > MAX_WHOLE_DIGITS
        assert whole_digits_over(number) is expected and whole_digits_over(-number) is expected


# --- the guards, both ways --------------------------------------------------------------------


def test_abzug_counts_is_guarded() -> None:
    start = time.process_time()
    with pytest.raises(ShtossError, match=r"abzug_counts.*iter_abzug_counts"):
        abzug_counts(10**10, 4)
    assert time.process_time() - start < 0.1
    assert len(abzug_counts(10**5, 4)) == 50_000


def test_finding_a_chain_stops_at_its_memory_budget() -> None:
    # A target is a bankroll to reach, so the command line always bounds the chain by a
    # ruin and a target; the search itself is held to its memory budget here.
    rules = Rules(plan_named("raise"), classic_outcomes(Deal(52, 4)))
    start = time.process_time()
    with pytest.raises(
        ShtossError,
        match=r"finding the chain's states .* MB held at once, more than the limit of 100 MB",
    ):
        build_chain(rules, deals=None, max_states=10**6, max_seconds=1e9)
    assert time.process_time() - start < 5
    assert MAX_CHAIN_BYTES <= 100_000_000


def test_a_long_raise_is_refused_before_its_chain_is_built(tmp_path: Path) -> None:
    args = ["series", "--plan", "raise", "--deals", "30000", "--export-graph", "c.dot"]
    ran, cpu, peak = _child(args, cwd=tmp_path)
    assert ran.returncode == 2 and "30000 deals of a chain of more than" in ran.stderr
    assert cpu < 1.0 and peak < 150  # it built 370 MB before it refused
    assert not (tmp_path / "c.dot").exists()


@pytest.mark.slow
def test_strategy_with_every_plan_keeps_its_budget() -> None:
    args = ["strategy", "--bankroll", "1", "--target", "2000", "--max-stake", "2000"]
    ran, cpu, _ = _child([*args, "--format", "json"])
    assert ran.returncode == 0, ran.stderr
    assert cpu < MAX_SECONDS  # the compared plans share what the optimal solve leaves
    names = [row["plan"] for row in json.loads(ran.stdout)["compare"]]
    assert names == ["bold", "flat", "stop", "raise", "paroli", "hermann"]


def test_a_plan_under_two_names_is_computed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from shtoss_exact.strategy import play

    calls: list[object] = []
    real = play._plan_value

    def counted(plan, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(plan)
        return real(plan, *args, **kwargs)

    monkeypatch.setattr(play, "_plan_value", counted)
    result = optimal_play(bankroll=5, target=10, plans=["paroli", "paroli:1", "flat"])
    assert len(calls) == 2
    values = {row.plan: row.value for row in result.compare}
    assert values["paroli"] == values["paroli:1"] is not None


def test_scheme_rules_and_premiums_count_in_a_table() -> None:
    heavy = scheme_from_data(HEAVY)
    plain = TableSpec(cards=range(1000, 2001), copies=(4,))
    costly = TableSpec(cards=range(1000, 2001), copies=(4,), schemes=[heavy])
    assert costly.seconds() > 100 * plain.seconds()
    start = time.process_time()
    with pytest.raises(ShtossError, match=r"the table .* s of work, more than the limit"):
        costly.check()
    assert time.process_time() - start < 1


# --- the estimates are within a few times of the CPU time --------------------------------------


def _ratio(estimate: float, run: object) -> float:
    times = []
    for _ in range(3):  # the least CPU time of three: a loaded machine (or a collection
        start = time.process_time()  # of the suite's garbage) adds, never takes
        run()  # type: ignore[operator]
        times.append(time.process_time() - start)
    return estimate / min(times)


@pytest.mark.slow
def test_estimates_are_honest_both_ways() -> None:
    heavy = scheme_from_data(HEAVY)
    ratios = {
        "abzug_counts": _ratio(
            abzug_cost(200_000, 1000).seconds, lambda: abzug_counts(200_000, 1000)
        ),
        "settlement": _ratio(
            settlement_seconds(heavy, Deal(1200, 4)),
            lambda: heavy.settlement_counts(Deal(1200, 4)),
        ),
        "table": _ratio(
            TableSpec(cards=range(1000, 1004), copies=(4,), schemes=[heavy]).seconds(),
            lambda: list(TableSpec(cards=range(1000, 1004), copies=(4,), schemes=[heavy]).rows()),
        ),
    }
    for name, ratio in ratios.items():
        assert 0.2 < ratio < 5, (name, ratio)


@pytest.mark.parametrize(
    "run",
    [
        lambda: optimal_play(bankroll=1, target=1000, max_stake=1000, plans=()),
        lambda: optimal_play(bankroll=1, target=100, scheme="lob-half", plans=()),
        lambda: series("stop", bankroll=1, target=800),
        lambda: series("paroli:3", deals=300),
        lambda: series("raise", deals=150),
    ],
    ids=["strategy-bold", "strategy-lob-half", "series-stop", "series-paroli", "series-raise"],
)
def test_the_estimate_passed_is_within_a_few_times_of_the_cpu_time(run: object) -> None:
    run()  # type: ignore[operator]  # the modules it loads are not its computation
    times = []
    for _ in range(3):  # the least CPU time of three: a loaded machine adds, never takes
        with allowance(seconds=MAX_SECONDS) as spent:
            start = time.process_time()
            run()  # type: ignore[operator]
            times.append(time.process_time() - start)
    used = min(times)
    assert 0.2 < spent.seconds / used < 5, (spent.seconds, used)


# --- SIGTERM during the heaviest work the guards allow ----------------------------------------

COPRIME_SCHEME = "".join(
    f'[[rules]]\nkind = "given"\nposition = {2 * i + 2}\npayoff = "{p}/{q}"\n'
    for i, (p, q) in enumerate([(7, 11), (13, 17), (19, 23), (29, 31), (37, 41), (43, 47),
                                (53, 59), (61, 67), (71, 73), (79, 83), (89, 97)])
)  # fmt: skip

HEAVY_WORK = {
    # dicts of a million nets on 240-bit keys (about 4 s)
    "series-coprime-nets": ["series", "--plan", "paroli:3", "--scheme", "c.toml", "--deals", "7"],
    # an exact solve of 2 700 states lifted to 60 000 bits (about 4 s)
    "series-raise-ruin": ["series", "--plan", "raise", "--bankroll", "300", "--target", "600"],
}


def _child_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
@pytest.mark.parametrize("args", list(HEAVY_WORK.values()), ids=list(HEAVY_WORK))
def test_sigterm_during_heavy_work_ends_the_program_at_once(
    args: list[str], tmp_path: Path
) -> None:
    # No single big-integer step the guards allow lasts long enough to hold a signal back.
    (tmp_path / "c.toml").write_text(f'name = "coprime"\n{COPRIME_SCHEME}')
    child = subprocess.Popen(
        [sys.executable, "-m", "shtoss_exact", *args], cwd=tmp_path, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert child.stderr is not None
    deadline = time.monotonic() + 120
    while True:
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        if pid:
            pytest.skip(f"{args[0]} ended before 1 s of work (a fast machine)")
        worked = _child_cpu(child.pid)
        if worked >= 1.0 or time.monotonic() > deadline:
            break
        time.sleep(0.01)
    child.send_signal(signal.SIGTERM)
    sent = time.monotonic()
    while True:
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        if pid or time.monotonic() > sent + 60:
            break
        time.sleep(0.005)
    if not pid:
        child.kill()
        child.wait()
    error = child.stderr.read().decode()
    child.stderr.close()
    assert pid, "still running a minute after SIGTERM"
    cpu = usage.ru_utime + usage.ru_stime - worked
    assert os.waitstatus_to_exitcode(status) == 128 + signal.SIGTERM, error
    assert error.splitlines() == ["shtoss-exact: error: terminated"]
    assert cpu < 1.0, f"{cpu:.2f} s of CPU after SIGTERM"
