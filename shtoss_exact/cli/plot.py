"""``shtoss-exact plot``: exact results drawn to a PNG or SVG file (needs the ``plot`` extra)."""

from __future__ import annotations

import click

from shtoss_exact.cli.base import WholeNumber, cli

KINDS = ("abzug", "edge")
"""Plot kinds this command offers (``shtoss_exact.plots.PLOTS`` has their drawings)."""

DEFAULT_CARDS = {"abzug": "52", "edge": "12..104:2"}
DEFAULT_SCHEMES = "classic,lob-half,pharaon,faro"


@cli.command()
@click.option(
    "-o",
    "--output",
    required=True,
    metavar="FILE",
    help="The image to write: FILE.png or FILE.svg (written atomically).",
)
@click.option(
    "--kind",
    type=click.Choice(KINDS),
    default="abzug",
    show_default=True,
    help="abzug: each outcome's probability by abzug; edge: the banker's edge against "
    "deck size, one line per scheme.",
)
@click.option(
    "--cards",
    default=None,
    metavar="RANGE",
    help="Deck size (the whole deck) [abzug: one size, default 52]; for edge a range "
    "N, A..B, A..B:STEP or a comma list [default: 12..104:2].",
)
@click.option(
    "--copies",
    type=WholeNumber(),
    default=None,
    help="Copies of the punter's rank in the banker's deck [default: 4, or 3 with --one-deck].",
)
@click.option(
    "--one-deck",
    is_flag=True,
    help="One-deck game: the punter's card is the top card of the banker's deck.",
)
@click.option(
    "--scheme",
    default=None,
    metavar="NAMES",
    help=f"For edge: payout schemes, a comma list [default: {DEFAULT_SCHEMES}].",
)
def plot(
    output: str,
    kind: str,
    cards: str | None,
    copies: int | None,
    one_deck: bool,
    scheme: str | None,
) -> None:
    """Plot exact odds to a PNG or SVG file (pip install 'shtoss-exact[plot]').

    With no option but -o, the probability of each outcome by abzug in the default
    52-card game.

    \b
    Examples:
      shtoss-exact plot -o abzug.png
      shtoss-exact plot -o abzug.svg --cards 36 --one-deck
      shtoss-exact plot -o edge.svg --kind edge --cards 8..60 --scheme classic,pharaon
    """
    from shtoss_exact.errors import ShtossError
    from shtoss_exact.odds import make_deal
    from shtoss_exact.plots import image_format, render
    from shtoss_exact.tables import parse_range, parse_schemes

    image_format(output)
    sizes = parse_range(cards or DEFAULT_CARDS[kind], name="cards")
    count = copies if copies is not None else (3 if one_deck else 4)
    try:
        if kind == "abzug":
            if scheme is not None:
                raise ShtossError("--scheme is for --kind edge: the abzug plot is per card kind")
            if len(sizes) != 1:
                raise ShtossError(f"--cards {cards!r}: the abzug plot takes one deck size")
            deal = make_deal(cards=sizes[0], copies=count, one_deck=one_deck)
            render("abzug", output, deal=deal)
        else:
            render(
                "edge",
                output,
                cards=sizes,
                copies=count,
                schemes=parse_schemes(scheme or DEFAULT_SCHEMES),
                one_deck=one_deck,
            )
    except OSError as error:
        raise ShtossError(f"cannot write {output!r}: {error.strerror or error}") from None
