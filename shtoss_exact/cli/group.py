"""The click group: the commands it loads lazily, its one-line error handling and the
language it speaks (``--lang``)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib import import_module
from typing import Any

import click

from shtoss_exact._version import __version__
from shtoss_exact.cli.keywords import as_flags
from shtoss_exact.cli.process import (
    INTERRUPT,
    PROG,
    fail,
    finish,
    prepare_streams,
    quiet_broken_pipe,
    restore_signals,
    resume_collector,
    signal_handlers,
    signal_mask,
    stop_signals,
)
from shtoss_exact.cli.speaking import Speaking, SpeakingCommand
from shtoss_exact.cli.usage_errors import speak_click_errors
from shtoss_exact.errors import ShtossError
from shtoss_exact.i18n import (
    LANGUAGES,
    _,
    lang_given,
    language,
    language_from_environment,
    set_language,
    speaking,
)
from shtoss_exact.output import OutputError, Terminated, drop_stdout, remove_temporaries

speak_click_errors()  # click's usage errors in the language spoken


# click >= 8.2 raises this for a bare ``shtoss-exact`` (click 8.1 prints the help itself).
_NO_ARGS_IS_HELP: tuple[type[click.UsageError], ...] = (
    (click.exceptions.NoArgsIsHelpError,) if hasattr(click.exceptions, "NoArgsIsHelpError") else ()
)


COMMAND_MODULES = (
    "audit",
    "bank",
    "case",
    "cheat",
    "fair",
    "formula",
    "odds",
    "plot",
    "schemes",
    "series",
    "serve",
    "strategy",
    "table",
)
"""Each command lives in ``shtoss_exact.cli.NAME`` and is imported only when it is run
or listed, so that starting one command does not load the others."""

SUMMARIES = {
    "audit": "Exact tests of fair dealing from what the punter recorded.",
    "bank": "The banker's exact result when one deal decides several bets.",
    "case": "A deal in progress, the case kept: every bet now, the best bet, the whole deal.",
    "cheat": "Crooked dealing: what each cheat is worth.",
    "fair": "The value of one named payoff that makes the punter's expected value exactly 0.",
    "formula": "Exact closed forms in the number of cards n, for even and odd n.",
    "odds": "Exact odds of one bet: banker, plié, punter, expected value, by abzug.",
    "plot": "A command's picture alone, as PNG, SVG or PDF (pip install 'shtoss-exact[plot]').",
    "schemes": "List the built-in payout schemes: name, solvable parameters, rule.",
    "series": "A punter's plan over several deals: net result, ruin, series — exact.",
    "serve": "The casekeeper page: exact odds live while a deal is dealt.",
    "strategy": "The best a punter can do: exactly optimal stakes across deals, proved optimal.",
    "table": "Tables of exact probabilities over deck sizes, copies, schemes and games.",
}
"""The first paragraph of each command's help, as its module has it (a test holds them
equal): ``-h`` lists the commands from these without loading any of them."""


_LISTING = "shtoss_exact.listing"


class ShtossCommand(SpeakingCommand):
    """A command of the program: as it starts, the collector of cycles is on again
    (``process.resume_collector``: it is off while the program loads)."""

    def invoke(self, ctx: click.Context) -> Any:
        resume_collector()
        return super().invoke(ctx)


class SpeakingGroup(Speaking, click.Group):
    """A click group whose every command takes ``--lang``, and so do its groups'; its
    help and theirs are spoken in the language of ``--lang`` (``cli.speaking``)."""

    command_class = ShtossCommand

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        """Register ``cmd``, with ``--lang`` among its options like every command's."""
        if LANG_OPTION not in cmd.params:
            cmd.params.append(LANG_OPTION)
        super().add_command(cmd, name)


SpeakingGroup.group_class = SpeakingGroup


