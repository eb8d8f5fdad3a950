"""The plots ``abzug`` (how one bet is decided, by abzug) and ``edge`` (the banker's edge
by deck size, one line per scheme)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from shtoss_exact.bet.odds import odds_of
from shtoss_exact.deck import Deal
from shtoss_exact.errors import ShtossError
from shtoss_exact.report.plots.figures import MAX_POINTS, thin
from shtoss_exact.schemes.scheme import SchemeArgument


def abzug_series(deal: Deal, *, points: int = MAX_POINTS) -> dict[str, list[Any]]:
    """Exact probabilities by abzug: ``abzug`` (the abzugs drawn), ``killed``, ``plie``,
    ``given``; every abzug of a deck of up to ``2 * points`` cards, else ``points`` of
    them evenly spread (each in O(1) binomials, whatever the deck).

    >>> abzug_series(Deal(52, 4))["given"][0]
    Fraction(16, 221)
    >>> len(abzug_series(Deal(10**12, 4))["abzug"])
    800
    """
    odds = odds_of(deal)
    count = (odds.as_played.cards + 1) // 2
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


def abzug_plot(axes: Any, *, deal: Deal) -> None:
    series = abzug_series(deal)
    abzugs = series["abzug"]
    # In an even deck a lone lob kills exactly as often as the sonik gives, abzug by
    # abzug (C(n-2j+1, m-1) - C(n-2j, m-2) = C(n-2j, m-1)): the killed line is dashed
    # over the given one so both stay visible.
    styles: dict[str, tuple[str, dict[str, Any]]] = {
        "given": ("given on the sonik (punter wins)", {"linewidth": 3.0, "alpha": 0.6}),
        "killed": ("killed by the lob (banker wins)", {"linestyle": "--", "marker": "o"}),
        "plie": ("plié (banker wins)", {"marker": "s"}),
    }
    for name, (label, style) in styles.items():
        axes.plot(abzugs, [float(v) for v in series[name]], markersize=3, label=label, **style)
    game = "one-deck game" if deal.one_deck else "banker's deck"
    axes.set_title(
        f"Stoss, one bet: how the punter's card is decided, by abzug\n"
        f"{deal.cards} cards in the {game}, {deal.copies} copies of the punter's rank"
    )
    axes.set_xlabel("abzug (lob = banker's card, sonik = punter's card)")
    axes.set_ylabel("probability")
    axes.set_ylim(bottom=0)
    axes.grid(alpha=0.3)
    axes.legend()


def edge_series(
    cards: Sequence[int], *, copies: int, schemes: Sequence[SchemeArgument], one_deck: bool = False
) -> dict[str, list[tuple[int, Fraction]]]:
    """The banker's edge (minus the punter's expected net) by deck size, for each scheme.

    ``cards`` are whole decks: in the one-deck game the banker's deck has one card fewer.
    Sizes too small for the copies are left out; more sizes than ``MAX_POINTS`` are
    thinned evenly. The cost is checked as a table's (``TableSpec.check``).

    >>> edge_series([52], copies=4, schemes=["classic"])
    {'classic': [(52, Fraction(33, 833))]}
    """
    from shtoss_exact.bet.tables import TableSpec
    from shtoss_exact.deck import Game

    spec = TableSpec(
        cards=[cards[i] for i in thin(len(cards))],  # a range is never listed
        copies=(copies,),
        schemes=schemes,
        games=Game.ONE_DECK if one_deck else Game.TWO_DECK,
    )
    if spec.size() == 0:
        raise ShtossError(f"no deck size given holds copies={copies}: nothing to plot")
    series: dict[str, list[tuple[int, Fraction]]] = {}
    for row in spec.rows():
        series.setdefault(row.scheme, []).append((row.deck, -row.ev))
    return series


def edge_plot(
    axes: Any,
    *,
    cards: Sequence[int],
    copies: int,
    schemes: Sequence[SchemeArgument],
    one_deck: bool = False,
) -> None:
    series = edge_series(cards, copies=copies, schemes=schemes, one_deck=one_deck)
    markers = "osD^v<>px*"
    for index, (name, points) in enumerate(series.items()):
        axes.plot(
            [size for size, _ in points],
            [float(edge) * 100 for _, edge in points],
            marker=markers[index % len(markers)],
            markersize=3,
            linestyle=("-", "--", "-.", ":")[index % 4],
            label=name,
        )
    game = "one-deck game" if one_deck else "two-deck game"
    axes.set_title(f"Banker's edge by deck size ({game}, {copies} copies of the punter's rank)")
    axes.set_xlabel("cards in the deck")
    axes.set_ylabel("banker's edge (% of the punter's stake)")
    axes.axhline(0, color="black", linewidth=0.5)
    axes.grid(alpha=0.3)
    axes.legend(title="scheme")
