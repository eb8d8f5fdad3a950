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
the environment, the start-up's imports. ``cwd=`` and any other keyword of
``subprocess.Popen`` (``preexec_fn=``, ``stdout=`` a file...) also mean a child.
``raw=True`` gives the output as bytes, undecoded (a ``RawRan``).

The fixture is ``run_shtoss``; helpers that cannot take a fixture (module-level ones
called from hypothesis tests) import it, or ``shtoss_ok`` (the standard output of a
run that succeeded with nothing on standard error), from ``tests.conftest``. Tests
that watch a child themselves (its CPU time, a signal sent midway) start it with
``start_shtoss``: the same command and environment.

Tests that take more than 10 s are marked ``slow``: ``pytest -m "not slow"`` leaves
them out, and the README's command runs them all.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, NamedTuple, Protocol, overload

import pytest

from tests import ROOT

PROGRAM = (sys.executable, "-m", "shtoss_exact")


class Ran(NamedTuple):
    """A finished run of the command line."""

    status: int
    stdout: str
    stderr: str


class RawRan(NamedTuple):
    """A finished run of the command line, its output as bytes (``raw=True``)."""

    status: int
    stdout: bytes
    stderr: bytes


class Shtoss(Protocol):
    @overload
    def __call__(
        self,
        *args: str,
        input: str | bytes | None = ...,
        env: Mapping[str, str] | None = ...,
        cwd: Path | str | None = ...,
        process: bool = ...,
        timeout: float = ...,
        raw: Literal[False] = ...,
        **popen: Any,
    ) -> Ran: ...
    @overload
    def __call__(
        self,
        *args: str,
        input: str | bytes | None = ...,
        env: Mapping[str, str] | None = ...,
        cwd: Path | str | None = ...,
        process: bool = ...,
        timeout: float = ...,
        raw: Literal[True],
        **popen: Any,
    ) -> RawRan: ...


def _words(args: Sequence[str]) -> list[str]:
    return shlex.split(args[0]) if len(args) == 1 and " " in args[0] else list(args)


def child_environment(env: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment of a child run: this one, UTF-8, 100 columns, this tree's code."""
    path = os.environ.get("PYTHONPATH")
    return {
        **os.environ,
        "PYTHONIOENCODING": "utf-8",
        "COLUMNS": "100",
        "SHTOSS_LANG": "en",
        "PYTHONPATH": str(ROOT) if not path else f"{ROOT}{os.pathsep}{path}",
        **(env or {}),
    }


def start_shtoss(
    *args: str, env: Mapping[str, str] | None = None, **popen: Any
) -> subprocess.Popen[Any]:
    """Start ``python -m shtoss_exact ARGS`` in a child, the arguments exactly as given
    (``popen``: ``subprocess.Popen``'s keywords); ``env`` is added to
    ``child_environment()``."""
    return subprocess.Popen([*PROGRAM, *args], env=child_environment(env), **popen)


def _in_process(
    words: list[str], *, input: str | bytes | None, env: Mapping[str, str] | None, raw: bool
) -> Ran | RawRan:
    from click.testing import CliRunner

    from shtoss_exact.cli import cli

    result = CliRunner().invoke(
        cli, words, prog_name="shtoss-exact", terminal_width=100, input=input, env=env
    )
    if raw:
        return RawRan(result.exit_code, result.stdout_bytes, result.stderr_bytes)
    return Ran(result.exit_code, result.stdout, result.stderr)


def _in_child(
    words: list[str],
    *,
    input: str | bytes | None,
    env: Mapping[str, str] | None,
    timeout: float,
    raw: bool,
    **popen: Any,
) -> Ran | RawRan:
    popen.setdefault("stdout", subprocess.PIPE)
    popen.setdefault("stderr", subprocess.PIPE)
    if input is not None:
        popen.setdefault("stdin", subprocess.PIPE)
    with start_shtoss(*words, env=env, **popen) as child:
        try:
            out, err = child.communicate(
                input.encode() if isinstance(input, str) else input, timeout=timeout
            )
        except subprocess.TimeoutExpired:
            child.kill()
            child.communicate()
            raise
    out, err = out or b"", err or b""
    if raw:
        return RawRan(child.returncode, out, err)
    return Ran(child.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"))


@overload
def run_shtoss(
    *args: str,
    input: str | bytes | None = ...,
    env: Mapping[str, str] | None = ...,
    cwd: Path | str | None = ...,
    process: bool = ...,
    timeout: float = ...,
    raw: Literal[False] = ...,
    **popen: Any,
) -> Ran: ...
@overload
def run_shtoss(
    *args: str,
    input: str | bytes | None = ...,
    env: Mapping[str, str] | None = ...,
    cwd: Path | str | None = ...,
    process: bool = ...,
    timeout: float = ...,
    raw: Literal[True],
    **popen: Any,
) -> RawRan: ...
def run_shtoss(
    *args: str,
    input: str | bytes | None = None,
    env: Mapping[str, str] | None = None,
    cwd: Path | str | None = None,
    process: bool = False,
    timeout: float = 120,
    raw: bool = False,
    **popen: Any,
) -> Ran | RawRan:
    """Run ``shtoss-exact ARGS``: its exit status, standard output and standard error.

    In this process through click's runner, or in a child (``python -m shtoss_exact``)
    when ``process``, ``cwd`` or any ``subprocess.Popen`` keyword is given; ``timeout``
    (seconds of wall time) bounds a child only.
    """
    words = _words(args)
    if process or cwd is not None or popen:
        return _in_child(words, input=input, env=env, timeout=timeout, raw=raw, cwd=cwd, **popen)
    return _in_process(words, input=input, env=env, raw=raw)


def shtoss_ok(*args: str, **options: Any) -> str:
    """The standard output of ``shtoss-exact ARGS``, which must succeed, silent on stderr."""
    ran = run_shtoss(*args, raw=False, **options)
    assert ran.status == 0, ran.stderr
    assert ran.stderr == "", ran.stderr
    return ran.stdout


@pytest.fixture
def shtoss() -> Shtoss:
    """Run ``shtoss-exact ARGS``: its exit status, standard output and standard error."""
    return run_shtoss