class ShtossGroup(SpeakingGroup):
    """A click group whose every error is one line on stderr, exit status 2.

    Its commands are loaded lazily from ``COMMAND_MODULES``.
    """

    _spoken = "en"
    """The language the command ran in, for the line of a stop that comes after it."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(self.commands) | set(COMMAND_MODULES))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMAND_MODULES:
            if getattr(ctx, "meta", {}).get(_LISTING):  # the help's list: the summary alone
                return click.Command(cmd_name, help=_(SUMMARIES[cmd_name]))
            import_module(f"shtoss_exact.cli.{cmd_name}")
        return self.commands.get(cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        ctx.meta[_LISTING] = True
        try:
            super().format_commands(ctx, formatter)
        finally:
            ctx.meta[_LISTING] = False

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        mask = signal_mask("SIG_BLOCK")  # as it is: restored if the caller goes on
        handlers = {} if standalone_mode else signal_handlers()
        try:
            prepare_streams()
            code = self._speaking(args, prog_name or PROG, complete_var, extra)
            code = finish(code)
            remove_temporaries()
        except (Terminated, KeyboardInterrupt) as stop:
            stop_signals()  # a second signal cannot cut the clean-up short
            drop_stdout()
            remove_temporaries()
            signum = stop.signum if isinstance(stop, Terminated) else INTERRUPT
            with speaking(self._spoken):  # the command's language, as it ran
                code = fail(_("interrupted") if signum == INTERRUPT else _("terminated"),
                             status=128 + signum)  # fmt: skip
            if not standalone_mode:  # the caller goes on: its signals as they were
                signal_mask("SIG_SETMASK", mask)
        finally:
            restore_signals(handlers)
        if standalone_mode:
            sys.exit(code)
        return code

    def _speaking(
        self,
        args: Sequence[str] | None,
        prog_name: str,
        complete_var: str | None,
        extra: dict[str, Any],
    ) -> int:
        """Run the command in the environment's language (or ``--lang``'s); the caller's
        language as it was afterwards."""
        before = self._spoken = language()
        try:
            typed = _completing(prog_name, complete_var)  # the shell's line, when completing
            if typed is None:
                typed = sys.argv[1:] if args is None else list(args)
            given = lang_given(typed)
            set_language(given or language_from_environment())  # --lang: SHTOSS_LANG unread
            self._spoken = language()
            return self._run(args, prog_name, complete_var, extra)
        except ShtossError as error:  # SHTOSS_LANG itself
            return fail(f"SHTOSS_LANG: {error}", status=2)
        finally:
            self._spoken = language()  # a stop after it is told in this language
            set_language(before)

    def _run(
        self,
        args: Sequence[str] | None,
        prog_name: str,
        complete_var: str | None,
        extra: dict[str, Any],
    ) -> int:
        """Run the command; every error is one line on stderr: its exit status."""
        try:
            try:
                result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            except _NO_ARGS_IS_HELP as error:
                # No command at all: the help, as with -h, rather than a squashed error line.
                click.echo(error.ctx.get_help() if error.ctx is not None else error.message)
                result = 0
            return result if isinstance(result, int) else 0
        except click.exceptions.Abort:
            return fail(_("interrupted"), status=130)
        except BrokenPipeError:
            return quiet_broken_pipe()
        except OutputError as error:
            return fail(str(error), status=1)
        except click.ClickException as error:
            return fail(error.format_message(), status=2)
        except ShtossError as error:
            return fail(as_flags(str(error)), status=2)
        except RecursionError:
            return fail(_("input nested too deeply"), status=2)
        except MemoryError:
            return fail(
                _("out of memory: the computation is larger than this machine holds"), status=2
            )
        except Exception as error:  # a bug: still one line, never a traceback
            name = type(error).__name__
            return fail(
                _("internal error ({name}: {error}); please report it").format(
                    name=name, error=error
                ),
                status=1,
            )


def _completing(prog_name: str, complete_var: str | None) -> list[str] | None:
    """The words typed on the shell's line (``COMP_WORDS``, less the program's name) when
    the shell asks for completions (click's ``_SHTOSS_EXACT_COMPLETE``), so that their
    descriptions are in the language of a ``--lang`` typed there; else ``None``."""
    import os

    var = complete_var or f"_{prog_name}_COMPLETE".replace("-", "_").upper()
    if not os.environ.get(var):
        return None
    from click.shell_completion import split_arg_string

    return split_arg_string(os.environ.get("COMP_WORDS", ""))[1:]


CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def _speak(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """``--lang``: speak it from the start of parsing (it is eager), before any other
    option's message or the help."""
    if value is not None:
        set_language(value.lower())


LANG_OPTION = click.Option(
    ["--lang"],
    type=click.Choice(LANGUAGES, case_sensitive=False),
    is_eager=True,
    expose_value=False,
    callback=_speak,
    help="The language of labels, help and error lines: ru or en "
    "(default: SHTOSS_LANG, then the locale).",
)
"""``--lang ru|en``, on the program and on every command (``ShtossGroup.add_command``
adds it): one declaration."""


@click.group(cls=ShtossGroup, context_settings=CONTEXT, params=[LANG_OPTION])
@click.version_option(version=__version__, prog_name=PROG)
def cli() -> None:
    """Exact odds for Stoss (штосс), Pharaon, Bassette, Faro and Stuss.

    Every probability is counted exactly over the C(n, m) places of the punter's
    rank in the banker's deck: fractions, never simulations.
    """
