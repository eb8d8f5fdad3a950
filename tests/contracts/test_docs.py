"""The documentation cannot go stale: every page's commands and doctests, its references.

1. Every ``$ shtoss-exact ...`` line of a ```console block on every page under docs/
   and in README.md runs; where the block shows output it must match whole (a first
   line ``...`` elides the head: the tail is compared; a last line starting
   ``shtoss-exact: error:`` means exit status 2).
2. Every ```python block with ``>>>`` runs as a doctest (ELLIPSIS).
3. docs/reference/cli.md is what ``scripts/gen_cli_reference.py`` makes and names every
   command and option; docs/reference/api.md names every name of ``shtoss_exact.__all__``.
4. Every page is in mkdocs.yml's nav and every nav entry is a page; the site builds with
   ``mkdocs build --strict`` where mkdocs is installed (``.ci/run`` installs it).
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
import pytest

import shtoss_exact
from scripts.gen_cli_reference import PAGE as CLI_PAGE
from scripts.gen_cli_reference import reference_text
from shtoss_exact.cli import all_commands
from tests import ROOT

DOCS = ROOT / "docs"
PAGES = sorted(DOCS.rglob("*.md"))
TEXTS = {path: path.read_text(encoding="utf-8") for path in [ROOT / "README.md", *PAGES]}

# Files the examples name that are not in the repository: made on the fly.
EXTRA_FILES = {"bad.toml": "[[rules]]\nabzug = 0\npayoff = 1\n"}


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _blocks(text: str, language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", text, flags=re.S | re.M)


def _console_examples() -> list[tuple[str, str, list[str]]]:
    """(page, command line, the output lines shown after it) for each ``$ shtoss-exact``."""
    examples: list[tuple[str, str, list[str]]] = []
    for path, text in TEXTS.items():
        for block in _blocks(text, "console"):
            current: list[tuple[str, str, list[str]]] = []
            for line in block.splitlines():
                if line.startswith("$ "):
                    current.append((_name(path), line[2:], []))
                elif current:
                    current[-1][2].append(line)
            examples += [e for e in current if e[1].startswith("shtoss-exact")]
    return examples


def _python_blocks() -> list[tuple[str, int, str]]:
    found = []
    for path, text in TEXTS.items():
        blocks = [b for b in _blocks(text, "python") if ">>>" in b]
        found += [(_name(path), number, block) for number, block in enumerate(blocks, 1)]
    return found


EXAMPLES = _console_examples()
PYTHON = _python_blocks()


def test_the_pages_have_examples() -> None:
    assert len(EXAMPLES) >= 10
    assert {shlex.split(c)[1] for _, c, _ in EXAMPLES} >= {"odds", "schemes", "fair", "bank"}
    readme = [c for page, c, _ in EXAMPLES if page == "README.md"]
    assert len(readme) >= 3


@pytest.mark.parametrize(
    ("page", "command", "shown"), EXAMPLES, ids=[f"{p}: {c}" for p, c, _ in EXAMPLES]
)
def test_console_example_runs(
    page: str,
    command: str,
    shown: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    shtoss: Callable[..., Any],
) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    for name, text in EXTRA_FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    ran = shtoss(*shlex.split(command)[1:])
    printed = (ran.stdout + ran.stderr).splitlines()
    if not shown:
        assert ran.status == 0, ran.stderr
        return
    if shown[0] == "...":
        tail = shown[1:]
        assert printed[len(printed) - len(tail) :] == tail, page
    else:
        assert printed == shown, page
    expected_status = 2 if shown[-1].startswith("shtoss-exact: error:") else 0
    assert ran.status == expected_status, ran.stderr


@pytest.mark.parametrize(
    ("page", "number", "block"), PYTHON, ids=[f"{p} python block {n}" for p, n, _ in PYTHON]
)
def test_python_block_runs_as_a_doctest(
    page: str, number: int, block: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    name = f"{page} python block {number}"
    test = doctest.DocTestParser().get_doctest(block, {}, name, page, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0, f"{name} fails"
    assert runner.tries > 0


def test_the_command_line_reference_is_generated() -> None:
    assert CLI_PAGE.read_text(encoding="utf-8") == reference_text(), (
        "run: python scripts/gen_cli_reference.py"
    )


def test_every_command_and_option_is_in_the_command_line_reference() -> None:
    text = CLI_PAGE.read_text(encoding="utf-8")
    assert "`--version`" in text
    named = dict(all_commands())
    for name, command in list(named.items()):
        if isinstance(command, click.Group):
            named.update({f"{name} {sub}": c for sub, c in command.commands.items()})
    for name, command in named.items():
        assert f"## `{name}`" in text, name
        section = text.split(f"## `{name}`")[1].split("\n## ")[0]
        for param in command.params:
            if isinstance(param, click.Option):
                for opt in [*param.opts, *param.secondary_opts]:
                    assert re.search(rf"`{re.escape(opt)}\b", section), f"{name} {opt}"


def test_every_public_name_is_in_the_api_reference() -> None:
    text = (DOCS / "reference" / "api.md").read_text(encoding="utf-8")
    blocks = set(re.findall(r"^::: shtoss_exact\.[\w.]+\.(\w+)$", text, flags=re.M))
    for name in shtoss_exact.__all__:
        assert name in blocks or f"`{name}`" in text, name
    assert set(shtoss_exact.__all__) - {"__version__"} <= blocks


def _nav_pages() -> list[str]:
    """The pages mkdocs.yml's nav names, read without a YAML library (``Title: page.md``)."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    nav = text.split("\nnav:\n")[1].split("\n\n")[0]
    return re.findall(r":\s+(\S+\.md)\s*$", nav, flags=re.M)


def test_every_page_is_in_the_nav_and_every_nav_entry_is_a_page() -> None:
    listed = _nav_pages()
    assert len(listed) == len(set(listed))
    assert sorted(listed) == sorted(path.relative_to(DOCS).as_posix() for path in PAGES)


@pytest.mark.slow
def test_the_site_builds_strictly(tmp_path: Path) -> None:
    pytest.importorskip("mkdocs")
    pytest.importorskip("material")
    pytest.importorskip("mkdocstrings")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT), "NO_MKDOCS_2_WARNING": "1"},
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "site" / "index.html").is_file()
