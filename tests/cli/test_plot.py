"""``shtoss-exact plot`` in a hostile environment: an unusable ``HOME``, ``TMPDIR`` or
``MPLCONFIGDIR``, a ``MPLBACKEND`` that names no backend. Each draws its image with
nothing on stderr (or refuses with one line of ours), in a real child: matplotlib reads
its environment once, when it is imported."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests import ROOT

pytest.importorskip("matplotlib")

UNUSABLE = "/proc/no-such-directory"
"""A directory nobody can create, root included."""


def _environments(tmp_path: Path) -> dict[str, dict[str, str]]:
    a_file = tmp_path / "a-file"
    a_file.write_text("not a directory\n")
    bad_home = {"HOME": UNUSABLE, "XDG_CONFIG_HOME": "", "XDG_CACHE_HOME": "", "MPLCONFIGDIR": ""}
    return {
        "home-unusable": bad_home,
        "home-and-tmpdir-unusable": {**bad_home, "TMPDIR": UNUSABLE},
        "mplconfigdir-unusable": {"MPLCONFIGDIR": UNUSABLE},
        "mplconfigdir-a-file": {"MPLCONFIGDIR": str(a_file)},
        "xdg-unusable": {
            "XDG_CONFIG_HOME": UNUSABLE,
            "XDG_CACHE_HOME": UNUSABLE,
            "MPLCONFIGDIR": "",
        },
        "backend-unknown": {"MPLBACKEND": "NoSuchBackend"},
        "backend-a-window": {"MPLBACKEND": "qtagg"},
        "backend-empty": {"MPLBACKEND": ""},
    }


CASES = (
    "home-unusable",
    "home-and-tmpdir-unusable",
    "mplconfigdir-unusable",
    "mplconfigdir-a-file",
    "xdg-unusable",
    "backend-unknown",
    "backend-a-window",
    "backend-empty",
)


@pytest.mark.parametrize("name", CASES)
@pytest.mark.parametrize("image", ["png", "svg"])
def test_an_unusable_environment_still_draws_quietly(
    shtoss: Any, tmp_path: Path, name: str, image: str
) -> None:
    env = _environments(tmp_path)[name]
    scratch = tmp_path / "scratch"  # the temporary directory, where TMPDIR is usable
    scratch.mkdir()
    env = {"TMPDIR": str(scratch), **env}
    target = tmp_path / f"abzug.{image}"
    ran = shtoss("plot", "-o", str(target), "--deck", "36", env=env, process=True)
    assert (ran.status, ran.stderr, ran.stdout) == (0, "", "")
    data = target.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") if image == "png" else b"<svg" in data
    assert list(scratch.iterdir()) == []  # matplotlib's own temporary directory is gone


def test_no_writable_directory_at_all_is_one_line(tmp_path: Path) -> None:
    # No temporary directory can be made (as where every candidate is read-only): the
    # program is started with tempfile.mkdtemp failing, MPLCONFIGDIR unusable.
    start = (
        "import tempfile, sys\n"
        "def full(*args, **options):\n"
        "    raise FileNotFoundError('No usable temporary directory found')\n"
        "tempfile.mkdtemp = full\n"
        "from shtoss_exact.cli import main\n"
        "main(sys.argv[1:], prog_name='shtoss-exact')\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MPLCONFIGDIR": UNUSABLE}
    done = subprocess.run(
        [sys.executable, "-c", start, "plot", "-o", str(tmp_path / "x.svg")],
        capture_output=True,
        env=env,
        timeout=120,
        check=False,
    )
    lines = done.stderr.decode().splitlines()
    assert done.returncode == 2, lines
    assert len(lines) == 1 and lines[0].startswith(
        "shtoss-exact: error: plots need matplotlib, which cannot start: "
    ), lines
    assert "MPLCONFIGDIR" in lines[0]
    assert list(tmp_path.iterdir()) == []


def test_the_plot_command_leaves_the_environment_as_it_was(shtoss: Any, tmp_path: Path) -> None:
    before = os.environ.get("MPLBACKEND")
    ran = shtoss("plot", "-o", str(tmp_path / "x.svg"), "--cards", "12")
    assert ran.status == 0, ran.stderr
    assert os.environ.get("MPLBACKEND") == before
