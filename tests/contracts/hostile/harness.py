"""The shared harness of the hostile-input tables: a row, and how it is run.

A row (``Case``) is one invocation of ``python -m shtoss_exact ARGS`` in a fresh
directory holding the row's files, links and FIFOs. A refusal must end within
``LIMIT_SECONDS`` of CPU time with its exit status (2 unless the row says otherwise),
nothing on stdout, exactly one stderr line ``shtoss-exact: error: ...`` containing the
row's fragment, no traceback, and no file left behind but the row's own inputs. An
answer must end within ``ANSWER_SECONDS`` of CPU time with exit status 0, nothing on
stderr, and a peak resident memory below ``ANSWER_MEMORY``.

The limits are the child's own CPU time (user + system, from ``os.wait4``), not the
wall clock: they hold on a loaded machine. The wall clock is only a guard against a
hang, ``HANG_FACTOR`` times the limit.

A row's standard output is a file the harness reads, or (``stdout=``) ``/dev/full``
or closed; ``file_limit=`` caps the size of any file the program writes (``ulimit
-f``), so that a write fails midway.
"""

from __future__ import annotations

import os
import random
import resource
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from tests.conftest import start_shtoss

LIMIT_SECONDS = 3.0
"""CPU seconds allowed for one refusal, Python's start-up included."""

ANSWER_SECONDS = 20.0
"""CPU seconds allowed for one answer."""

HANG_FACTOR = 20
"""A child still running after this many times its CPU limit of wall time has hung."""

ANSWER_MEMORY = 1024**3
"""Peak resident memory (bytes) allowed for one answer."""

ADDRESS_SPACE = 4 * 1024**3
"""Address space any child may take: a guard that fails to refuse cannot swamp the machine."""

HUGE = "1" + "0" * 100  # 10**100
VERY_LONG = "9" * 5000  # more digits than int() converts by default
DEEP = 100_000  # nesting levels


def many_rules_scheme() -> bytes:
    """A scheme file at its limits: 1000 rules and 1000 premiums, each naming a position
    of its own (every deck size settles each of them at each named position)."""
    lines = ['name = "heavy"']
    for i in range(1, 1001):
        lines += ["[[rules]]", 'kind = ["killed", "plie"]', f"position = {i}", 'payoff = "-1/2"']
    for i in range(1, 1001):
        lines += ["[[premiums]]", f'name = "p{i}"', 'kind = "given"', f"position = {i + 1}"]
        lines += ['amount = "1/10"']
    return ("\n".join(lines) + "\n").encode()


def heavy_scheme(name: str, *, payoff: str, amount: str) -> bytes:
    """``many_rules_scheme`` with its own payoff and premium: three of them differ, so a
    bank settles each rank's outcomes apart."""
    text = many_rules_scheme().decode().replace('"heavy"', f'"{name}"', 1)
    return text.replace('"-1/2"', f'"{payoff}"').replace('"1/10"', f'"{amount}"').encode()


PRIMES = (7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97)


def coprime_scheme() -> bytes:
    """A card given at positions 2, 4, ..., 22 pays 7/11, 13/17, ...: payoffs whose
    denominators are coprime, so that the nets of a raised stake are nearly all distinct."""
    lines = ['name = "coprime"']
    for i in range(0, len(PRIMES), 2):
        lines += ["[[rules]]", 'kind = "given"', f"position = {i + 2}"]
        lines += [f'payoff = "{PRIMES[i]}/{PRIMES[i + 1]}"']
    return ("\n".join(lines) + "\n").encode()


def premiums_scheme() -> bytes:
    """``bait`` with premiums on three more cards given (positions 4, 6, 8)."""
    lines = ['name = "bait-plus"', 'base = "bait"']
    for position, amount in ((4, "1/3"), (6, "1/7"), (8, "1/11")):
        lines += ["[[premiums]]", f'name = "p{position}"', 'kind = "given"']
        lines += [f"position = {position}", f'amount = "{amount}"']
    return ("\n".join(lines) + "\n").encode()


def wide_scheme(rules: int, kind: str, payoff: Callable[[int], str], *, start: int) -> bytes:
    """``rules`` rules of one ``kind`` at positions ``start``, ``start + 1``, ...: the
    ``i``-th pays ``payoff(i)`` (payoffs of many digits, pairwise coprime denominators)."""
    lines = [f'name = "wide{rules}"']
    for i in range(rules):
        lines += ["[[rules]]", f'kind = "{kind}"', f"position = {start + i}"]
        lines += [f'payoff = "{payoff(i)}"']
    return ("\n".join(lines) + "\n").encode()


HUGE_PAYOFFS = b"[payoffs]\nkilled = -1e399\ngiven = 1e399\n"
"""A scheme whose payoffs have 400 digits (as many as a decimal of a file may have):
beyond a float, and a grid of nets far past any budget."""

TINY_PAYOFF = b"[payoffs]\nkilled = 1e399\ngiven = 1e-399\n"
"""A scheme with a payoff of 400 digits and one over a denominator of 400 digits."""

LONG_EXPONENT = b"1e" + b"9" * 5000
"""A decimal whose exponent has 5000 digits: beyond even ``Decimal``'s range."""


def random_bytes(size: int, seed: int) -> bytes:
    """``size`` bytes of noise, the same on every run."""
    return random.Random(seed).randbytes(size)


