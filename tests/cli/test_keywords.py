"""The library's messages name its arguments; the command line's, for the same bad
input, name its flags (``cli/keywords.py``, the one table between them)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import shtoss_exact as s
from shtoss_exact.bet.tables import parse_range
from shtoss_exact.cli.keywords import FLAGS, as_flags
from shtoss_exact.errors import ShtossError
from shtoss_exact.plans.export import check_graph_target
from tests.conftest import Shtoss

# (the library call, what its message names, the same input on the command line, what
# the command line's message names)
SAME_INPUT: list[tuple[Callable[[], object], str, str, str]] = [
    (lambda: s.series("flat"), "give deals=, or bankroll=/target= to",
     "series --plan flat", "give --deals, or --bankroll/--target to"),
    (lambda: s.series("flat", deals=2, target=5), "it needs a bankroll (bankroll=)",
     "series --deals 2 --target 5", "it needs a bankroll (--bankroll)"),
    (lambda: s.make_deal(suits="shc"), "needs both (card= with suits=)",
     "odds --suits shc", "needs both (--card with --suits)"),
    (lambda: s.odds(scheme="thirds"), "card (card=) and, for a custom deck, the copies' "
     "suits (suits=)", "odds --scheme thirds", "card (--card) and, for a custom deck, the "
     "copies' suits (--suits)"),
    (lambda: parse_range("x", name="cards"), "cards='x' is not a valid range",
     "table --cards x", "--cards 'x' is not a valid range"),
    (lambda: s.Case.from_case("*:0,7:2,K:1").report(replay=True), "the cards seen (seen=)",
     "case --case *:0,7:2,K:1 --replay", "the cards seen (--seen)"),
    (lambda: check_graph_target("-", None), "graph= - and the report would both go",
     "series --deals 2 --export-graph -", "--export-graph - and the report would both go"),
]  # fmt: skip


@pytest.mark.parametrize(("call", "keyword", "args", "flag"), SAME_INPUT)
def test_the_library_names_keywords_the_command_line_flags(
    shtoss: Shtoss, call: Callable[[], object], keyword: str, args: str,
    flag: str,
) -> None:  # fmt: skip
    with pytest.raises(ShtossError) as caught:
        call()
    assert keyword in str(caught.value)
    assert "--" not in str(caught.value)
    ran = shtoss(*args.split())
    assert ran.status == 2
    assert ran.stdout == ""
    (line,) = ran.stderr.splitlines()
    assert flag in line
    assert line == "shtoss-exact: error: " + as_flags(str(caught.value))


@pytest.mark.parametrize(
    ("message", "shown"),
    [
        ("give deals=, or bankroll=/target=.", "give --deals, or --bankroll/--target."),
        ("cards='4..x' is not a valid range", "--cards '4..x' is not a valid range"),
        ('schemes="," names no scheme', '--scheme "," names no scheme'),
        ("e.g. bets=['7']) or net=False", "e.g. --bet 7) or --format text"),
        ("max_stake= and report=", "--max-stake and -o FILE"),
        ("give seen= or case=, not both", "give --seen or --case, not both"),
        ("host='::' is not a loopback address: or public=True to serve",
         "--host '::' is not a loopback address: or --public to serve"),
        # values the library shows, and names outside the table, are left as they are
        ("target=5 is not above bankroll=3", "target=5 is not above bankroll=3"),
        ("one_deck=True, staked copies=6, deal= and scheme=", "one_deck=True, staked "
         "copies=6, deal= and scheme="),
        ("the_cards= xcards= cards=a number", "the_cards= xcards= cards=a number"),
    ],
)  # fmt: skip
def test_as_flags_maps_the_table_and_nothing_else(message: str, shown: str) -> None:
    assert as_flags(message) == shown


def test_every_flag_is_an_option_of_the_command_line() -> None:
    import click

    from shtoss_exact.cli.base import cli

    ctx = click.Context(cli)
    commands = [cli.get_command(ctx, name) for name in cli.list_commands(ctx)]
    for group in [c for c in commands if isinstance(c, click.Group)]:  # cheat's subcommands
        commands += list(group.commands.values())
    options = {opt for command in commands if command for p in command.params for opt in p.opts}
    for flag in FLAGS.values():
        assert flag.split()[0] in options, flag
