"""Hostile and malformed input, through the real program, for every command and file format.

One table of cases: each runs ``python -m shtoss_exact ARGS`` in a fresh directory
holding the case's files, and must end within ``LIMIT_SECONDS`` with exit status 2,
nothing on stdout, exactly one stderr line ``shtoss-exact: error: ...`` containing
the case's fragment, no traceback, and no file left behind but the case's own inputs
(no partial output file, no temporary file).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

LIMIT_SECONDS = 2.0
"""Wall time allowed for one refusal, Python's start-up included."""

HUGE = "1" + "0" * 100  # 10**100
VERY_LONG = "9" * 5000  # more digits than int() converts by default
DEEP = 100_000  # nesting levels


def _random_bytes(size: int, seed: int) -> bytes:
    return random.Random(seed).randbytes(size)


def _many_rules(count: int) -> bytes:
    rule = '[[rules]]\nkind = "killed"\npayoff = -1\n'
    return (rule * count).encode()


@dataclass(frozen=True)
class Case:
    """One bad invocation: its arguments, the files it needs, what the message names."""

    id: str
    argv: tuple[str, ...]
    expect: str
    files: dict[str, bytes] = field(default_factory=dict)
    links: dict[str, str] = field(default_factory=dict)
    fifos: tuple[str, ...] = ()
    status: int = 2


def case(
    id: str,
    argv: str | list[str],
    expect: str,
    *,
    links: dict[str, str] | None = None,
    fifos: tuple[str, ...] = (),
    status: int = 2,
    **files: bytes,
) -> Case:
    args = tuple(argv.split()) if isinstance(argv, str) else tuple(argv)
    named = {name.replace("__", "."): data for name, data in files.items()}
    return Case(id, args, expect, named, links or {}, fifos, status)


