"""What every test may share: one fixture that runs the command line.

``shtoss`` runs ``shtoss-exact`` with the given arguments and gives back its exit
status, standard output and standard error, separately:

    def test_odds(shtoss):
        ran = shtoss("odds", "--cards", "9")
        assert ran.status == 0 and ran.stderr == ""

A single string is split as a shell would (``shtoss("odds --cards 9")``). By default
the command runs in this process through click's runner (fast, the same code path
as the installed script); ``process=True`` runs the real program in a child
(``python -m shtoss_exact``) for what only a process shows: signals, file limits,
the environment, the start-up's imports.

Tests that take more than 10 s are marked ``slow``: ``pytest -m "not slow"`` leaves
them out, and the README's command runs them all.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import NamedTuple, Protocol

import pytest

from tests import ROOT

PROGRAM = (sys.executable, "-m", "shtoss_exact")


class Ran(NamedTuple):
    """A finished run of the command line."""

    status: int
    stdout: str
    stderr: str


class Shtoss(Protocol):
    def __call__(
        self,
        *args: str,
        input: str | bytes | None = None,
        env: Mapping[str, str] | None = None,
        cwd: Path | None = None,
        process: bool = False,
        timeout: float = 120,
    ) -> Ran: ...


def _words(args: tuple[str, ...]) -> list[str]:
    return shlex.split(args[0]) if len(args) == 1 and " " in args[0] else list(args)


def run_in_process(
    words: list[str], *, input: str | bytes | None, env: Mapping[str, str] | None
) -> Ran:
    from click.testing import CliRunner

    from shtoss_exact.cli import cli

    result = CliRunner().invoke(
        cli, words, prog_name="shtoss-exact", terminal_width=100, input=input, env=env
    )
    return Ran(result.exit_code, result.stdout, result.stderr)


def run_in_child(
    words: list[str],
    *,
    input: str | bytes | None,
    env: Mapping[str, str] | None,
    cwd: Path | None,
    timeout: float,
) -> Ran:
    child_env = {
        **os.environ,
        "PYTHONIOENCODING": "utf-8",
        "COLUMNS": "100",
        "PYTHONPATH": str(ROOT),
        **(env or {}),
    }
    done = subprocess.run(
        [*PROGRAM, *words],
        input=input.encode() if isinstance(input, str) else input,
        capture_output=True,
        env=child_env,
        cwd=cwd,
        timeout=timeout,
        check=False,
    )
    return Ran(
        done.returncode,
        done.stdout.decode("utf-8", "replace"),
        done.stderr.decode("utf-8", "replace"),
    )


@pytest.fixture
def shtoss() -> Callable[..., Ran]:
    """Run ``shtoss-exact ARGS``: its exit status, standard output and standard error."""

    def run(
        *args: str,
        input: str | bytes | None = None,
        env: Mapping[str, str] | None = None,
        cwd: Path | None = None,
        process: bool = False,
        timeout: float = 120,
    ) -> Ran:
        words = _words(args)
        if process or cwd is not None:
            return run_in_child(words, input=input, env=env, cwd=cwd, timeout=timeout)
        return run_in_process(words, input=input, env=env)

    return run
