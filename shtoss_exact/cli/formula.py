"""``shtoss-exact formula``: closed forms in the number of cards, proved against the engine."""

from __future__ import annotations

import click

from shtoss_exact.cli.base import Output, cli, copies_option, output_options, scheme_option


@cli.command()
@copies_option(required=True, allowed="1..12")
@scheme_option(
    default="classic",
    help="Payout scheme: any whose payoffs do not depend on the suits (not thirds).",
)
@click.option(
    "--parity",
    type=click.Choice(["even", "odd", "both"]),
    default="both",
    show_default=True,
    help="Deck sizes covered: even n, odd n, or both.",
)
@output_options("text", "json", "csv", "markdown", "latex")
def formula(copies: int, scheme: str, parity: str, out: Output) -> None:
    """Exact closed forms in the number of cards n, for even and odd n.

    P(banker), P(punter), P(no action), P(killed), P(plié), P(given) and the punter's
    expected net as rational functions of n, and, per abzug j, P(decided at abzug j)
    and who wins there, each on the range of abzugs it holds for; every form is
    compared with the engine at each n from where it holds before it is printed.
    For faro and stuss n is the whole deck: the abzugs are those of the n - 1 cards
    after the soda.

    \b
    Examples:
      shtoss-exact formula --copies 4
      shtoss-exact formula --copies 2 --scheme pharaon --parity odd --format latex
      shtoss-exact formula --copies 4 --parity even --format json
      shtoss-exact formula --copies 3 --scheme examples/schemes/eleven.toml
    """
    from shtoss_exact.report.formula_view import FORMATS, formula_csv
    from shtoss_exact.schemes.files import resolve_scheme
    from shtoss_exact.symbolic.forms import closed_forms

    forms = closed_forms(copies, scheme=resolve_scheme(scheme), parity=parity)
    record = forms.to_dict(latex=out.fmt == "latex")
    if out.fmt in FORMATS:
        out.emit_text(FORMATS[out.fmt](record))
    else:
        out.emit(record, lambda r: [formula_csv(r)], csv=formula_csv)
