"""``plot``: targets, kinds, and plots with too many points or too costly to draw."""

from __future__ import annotations

from tests.contracts.hostile.harness import HUGE, case
from tests.contracts.hostile.table import BAD_SCHEME

BASE = ["--bankroll", "5", "--target", "10"]

CASES = [
    case("plot-missing-output", "plot", "Missing option '-o'"),
    case("plot-suffix", "plot -o out.pdf", "cannot plot to 'out.pdf'"),
    case("plot-format", "plot -o x.png --format gif", "'gif' is not one of"),
    case("plot-no-directory", "plot -o nodir/out.svg --cards 8", "cannot write"),
    case("plot-scheme-unknown", "plot -o out.svg --kind edge --scheme nosuch", "nosuch"),
    case(
        "plot-scheme-file",
        "plot -o x.png --kind series --scheme bad.toml",
        "bad.toml",
        bad__toml=BAD_SCHEME,
    ),
    case("plot-googol-cards", f"plot -o out.png --cards {HUGE}", "too large"),
    case(
        "plot-series-raise-ruin-2000",
        "plot -o x.png --kind series --plan raise --bankroll 2000 --target 4000",
        "limit",
    ),
    case(
        "plot-series-deals-400-digits", f"plot -o x.png --kind series --deals {HUGE * 4}", "digits"
    ),
    case(
        "plot-abzug-two-sizes", "plot -o x.png --cards 36,52", "the abzug plot takes one deck size"
    ),
    case("plot-too-many-points", "plot -o out.svg --kind edge --cards 4..1000000", "at most"),
    case("plot-edge-many", "plot -o x.png --kind edge --cards 1..60000", "at most 50000"),
    case(
        "plot-edge-digits",
        "plot -o x.png --kind edge --cards 10000..40000 --copies 2000",
        "the most for deck=40000 with copies=2000",
    ),
    case(
        "plot-edge-slow",
        "plot -o x.png --kind edge --cards 10000..40000 --copies 600 "
        "--scheme classic,pharaon,faro,lob-half",
        "the table (the most for deck=40000 with copies=600): about",
    ),
    case(
        "plot-strategy-max-stake-61-digits",
        ["plot", "-o", "x.svg", "--kind", "strategy", *BASE, "--max-stake", "9" * 61],
        "--max-stake: '99999999999999999999'... has more than 60 digits",
    ),
    case("plot-case-cards", "plot -o out.svg --kind case --cards 40", "not for the case plot"),
    case("plot-case-one-deck", "plot -o out.svg --kind case --one-deck", "not for the case plot"),
    case(
        "plot-case-game-one-deck",
        "plot --kind case --game one-deck -o x.svg",
        "--game 'one-deck' is not dealt here",
    ),
    case(
        "plot-series-deals-310-digits",
        ["plot", "-o", "x.svg", "--kind", "series", "--deals", "9" * 310],
        "(about 310 digits) deals",
    ),
    case(
        "plot-series-plan-file-deals-hex",
        "plot -o x.svg --kind series --plan-file p.toml",
        "(about 1204 digits) deals",  # refused by the series cost: no crash past a float
        p__toml=b"deals = 0x" + b"f" * 1000 + b"\n",
    ),
]
