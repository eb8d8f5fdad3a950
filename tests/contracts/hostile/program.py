"""The program itself: commands and options that do not exist, options without values."""

from __future__ import annotations

from tests.contracts.hostile.harness import case

CASES = [
    case("no-such-command", "frobnicate", "No such command"),
    case("no-such-option", "odds --nosuch", "No such option"),
    case("option-missing-value", "odds --cards", "requires an argument"),
]
