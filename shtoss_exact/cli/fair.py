"""``shtoss-exact fair``: the exact value of one payoff that makes the game fair."""

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


@cli.command()
@deck_options
@scheme_option(required=True, help="Payout scheme with a named parameter.")
@click.option(
    "--solve",
    "name",
    required=True,
    metavar="PARAM",
    help="The named parameter to solve for (see `shtoss-exact schemes`).",
)
@output_options()
def fair(scheme: str, name: str, out: Output, **options: Any) -> None:
    """The value of one named payoff that makes the punter's expected value exactly 0.

    The expected value is affine in any one payoff, so the answer is exact.

    \b
    Examples:
      shtoss-exact fair --scheme lob-half --solve lob
      shtoss-exact fair --scheme bait --solve sonik --deck 36
      shtoss-exact fair --scheme examples/schemes/lob-half.toml --solve lob
    """
    from shtoss_exact.bet.fair import fair_payoff
    from shtoss_exact.report.scheme_view import fair_csv, fair_tables
    from shtoss_exact.schemes.files import resolve_scheme

    result = fair_payoff(resolve_scheme(scheme), name, deal=make_deal_from(options))
    out.emit(result.to_dict(), fair_tables, csv=fair_csv)
