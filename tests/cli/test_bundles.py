"""Each option the commands share is declared once: ``--deck`` and the other options of
a deal come from one factory each, ``--deck`` with the presets of ``deck.PRESETS``."""

from __future__ import annotations

import re

import click
import pytest

from shtoss_exact.cli import all_commands
from shtoss_exact.deck import PRESETS
from tests import ROOT

CLI = ROOT / "shtoss_exact" / "cli"


DECLARED = {
    "--deck": {"base.py": 1},
    "--card": {"base.py": 1},
    "--suits": {"base.py": 1},
    "--one-deck": {"base.py": 1},
    "--copies": {"base.py": 1, "table.py": 1},  # table: ranges of copies, as its --cards
    "--plot": {"bundles.py": 1},
}
"""Where each option of a deal is declared (``click.option("--flag", ...)``)."""


@pytest.mark.parametrize("flag", sorted(DECLARED))
def test_each_shared_option_is_declared_once(flag: str) -> None:
    declared = {}
    for path in sorted(CLI.rglob("*.py")):
        count = len(re.findall(rf'option\(\s*"{flag}"', path.read_text(encoding="utf-8")))
        if count:
            declared[path.name] = count
    assert declared == DECLARED[flag]


def _options(flag: str) -> dict[str, click.Option]:
    found = {}
    for name, command in all_commands().items():
        for param in command.params:
            if isinstance(param, click.Option) and flag in param.opts:
                found[name] = param
    return found


def test_every_deck_option_is_the_presets() -> None:
    decks = _options("--deck")
    assert set(decks) == {"bank", "case", "fair", "odds", "series", "strategy"}
    sizes = [str(size) for size in PRESETS]
    helps = set()
    for name, option in decks.items():
        assert isinstance(option.type, click.Choice)
        assert list(option.type.choices) == sizes, name
        helps.add((option.help or "").replace(" [default: 52]", ""))
        assert option.default in (None, "52"), name
    assert helps == {"Preset deck: 52 (2..A), 36 (6..A) or 32 (7..A) cards."}


def test_the_plot_command_declares_none_of_the_options_it_runs_with() -> None:
    plot = all_commands()["plot"]
    assert {opt for param in plot.params for opt in param.opts} == {"-o", "--output", "--kind"}
    plotting = {name for name, command in all_commands().items()
                if any("--plot" in param.opts for param in command.params)}  # fmt: skip
    assert plotting == {"odds", "table", "bank", "series", "strategy", "case"}
