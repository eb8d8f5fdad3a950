"""The README cannot go stale: its command reference, its commands and its doctests.

1. Every command and every option of each appears in README.md, and the generated
   command reference between the markers is what ``tests.gen_cli_reference`` makes.
2. Every ``$ shtoss-exact ...`` line of a ```console block runs; where the block shows
   output it must match exactly (a first line ``...`` elides the head: the tail is
   compared).
3. Every ```python block with ``>>>`` runs as a doctest.
"""

from __future__ import annotations

import doctest
import re
import shlex
import shutil
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from shtoss_exact.cli import all_commands, cli
from tests.gen_cli_reference import README, readme_block, reference_text

TEXT = README.read_text(encoding="utf-8")
ROOT = README.parent

# Files the README's examples name that are not in the repository: made on the fly.
EXTRA_FILES = {"bad.toml": "[[rules]]\nabzug = 0\npayoff = 1\n"}


def _blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", TEXT, flags=re.S | re.M)


def _console_examples() -> list[tuple[str, list[str]]]:
    """(command line, the output lines shown after it) for each ``$ shtoss-exact`` line."""
    examples: list[tuple[str, list[str]]] = []
    for block in _blocks("console"):
        for line in block.splitlines():
            if line.startswith("$ "):
                examples.append((line[2:], []))
            elif examples:
                examples[-1][1].append(line)
    return [(command, shown) for command, shown in examples if command.startswith("shtoss-exact")]


EXAMPLES = _console_examples()


def test_every_command_and_option_is_in_the_readme() -> None:
    for name, command in all_commands().items():
        assert f"`{name}`" in TEXT, name
        for param in command.params:
            if isinstance(param, click.Option):
                for opt in [*param.opts, *param.secondary_opts]:
                    assert f"`{opt}" in TEXT, f"{name} {opt}"


def test_the_command_reference_is_generated() -> None:
    assert readme_block(TEXT) == reference_text(), "run: python -m tests.gen_cli_reference"


def test_the_readme_has_examples() -> None:
    assert len(EXAMPLES) >= 10
    assert {shlex.split(c)[1] for c, _ in EXAMPLES} >= {"odds", "schemes", "fair", "bank"}


@pytest.mark.parametrize(("command", "shown"), EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_console_example_runs(
    command: str, shown: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    for name, text in EXTRA_FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    args = shlex.split(command)[1:]
    result = CliRunner().invoke(cli, args, prog_name="shtoss-exact", terminal_width=100)
    printed = result.output.splitlines()
    if not shown:
        assert result.exit_code == 0, result.output
        return
    if shown[0] == "...":
        tail = shown[1:]
        assert printed[len(printed) - len(tail) :] == tail
    else:
        assert printed == shown
    expected_status = 2 if shown[-1].startswith("shtoss-exact: error:") else 0
    assert result.exit_code == expected_status, result.output


@pytest.mark.parametrize("number", range(len([b for b in _blocks("python") if ">>>" in b])))
def test_python_block_runs_as_a_doctest(number: int, monkeypatch: pytest.MonkeyPatch) -> None:
    block = [b for b in _blocks("python") if ">>>" in b][number]
    monkeypatch.chdir(ROOT)
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block, {}, f"README python block {number + 1}", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0, f"README python block {number + 1} fails"
    assert runner.tries > 0