# File names are given as keyword arguments with "__" for the dot: bad__toml -> bad.toml.
CASES = [
    # --- the program and its options -----------------------------------------------------
    case("no-such-command", "frobnicate", "No such command"),
    case("no-such-option", "odds --nosuch", "No such option"),
    case("option-missing-value", "odds --cards", "requires an argument"),
    # --- odds: numbers -----------------------------------------------------------------------
    case("odds-cards-word", "odds --cards abc", "'abc' is not a whole number"),
    case("odds-cards-negative", "odds --cards -5", "-5 is too small"),
    case("odds-cards-float", "odds --cards 1.5", "'1.5' is not a whole number"),
    case("odds-cards-arabic-digit", "odds --cards ٣", "not a whole number"),
    case("odds-copies-fullwidth-digit", "odds --copies ３", "not a whole number"),
    case("odds-cards-superscript", "odds --cards ²", "not a whole number"),
    case("odds-cards-exponent", "odds --cards 1e999999", "not a whole number"),
    case("odds-cards-code", ["odds", "--cards", "__import__('os').system('x')"], "whole number"),
    case("odds-cards-5000-digits", ["odds", "--cards", VERY_LONG], "not a whole number"),
    case("odds-copies-above-cards", "odds --cards 52 --copies 60", "copies"),
    case("odds-by-abzug-googol", f"odds --cards {HUGE} --by-abzug", "limit"),
    case("odds-copies-huge", f"odds --cards {HUGE} --copies {HUGE[:30]}", "limit"),
    case("odds-cards-4000-digits", ["odds", "--cards", "9" * 4000, "--copies", "20"], "digits"),
    case("odds-deck-53", "odds --deck 53", "'53' is not one of"),
    case("odds-card-unknown", "odds --card 7x", "unknown card '7x'"),
    case("odds-card-code", ["odds", "--card", "__import__('os').system('x')"], "unknown card"),
    case("odds-suits-unknown", "odds --cards 20 --copies 2 --card 7h --suits zz", "suit"),
    case("odds-format", "odds --format yaml", "'yaml' is not one of"),
    # --- odds: scheme files ------------------------------------------------------------------
    case("scheme-unknown-name", "odds --scheme nosuch", "unknown scheme 'nosuch'"),
    case("scheme-missing-file", "odds --scheme missing.toml", "cannot read"),
    case("scheme-wrong-suffix", "odds --scheme s.txt", "unknown file type", s__txt=b"x = 1"),
    case("scheme-empty-toml", "odds --scheme e.toml", "empty", e__toml=b""),
    case("scheme-blank-json", "odds --scheme e.json", "empty", e__json=b" \n\t\n"),
    case(
        "scheme-random-bytes",
        "odds --scheme r.toml",
        "not UTF-8",
        r__toml=_random_bytes(4096, 1),
    ),
    case("scheme-nul-bytes", "odds --scheme n.toml", "bad TOML", n__toml=b"\x00" * 64),
    case("scheme-invalid-utf8", "odds --scheme u.json", "not UTF-8", u__json=b'{"name": "\xff"}'),
    case("scheme-bad-toml", "odds --scheme b.toml", "bad TOML", b__toml=b"[rules\npayoff = ="),
    case(
        "scheme-nested-json-lists",
        "odds --scheme d.json",
        "d.json",
        d__json=b"[" * DEEP + b"]" * DEEP,
    ),
    case(
        "scheme-nested-json-objects",
        "odds --scheme d.json",
        "d.json",
        d__json=b'{"a":' * DEEP + b"1" + b"}" * DEEP,
    ),
    case(
        "scheme-nested-toml-arrays",
        "odds --scheme d.toml",
        "d.toml",
        d__toml=b"a = " + b"[" * DEEP + b"]" * DEEP,
    ),
    case(
        "scheme-nested-toml-inline",
        "odds --scheme d.toml",
        "d.toml",
        d__toml=b"a = " + b"{b = " * DEEP + b"1" + b"}" * DEEP,
    ),
    case(
        "scheme-huge-file",
        "odds --scheme h.toml",
        "bytes",
        h__toml=b"# " + b"x" * 1_100_000 + b"\n",
    ),
    case("scheme-too-many-rules", "odds --scheme m.toml", "entries", m__toml=_many_rules(1001)),
    case("scheme-unknown-key", "odds --scheme k.toml", "unknown key", k__toml=b'colour = "red"'),
    case(
        "scheme-payoff-code",
        "odds --scheme c.toml",
        "bad payoff",
        c__toml=b"[payoffs]\ngiven = \"__import__('os').system('x')\"",
    ),
    case(
        "scheme-payoff-divides-by-zero",
        "odds --scheme z.json",
        "bad payoff",
        z__json=b'{"rules": [{"position": 1, "payoff": "1/0"}]}',
    ),
    case(
        "scheme-payoff-1e999999-toml",
        "odds --scheme x.toml",
        "payoffs.given",
        x__toml=b"[payoffs]\ngiven = 1e999999",
    ),
    case(
        "scheme-payoff-1e999999-json",
        "odds --scheme x.json",
        "payoffs.given",
        x__json=b'{"payoffs": {"given": 1e999999}}',
    ),
    case(
        "scheme-payoff-infinity-json",
        "odds --scheme x.json",
        "Infinity",
        x__json=b'{"payoffs": {"given": Infinity}}',
    ),
    case(
        "scheme-payoff-fullwidth",
        "odds --scheme x.toml",
        "bad payoff",
        x__toml='[payoffs]\ngiven = "３/4"'.encode(),
    ),
    case(
        "scheme-payoff-bool",
        "odds --scheme x.toml",
        "bad payoff True",
        x__toml=b"[payoffs]\ngiven = true",
    ),
    case(
        "scheme-abzug-huge",
        "odds --scheme x.toml",
        "rules[1].abzug",
        x__toml=b"[[rules]]\nabzug = 1" + b"0" * 30 + b"\npayoff = 1",
    ),
    case(
        "scheme-rules-not-a-list",
        "odds --scheme x.json",
        "expected a list",
        x__json=b'{"rules": {"payoff": 1}}',
    ),
    case("scheme-top-level-list", "odds --scheme x.json", "expected a table", x__json=b"[1, 2]"),
    case("scheme-fifo", "odds --scheme p.toml", "not a regular file", fifos=("p.toml",)),
    case(
        "scheme-device", "odds --scheme z.json", "not a regular file", links={"z.json": "/dev/zero"}
    ),
    case(
        "scheme-json-duplicate-key",
        "odds --scheme d.json",
        "given twice",
        d__json=b'{"payoffs": {"given": 1}, "payoffs": {"given": 2}}',
    ),
    case(
        "scheme-name-terminal-escape",
        "odds --scheme e.toml",
        "control character",
        e__toml=b'name = "\\u001b[2Jred"',
    ),
    case(
        "scheme-description-line-break",
        "odds --scheme e.json",
        "control character",
        e__json=b'{"description": "one\\ntwo"}',
    ),
    case(
        "scheme-json-5000-digit-integer",
        "odds --scheme i.json",
        "i.json",
        i__json=b'{"payoffs": {"given": ' + b"9" * 5000 + b"}}",
    ),
    # --- output ----------------------------------------------------------------------------------
    case("output-a-directory", "odds -o .", "directory"),
    case("output-no-directory", "odds -o nodir/out.txt", "cannot write"),
    case("output-decimals-too-many", "odds --decimals 51", "allowed 0..50"),
    case("output-decimals-negative", "odds --decimals -1", "too small"),
    case("output-format-unknown", "fair --scheme lob-half --solve lob --format yaml", "yaml"),
    case("scheme-russian-unknown", "odds --scheme фараоны", "фараоны"),
    # --- case (the full table: tests/test_hostile_case.py) ----------------------------------
    case("case-seen-twice", ["case", "--seen", "5h Ks 5h"], "seen twice"),
    # --- schemes -------------------------------------------------------------------------------
    case("schemes-format", "schemes --format latex", "'latex' is not one of"),
    case("schemes-extra-argument", "schemes pharaon", "unexpected extra argument"),
    # --- fair ------------------------------------------------------------------------------------
    case("fair-unknown-param", "fair --scheme lob-half --solve nosuch", "nosuch"),
    case("fair-missing-solve", "fair --scheme lob-half", "Missing option '--solve'"),
    case(
        "fair-param-name-code",
        "fair --scheme p.toml --solve x",
        "bad name",
        p__toml=b"[payoffs]\ngiven = {param = \"__import__('os')\", value = 1}",
    ),
    case(
        "fair-too-large",
        f"fair --scheme lob-half --solve lob --cards {HUGE} --copies 100000000",
        "limit",
    ),
    # --- bank ------------------------------------------------------------------------------------
    case("bank-no-bet", "bank", "Missing option '--bet'"),
    case("bank-stake-word", "bank --bet 7:abc", "stake 'abc'"),
    case("bank-stake-zero-denominator", "bank --bet 7:1/0", "divides by zero"),
    case("bank-stake-negative", "bank --bet 7:-1", "not positive"),
    case("bank-stake-exponent", "bank --bet 7:1e999999", "not a number"),
    case("bank-stake-fullwidth", "bank --bet 7:３", "not a number"),
    case("bank-rank-unknown", "bank --bet X", "unknown rank 'X'"),
    case("bank-scheme-unknown", "bank --bet 7:1:nosuch", "unknown scheme 'nosuch'"),
    case("bank-thirds", "bank --bet 7 --scheme thirds", "needs the suits"),
    case(
        "bank-too-many-schemes",
        [
            "bank",
            *[
                f"--bet={rank}:1:{scheme}"
                for rank, scheme in zip(
                    "23456789TJQKA",
                    ["classic", "lob-half", "gorka-half", "eleven", "bait", "pharaon", "bassette"]
                    * 2,
                    strict=False,
                )
            ],
        ],
        "limit",
    ),
    case("bank-googol-cards", f"bank --cards {HUGE} --copies 4 --bet 7 --bet Q", "limit"),
    case(
        "bank-joint-too-large",
        ["bank", "--joint", *[f"--bet={rank}" for rank in "23456789TJQKA"]],
        "100000",
    ),
    # --- series ----------------------------------------------------------------------------------
    case("series-deals-billion", "series --plan paroli:3 --deals 1000000000", "limit"),
    case("series-plan-unknown", "series --plan martingale", "unknown plan 'martingale'"),
    case("series-plan-bound-5000-digits", ["series", "--plan", "paroli:" + VERY_LONG], "paroli"),
    case("series-kush-zero", "series --kush 0", "kush"),
    case("series-kush-code", ["series", "--kush", "__import__('os').system('x')"], "exact number"),
    case("series-kush-arabic", "series --kush ٣", "exact number"),
    case("series-target-exponent", "series --target 1e999999", "exact number"),
    case("series-ruin-state-space", f"series --bankroll {HUGE[:40]} --target {HUGE[:40]}", "limit"),
    case(
        "plan-file-endless",
        "series --plan-file z.toml",
        "not a regular file",
        links={"z.toml": "/dev/zero"},
    ),
    case("series-thirds-without-card", "series --scheme thirds --deals 2", "thirds"),
    case("series-length-zero", "series --deals 3 --series 0", "0 is too small"),
    case("plan-file-missing", "series --plan-file missing.toml", "cannot read"),
    case("plan-file-empty", "series --plan-file p.toml", "empty", p__toml=b""),
    case(
        "plan-file-random-bytes",
        "series --plan-file p.toml",
        "p.toml",
        p__toml=_random_bytes(4096, 2),
    ),
    case(
        "plan-file-nul-bytes", "series --plan-file p.toml", "bad TOML", p__toml=b"\x00" * 64
    ),
    case(
        "plan-file-nested",
        "series --plan-file p.toml",
        "p.toml",
        p__toml=b"story = " + b"[" * DEEP + b"]" * DEEP,
    ),
    case(
        "plan-file-huge",
        "series --plan-file p.toml",
        "bytes",
        p__toml=b'name = "big"\n' + b"# " + b"x" * 1_100_000 + b"\n",
    ),
    case("plan-file-unknown-key", "series --plan-file p.toml", "unknown key", p__toml=b"stake = 2"),
    case(
        "plan-file-kush-code",
        "series --plan-file p.toml",
        "exact number",
        p__toml=b"kush = \"__import__('os').system('x')\"",
    ),
    case("plan-file-kush-float", "series --plan-file p.toml", "kush", p__toml=b"kush = 1e999999"),
    case("plan-file-raises-word", "series --plan-file p.toml", "raises", p__toml=b'raises = "two"'),
    case(
        "plan-file-deals-huge",
        "series --plan-file p.toml",
        "limit",
        p__toml=b'after_win = "ride"\nraises = 3\ndeals = 1000000000000',
    ),
    case("export-graph-suffix", "series --deals 2 --export-graph chain.txt", ".graphml"),
    case(
        "export-graph-no-directory", "series --deals 2 --export-graph nodir/c.dot", "cannot write"
    ),
    case(
        "export-graph-refused-run",
        "series --plan paroli:3 --deals 1000000000 --export-graph c.graphml",
        "limit",
    ),
    # --- formula ---------------------------------------------------------------------------------
    case("formula-missing-copies", "formula", "Missing option '--copies'"),
    case("formula-thirds", "formula --copies 4 --scheme thirds", "thirds"),
    case("formula-scheme-unknown", "formula --copies 4 --scheme nosuch", "nosuch"),
    # --- table -----------------------------------------------------------------------------------
    case("table-ten-million-rows", "table --cards 4..10000000", "50000"),
    case("table-by-abzug-googol", f"table --cards {HUGE} --by-abzug", "too large"),
    case("table-range-word", "table --cards 4..a", "4..a"),
    case("table-range-empty", ["table", "--cards", ""], "cards"),
    case("table-range-step-zero", "table --cards 4..12:0", "4..12:0"),
    case("table-range-arabic", "table --cards ٥٢", "٥٢"),
    case("table-thirds", "table --scheme thirds", "thirds"),
    case("table-decimals-1000", "table --decimals 1000", "allowed 0..50"),
    case("table-game-unknown", "table --game three-deck", "unknown game 'three-deck'"),
    case("table-cost", "table --cards 999999999999 --copies 1000000", "limit"),
    case("table-cards-googol", f"table --cards {HUGE}", "12 digits"),
    case("table-output-refused-run", "table --cards 4..10000000 -o out.csv", "50000"),
    case("table-output-no-directory", "table -o nodir/out.csv", "cannot write"),
    # --- plot ------------------------------------------------------------------------------------
    case("plot-missing-output", "plot", "Missing option '-o'"),
    case("plot-suffix", "plot -o out.pdf", ".png"),
    case("plot-too-many-points", "plot -o out.svg --kind edge --cards 4..1000000", "at most"),
    case("plot-googol-cards", f"plot -o out.png --cards {HUGE}", "too large"),
    case("plot-scheme-unknown", "plot -o out.svg --kind edge --scheme nosuch", "nosuch"),
    case("plot-no-directory", "plot -o nodir/out.svg --cards 8", "cannot write"),
]


