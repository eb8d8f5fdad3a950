"""The console script: the collector of reference cycles is off while the program loads
and on again, what was loaded frozen, as soon as the command starts. Each case runs the
program in a child and reads the collector's own record (``gc.callbacks``), never a
timing."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys

import pytest

from shtoss_exact.cli.process import resume_collector
from tests import ROOT

WATCHED = r"""
import gc, json, sys
sys.argv = ["shtoss-exact", *sys.argv[1:]]
from shtoss_exact.entry import main
gc.collect()
seen = []
gc.callbacks.append(
    lambda phase, info: phase == "start"
    and seen.append(sorted(n for n in sys.modules if n.startswith("shtoss_exact.cli.")))
)
try:
    main()
except SystemExit as done:
    assert done.code in (0, None), done.code
sys.stderr.write(json.dumps([seen, gc.isenabled(), gc.get_freeze_count()]) + "\n")
"""
"""The program, writing at its end the command-line modules loaded at each collection,
whether the collector is on, and how many objects were frozen."""


def watched(*args: str) -> tuple[list[list[str]], bool, int]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", WATCHED, *args], capture_output=True,
                          text=True, env=env, timeout=300, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    seen, enabled, frozen = json.loads(done.stderr.splitlines()[-1])
    return seen, enabled, frozen


@pytest.mark.parametrize(
    ("args", "module"),
    [(["odds"], "odds"), (["strategy", "--bankroll", "3", "--target", "6"], "strategy")],
)
def test_no_collection_while_the_program_loads(args: list[str], module: str) -> None:
    seen, enabled, frozen = watched(*args)
    # Every collection came after the command's own module was loaded, and the
    # collector is on again, with the program as loaded frozen.
    assert all(f"shtoss_exact.cli.{module}" in loaded for loaded in seen)
    assert enabled and frozen > 0


def test_the_help_makes_no_collection() -> None:
    seen, enabled, frozen = watched("-h")
    assert seen == [] and not enabled and frozen == 0  # the program ends before a command


def test_a_caller_with_the_collector_on_keeps_it_as_it_is() -> None:
    # Run in the caller's own process (the collector on): nothing is frozen.
    assert gc.isenabled()
    before = gc.get_freeze_count()
    resume_collector()
    assert gc.isenabled() and gc.get_freeze_count() == before


CALLER = r"""
import gc, json
gc.disable()  # the caller's own choice
class Cycle: pass
for _ in range(1000):
    c = Cycle(); c.me = c
del c
import click.formatting
click.formatting._ = str.upper  # the caller translates click its own way
from shtoss_exact.cli import main
try:
    main(["odds", "--cards", "9"])
except SystemExit as done:
    assert done.code in (0, None), done.code
print(json.dumps([gc.isenabled(), gc.get_freeze_count(), gc.collect(),
                  click.formatting._("Usage:")]))
"""
"""A caller running the command line in its own process, its collector off and its
own translation of click's words."""


def test_a_caller_keeps_its_collector_off_and_its_translations() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SHTOSS_LANG": "en"}
    done = subprocess.run([sys.executable, "-c", CALLER], capture_output=True, text=True,
                          env=env, timeout=300, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    enabled, frozen, collected, usage = json.loads(done.stdout.splitlines()[-1])
    # Its collector still off, nothing of its frozen, its cycles collectable; click's
    # words still its own.
    assert (enabled, frozen, usage) == (False, 0, "USAGE:") and collected >= 1000


def test_no_collection_while_matplotlib_loads_and_draws(tmp_path: object) -> None:
    pytest.importorskip("matplotlib")
    probe = r"""
import gc, json, sys
sys.argv = ["shtoss-exact", *sys.argv[1:]]
from shtoss_exact.entry import main
gc.collect()
seen = []
gc.callbacks.append(
    lambda phase, info: phase == "start"
    and seen.append(sum(n.split(".")[0] == "matplotlib" for n in sys.modules))
)
try:
    main()
except SystemExit as done:
    assert done.code in (0, None), done.code
loaded = sum(n.split(".")[0] == "matplotlib" for n in sys.modules)
sys.stderr.write(json.dumps([seen, loaded]) + "\n")
"""
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "MPLBACKEND": "Agg",
        "MPLCONFIGDIR": str(tmp_path),
    }
    args = ["plot", "-o", f"{tmp_path}/abzug.png"]
    done = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True,
                          text=True, env=env, timeout=300, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    seen, loaded = json.loads(done.stderr.splitlines()[-1])
    # Every collection came before matplotlib was imported, or after it was all loaded
    # and the figure written (its modules as many as at the end).
    assert loaded > 0 and all(count in (0, loaded) for count in seen)


@pytest.mark.parametrize(
    ("args", "environ", "russian"),
    [
        (["odds", "--lang", "ru"], {}, True),
        (["odds", "--lang=RU"], {"SHTOSS_LANG": "en"}, True),
        (["odds", "--lang", "ru", "--lang", "en"], {"LANG": "ru_RU.UTF-8"}, False),
        (["odds", "--", "--lang", "ru"], {}, False),  # after --: an argument
        (["odds", "--lang", "fr"], {"SHTOSS_LANG": "ru"}, True),  # a bad --lang: unread
        (["odds"], {"SHTOSS_LANG": "ru"}, True),
        (["odds"], {"SHTOSS_LANG": "", "LC_ALL": "", "LANG": "ru_RU.UTF-8"}, True),
        (["odds"], {"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}, False),  # the first one set
        (["odds"], {"LC_MESSAGES": "ru_RU", "LANG": "C"}, True),
        (["odds"], {}, False),
    ],
)
def test_a_ctrl_c_while_loading_is_told_in_the_language_asked_for(
    args: list[str], environ: dict[str, str], russian: bool
) -> None:
    from shtoss_exact.entry import interrupted_line

    line = interrupted_line(args, environ)
    if russian:
        assert line == "shtoss-exact: ошибка: прервано\n"
    else:
        assert line == "shtoss-exact: error: interrupted\n"
