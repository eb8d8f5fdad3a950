"""``shtoss-exact bank``: several bets decided by one deal, exactly."""

from __future__ import annotations

import click

from shtoss_exact.cli.base import (
    Output,
    cards_option,
    cli,
    copies_option,
    deck_option,
    one_deck_option,
    output_options,
    scheme_option,
)
from shtoss_exact.cli.bundles import bet_option, parse_bets, plot_option, plotted


@cli.command()
@bet_option(required=True)
@deck_option()
@cards_option(then="the cards not staked are other ranks.")
@copies_option(of="each staked rank", one_deck="each punter's card is one of them")
@one_deck_option(taken="one card of each staked rank is taken off the banker's deck.")
@scheme_option(help="Payout scheme of the bets that name none [default: classic].")
@click.option("--joint", is_flag=True, help="Add the joint outcome of the ranks (small banks).")
@plot_option
@output_options()
def bank(
    bets: tuple[str, ...],
    deck: str,
    cards: int | None,
    copies: int | None,
    one_deck: bool,
    scheme: str | None,
    joint: bool,
    plot_path: str | None,
    out: Output,
) -> None:
    """The banker's exact result when one deal decides several bets.

    \b
    Examples:
      shtoss-exact bank --bet 7:10 --bet Q:5 --bet A
      shtoss-exact bank --deck 36 --one-deck --bet 7 --bet 7:2:pharaon
      shtoss-exact bank --cards 8 --copies 2 --bet 7 --bet Q --joint
      shtoss-exact bank --bet 7 --bet Q:2:examples/schemes/eleven.toml --scheme фараон
      shtoss-exact bank --bet 7:10 --bet Q:5 --bet K:2:pharaon --plot bank.svg
    """
    from shtoss_exact.banks.odds import bank as make_bank
    from shtoss_exact.report.bank_view import bank_csv, bank_tables

    result = make_bank(
        parse_bets(bets, scheme=scheme),
        deck=int(deck),
        cards=cards,
        copies=copies,
        one_deck=one_deck,
    )
    if plotted(result, plot_path):
        return
    out.emit(result.to_dict(joint=joint), bank_tables, csv=bank_csv)
