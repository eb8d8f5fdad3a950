"""``shtoss-exact case``: a deal in progress, the case kept: every bet now, exactly."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from shtoss_exact.cli.base import (
    CASE_GAMES,
    Output,
    cli,
    deck_option,
    game_option,
    option_number,
    output_options,
    scheme_option,
)
from shtoss_exact.cli.bundles import (
    case_option,
    pattern_option,
    plot_option,
    plotted,
    seen_option,
)
from shtoss_exact.i18n import _

if TYPE_CHECKING:
    pass

BET_KINDS = ("stay", "one-turn", "coppered", "high-card", "all")
"""``--bet-kind``'s choices: the words of ``shtoss_exact.case.query.BET_KINDS``, then
``EVERY_KIND``."""


@cli.command()
@game_option(
    *CASE_GAMES,
    default="faro",
    help="The game dealt through one deck; two-deck is Stoss with --scheme.",
)
@scheme_option(help="two-deck only: Stoss's payout scheme [default: classic].")
@deck_option()
@seen_option()
@case_option
@click.option(
    "--bet-kind",
    type=click.Choice(BET_KINDS),
    default="stay",
    show_default=True,
    help="The bets listed on each live rank: stay until decided, one-turn, coppered (to "
    "lose), high-card, or all (every kind, keyed by its word in bet_kinds).",
)
@click.option(
    "--call-the-turn",
    is_flag=True,
    help="Insist on calling the turn: refused unless three cards are left.",
)
@click.option(
    "--pay-for",
    default="4",
    show_default=True,
    metavar="X",
    help="Calling the turn: the payout for three different ranks, read for and to.",
)
@click.option(
    "--cathop-pay",
    default="2",
    show_default=True,
    metavar="X",
    help="Calling the turn: the payout for a cathop (a pair and one card).",
)
@pattern_option(
    help="The whole rest of the deal under a betting pattern: every-rank, case-cards, "
    "copper-after-two, or a .toml/.json pattern file."
)
@click.option("--replay", is_flag=True, help="With --seen: the case after each turn.")
@click.option(
    "--bets",
    default=None,
    metavar="BETS",
    help="With --seen: the punter's recorded bets, settled as the cards fell, e.g. "
    '"K:stay:1@0 5:coppered:2@3 high-card:1@4" (RANK:KIND:STAKE@TURNS-DEALT).',
)
@plot_option
@output_options()
def case(
    game: str,
    scheme: str | None,
    deck: str,
    seen: str | None,
    case_text: str | None,
    bet_kind: str,
    call_the_turn: bool,
    pay_for: str,
    cathop_pay: str,
    pattern: str | None,
    replay: bool,
    bets: str | None,
    plot_path: str | None,
    out: Output,
) -> None:
    """A deal in progress, the case kept: every bet now, the best bet, the whole deal.

    Faro, Stuss, Pharaon, Bassette or Stoss dealt through one deck: for each live
    rank P(win), P(lose), P(split), P(dead), the punter's expected net and the
    banker's edge per bet and per unit of action; high card; calling the turn with
    three cards left; the rest of the deal under a betting pattern.

    \b
    Examples:
      shtoss-exact case --seen "5h Ks 5d"
      shtoss-exact case --case "*:0,7:2,K:1" --format json
      shtoss-exact case --seen "5h Ks 5d" --bet-kind one-turn
      shtoss-exact case --seen "5h Ks 5d" --bet-kind all --format json
      shtoss-exact case --pattern every-rank
      shtoss-exact case --game pharaon --seen "7h 7d Ks 2c" --replay
      shtoss-exact case --seen "5h Ks 5d 9c 2s" --bets "5:stay:2@0 K:coppered@0"
      shtoss-exact case --seen "5h Ks 5d 8d 6h 5c 6d" --replay --plot case.svg
    """
    from shtoss_exact.case.query import bet_kind_keywords, case_result
    from shtoss_exact.report.case_view import case_csv, case_tables

    chosen = None
    if scheme is not None:  # resolved here: a scheme file is read only for two-deck
        from shtoss_exact.errors import ShtossError
        from shtoss_exact.schemes.files import resolve_scheme

        if game != "two-deck":
            raise ShtossError(
                _("--scheme is for --game two-deck: {game} has its own scheme").format(game=game)
            )
        chosen = resolve_scheme(scheme)
    report, record = case_result(
        game=game,
        scheme=chosen,
        deck=int(deck),
        seen=seen,
        case=case_text,
        **bet_kind_keywords(bet_kind),
        pattern=pattern,
        pay=option_number("--pay-for", pay_for),  # a bad number named by its flag
        cathop_pay=option_number("--cathop-pay", cathop_pay),
        replay=replay,
        call_the_turn=call_the_turn,
        bets=bets,
    )
    if plotted(report, plot_path):
        return
    out.emit(record, case_tables, csv=case_csv)
