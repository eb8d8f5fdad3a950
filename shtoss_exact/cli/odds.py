"""``shtoss-exact odds``: one bet's exact odds."""

from __future__ import annotations

from typing import Any

import click

from shtoss_exact.cli.base import (
    Output,
    cli,
    deck_options,
    make_deal_from,
    output_options,
    scheme_option,
)
from shtoss_exact.cli.bundles import plot_option, plotted


@cli.command()
@deck_options
@click.option(
    "--by-abzug",
    is_flag=True,
    help="Add one row per abzug: killed, plié, given (written row by row, any deck).",
)
@scheme_option(help="Payout scheme [default: classic].")
@plot_option
@output_options()
def odds(
    by_abzug: bool, scheme: str | None, plot_path: str | None, out: Output, **options: Any
) -> None:
    """Exact odds of one bet: banker, plié, punter, expected value, by abzug.

    With --scheme, the expected value follows the scheme, and the banker's edge (per
    bet, per unit of action, per abzug exposed), the variance and the distribution
    of the punter's net result are added.

    \b
    Examples:
      shtoss-exact odds
      shtoss-exact odds --deck 36 --one-deck --card 7h --by-abzug
      shtoss-exact odds --cards 20 --copies 2 --format json
      shtoss-exact odds --scheme pharaon
      shtoss-exact odds --scheme examples/schemes/thirds.toml --card 7h
      shtoss-exact odds --deck 36 --one-deck --plot abzug.svg
    """
    from shtoss_exact.bet.odds import odds_of
    from shtoss_exact.report.odds_view import abzug_table, odds_csv, odds_tables

    chosen = None
    if scheme is not None:
        from shtoss_exact.bet.measures import chosen_scheme  # a file's reader only for a file

        chosen = chosen_scheme(scheme)
    result = odds_of(make_deal_from(options), scheme=chosen)
    if plotted(result, plot_path):
        return
    if by_abzug:
        # One row per abzug: streamed, whatever the deck (JSON as to_dict(by_abzug=True)).
        stream, title = result.abzug_stream(), abzug_table([]).title
        out.emit_rows(result.to_dict(), "by_abzug", stream, title=title, tables=odds_tables)
        return
    out.emit(result.to_dict(), odds_tables, csv=odds_csv)
