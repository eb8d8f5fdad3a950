"""``cheat``: the cheat, the rank, the takes, and where the deal is."""

from __future__ import annotations

from tests.contracts.hostile.harness import VERY_LONG, case

CASES = [
    case("cheat-no-subcommand-unknown", ["cheat", "deal"], "No such command 'deal'"),
    case("cheat-box-no-rank", ["cheat", "box"], "give --rank (one bet on a rank) or --pattern"),
    case("cheat-box-unknown-rank", ["cheat", "box", "--rank", "X"], "unknown rank 'X'"),
    case(
        "cheat-box-rank-not-in-deck",
        ["cheat", "box", "--rank", "2", "--deck", "36"],
        "rank 2 is not in the 36-card deck",
    ),
    case("cheat-box-takes-negative", ["cheat", "box", "--rank", "7", "--takes", "-1"], "0..100"),
    case("cheat-box-takes-huge", ["cheat", "box", "--rank", "7", "--takes", VERY_LONG], "--takes"),
    case("cheat-box-takes-float", ["cheat", "box", "--rank", "7", "--takes", "1.5"], "--takes"),
    case("cheat-box-takes-101", ["cheat", "box", "--rank", "7", "--takes", "101"], "0..100"),
    case(
        "cheat-box-seen-and-case",
        ["cheat", "box", "--rank", "7", "--seen", "5h", "--case", "A:1"],
        "give --seen or --case, not both",
    ),
    case(
        "cheat-box-scheme-with-faro",
        ["cheat", "box", "--rank", "7", "--scheme", "lob-half"],
        "--scheme is for --game two-deck",
    ),
    case(
        "cheat-box-suit-scheme",
        ["cheat", "box", "--rank", "7", "--game", "two-deck", "--scheme", "thirds"],
        "pays by the deciding card's suit",
    ),
    case(
        "cheat-seconds-seen-bad",
        ["cheat", "seconds", "--rank", "7", "--seen", "5h 1x"],
        "unknown card '1x'",
    ),
    case(
        "cheat-seconds-seen-inside-a-turn",
        ["cheat", "seconds", "--rank", "7", "--seen", "5h Ks"],
        "end inside a turn",
    ),
    case("cheat-swap-case-bad", ["cheat", "swap", "--rank", "7", "--case", "A:9"], "0..4"),
    case(
        "cheat-swap-game-unknown",
        ["cheat", "swap", "--rank", "7", "--game", "poker"],
        "--game 'poker'",
    ),
    case(
        "cheat-swap-seen-huge",
        ["cheat", "swap", "--rank", "7", "--seen", "7h " * 5000],
        "characters",
    ),
    case("cheat-box-no-rank-no-pattern", ["cheat", "box", "--takes", "1"], "give --rank"),
    case(
        "cheat-box-rank-and-pattern",
        ["cheat", "box", "--rank", "7", "--pattern", "every-rank"],
        "give --rank or --pattern, not both",
    ),
    case(
        "cheat-box-pattern-unknown",
        ["cheat", "box", "--pattern", "martingale"],
        "unknown pattern",
    ),
    case(
        "cheat-box-pattern-coppers-stoss",
        ["cheat", "box", "--pattern", "copper-after-two", "--game", "two-deck"],
        "coppers bets",
    ),
    case(
        "cheat-box-pattern-too-costly",
        ["cheat", "box", "--pattern", "copper-after-two", "--takes", "2"],
        "with 2 takes: about",
    ),
    case(
        "cheat-box-pattern-file-bad",
        ["cheat", "box", "--pattern", "p.toml"],
        "pattern file",
        p__toml=b"[[bets]]\nranks = 'live'\nstake = 'x'\n",
    ),
    case(
        "cheat-box-pattern-rank-not-in-deck",
        ["cheat", "box", "--pattern", "p.json", "--deck", "32"],
        "bets on 2: not in the 32-card deck",
        p__json=b'{"bets": [{"ranks": ["2"]}]}',
    ),
    case("cheat-splits-too-many", ["cheat", "splits", "--stacked", "13"], "allowed at most 12"),
    case("cheat-splits-negative", ["cheat", "splits", "--stacked", "-2"], "--stacked"),
    case(
        "cheat-splits-pattern-unknown",
        ["cheat", "splits", "--pattern", "martingale"],
        "unknown pattern",
    ),
    case(
        "cheat-splits-pattern-other",
        ["cheat", "splits", "--pattern", "case-cards"],
        "allowed every-rank",
    ),
    case(
        "cheat-splits-pattern-pharaon",
        ["cheat", "splits", "--game", "pharaon", "--pattern", "every-rank"],
        "allowed faro or stuss",
    ),
    case(
        "cheat-splits-full-ranks-gone",
        ["cheat", "splits", "--case", "*:3", "--stacked", "1"],
        "allowed at most 0",
    ),
    case("cheat-tell-no-class", ["cheat", "tell", "--rank", "7"], "Missing option '--class'"),
    case(
        "cheat-tell-unknown-rank",
        ["cheat", "tell", "--rank", "7", "--class", "K,X"],
        "unknown rank 'X'",
    ),
    case(
        "cheat-tell-empty-class",
        ["cheat", "tell", "--rank", "7", "--class", ","],
        "unknown rank ''",
    ),
    case(
        "cheat-tell-class-huge", ["cheat", "tell", "--rank", "7", "--class", "K," * 5000], "--class"
    ),
]
