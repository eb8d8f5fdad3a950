"""``shtoss-exact cheat``: what a documented cheat is worth to the banker, exactly."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from shtoss_exact.cli.base import (
    CASE_GAMES,
    Output,
    WholeNumber,
    cli,
    deck_option,
    game_option,
    output_options,
    scheme_option,
)
from shtoss_exact.cli.bundles import case_option, pattern_option, seen_option
from shtoss_exact.i18n import _

F = TypeVar("F", bound=Callable[..., Any])


@cli.group()
def cheat() -> None:
    """Crooked dealing: what each cheat is worth.

    The banker's exact edge against one bet on a rank under his best use of a cheat,
    beside the honest edge.

    The two-card box (box), dealing seconds (seconds) and the передержка (swap), each
    at most --takes times a deal, from the start of the deal (the soda shown) or from
    the cards seen (--seen) or a case (--case); the sand-tell used with the box
    (tell); splits put up (splits).
    """


def _cheat_options(default_game: str, *, pattern: bool = False) -> Callable[[F], F]:
    """The options every cheat takes: the bet's rank, the takes, where the deal is
    (``pattern``: or a betting pattern instead of the rank)."""

    def decorate(command: F) -> F:
        rank_help = "The punter's rank (7, Q, Д), staked 1 and left until decided."
        options = [
            click.option("--rank", required=not pattern, metavar="RANK",
                         help=rank_help + (" Or --pattern." if pattern else "")),
            click.option("--takes", type=WholeNumber(0, 100), default=1, show_default=True,
                         help="Most times a deal the dealer cheats."),
            game_option(*CASE_GAMES, default=default_game,
                        help="The game dealt through one deck; two-deck is Stoss with "
                        "--scheme."),
            scheme_option(help="two-deck only: Stoss's payout scheme [default: classic]."),
            deck_option(),
            seen_option(),
            case_option,
            output_options(),
        ]  # fmt: skip
        if pattern:
            options.insert(1, pattern_option(
                help="Instead of --rank: the punters bet by this pattern (every-rank, "
                "case-cards, copper-after-two or a pattern file); the banker's take over the "
                "rest of the deal."))  # fmt: skip
        for option in reversed(options):
            command = option(command)
        return command

    return decorate


def _emit(cheat_name: str, out: Output, options: dict[str, Any]) -> None:
    from shtoss_exact.errors import ShtossError
    from shtoss_exact.report.cheat_view import cheat_csv, cheat_tables

    if options["seen"] is not None and options["case_text"] is not None:
        raise ShtossError(_("give --seen or --case, not both"))
    if options["scheme"] is not None and options["game"] != "two-deck":
        raise ShtossError(
            _("--scheme is for --game two-deck: {options} has its own scheme").format(
                options=options["game"]
            )
        )
    extra: dict[str, Any] = {}
    compute: Callable[..., Any]
    if options.get("pattern") is not None:
        _box_pattern(out, options)
        return
    if options["rank"] is None:
        raise click.UsageError(
            _("give --rank (one bet on a rank) or --pattern (the punters' bets)")
        )
    if cheat_name == "box":
        from shtoss_exact.cheat.box import two_card_box as compute
    elif cheat_name == "tell":
        from shtoss_exact.cheat.tell import sand_tell as compute

        extra["tell_class"] = options["tell_class"]
    elif cheat_name == "seconds":
        from shtoss_exact.cheat.seconds import seconds as compute
    else:
        from shtoss_exact.cheat.seconds import swap as compute
    result = compute(options["rank"], **extra, **_position(options))
    out.emit(result.to_dict(), cheat_tables, csv=cheat_csv)


def _position(options: dict[str, Any]) -> dict[str, Any]:
    """The library's keywords for the takes and the position every cheat is asked at:
    ``takes``, ``game``, ``scheme`` (a file read here), ``deck``, ``seen``, ``case``."""
    scheme = options["scheme"]
    if scheme is not None:
        from shtoss_exact.schemes.files import resolve_scheme

        scheme = resolve_scheme(scheme)
    return {"takes": options["takes"], "game": options["game"], "scheme": scheme,
            "deck": int(options["deck"]), "seen": options["seen"],
            "case": options["case_text"]}  # fmt: skip


def _box_pattern(out: Output, options: dict[str, Any]) -> None:
    from shtoss_exact.cheat.box_pattern import box_against_pattern
    from shtoss_exact.report.cheat_view import box_pattern_csv, box_pattern_tables

    if options["rank"] is not None:
        raise click.UsageError(_("give --rank or --pattern, not both"))
    result = box_against_pattern(options["pattern"], **_position(options))
    out.emit(result.to_dict(), box_pattern_tables, csv=box_pattern_csv)


@cheat.command()
@_cheat_options("faro", pattern=True)
def box(out: Output, **options: Any) -> None:
    """The two-card box («спуск»): before each card leaves the box the dealer knows it;
    he may pull it out unseen with the visible one, its slot going to the card after.

    Against one bet on --rank, or against the punters' bets of a --pattern (the
    banker's take over the rest of the deal).

    \b
    Examples:
      shtoss-exact cheat box --rank 7 --takes 1
      shtoss-exact cheat box --rank 5 --seen "5h Ks 5d" --takes 2
      shtoss-exact cheat box --rank Q --game two-deck --scheme lob-half
      shtoss-exact cheat box --pattern every-rank --case "*:0,7:2,K:2,Q:1" --takes 1
    """
    _emit("box", out, options)


@cheat.command()
@_cheat_options("faro")
def seconds(out: Output, **options: Any) -> None:
    """Dealing seconds: knowing the top two cards, the dealer deals the second instead
    of the first, which stays on top.

    \b
    Examples:
      shtoss-exact cheat seconds --rank 7 --takes 1
      shtoss-exact cheat seconds --rank 7 --game two-deck --takes 1
    """
    _emit("seconds", out, options)


@cheat.command()
@_cheat_options("two-deck")
def swap(out: Output, **options: Any) -> None:
    """The передержка: the banker sees both cards of the coming abzug and swaps them.

    \b
    Examples:
      shtoss-exact cheat swap --rank 7 --takes 1
      shtoss-exact cheat swap --rank 7 --game faro --takes 1
    """
    _emit("swap", out, options)


@cheat.command()
@click.option(
    "--class",
    "tell_class",
    required=True,
    metavar="RANKS",
    help="The class of ranks the tell tells, e.g. J,Q,K (its cards sanded).",
)
@_cheat_options("faro")
def tell(out: Output, **options: Any) -> None:
    """The sand-tell box: as each card is drawn the dealer learns whether the card two
    places below it is of the class; he uses the bit with the two-card box's take (so
    he knows, before each card leaves the box, its class and no more).

    \b
    Examples:
      shtoss-exact cheat tell --rank 7 --class J,Q,K --takes 1
      shtoss-exact cheat tell --rank 7 --class 7 --takes 1
    """
    _emit("tell", out, options)


@cheat.command()
@click.option(
    "--stacked",
    type=WholeNumber(0, 26),
    default=1,
    show_default=True,
    help="Pairs of different full ranks put up as turns.",
)
@pattern_option(help="The banker's take over the deal under every-rank (Faro, Stuss).")
@game_option(*CASE_GAMES, default="faro", help="The game dealt through one deck.")
@deck_option()
@seen_option()
@case_option
@output_options()
def splits(out: Output, **options: Any) -> None:  # fmt: skip
    """Splits put up: the exact law of the number of splits in the rest of the deal
    with --stacked pairs put up as turns, the rest fair (and the banker's take).

    \b
    Examples:
      shtoss-exact cheat splits --stacked 0
      shtoss-exact cheat splits --stacked 2 --pattern every-rank
    """
    from shtoss_exact.cheat.splits import stacked_splits
    from shtoss_exact.errors import ShtossError
    from shtoss_exact.report.cheat_view import splits_csv, splits_tables

    if options["seen"] is not None and options["case_text"] is not None:
        raise ShtossError(_("give --seen or --case, not both"))
    result = stacked_splits(
        options["stacked"],
        game=options["game"],
        deck=int(options["deck"]),
        seen=options["seen"],
        case=options["case_text"],
        pattern=options["pattern"],
    )
    out.emit(result.to_dict(), splits_tables, csv=splits_csv)
