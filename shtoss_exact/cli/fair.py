"""``shtoss-exact fair``: the exact value of one payoff that makes the game fair."""

from __future__ import annotations

from typing import Any

import click

from shtoss_exact.cli.base import cli, deck_options, emit_json, format_option, make_deal_from


@cli.command()
@deck_options
@click.option(
    "--scheme",
    required=True,
    metavar="NAME|FILE",
    help="Payout scheme: a built-in name or a .toml/.json file with a {param = ...} payoff.",
)
@click.option(
    "--solve",
    "name",
    required=True,
    metavar="PARAM",
    help="The named parameter to solve for (see `shtoss-exact schemes`).",
)
@format_option("text", "json", "csv", "markdown")
def fair(scheme: str, name: str, fmt: str, **options: Any) -> None:
    """The value of one named payoff that makes the punter's expected value exactly 0.

    The expected value is affine in any one payoff, so the answer is exact.

    \b
    Examples:
      shtoss-exact fair --scheme lob-half --solve lob
      shtoss-exact fair --scheme bait --solve sonik --deck 36
      shtoss-exact fair --scheme examples/schemes/lob-half.toml --solve lob
    """
    from shtoss_exact.engine import check_cost
    from shtoss_exact.fair import fair_payoff
    from shtoss_exact.report import render_tables
    from shtoss_exact.report.scheme_view import fair_record, fair_table
    from shtoss_exact.scheme_files import resolve_scheme

    chosen = resolve_scheme(scheme)
    deal = make_deal_from(options)
    for _, part in chosen.played_deals(deal):
        check_cost(part)
    result = fair_payoff(deal, chosen, name)
    if fmt == "json":
        emit_json(fair_record(result))
    else:
        click.echo(render_tables([fair_table(result)], fmt))
