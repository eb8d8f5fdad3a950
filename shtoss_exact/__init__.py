"""Exact odds for Stoss (штосс) and its relatives: counted, never simulated.

>>> from shtoss_exact import odds
>>> odds(cards=52, copies=4).banker
Fraction(433, 833)

Every name is loaded on first use, so that ``import shtoss_exact`` and the command
line start fast: the one-bet core (``odds``), the schemes, the bank (``bank``), the
series (``series``), the closed forms and the tables each load what they need.
``dir(shtoss_exact)`` lists the public names, each with an example in its docstring.
"""

from __future__ import annotations

from shtoss_exact._version import __version__

# Nothing is imported at run time but the version: Ctrl-C while the program loads
# reaches the command line's own handler, and ``import shtoss_exact`` costs nothing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from shtoss_exact.banks.odds import Bank, Bet, bank
    from shtoss_exact.bet.fair import FairPayoff, fair_payoff
    from shtoss_exact.bet.measures import SchemeResult
    from shtoss_exact.bet.odds import Odds, odds, odds_of
    from shtoss_exact.bet.rows import AbzugOdds, PositionOdds
    from shtoss_exact.bet.tables import TableSpec, summary_records
    from shtoss_exact.cards import Card, Suit, parse_card, parse_rank
    from shtoss_exact.case.state import Case
    from shtoss_exact.deck import Deal, SuitRelation, make_deal
    from shtoss_exact.distribution import Distribution
    from shtoss_exact.engine import Kind, abzug_counts, counts_at, kind_counts, position_counts
    from shtoss_exact.errors import ShtossError
    from shtoss_exact.plans.catalog import Plan, plan_named
    from shtoss_exact.plans.series import SeriesResult, series
    from shtoss_exact.schemes.files import load_scheme
    from shtoss_exact.schemes.model import Scheme
    from shtoss_exact.schemes.scheme import scheme_named
    from shtoss_exact.strategy.play import OptimalPlay, optimal_play
    from shtoss_exact.symbolic.forms import closed_form, closed_forms
    from shtoss_exact.symbolic.result import ClosedForm, ClosedForms

_LAZY = {
    "AbzugOdds": "bet.rows",
    "Bank": "banks.odds",
    "Bet": "banks.odds",
    "Card": "cards",
    "Case": "case.state",
    "ClosedForm": "symbolic.result",
    "ClosedForms": "symbolic.result",
    "Deal": "deck",
    "Distribution": "distribution",
    "FairPayoff": "bet.fair",
    "Kind": "engine",
    "Odds": "bet.odds",
    "OptimalPlay": "strategy.play",
    "Plan": "plans.catalog",
    "PositionOdds": "bet.rows",
    "Scheme": "schemes.model",
    "SchemeResult": "bet.measures",
    "SeriesResult": "plans.series",
    "ShtossError": "errors",
    "Suit": "cards",
    "SuitRelation": "deck",
    "TableSpec": "bet.tables",
    "abzug_counts": "engine",
    "bank": "banks.odds",
    "closed_form": "symbolic.forms",
    "closed_forms": "symbolic.forms",
    "counts_at": "engine",
    "fair_payoff": "bet.fair",
    "kind_counts": "engine",
    "load_scheme": "schemes.files",
    "make_deal": "deck",
    "odds": "bet.odds",
    "odds_of": "bet.odds",
    "optimal_play": "strategy.play",
    "parse_card": "cards",
    "parse_rank": "cards",
    "plan_named": "plans.catalog",
    "position_counts": "engine",
    "scheme_named": "schemes.scheme",
    "series": "plans.series",
    "summary_records": "bet.tables",
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
    "Distribution",
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


def __dir__() -> list[str]:
    # The public names only (tab completion offers these): not the submodules that
    # loading a name imports, nor this module's own machinery.
    return sorted(__all__)


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        value = getattr(import_module(f"shtoss_exact.{_LAZY[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'shtoss_exact' has no attribute {name!r}")
