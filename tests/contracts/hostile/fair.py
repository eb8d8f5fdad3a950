"""``fair``: the parameter to solve for, and the size of the deck it is solved on."""

from __future__ import annotations

from tests.contracts.hostile.harness import HUGE, case

CASES = [
    case("fair-unknown-param", "fair --scheme lob-half --solve nosuch", "nosuch"),
    case("fair-missing-solve", "fair --scheme lob-half", "Missing option '--solve'"),
    case(
        "fair-param-name-code",
        "fair --scheme p.toml --solve x",
        "payoffs.given.param: bad value \"__import__('os')\"; allowed a name",
        p__toml=b"[payoffs]\ngiven = {param = \"__import__('os')\", value = 1}",
    ),
    case(
        "fair-too-large",
        f"fair --scheme lob-half --solve lob --cards {HUGE} --copies 100000000",
        "limit",
    ),
    case(
        "fair-one-deck-no-copy",
        "fair --scheme lob-half --solve lob --one-deck --copies 0",
        "copies=0 in a one-deck game",
    ),
    case(
        "fair-preset-copies-4300-digits",
        ["fair", "--scheme", "lob-half", "--solve", "lob", "--copies", "9" * 4300],
        "copies=(about 4300 digits) in the preset 52-card deck",
    ),
]
