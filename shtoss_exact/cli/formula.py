"""``shtoss-exact formula``: closed forms in the number of cards, proved against the engine."""

from __future__ import annotations

import click

from shtoss_exact.cli.base import WholeNumber, cli, emit_json, format_option


@cli.command()
@click.option(
    "--copies",
    type=WholeNumber(),
    required=True,
    help="Copies of the punter's rank in the deck (1..8).",
)
@click.option(
    "--scheme",
    default="classic",
    show_default=True,
    metavar="NAME",
    help="Payout scheme: classic, lob-half, gorka-half, pharaon, bassette, faro, stuss.",
)
@click.option(
    "--parity",
    type=click.Choice(["even", "odd", "both"]),
    default="both",
    show_default=True,
    help="Deck sizes covered: even n, odd n, or both.",
)
@format_option("text", "latex", "json")
def formula(copies: int, scheme: str, parity: str, fmt: str) -> None:
    """Exact closed forms in the number of cards n, for even and odd n.

    P(banker), P(plié), P(punter), P(no action), the punter's expected net, and the
    probabilities of a decision at abzug j, as rational functions of n, each checked
    against the engine for many n before it is printed. For faro and stuss n is the
    whole deck: the bet is played on the n - 1 cards after a soda of another rank.

    \b
    Examples:
      shtoss-exact formula --copies 4
      shtoss-exact formula --copies 2 --scheme pharaon --parity odd --format latex
      shtoss-exact formula --copies 4 --format json
    """
    from shtoss_exact.symbolic import MAX_COPIES, Parity, closed_forms, render_latex, render_text

    if not 1 <= copies <= MAX_COPIES:
        raise click.BadParameter(
            f"{copies} is outside 1..{MAX_COPIES} (closed forms are derived for 1..{MAX_COPIES})",
            param_hint="'--copies'",
        )
    forms = closed_forms(copies, scheme=scheme, parity=None if parity == "both" else Parity(parity))
    if fmt == "json":
        emit_json([form.record() for form in forms])
    elif fmt == "latex":
        click.echo(render_latex(forms))
    else:
        click.echo(render_text(forms))
