"""The plot ``edge``: the banker's edge against deck size, from a ``SummaryTable``.

One line per set-up other than the deck (scheme, and copies and game when the table
holds several), through its rows in the table's order; more rows on a line than
``MAX_POINTS`` are thinned evenly.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from shtoss_exact.errors import ShtossError
from shtoss_exact.i18n import N_, _, ngettext
from shtoss_exact.report.plots.figures import thin

if TYPE_CHECKING:
    from shtoss_exact.bet.tables import SummaryTable

GAMES = {"two-deck": N_("two-deck game"), "one-deck": N_("one-deck game")}
"""The games of a table, as its title names them."""


def edge_lines(table: SummaryTable) -> dict[str, list[tuple[int, Fraction]]]:
    """The banker's edge (minus the punter's ev) by deck size, one line per scheme;
    the copies and the game are in the line's name when the table holds several.

    >>> from shtoss_exact.bet.tables import TableSpec, SummaryTable
    >>> spec = TableSpec(cards=[52], copies=(4,), schemes=["classic"])
    >>> edge_lines(SummaryTable(rows=tuple(spec.rows())))
    {'classic': [(52, Fraction(33, 833))]}
    """
    copies = {row.copies for row in table.rows}
    games = {row.game for row in table.rows}
    lines: dict[str, list[tuple[int, Fraction]]] = {}
    for row in table.rows:
        name = row.scheme
        if len(copies) > 1:
            name += ngettext(", {count} copy", ", {count} copies", row.copies).format(
                count=row.copies
            )
        if len(games) > 1:
            name += f", {row.game.value}"
        lines.setdefault(name, []).append((row.deck, -row.ev))
    return {name: [points[i] for i in thin(len(points))] for name, points in lines.items()}


def draw(table: SummaryTable, ax: Any) -> None:
    """The banker's edge (in % of the stake) of every row of ``table`` against its deck."""
    lines = edge_lines(table)
    if not lines:
        raise ShtossError(_("the table has no rows: nothing to plot"))
    markers = "osD^v<>px*"
    for index, (name, points) in enumerate(lines.items()):
        ax.plot(
            [size for size, _ in points],
            [float(edge) * 100 for _, edge in points],
            marker=markers[index % len(markers)],
            markersize=3,
            linestyle=("-", "--", "-.", ":")[index % 4],
            label=name,
        )
    copies = sorted({row.copies for row in table.rows})
    games = sorted({row.game.value for row in table.rows})
    if len(copies) == 1:
        shown = ngettext("{count} copy", "{count} copies", copies[0]).format(count=copies[0])
    else:
        shown = _("copies as named")
    game = _(GAMES.get(games[0], "{game} game")).format(game=games[0])
    if len(games) > 1:
        game = _("games as named")
    ax.set_title(
        _("Banker's edge by deck size ({game}, {copies} of the punter's rank)").format(
            game=game, copies=shown
        )
    )
    ax.set_xlabel(_("cards in the deck"))
    ax.set_ylabel(_("banker's edge (% of the punter's stake)"))
    ax.axhline(0, color="black", linewidth=0.5)
    ax.grid(alpha=0.3)
    ax.legend(title=_("scheme"))
