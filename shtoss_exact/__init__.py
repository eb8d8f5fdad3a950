"""Exact odds for Stoss (штосс) and its relatives: counted, never simulated.

>>> from shtoss_exact import odds
>>> odds(cards=52, copies=4).banker
Fraction(433, 833)

Every name is loaded on first use, so that ``import shtoss_exact`` and the command
line start fast: the one-bet core (``odds``), the schemes, the bank (``bank``), the
series (``series``), the closed forms and the tables each load what they need.
"""

from __future__ import annotations

from shtoss_exact._version import __version__

# Nothing is imported at run time but the version: Ctrl-C while the program loads
# reaches the command line's own handler, and ``import shtoss_exact`` costs nothing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from shtoss_exact.bank_odds import Bank, Bet, bank
    from shtoss_exact.bet_odds import AbzugOdds, Odds, PositionOdds, odds, odds_of
    from shtoss_exact.case import Case
    from shtoss_exact.deck import Card, Deal, Suit, SuitRelation, make_deal, parse_card, parse_rank
    from shtoss_exact.engine import Kind, abzug_counts, counts_at, kind_counts, position_counts
    from shtoss_exact.errors import ShtossError
    from shtoss_exact.fair import FairPayoff, fair_payoff
    from shtoss_exact.measures import SchemeResult
    from shtoss_exact.plans import Plan, plan_named
    from shtoss_exact.scheme_files import load_scheme
    from shtoss_exact.schemes import Scheme, scheme_named
    from shtoss_exact.series_odds import SeriesResult, series
    from shtoss_exact.strategy import OptimalPlay, optimal_play
    from shtoss_exact.symbolic import ClosedForm, ClosedForms, closed_form, closed_forms
    from shtoss_exact.tables import TableSpec, summary_records

_LAZY = {
    "AbzugOdds": "bet_odds",
    "Bank": "bank_odds",
    "Bet": "bank_odds",
    "Card": "deck",
    "Case": "case",
    "ClosedForm": "symbolic",
    "ClosedForms": "symbolic",
    "Deal": "deck",
    "FairPayoff": "fair",
    "Kind": "engine",
    "Odds": "bet_odds",
    "OptimalPlay": "strategy",
    "Plan": "plans",
    "PositionOdds": "bet_odds",
    "Scheme": "schemes",
    "SchemeResult": "measures",
    "SeriesResult": "series_odds",
    "ShtossError": "errors",
    "Suit": "deck",
    "SuitRelation": "deck",
    "TableSpec": "tables",
    "abzug_counts": "engine",
    "bank": "bank_odds",
    "closed_form": "symbolic",
    "closed_forms": "symbolic",
    "counts_at": "engine",
    "fair_payoff": "fair",
    "kind_counts": "engine",
    "load_scheme": "scheme_files",
    "make_deal": "deck",
    "odds": "bet_odds",
    "odds_of": "bet_odds",
    "optimal_play": "strategy",
    "parse_card": "deck",
    "parse_rank": "deck",
    "plan_named": "plans",
    "position_counts": "engine",
    "scheme_named": "schemes",
    "series": "series_odds",
    "summary_records": "tables",
}

__all__ = [
    "AbzugOdds",
    "Bank",
    "Bet",
    "Card",
    "Case",
    "ClosedForm",
    "ClosedForms",
    "Deal",
    "FairPayoff",
    "Kind",
    "Odds",
    "OptimalPlay",
    "Plan",
    "PositionOdds",
    "Scheme",
    "SchemeResult",
    "SeriesResult",
    "ShtossError",
    "Suit",
    "SuitRelation",
    "TableSpec",
    "__version__",
    "abzug_counts",
    "bank",
    "closed_form",
    "closed_forms",
    "counts_at",
    "fair_payoff",
    "kind_counts",
    "load_scheme",
    "make_deal",
    "odds",
    "odds_of",
    "optimal_play",
    "parse_card",
    "parse_rank",
    "plan_named",
    "position_counts",
    "scheme_named",
    "series",
    "summary_records",
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        value = getattr(import_module(f"shtoss_exact.{_LAZY[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'shtoss_exact' has no attribute {name!r}")
