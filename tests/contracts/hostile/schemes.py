"""``schemes``: the list of built-in schemes takes no argument."""

from __future__ import annotations

from tests.contracts.hostile.harness import case

CASES = [
    case("schemes-format", "schemes --format latex", "'latex' is not one of"),
    case("schemes-extra-argument", "schemes pharaon", "unexpected extra argument"),
]
