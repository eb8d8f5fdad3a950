"""What each command loads to start: the heavy libraries (sympy, networkx, matplotlib,
pandas) and the standard-library modules click itself does not load only where the
command needs them. Each command runs in a child process, whose modules are compared
with those of ``import click`` in the same process (a set of names, never a timing)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import click
import pytest

from shtoss_exact.cli import all_commands
from shtoss_exact.cli.group import COMMAND_MODULES, SUMMARIES
from tests import ROOT

HEAVY = frozenset({"sympy", "networkx", "matplotlib", "pandas", "numpy"})
STANDARD = frozenset(
    {"pathlib", "urllib.parse", "ipaddress", "locale", "fractions", "decimal", "dataclasses",
     "signal", "unicodedata", "tomllib"}
)  # fmt: skip
"""Standard-library modules that ``import click`` does not load."""

EVERY_COMMAND: frozenset[str] = frozenset()
"""Loaded whatever the command: none. Not ``signal`` (the program sets its handlers
through the C module it wraps, ``_signal``), nor ``locale`` (click's messages are looked
up by the program, not by ``gettext``, which loads it)."""

NUMBERS = frozenset({"fractions", "decimal"})  # decimal: imported by fractions
"""An answer in exact numbers."""

LOADED = r"""
import json, sys
import click
before = set(sys.modules)
sys.argv = ["shtoss-exact", *sys.argv[1:]]
from shtoss_exact.entry import main  # the console script, as installed
try:
    main()
except SystemExit as done:
    assert done.code in (0, None), done.code
print(json.dumps(sorted(set(sys.modules) - before)))
"""

CASES = [
    (["--version"], frozenset()),
    (["-h"], frozenset()),
    (["--help"], frozenset()),
    (["serve", "-h"], frozenset()),
    (["odds"], NUMBERS),
    (["odds", "--by-abzug", "--format", "json"], NUMBERS),
    (["series", "--deals", "3"], NUMBERS),
    (["bank", "--bet", "7"], NUMBERS),
    (["strategy", "--bankroll", "3", "--target", "6"], NUMBERS),
    (["case", "--game", "faro"], NUMBERS),
    (["table"], NUMBERS),
    (["schemes"], NUMBERS),
    (["fair", "--scheme", "lob-half", "--solve", "lob"], NUMBERS),
]


def loaded(args: list[str], tmp: str | None = None) -> set[str]:
    """The modules ``shtoss-exact ARGS`` loads beyond those of ``import click``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MPLBACKEND": "Agg"}
    if tmp is not None:
        env["MPLCONFIGDIR"] = tmp
    done = subprocess.run([sys.executable, "-c", LOADED, *args], capture_output=True,
                          text=True, env=env, timeout=300, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.splitlines()[-1]))


def _tops(modules: set[str]) -> set[str]:
    return {name.split(".")[0] for name in modules}


@pytest.mark.parametrize(("args", "needed"), CASES, ids=[" ".join(a) for a, _ in CASES])
def test_a_command_loads_only_what_it_needs(args: list[str], needed: frozenset[str]) -> None:
    modules = loaded(args)
    assert not _tops(modules) & HEAVY
    assert modules & STANDARD <= EVERY_COMMAND | needed


def test_formula_loads_sympy_and_no_other_heavy_library() -> None:
    tops = _tops(loaded(["formula", "--copies", "2"]))
    assert "sympy" in tops and not tops & (HEAVY - {"sympy"})


PLOTS = [
    ["plot", "--kind", "abzug", "-o", "{tmp}/abzug.png"],
    ["table", "--plot", "{tmp}/edge.svg"],
    ["strategy", "--bankroll", "3", "--target", "6", "--plot", "{tmp}/strategy.pdf"],
    ["case", "--seen", "5h Ks 5d", "--replay", "--plot", "{tmp}/case.png"],
]
"""Commands drawing a picture: only they load matplotlib."""


@pytest.mark.parametrize("args", PLOTS, ids=[" ".join(a[:2]) for a in PLOTS])
def test_plot_loads_matplotlib_and_no_other_heavy_library(
    tmp_path: object, args: list[str]
) -> None:
    pytest.importorskip("matplotlib")
    tops = _tops(loaded([arg.format(tmp=tmp_path) for arg in args], str(tmp_path)))
    assert "matplotlib" in tops and not tops & {"sympy", "networkx", "pandas"}


def test_the_help_loads_no_command() -> None:
    modules = loaded(["-h"])
    assert not {f"shtoss_exact.cli.{name}" for name in COMMAND_MODULES} & modules


@pytest.mark.parametrize("limit", [10, 30, 45, 60, 74, 120])
def test_the_summaries_are_the_commands_own(limit: int) -> None:
    # -h lists the commands from SUMMARIES: each the first paragraph of the command's help.
    commands = all_commands()
    assert sorted(SUMMARIES) == sorted(COMMAND_MODULES) == sorted(commands)
    for name, command in commands.items():
        assert command.short_help is None
        stand_in = click.Command(name, help=SUMMARIES[name])
        assert stand_in.get_short_help_str(limit) == command.get_short_help_str(limit)
        assert (command.help or "").split("\n\n")[0].split() == SUMMARIES[name].split()


FILE_READERS = frozenset({"shtoss_exact.schemes.schema", "shtoss_exact.data_files", "tomllib"})
"""The reader of data files and a scheme file's schema: loaded only for a file."""


@pytest.mark.parametrize(
    "args",
    [
        ["odds", "--scheme", "pharaon"],
        ["strategy", "--bankroll", "3", "--target", "6"],
        ["series", "--deals", "3", "--scheme", "lob-half"],
        ["bank", "--bet", "7"],
        ["case", "--game", "faro"],
        ["table"],
        ["fair", "--scheme", "lob-half", "--solve", "lob"],
    ],
    ids=lambda args: " ".join(args),
)
def test_a_built_in_scheme_loads_no_file_reader(args: list[str]) -> None:
    assert not FILE_READERS & loaded(args)
