"""The plot ``case``: the banker's edge on each live rank, from a ``CaseReport``.

With a replay (``replay=True``), after each turn of the cards seen the edge (per unit
staked) of the report's bet on each rank still live, one line per rank, ending when its
last copy is dealt; without one, the edge of that bet on each live rank now, as bars.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from shtoss_exact.errors import ShtossError
from shtoss_exact.i18n import N_, _, ngettext
from shtoss_exact.report.case_view import GAME_TITLES

if TYPE_CHECKING:
    from shtoss_exact.case.answers import CaseAnswers, CaseReport
    from shtoss_exact.case.bets import CaseBet

MARKERS = "osD^v<>px*hH+"


def replay_lines(report: CaseReport) -> dict[str, list[tuple[int, Fraction]]]:
    """The edge of the report's bet on each rank after each turn of its replay, as
    (turns dealt, edge) points, rank by rank while it is live.

    >>> from shtoss_exact.case.state import Case
    >>> report = Case.from_seen("5h Ks 5d", game="faro").report(replay=True)
    >>> replay_lines(report)["5"]
    [(0, Fraction(25, 1666)), (1, Fraction(1, 98))]
    """
    lines: dict[str, list[tuple[int, Fraction]]] = {}
    for row in report.replay or ():
        for bet in row.bets:
            if _live(bet) and bet.rank is not None:
                lines.setdefault(bet.rank, []).append((row.case.turns_dealt, bet.edge))
    order = {rank: index for index, rank in enumerate(report.now.case.ranks)}
    return dict(sorted(lines.items(), key=lambda item: order.get(item[0], len(order))))


def draw(report: CaseReport, ax: Any) -> None:
    """The replay's lines, or the bars of the bets now (see the module)."""
    answers = report.now
    if not any(_live(bet) for bet in answers.bets):
        raise ShtossError(
            _("no {value} bet on a live rank: nothing to plot").format(value=answers.kind.value)
        )
    game = answers.case.game.name
    title = _(GAME_TITLES[game]) if game in GAME_TITLES else game.capitalize()
    bet = _bet_words(answers)
    if report.replay is not None:
        _replay(report, ax)
        turns = len(report.replay) - 1
        recorded = ngettext(
            "a {bet}; {count} turn of a recorded deal",
            "a {bet}; {count} turns of a recorded deal",
            turns,
        )
        ax.set_title(
            _("{game}: the banker's edge on each live rank, turn by turn").format(game=title)
            + "\n"
            + recorded.format(bet=bet, count=turns),
            fontsize=11,
        )
        ax.set_xlabel(_("turns dealt"))
    else:
        _now(answers, ax)
        left = answers.case.cards_left
        now = ngettext("a {bet}; {count} card left", "a {bet}; {count} cards left", left)
        ax.set_title(
            _("{game}: the banker's edge on each live rank now").format(game=title)
            + "\n"
            + now.format(bet=bet, count=left),
            fontsize=11,
        )
        ax.set_xlabel(_("rank"))
    ax.set_ylabel(_("banker's edge (% of the stake)"))
    ax.axhline(0, color="black", linewidth=0.5)
    ax.grid(alpha=0.3)


def _replay(report: CaseReport, ax: Any) -> None:
    for index, (rank, points) in enumerate(replay_lines(report).items()):
        ax.plot(
            [turns for turns, _ in points],
            [float(edge) * 100 for _, edge in points],
            marker=MARKERS[index % len(MARKERS)],
            markersize=4,
            color=f"C{index % 10}",
            linestyle=("-", "--", "-.", ":")[index % 4],
            label=rank,
        )
    ax.legend(title=_("rank"), ncol=2, fontsize=8)


def _now(answers: CaseAnswers, ax: Any) -> None:
    bets = [bet for bet in answers.bets if _live(bet)]
    ax.bar(
        [str(bet.rank) for bet in bets],
        [float(bet.edge) * 100 for bet in bets],
        color=["#2a7f62" if bet.edge > 0 else "#b2443a" for bet in bets],
    )


def _live(bet: CaseBet) -> bool:
    """A bet on a rank with a copy still to come (high card names no rank)."""
    return bet.rank is not None and bool(bet.copies_left)


BETS = {
    ("open", "stay"): N_("bet that stays until decided"),
    ("open", "one-turn"): N_("bet on one turn"),
    ("coppered", "stay"): N_("coppered bet that stays until decided"),
    ("coppered", "one-turn"): N_("coppered bet on one turn"),
}
"""The bet of a case's plot, by its side and kind (the title's words)."""


def _bet_words(answers: CaseAnswers) -> str:
    words = BETS.get((answers.side.value, answers.kind.value))
    if words is not None:
        return _(words)
    kind = _("{kind} bet").format(kind=answers.kind.value)
    return _("coppered {bet}").format(bet=kind) if answers.side.value == "coppered" else kind
