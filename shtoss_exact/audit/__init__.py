"""Audits of fair dealing: exact tests from what a punter recorded of the deals.

``audit_splits`` (were splits put up?), ``audit_parity`` (did a class of ranks fall as
losers too often?), ``audit_deal`` (was a card taken unseen?), and the laws they
rest on (``fair_splits``, ``stacked_splits``).
"""

from __future__ import annotations

from shtoss_exact.audit.deal import DealCheck, audit_deal
from shtoss_exact.audit.law import fair_splits, stacked_splits
from shtoss_exact.audit.parity import ParityAudit, audit_parity
from shtoss_exact.audit.splits import SplitsAudit, audit_splits

__all__ = [
    "DealCheck",
    "ParityAudit",
    "SplitsAudit",
    "audit_deal",
    "audit_parity",
    "audit_splits",
    "fair_splits",
    "stacked_splits",
]


def __dir__() -> list[str]:
    # The public names only (tab completion offers these), not the submodules.
    return sorted(__all__)