@dataclass
class _Timing:
    slowest: tuple[float, str] = (0.0, "")
    count: int = 0


TIMING = _Timing()


def test_the_table_is_large_and_covers_every_command() -> None:
    assert len(CASES) >= 40
    assert len({c.id for c in CASES}) == len(CASES)
    from shtoss_exact.cli import all_commands

    named = {c.argv[0] for c in CASES}
    assert set(all_commands()) <= named


@pytest.mark.parametrize("bad", CASES, ids=[c.id for c in CASES])
def test_refused_in_one_line(bad: Case, tmp_path: Path) -> None:
    for name, data in bad.files.items():
        (tmp_path / name).write_bytes(data)
    for name, target in bad.links.items():
        (tmp_path / name).symlink_to(target)
    for name in bad.fifos:
        os.mkfifo(tmp_path / name)
    environment = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "100"}
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "shtoss_exact", *bad.argv],
        cwd=tmp_path,
        capture_output=True,
        timeout=LIMIT_SECONDS * 5,
        env=environment,
        check=False,
    )
    elapsed = time.perf_counter() - start
    TIMING.count += 1
    TIMING.slowest = max(TIMING.slowest, (elapsed, bad.id))
    stderr = done.stderr.decode("utf-8")
    assert "Traceback" not in stderr
    assert done.returncode == bad.status, stderr
    assert done.stdout == b""
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("shtoss-exact: error: "), stderr
    assert bad.expect in lines[0], lines[0]
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted({*bad.files, *bad.links, *bad.fifos})
    assert elapsed < LIMIT_SECONDS, f"{bad.id} took {elapsed:.2f} s"


def test_report_the_slowest() -> None:
    # Runs after the table (pytest keeps file order); shows the figure with -s.
    if TIMING.count:
        seconds, name = TIMING.slowest
        print(f"\n{TIMING.count} hostile inputs refused; slowest {name}: {seconds:.2f} s")
    assert TIMING.slowest[0] < LIMIT_SECONDS
