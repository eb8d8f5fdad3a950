"""The ``shtoss-exact`` program: parse the options, make one library call, render.

Every refusal (a bad option, a bad file, a computation too large) is one line on
stderr and exit status 2. sympy, networkx and matplotlib are imported only by the
commands that need them, so ``shtoss-exact odds`` starts fast.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from shtoss_exact.errors import ShtossError

F = TypeVar("F", bound=Callable[..., Any])

PROG = "shtoss-exact"

# click >= 8.2 raises this for a bare ``shtoss-exact`` (click 8.1 prints the help itself).
_NO_ARGS_IS_HELP: tuple[type[click.UsageError], ...] = (
    (click.exceptions.NoArgsIsHelpError,) if hasattr(click.exceptions, "NoArgsIsHelpError") else ()
)


class ShtossGroup(click.Group):
    """A click group whose every error is one line on stderr, exit status 2."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            result = super().main(
                args, prog_name or PROG, complete_var, standalone_mode=False, **extra
            )
        except _NO_ARGS_IS_HELP as error:
            # No command at all: the help, as with -h, rather than a squashed error line.
            click.echo(error.ctx.get_help() if error.ctx is not None else error.message)
            result = 0
        except click.exceptions.Abort:
            _fail("interrupted", status=130)
        except click.ClickException as error:
            _fail(error.format_message(), status=2)
        except ShtossError as error:
            _fail(str(error), status=2)
        except RecursionError:
            _fail("input nested too deeply", status=2)
        except KeyboardInterrupt:
            _fail("interrupted", status=130)
        code = result if isinstance(result, int) else 0
        if standalone_mode:
            sys.exit(code)
        return code


def _fail(message: str, *, status: int) -> None:
    line = " ".join(message.split())
    click.echo(f"{PROG}: error: {line}", err=True)
    sys.exit(status)


CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


@click.group(cls=ShtossGroup, context_settings=CONTEXT)
@click.version_option(version=None, package_name="shtoss-exact", prog_name=PROG)
def cli() -> None:
    """Exact odds for Stoss (штосс), Pharaon, Bassette, Faro and Stuss.

    Every probability is counted exactly over the C(n, m) places of the punter's
    rank in the banker's deck: fractions, never simulations.
    """


def deck_options(command: F) -> F:
    """The options that set up one bet's deck, shared by every one-bet command."""
    options = [
        click.option(
            "--deck",
            type=click.Choice(["52", "36", "32"]),
            default="52",
            show_default=True,
            help="Preset deck: 52 (2..A), 36 (6..A) or 32 (7..A) cards.",
        ),
        click.option(
            "--cards",
            type=click.IntRange(min=0),
            default=None,
            help="Custom number of cards (overrides --deck); with no --one-deck, cards left "
            "in a mid-deal state.",
        ),
        click.option(
            "--copies",
            type=click.IntRange(min=0),
            default=None,
            help="Copies of the punter's rank in the deck [default: 4, or 3 with --one-deck].",
        ),
        click.option(
            "--one-deck",
            is_flag=True,
            help="One-deck game: the punter's card is the top card of the banker's deck.",
        ),
        click.option(
            "--card",
            default=None,
            metavar="CARD",
            help="The punter's card with its suit: 7h, 7♥, 10D, QS, Дп.",
        ),
        click.option(
            "--suits",
            default=None,
            metavar="SUITS",
            help="Suits of the copies in the deck, one letter each (e.g. shc), for custom decks.",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def make_deal_from(options: dict[str, Any]) -> Any:
    from shtoss_exact.odds import make_deal

    return make_deal(
        deck=int(options["deck"]),
        cards=options["cards"],
        copies=options["copies"],
        one_deck=options["one_deck"],
        card=options["card"],
        suits=options["suits"],
    )


def format_option(*choices: str, default: str = "text") -> Callable[[F], F]:
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(list(choices)),
        default=default,
        show_default=True,
        help="Output format.",
    )


def emit_json(record: Any) -> None:
    click.echo(json.dumps(record, ensure_ascii=False, indent=2))


@cli.command()
@deck_options
@click.option("--by-abzug", is_flag=True, help="Add one row per abzug: killed, plié, given.")
@format_option("text", "json", "csv", "markdown")
def odds(by_abzug: bool, fmt: str, **options: Any) -> None:
    """Exact odds of one bet: banker, plié, punter, expected value, by abzug.

    \b
    Examples:
      shtoss-exact odds
      shtoss-exact odds --deck 36 --one-deck --card 7h --by-abzug
      shtoss-exact odds --cards 20 --copies 2 --format json
    """
    from shtoss_exact.odds import odds_of
    from shtoss_exact.report import render_tables
    from shtoss_exact.report.odds_view import odds_csv_table, odds_record, odds_tables

    result = odds_of(make_deal_from(options))
    if fmt == "json":
        emit_json(odds_record(result, by_abzug=by_abzug))
    elif fmt == "csv":
        click.echo(render_tables([odds_csv_table(result, by_abzug=by_abzug)], "csv"))
    else:
        click.echo(render_tables(odds_tables(result, by_abzug=by_abzug), fmt))


def main(argv: Sequence[str] | None = None, prog_name: str | None = None) -> None:
    """The console script ``shtoss-exact``."""
    cli.main(args=argv, prog_name=prog_name or PROG)