@dataclass(frozen=True)
class Case:
    """One invocation: its arguments, the files it needs, what its one line names."""

    id: str
    argv: tuple[str, ...]
    expect: str
    files: dict[str, bytes] = field(default_factory=dict)
    links: dict[str, str] = field(default_factory=dict)
    fifos: tuple[str, ...] = ()
    status: int = 2
    leaves: tuple[str, ...] = ()
    """Files an answer may leave behind (its output)."""
    stdout: str = "file"
    """Where standard output goes: ``"file"`` (read back), ``"full"`` (``/dev/full``) or
    ``"closed"`` (file descriptor 1 closed, as by ``>&-``)."""
    file_limit: int | None = None
    """The largest file, in bytes, the program may write (``ulimit -f``; RLIMIT_FSIZE)."""

    @property
    def command(self) -> str:
        return self.argv[0] if self.argv else ""

    def invocation(self) -> tuple[object, ...]:
        """What is run, for spotting two rows that run the same thing."""
        return (
            self.argv,
            tuple(sorted(self.files.items())),
            tuple(sorted(self.links.items())),
            self.fifos,
            self.stdout,
            self.file_limit,
        )


def case(
    id: str,
    argv: str | list[str],
    expect: str,
    *,
    links: dict[str, str] | None = None,
    fifos: tuple[str, ...] = (),
    status: int = 2,
    leaves: tuple[str, ...] = (),
    stdout: str = "file",
    file_limit: int | None = None,
    **files: bytes,
) -> Case:
    """A row. ``argv`` is split on spaces when it is a string; files are keyword
    arguments with ``__`` for the dot (``bad__toml=b"..."`` is ``bad.toml``)."""
    if stdout not in _STDOUTS:
        raise ValueError(f"{id}: stdout={stdout!r}, allowed {sorted(_STDOUTS)}")
    args = tuple(argv.split()) if isinstance(argv, str) else tuple(argv)
    named = {name.replace("__", "."): data for name, data in files.items()}
    return Case(id, args, expect, named, links or {}, fifos, status, leaves, stdout, file_limit)


_STDOUTS = {"file", "full", "closed"}


def answer(id: str, argv: str | list[str], *, leaves: tuple[str, ...] = (), **files: bytes) -> Case:
    """A row that must be answered: exit status 0, nothing on stderr."""
    row = case(id, argv, "", status=0, leaves=leaves)
    return replace(row, files={name.replace("__", "."): data for name, data in files.items()})


def _bound_address_space() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def _limits(row: Case) -> Callable[[], None]:
    """What the child does before it starts: the address space bounded, and the row's
    file size limit and closed standard output."""

    def apply() -> None:
        _bound_address_space()
        if row.file_limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (row.file_limit, row.file_limit))
        if row.stdout == "closed":
            os.close(1)

    return apply


def prepare(row: Case, where: Path) -> None:
    """Create the row's files, links and FIFOs in ``where``."""
    for name, data in row.files.items():
        (where / name).write_bytes(data)
    for name, target in row.links.items():
        (where / name).symlink_to(target)
    for name in row.fifos:
        os.mkfifo(where / name)


def inputs(row: Case) -> list[str]:
    """The names the row itself puts in its directory."""
    return sorted({*row.files, *row.links, *row.fifos})


@dataclass(frozen=True)
class Ran:
    """What one run gave."""

    status: int
    stdout: bytes
    stderr: str
    seconds: float
    """The child's CPU time: user + system."""
    wall_seconds: float
    peak_bytes: int


def cpu_seconds(usage: resource.struct_rusage) -> float:
    """User + system time of one finished child."""
    return float(usage.ru_utime + usage.ru_stime)


def run(row: Case, where: Path, *, timeout: float) -> Ran:
    """Run ``python -m shtoss_exact`` with the row's arguments in ``where``, started as
    every test starts the program (``tests.conftest.start_shtoss``).

    The child's own CPU time and peak resident memory come from ``os.wait4``; its output
    goes to files outside ``where`` (no pipe to drain while it is waited for). A child
    still running after ``timeout`` seconds of wall time is killed and reported as a hang.
    """
    prepare(row, where)
    with tempfile.TemporaryDirectory(prefix="hostile-") as scratch:
        out_path, err_path = Path(scratch, "stdout"), Path(scratch, "stderr")
        target = "/dev/full" if row.stdout == "full" else out_path
        with open(target, "wb") as out, open(err_path, "wb") as err:
            start = time.perf_counter()
            child = start_shtoss(
                *row.argv,
                cwd=where,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=err,
                preexec_fn=_limits(row),
            )
            deadline = start + timeout
            while True:
                pid, wait_status, usage = os.wait4(child.pid, os.WNOHANG)
                if pid:
                    break
                if time.perf_counter() > deadline:
                    child.kill()
                    pid, wait_status, usage = os.wait4(child.pid, 0)
                    child.returncode = os.waitstatus_to_exitcode(wait_status)
                    raise AssertionError(
                        f"{row.id}: still running after {timeout:.0f} s "
                        f"({cpu_seconds(usage):.1f} s of CPU)"
                    )
                time.sleep(0.02)
            wall_seconds = time.perf_counter() - start
            child.returncode = os.waitstatus_to_exitcode(wait_status)
        return Ran(
            status=child.returncode,
            stdout=out_path.read_bytes() if out_path.exists() else b"",
            stderr=err_path.read_bytes().decode("utf-8", errors="backslashreplace"),
            seconds=cpu_seconds(usage),
            wall_seconds=wall_seconds,
            peak_bytes=usage.ru_maxrss * 1024,  # kilobytes on Linux
        )
