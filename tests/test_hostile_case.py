"""Hostile and malformed input to ``shtoss-exact case`` (and ``plot --kind case``),
through the real program.

Each case runs ``python -m shtoss_exact ARGS`` in a fresh directory holding the case's
files and must end within ``LIMIT_SECONDS`` with exit status 2, nothing on stdout,
exactly one stderr line ``shtoss-exact: error: ...`` containing the case's fragment,
no traceback, and no file left behind but the case's own inputs.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

LIMIT_SECONDS = 3.0
"""Wall time allowed for one refusal, Python's start-up included."""


Bad = tuple[str, list[str], str, dict[str, bytes]]


def case(id: str, argv: list[str], expect: str, **files: bytes) -> Bad:
    return id, argv, expect, {name.replace("__", "."): data for name, data in files.items()}


CASES = [
    # --- the cards seen ------------------------------------------------------------------
    case("seen-unknown-card", ["case", "--seen", "5h 1x 5d"], "unknown card '1x'"),
    case("seen-unknown-suit", ["case", "--seen", "5z"], "unknown card '5z'"),
    case("seen-twice", ["case", "--seen", "5h Ks 5h"], "card 5♥ is seen twice"),
    case(
        "seen-not-in-deck",
        ["case", "--game", "two-deck", "--deck", "36", "--seen", "2h 7c"],
        "not in the 36-card deck",
    ),
    case("seen-inside-a-turn", ["case", "--seen", "5h Ks"], "end inside a turn"),
    case("seen-pharaon-odd", ["case", "--game", "pharaon", "--seen", "5h"], "inside a turn"),
    case("seen-whole-deck-twice", ["case", "--seen", " ".join(["5h"] * 60)], "seen twice"),
    case("seen-huge", ["case", "--seen", "7h " * 5000], "characters"),
    case("seen-control-chars", ["case", "--seen", "5h \x1b[31m"], "unknown card"),
    case("seen-and-case", ["case", "--seen", "5h", "--case", "A:1"], "--seen or --case"),
    # --- the case --------------------------------------------------------------------------
    case("case-syntax", ["case", "--case", "A=1"], "is not RANK:COPIES"),
    case("case-too-many-copies", ["case", "--case", "A:5"], "allowed a whole number 0..4"),
    case("case-negative", ["case", "--case", "A:-1"], "allowed a whole number 0..4"),
    case("case-huge-copies", ["case", "--case", "A:" + "9" * 5000], "characters"),
    case("case-long-digits", ["case", "--case", "A:99999"], "allowed a whole number 0..4"),
    case("case-unknown-rank", ["case", "--case", "X:1"], "unknown rank 'X'"),
    case("case-rank-twice", ["case", "--case", "A:1,A:2"], "rank A is given twice"),
    case("case-star-twice", ["case", "--case", "*:0,*:1"], "'*' is given twice"),
    case("case-inside-a-turn", ["case", "--case", "A:2"], "end inside a turn"),
    case("case-empty", ["case", "--case", ","], "no rank given"),
    case("case-fullwidth-digit", ["case", "--case", "A:３"], "allowed a whole number 0..4"),
    # --- games, schemes, bets ----------------------------------------------------------------
    case("game-unknown", ["case", "--game", "poker"], "'poker' is not one of"),
    case("scheme-with-faro", ["case", "--scheme", "classic"], "--scheme is for --game two-deck"),
    case("scheme-thirds", ["case", "--game", "two-deck", "--scheme", "thirds"], "has no suit"),
    case("scheme-unknown", ["case", "--game", "two-deck", "--scheme", "nosuch"], "nosuch"),
    case(
        "coppered-pharaon",
        ["case", "--game", "pharaon", "--bet-kind", "coppered"],
        "coppered bets: a Faro bet",
    ),
    case(
        "high-card-bassette",
        ["case", "--game", "bassette", "--bet-kind", "high-card"],
        "high card: a Faro bet",
    ),
    case("bet-kind-unknown", ["case", "--bet-kind", "twice"], "'twice' is not one of"),
    case("call-the-turn-early", ["case", "--call-the-turn"], "needs three cards left"),
    case("pay-zero", ["case", "--pay-for", "0"], "allowed a payout > 0"),
    case("pay-word", ["case", "--pay-for", "four"], "not an exact number"),
    case("pay-code", ["case", "--cathop-pay", "__import__('os')"], "not an exact number"),
    case("pay-huge", ["case", "--pay-for", "9" * 5000], "digits"),
    case("replay-without-seen", ["case", "--case", "5:2,K:3", "--replay"], "needs the cards seen"),
    # --- patterns ----------------------------------------------------------------------------
    case("pattern-unknown", ["case", "--pattern", "nosuch"], "unknown pattern 'nosuch'"),
    case("pattern-missing-file", ["case", "--pattern", "none.toml"], "cannot read the file"),
    case(
        "pattern-unknown-key",
        ["case", "--pattern", "p.toml"],
        "unknown key 'rank'",
        p__toml=b'[[bets]]\nrank = "7"\n',
    ),
    case(
        "pattern-no-bets",
        ["case", "--pattern", "p.toml"],
        "bets: expected a list",
        p__toml=b'name = "x"\n',
    ),
    case(
        "pattern-stake-negative",
        ["case", "--pattern", "p.json"],
        "allowed an exact number > 0",
        p__json=b'{"bets": [{"stake": -1}]}',
    ),
    case(
        "pattern-stake-huge",
        ["case", "--pattern", "p.toml"],
        "too long",
        p__toml=b"[[bets]]\nstake = 1e999999\n",
    ),
    case(
        "pattern-stake-code",
        ["case", "--pattern", "p.toml"],
        "not an exact number",
        p__toml=b"[[bets]]\nstake = \"__import__('os').system('x')\"\n",
    ),
    case(
        "pattern-duplicate-key",
        ["case", "--pattern", "p.json"],
        "given twice",
        p__json=b'{"bets": [{}], "bets": [{}]}',
    ),
    case("pattern-bad-toml", ["case", "--pattern", "p.toml"], "bad TOML", p__toml=b"[[bets]\n"),
    case("pattern-not-utf8", ["case", "--pattern", "p.toml"], "not UTF-8", p__toml=b"\xff\xfe"),
    case(
        "pattern-too-large",
        ["case", "--pattern", "p.toml"],
        "too large",
        p__toml=b"# " + b"x" * 200_000,
    ),
    case(
        "pattern-too-many-bets",
        ["case", "--pattern", "p.toml"],
        "at most 16",
        p__toml=b"[[bets]]\n" * 17,
    ),
    case(
        "pattern-rank-not-in-deck",
        ["case", "--deck", "36", "--game", "two-deck", "--pattern", "p.toml"],
        "bets on 2: not in",
        p__toml=b'[[bets]]\nranks = ["2"]\n',
    ),
    case(
        "pattern-copper-pharaon",
        ["case", "--game", "pharaon", "--pattern", "copper-after-two"],
        "coppers bets",
    ),
    case(
        "pattern-control-chars",
        ["case", "--pattern", "p.toml"],
        "control character",
        p__toml=b'name = "\\u001b[31mred"\n[[bets]]\n',
    ),
    case(
        "pattern-deep",
        ["case", "--pattern", "p.json"],
        "bad JSON",
        p__json=b'{"bets": ' + b"[" * 40_000 + b"]" * 40_000 + b"}",
    ),
    # --- the plot ------------------------------------------------------------------------
    case(
        "plot-seen-twice",
        ["plot", "-o", "c.png", "--kind", "case", "--seen", "5h 5h"],
        "seen twice",
    ),
    case(
        "plot-seen-wrong-kind", ["plot", "-o", "c.png", "--seen", "5h"], "--seen is for --kind case"
    ),
]


@pytest.mark.parametrize(("id", "argv", "expect", "files"), CASES, ids=[c[0] for c in CASES])
def test_refused_in_one_line(
    id: str, argv: list[str], expect: str, files: dict[str, bytes], tmp_path: Path
) -> None:
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    root = Path(__file__).resolve().parent.parent
    environment = {
        **os.environ,
        "PYTHONIOENCODING": "utf-8",
        "COLUMNS": "100",
        "PYTHONPATH": str(root),
    }
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "shtoss_exact", *argv],
        cwd=tmp_path,
        capture_output=True,
        timeout=LIMIT_SECONDS * 5,
        env=environment,
        check=False,
    )
    elapsed = time.perf_counter() - start
    stderr = done.stderr.decode("utf-8")
    assert "Traceback" not in stderr
    assert done.returncode == 2, stderr
    assert done.stdout == b""
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("shtoss-exact: error: "), stderr
    assert expect in lines[0], lines[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(files)
    assert elapsed < LIMIT_SECONDS, f"{id} took {elapsed:.2f} s"
