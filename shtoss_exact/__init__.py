"""Exact odds for Stoss (штосс) and its relatives: counted, never simulated.

>>> from shtoss_exact import odds
>>> odds(cards=52, copies=4).banker
Fraction(433, 833)

The one-bet core is imported at once; the schemes, the bank, the series, the
closed forms and the tables are loaded on first use (``shtoss_exact.bank`` and the
like), so that ``import shtoss_exact`` and the command line start fast. The bank
and the series are computed by ``shtoss_exact.bank.bank`` and
``shtoss_exact.series.series``.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from shtoss_exact.deck import Card, Deal, Suit, SuitRelation, parse_card, parse_rank
from shtoss_exact.engine import Kind, abzug_counts, counts_at, kind_counts, position_counts
from shtoss_exact.errors import ShtossError
from shtoss_exact.odds import AbzugOdds, Odds, PositionOdds, make_deal, odds, odds_of

if TYPE_CHECKING:
    from shtoss_exact.bank import Bank, Bet
    from shtoss_exact.fair import fair_payoff
    from shtoss_exact.measures import SchemeResult
    from shtoss_exact.plans import Plan, plan_named
    from shtoss_exact.scheme_files import load_scheme
    from shtoss_exact.schemes import Scheme, scheme_named
    from shtoss_exact.series import SeriesResult
    from shtoss_exact.symbolic import closed_form, closed_forms
    from shtoss_exact.tables import summary_records

_LAZY = {
    "Bank": "bank",
    "Bet": "bank",
    "fair_payoff": "fair",
    "SchemeResult": "measures",
    "Plan": "plans",
    "plan_named": "plans",
    "load_scheme": "scheme_files",
    "Scheme": "schemes",
    "scheme_named": "schemes",
    "SeriesResult": "series",
    "closed_form": "symbolic",
    "closed_forms": "symbolic",
    "summary_records": "tables",
}

__all__ = [
    "AbzugOdds",
    "Bank",
    "Bet",
    "Card",
    "Deal",
    "Kind",
    "Odds",
    "Plan",
    "PositionOdds",
    "Scheme",
    "SchemeResult",
    "SeriesResult",
    "ShtossError",
    "Suit",
    "SuitRelation",
    "__version__",
    "abzug_counts",
    "closed_form",
    "closed_forms",
    "counts_at",
    "fair_payoff",
    "kind_counts",
    "load_scheme",
    "make_deal",
    "odds",
    "odds_of",
    "parse_card",
    "parse_rank",
    "plan_named",
    "position_counts",
    "scheme_named",
    "summary_records",
]


def __getattr__(name: str) -> Any:
    # The version is read from the installed metadata on first use only:
    # importlib.metadata is slow to import and the CLI must start fast.
    if name == "__version__":
        from importlib.metadata import version

        return version("shtoss-exact")
    if name in _LAZY:
        value = getattr(import_module(f"shtoss_exact.{_LAZY[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'shtoss_exact' has no attribute {name!r}")
