"""The click group, its one-line error handling, and the option bundles commands share."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any, TypeVar

import click

from shtoss_exact.errors import ShtossError

F = TypeVar("F", bound=Callable[..., Any])

PROG = "shtoss-exact"

# click >= 8.2 raises this for a bare ``shtoss-exact`` (click 8.1 prints the help itself).
_NO_ARGS_IS_HELP: tuple[type[click.UsageError], ...] = (
    (click.exceptions.NoArgsIsHelpError,) if hasattr(click.exceptions, "NoArgsIsHelpError") else ()
)


COMMAND_MODULES = ("bank", "fair", "formula", "odds", "plot", "schemes", "series", "table")
"""Each command lives in ``shtoss_exact.cli.NAME`` and is imported only when it is run
or listed, so that starting one command does not load the others."""


class ShtossGroup(click.Group):
    """A click group whose every error is one line on stderr, exit status 2.

    Its commands are loaded lazily from ``COMMAND_MODULES``.
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(self.commands) | set(COMMAND_MODULES))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMAND_MODULES:
            import_module(f"shtoss_exact.cli.{cmd_name}")
        return self.commands.get(cmd_name)

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


class WholeNumber(click.ParamType):  # type: ignore[type-arg,unused-ignore]
    """A whole number ``>= minimum``; ASCII digits only (no look-alike digits, no floats)."""

    name = "integer"

    def __init__(self, minimum: int = 0) -> None:
        self.minimum = minimum

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = str(value).strip()
            digits = text[1:] if text[:1] in "+-" else text
            if not (digits.isascii() and digits.isdigit()) or len(digits) > 4300:
                self.fail(
                    f"{value!r} is not a whole number (allowed: >= {self.minimum})", param, ctx
                )
            number = int(text)
        if number < self.minimum:
            self.fail(f"{number} is too small (allowed: >= {self.minimum})", param, ctx)
        return number


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
            type=WholeNumber(),
            default=None,
            help="Custom number of cards (overrides --deck); with no --one-deck, cards left "
            "in a mid-deal state.",
        ),
        click.option(
            "--copies",
            type=WholeNumber(),
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
    import json

    click.echo(json.dumps(record, ensure_ascii=False, indent=2))
