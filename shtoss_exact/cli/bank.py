"""``shtoss-exact bank``: several bets decided by one deal, exactly."""

from __future__ import annotations

import click

from shtoss_exact.cli.base import WholeNumber, cli, emit_json, format_option
from shtoss_exact.cli.bundles import bet_option, parse_bets


@cli.command()
@bet_option(required=True)
@click.option(
    "--deck",
    type=click.Choice(["52", "36", "32"]),
    default="52",
    show_default=True,
    help="Preset deck: 52 (2..A), 36 (6..A) or 32 (7..A) cards.",
)
@click.option(
    "--cards",
    type=WholeNumber(),
    default=None,
    help="Custom number of cards (overrides --deck); the cards not staked are other ranks.",
)
@click.option(
    "--copies",
    type=WholeNumber(),
    default=None,
    help="Copies of each staked rank in the deck [default: 4, or 3 with --one-deck].",
)
@click.option(
    "--one-deck",
    is_flag=True,
    help="One-deck game: one card of each staked rank is taken off the banker's deck.",
)
@click.option(
    "--scheme",
    default="classic",
    show_default=True,
    help="Payout scheme of bets that name none (classic, lob-half, pharaon, ...).",
)
@click.option("--joint", is_flag=True, help="Add the joint outcome of the ranks (small banks).")
@format_option("text", "json", "csv", "markdown")
def bank(
    bets: tuple[str, ...],
    deck: str,
    cards: int | None,
    copies: int | None,
    one_deck: bool,
    scheme: str,
    joint: bool,
    fmt: str,
) -> None:
    """The banker's exact result when one deal decides several bets.

    \b
    Examples:
      shtoss-exact bank --bet 7:10 --bet Q:5 --bet A
      shtoss-exact bank --deck 36 --one-deck --bet 7 --bet 7:2:pharaon
      shtoss-exact bank --cards 8 --copies 2 --bet 7 --bet Q --joint
    """
    from shtoss_exact.bank_odds import bank as make_bank
    from shtoss_exact.report import render_tables
    from shtoss_exact.report.bank_view import bank_csv_table, bank_record, bank_tables

    result = make_bank(
        parse_bets(bets, scheme=scheme),
        deck=int(deck),
        cards=cards,
        copies=copies,
        one_deck=one_deck,
    )
    rows = result.joint() if joint else None
    if fmt == "json":
        emit_json(bank_record(result, joint=rows))
    elif fmt == "csv":
        click.echo(render_tables([bank_csv_table(result, joint=rows)], "csv"))
    else:
        click.echo(render_tables(bank_tables(result, joint=rows), fmt))
