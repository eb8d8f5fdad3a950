"""Exact odds for Stoss (штосс) and its relatives: counted, never simulated.

>>> from shtoss_exact import odds
>>> odds(cards=52, copies=4).banker
Fraction(433, 833)
"""

from __future__ import annotations

from typing import Any

from shtoss_exact.deck import Card, Deal, Suit, SuitRelation, parse_card, parse_rank
from shtoss_exact.engine import Kind, kind_counts, position_counts
from shtoss_exact.errors import ShtossError
from shtoss_exact.odds import AbzugOdds, Odds, PositionOdds, make_deal, odds, odds_of

__all__ = [
    "AbzugOdds",
    "Card",
    "Deal",
    "Kind",
    "Odds",
    "PositionOdds",
    "ShtossError",
    "Suit",
    "SuitRelation",
    "__version__",
    "kind_counts",
    "make_deal",
    "odds",
    "odds_of",
    "parse_card",
    "parse_rank",
    "position_counts",
]


def __getattr__(name: str) -> Any:
    # The version is read from the installed metadata on first use only:
    # importlib.metadata is slow to import and the CLI must start fast.
    if name == "__version__":
        from importlib.metadata import version

        return version("shtoss-exact")
    raise AttributeError(f"module 'shtoss_exact' has no attribute {name!r}")
