"""The plot ``abzug``: how one bet (an ``Odds``) is decided, by abzug."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from shtoss_exact.errors import ShtossError
from shtoss_exact.i18n import N_, _, ngettext
from shtoss_exact.report.plots.figures import BEYOND_FLOATS, MAX_POINTS, deck_words, thin

AXIS_HEADROOM = 1.5
"""How far below the largest float the abzugs must stay to be drawn (1.3e308 are)."""

if TYPE_CHECKING:
    from shtoss_exact.bet.odds import Odds


def abzug_series(odds: Odds, *, points: int = MAX_POINTS) -> dict[str, list[Any]]:
    """The exact probabilities of ``odds`` by abzug: ``abzug`` (the abzugs drawn),
    ``killed``, ``plie``, ``given``; every abzug of a deck of up to ``2 * points``
    cards, else ``points`` of them evenly spread (each read in O(1) binomials).

    >>> from shtoss_exact.bet.odds import odds
    >>> abzug_series(odds(cards=52, copies=4))["given"][0]
    Fraction(16, 221)
    >>> len(abzug_series(odds(cards=10**12, copies=4))["abzug"])
    800
    """
    count = (odds.as_played.cards + 1) // 2
    # An axis of abzugs near the largest float cannot be drawn (matplotlib's ticks pass
    # it: "arange: cannot compute length" from 1.6e308 abzugs): refused before the rows.
    if count > sys.float_info.max / AXIS_HEADROOM:
        raise ShtossError(_(BEYOND_FLOATS))
    if count <= points:
        rows = list(odds.iter_abzug())
    else:
        rows = [odds.at_abzug(index + 1) for index in thin(count, points)]
    return {
        "abzug": [r.abzug for r in rows],
        "killed": [r.killed for r in rows],
        "plie": [r.plie for r in rows],
        "given": [r.given for r in rows],
    }


def draw(odds: Odds, ax: Any) -> None:
    """P(killed), P(plié) and P(given) of ``odds`` by abzug, one line each."""
    series = abzug_series(odds)
    abzugs = series["abzug"]
    # In an even deck a lone lob kills exactly as often as the sonik gives, abzug by
    # abzug (C(n-2j+1, m-1) - C(n-2j, m-2) = C(n-2j, m-1)): the killed line is dashed
    # over the given one so both stay visible.
    styles: dict[str, tuple[str, dict[str, Any]]] = {
        "given": (N_("given on the sonik (punter wins)"), {"linewidth": 3.0, "alpha": 0.6}),
        "killed": (N_("killed by the lob (banker wins)"), {"linestyle": "--", "marker": "o"}),
        "plie": (N_("plié (banker wins)"), {"marker": "s"}),
    }
    for name, (label, style) in styles.items():
        ax.plot(abzugs, [float(v) for v in series[name]], markersize=3, label=_(label), **style)
    deal = odds.as_played
    copies = ngettext(
        "{count} copy of the punter's rank", "{count} copies of the punter's rank", deal.copies
    ).format(count=deal.copies)
    ax.set_title(
        _("Stoss, one bet: how the punter's card is decided, by abzug")
        + "\n"
        + _("{deck}, {copies}").format(
            deck=deck_words(deal.cards, one_deck=deal.one_deck), copies=copies
        )
    )
    ax.set_xlabel(_("abzug (lob = banker's card, sonik = punter's card)"))
    ax.set_ylabel(_("probability"))
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    ax.legend()
