"""Option bundles of the bank and the series, shared by ``bank``, ``series`` and ``plot``.

Each bundle is a decorator adding the options and a function turning their parsed
values into the library call's keyword arguments, so the commands parse alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import click

from shtoss_exact.cli.base import WholeNumber, completion, option_number
from shtoss_exact.cli.speaking import ListingOption
from shtoss_exact.i18n import _

F = TypeVar("F", bound=Callable[..., Any])

BET_METAVAR = "RANK[:STAKE[:SCHEME]]"


def pattern_option(*, help: str) -> Callable[[F], F]:
    """``--pattern NAME|FILE``: a betting pattern over the rest of the deal (``case``,
    ``cheat splits``)."""
    return click.option(
        "--pattern",
        default=None,
        metavar="NAME|FILE",
        shell_complete=completion("pattern"),
        help=help,
    )


def case_option(command: F) -> F:
    """``--case CASE``: the copies left by rank (``case``, ``cheat``)."""
    return click.option(
        "--case",
        "case_text",
        default=None,
        metavar="CASE",
        help='Copies left by rank, e.g. "A:1,7:2,K:0"; unnamed ranks full, or "*:N" copies.',
    )(command)


PLAN_KEYS = ("deals", "plan_name", "plan_file", "kush", "bankroll", "target", "max_stake")
"""The parameters ``plan_options`` adds (click's names)."""


def bet_option(*, required: bool) -> Callable[[F], F]:
    """``--bet RANK[:STAKE[:SCHEME]]``, repeatable: the bets of a bank."""
    return click.option(
        "--bet",
        "bets",
        multiple=True,
        required=required,
        metavar=BET_METAVAR,
        help="A bet: rank (7, Q, Д), stake (default 1; 10, 2.5, 1/2) and scheme (a name or "
        "a .toml/.json scheme file); repeat for each bet.",
    )


def parse_bets(texts: Iterable[str], *, scheme: str | None) -> list[Any]:
    """The bets of ``--bet`` as ``Bet``s; ``scheme`` (a name or a scheme file) settles
    those that name none."""
    from shtoss_exact.banks.setup import as_bets
    from shtoss_exact.schemes.files import resolve_scheme

    default = resolve_scheme(scheme.strip()) if scheme is not None else "classic"
    return list(as_bets(texts, scheme=default))


class _PlanOption(ListingOption):
    """``--plan``: its help lists the built-in plans from the one registry."""

    def listed(self) -> str:
        from shtoss_exact.plans.catalog import BOUNDED, plan_names

        names = ", ".join(
            (f"{name}, {name}:k" if name in BOUNDED else name)
            + (f" ({', '.join(aliases)})" if aliases else "")
            for name, aliases in plan_names().items()
        )
        return _("Built-in: {names} [default: flat].").format(names=names)


def plan_options(command: F) -> F:
    """The options of a punter's plan over deals (``--plan``, ``--deals``, ``--kush``, ...)."""
    options = [
        click.option(
            "--deals",
            type=WholeNumber(1),
            default=None,
            help="Number of deals K, replacing the plan's own [default: the plan's own, or "
            "until ruin or target].",
        ),
        click.option(
            "--plan",
            "plan_name",
            cls=_PlanOption,
            default=None,
            metavar="PLAN",
            shell_complete=completion("plan"),
            help="A built-in plan by name or Russian name; :k bounds the raises in a row.",
        ),
        click.option(
            "--plan-file",
            default=None,
            metavar="FILE",
            shell_complete=completion("file"),
            help="A plan as a .toml or .json file (instead of --plan).",
        ),
        click.option(
            "--kush",
            default=None,
            metavar="X",
            help="Initial kush, an exact number [default: the plan's, 1 or 47000].",
        ),
        click.option(
            "--bankroll",
            default=None,
            metavar="B",
            help="The punter's bankroll: ruined once it falls below the initial kush.",
        ),
        click.option(
            "--target",
            default=None,
            metavar="T",
            help="The bankroll to reach (> B, with --bankroll): stop as soon as he holds T.",
        ),
        click.option(
            "--max-stake",
            default=None,
            metavar="S",
            help="No free kush: the banker refuses stakes above S.",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def plan_arguments(options: Mapping[str, Any]) -> dict[str, Any]:
    """The keyword arguments of ``series()`` from ``plan_options``' values."""
    from shtoss_exact.plans.catalog import load_plan, plan_named

    def number(key: str) -> Any:
        return option_number(f"--{key.replace('_', '-')}", options[key])

    plan_file = options["plan_file"]
    if plan_file is not None and options["plan_name"] is not None:
        raise click.UsageError(_("give --plan or --plan-file, not both"))
    plan = (
        load_plan(plan_file)
        if plan_file is not None
        else plan_named("flat" if options["plan_name"] is None else options["plan_name"])
    )
    return {
        "plan": plan,
        "deals": options["deals"],
        "kush": number("kush"),
        "bankroll": number("bankroll"),
        "target": number("target"),
        "max_stake": number("max_stake"),
    }


def seen_option(*, multiple: bool = False) -> Callable[[F], F]:
    """``--seen CARDS``: the cards seen in deal order, ``|`` after the hock when the deal
    is over (``multiple``: one deal each time it is given)."""
    return click.option(
        "--seen",
        default=() if multiple else None,
        multiple=multiple,
        metavar="CARDS",
        help='The cards seen so far in deal order, e.g. "5h Ks 5d" (faro: the soda, then each '
        "turn's loser and winner); | after the last card: the deal is over, that card the "
        "hock, the whole deck seen" + ("; repeat for each deal." if multiple else "."),
    )


PICTURE_ONLY = "shtoss_exact.picture_only"
"""The key in click's shared ``ctx.meta`` set by the ``plot`` command: the command it
runs draws its picture and prints no report."""


def plot_option(command: F) -> F:
    """``--plot FILE``: also draw the command's result to FILE (PNG, SVG or PDF by its
    suffix); the path is checked, and matplotlib looked for, before any work."""
    return click.option(
        "--plot",
        "plot_path",
        default=None,
        metavar="FILE",
        callback=_check_plot,
        shell_complete=completion("file"),
        help="Also draw the result to FILE.png, FILE.svg or FILE.pdf, replaced whole or not "
        "at all (pip install 'shtoss-exact[plot]').",
    )(command)


def _check_plot(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is None:
        return None
    from importlib.util import find_spec

    from shtoss_exact.errors import ShtossError
    from shtoss_exact.i18n import _
    from shtoss_exact.limits import held_besides
    from shtoss_exact.report.plots.figures import MISSING_MATPLOTLIB, PLOT_BYTES, check_target

    check_target(value)
    if find_spec("matplotlib") is None:
        raise ShtossError(_(MISSING_MATPLOTLIB))
    # matplotlib, loaded to draw, is held with the result: the computation has the rest
    ctx.with_resource(held_besides(PLOT_BYTES))
    return value


def plotted(result: Any, path: str | None) -> bool:
    """Draw ``result`` to ``path`` when ``--plot`` gave one; True when the command is
    to print nothing more (run by the ``plot`` command, which draws only)."""
    if path is not None:
        from shtoss_exact.cli.process import collector_held
        from shtoss_exact.report.plots.figures import files_only, plot_to

        # the Agg backend, none of matplotlib's own warnings, and no collection of cycles
        with collector_held(), files_only():
            plot_to(result, path)
    return picture_only()


def picture_only() -> bool:
    """True when the ``plot`` command runs this command: it draws, and prints nothing."""
    return bool(click.get_current_context().meta.get(PICTURE_ONLY))
