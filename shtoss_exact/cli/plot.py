"""``shtoss-exact plot``: exact results drawn to a PNG or SVG file (needs the ``plot`` extra)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from shtoss_exact.cli.base import (
    CASE_GAMES,
    card_option,
    cli,
    completion,
    copies_option,
    deck_option,
    game_option,
    one_deck_option,
    option_number,
    suits_option,
)
from shtoss_exact.cli.bundles import (
    BET_METAVAR,
    PLAN_KEYS,
    bet_option,
    parse_bets,
    plan_arguments,
    plan_options,
)
from shtoss_exact.cli.scheme_list import scheme_list_option
from shtoss_exact.report.plots.registry import KINDS

if TYPE_CHECKING:
    from fractions import Fraction

DEFAULT_CARDS = {"abzug": "52", "edge": "12..104:2"}
DEFAULT_SCHEMES = "classic,lob-half,pharaon,faro"

FLAGS = {
    "deck": "--deck",
    "card": "--card",
    "suits": "--suits",
    "scheme": "--scheme",
    "bets": "--bet",
    "deals": "--deals",
    "plan_name": "--plan",
    "plan_file": "--plan-file",
    "kush": "--kush",
    "bankroll": "--bankroll",
    "target": "--target",
    "max_stake": "--max-stake",
    "seen": "--seen",
    "game": "--game",
    "cards": "--cards",
    "copies": "--copies",
    "one_deck": "--one-deck",
}
"""Options that only some kinds take: parameter name -> flag."""

TAKEN_BY = {
    "deck": ("abzug", "bank", "series", "strategy"),
    "card": ("abzug", "series", "strategy"),
    "suits": ("abzug", "series", "strategy"),
    "scheme": ("edge", "bank", "series", "strategy"),
    "bets": ("bank",),
    **{key: ("series",) for key in PLAN_KEYS},
    "seen": ("case",),
    "game": ("case",),
    **{key: ("abzug", "edge", "bank", "series", "strategy") for key in ("cards", "copies")},
    "one_deck": ("abzug", "edge", "bank", "series", "strategy"),
    **{key: ("series", "strategy") for key in ("bankroll", "target", "max_stake")},
}
"""Parameter name -> the kinds that take it."""


def _check_kind(kind: str, values: dict[str, Any]) -> None:
    from shtoss_exact.errors import ShtossError

    for name, kinds in TAKEN_BY.items():
        if values[name] not in (None, (), False) and kind not in kinds:
            allowed = " or ".join([", ".join(kinds[:-1]), kinds[-1]] if len(kinds) > 1 else kinds)
            raise ShtossError(f"{FLAGS[name]} is for --kind {allowed}: not for the {kind} plot")


@cli.command()
@click.option(
    "-o",
    "--output",
    required=True,
    metavar="FILE",
    shell_complete=completion("file"),
    help="The image to write: FILE.png or FILE.svg, replaced whole or not at all; - is "
    "standard output (SVG unless --format png).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["png", "svg"]),
    default=None,
    help="Image format [default: the suffix of FILE].",
)
@click.option(
    "--kind",
    type=click.Choice(tuple(KINDS)),
    default="abzug",
    show_default=True,
    help="abzug: each outcome's probability by abzug; edge: the banker's edge against "
    "deck size, one line per scheme; bank: the banker's net result over the bets of one "
    "deal; series: the punter's net result after a plan over deals; strategy: the best "
    "stakes and their value against the bankroll up to --target (as shtoss-exact strategy); "
    "case: each live rank's edge along a recorded 52-card deal (--seen).",
)
@deck_option(unset=True)
@click.option(
    "--cards",
    default=None,
    metavar="RANGE",
    help="Custom deck size (overrides --deck), one size; for edge a range N, A..B, "
    "A..B:STEP or a comma list [default: 12..104:2].",
)
@copies_option(
    of="the punter's rank (bank: of each staked rank)",
    one_deck="the punter's card is one of them",
)
@one_deck_option()
@card_option(only="abzug, series, strategy")
@suits_option(only="abzug, series, strategy")
@scheme_list_option(
    help=f"edge: payout schemes, a comma list [default: {DEFAULT_SCHEMES}]; bank: the "
    "scheme of bets that name none; series, strategy: the scheme [default: classic]."
)
@bet_option(required=False)
@plan_options
@click.option("--seen", default=None, metavar="CARDS", help="case: a recorded deal's cards.")
@game_option(*CASE_GAMES, default=None, help="case: the game dealt [default: faro].")
def plot(output: str, fmt: str | None, kind: str, **values: Any) -> None:
    """Plot exact odds to a PNG or SVG file (pip install 'shtoss-exact[plot]').

    With no option but -o, the probability of each outcome by abzug in the default
    52-card game.

    \b
    Examples:
      shtoss-exact plot -o abzug.png
      shtoss-exact plot -o abzug.svg --deck 36 --one-deck
      shtoss-exact plot -o edge.svg --kind edge --cards 8..60 --scheme classic,pharaon
      shtoss-exact plot -o bank.svg --kind bank --bet 7:10 --bet Q:5 --bet K:2:pharaon
      shtoss-exact plot -o series.png --kind series --plan paroli:3 --deals 30
      shtoss-exact plot -o - --deck 36 > abzug.svg
    """
    from shtoss_exact.report.plots.figures import files_only, image_format, render

    image_format(output, fmt)
    _check_kind(kind, values)
    options = _options(kind, values)
    with files_only():  # the Agg backend, and none of matplotlib's own warnings
        render(kind, output, fmt=fmt, **options)


def _options(kind: str, values: dict[str, Any]) -> dict[str, Any]:
    """The drawing's keyword options for ``kind``, parsed (and checked) before any drawing."""
    from shtoss_exact.bet.tables import parse_range, parse_schemes
    from shtoss_exact.deck import make_deal
    from shtoss_exact.errors import ShtossError

    if kind == "case":
        return {"seen": values["seen"] or "", "game": values["game"] or "faro"}
    cards_text = values["cards"]
    copies = values["copies"]
    one_deck = values["one_deck"]
    if kind == "edge":
        sizes = parse_range(cards_text or DEFAULT_CARDS["edge"], name="cards")
        return {
            "cards": sizes,
            "copies": copies if copies is not None else 4,
            "schemes": parse_schemes(values["scheme"] or DEFAULT_SCHEMES),
            "one_deck": one_deck,
        }
    size = None
    if cards_text is not None:
        sizes = parse_range(cards_text, name="cards")
        if len(sizes) != 1:
            raise ShtossError(f"--cards {cards_text!r}: the {kind} plot takes one deck size")
        size = sizes[0]
    deck = int(values["deck"] or 52)
    if kind == "bank":
        if not values["bets"]:
            raise ShtossError(
                f"--kind bank needs at least one --bet {BET_METAVAR}: e.g. --bet 7:10"
            )
        bets = parse_bets(values["bets"], scheme=values["scheme"])
        return {"bets": bets, "deck": deck, "cards": size, "copies": copies, "one_deck": one_deck}
    deal = make_deal(
        deck=deck,
        cards=size,
        copies=copies,
        one_deck=one_deck,
        card=values["card"],
        suits=values["suits"],
    )
    if kind == "strategy":
        return {**_strategy_arguments(values), "deal": deal}
    if kind == "abzug":
        return {"deal": deal}
    from shtoss_exact.schemes.files import resolve_scheme

    scheme = resolve_scheme((values["scheme"] or "classic").strip())
    return {**plan_arguments(values), "scheme": scheme, "deal": deal}


def _strategy_arguments(values: dict[str, Any]) -> dict[str, Any]:
    """The drawing's options from the ``plot`` command's parsed values (``--target``,
    ``--bankroll``, ``--max-stake``, ``--scheme``), exact numbers parsed and checked."""
    from shtoss_exact.errors import ShtossError
    from shtoss_exact.schemes.files import resolve_scheme

    def number(key: str) -> Fraction | None:
        return option_number(f"--{key.replace('_', '-')}", values.get(key))

    target = number("target")
    if target is None:
        raise ShtossError("--kind strategy needs --target T: the bankroll to reach")
    return {
        "target": target,
        "bankroll": number("bankroll") or 1,
        "max_stake": number("max_stake"),
        "scheme": resolve_scheme((values.get("scheme") or "classic").strip()),
    }
