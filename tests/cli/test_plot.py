"""``--plot FILE`` on every command with a picture, and ``shtoss-exact plot``, which runs
that command and prints no report: the image is the result the command computed, its
format the file's suffix; bad suffixes and paths are refused in one line before any
work. Then a hostile environment: an unusable ``HOME``, ``TMPDIR`` or ``MPLCONFIGDIR``,
a ``MPLBACKEND`` that names no backend: each draws its image with nothing on stderr (or
refuses with one line of ours), in a real child (matplotlib reads its environment once,
when it is imported)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests import ROOT
from tests.conftest import Shtoss

pytest.importorskip("matplotlib")

MAGIC = {"png": b"\x89PNG\r\n\x1a\n", "pdf": b"%PDF-", "svg": b"<?xml"}

PICTURED = {
    "odds": ["odds", "--deck", "36", "--one-deck"],
    "table": ["table", "--cards", "8..24:4", "--scheme", "classic,pharaon"],
    "bank": ["bank", "--bet", "7:10", "--bet", "Q:5", "--cards", "12", "--copies", "2"],
    "series": ["series", "--plan", "paroli:2", "--deals", "3"],
    "strategy": ["strategy", "--bankroll", "2", "--target", "6", "--plans", "none"],
    "case": ["case", "--seen", "5h Ks 5d 8d 6h", "--replay"],
}
"""A call of each command with a picture."""

KIND = {"odds": "abzug", "table": "edge", "bank": "bank", "series": "series",
        "strategy": "strategy", "case": "case"}  # fmt: skip


@pytest.mark.parametrize("image", sorted(MAGIC))
@pytest.mark.parametrize("command", sorted(PICTURED))
def test_plot_writes_the_image_beside_the_same_report(
    shtoss: Shtoss, tmp_path: Path, command: str, image: str
) -> None:
    target = tmp_path / f"picture.{image}"
    drawn = shtoss(*PICTURED[command], "--plot", str(target))
    plain = shtoss(*PICTURED[command])
    assert (drawn.status, drawn.stderr) == (0, ""), drawn.stderr
    assert drawn.stdout == plain.stdout != ""
    assert target.read_bytes().startswith(MAGIC[image])
    assert [p.name for p in tmp_path.iterdir()] == [target.name]


@pytest.mark.parametrize("command", sorted(PICTURED))
def test_the_plot_command_draws_the_same_picture_alone(
    shtoss: Shtoss, tmp_path: Path, command: str
) -> None:
    alone, beside = tmp_path / "alone.svg", tmp_path / "beside.svg"
    args = PICTURED[command][1:]
    ran = shtoss("plot", "-o", str(alone), "--kind", KIND[command], *args)
    assert (ran.status, ran.stdout, ran.stderr) == (0, "", ""), ran.stderr
    assert shtoss(*PICTURED[command], "--plot", str(beside)).status == 0
    assert alone.read_bytes() == beside.read_bytes()


def test_the_picture_is_the_result_computed(shtoss: Shtoss, tmp_path: Path) -> None:
    # The bank's SVG has the legend of the very result the command printed as JSON.
    target = tmp_path / "bank.svg"
    ran = shtoss("bank", "--bet", "7:10", "--bet", "Q:5", "--format", "json", "--plot", str(target))
    assert ran.status == 0, ran.stderr
    import json
    from fractions import Fraction

    from shtoss_exact.report import decimal_str

    ev = Fraction(json.loads(ran.stdout)["ev"])
    assert f"banker's expected net: {decimal_str(-ev, 4)}" in target.read_text()


def test_case_draws_the_replay_or_the_bets_now(shtoss: Shtoss, tmp_path: Path) -> None:
    now, turns = tmp_path / "now.svg", tmp_path / "turns.svg"
    assert shtoss("case", "--seen", "5h Ks 5d", "--plot", str(now)).status == 0
    assert shtoss("plot", "-o", str(turns), "--kind", "case", "--seen", "5h Ks 5d").status == 0
    assert "the banker's edge on each live rank now" in now.read_text()
    assert "the banker's edge on each live rank, turn by turn" in turns.read_text()


@pytest.mark.parametrize("command", sorted(PICTURED))
@pytest.mark.parametrize(
    ("path", "needle"),
    [
        ("x.gif", "': the suffix '.gif' is not an image format: allowed .png, .svg, .pdf"),
        ("x", "': no suffix: allowed .png, .svg, .pdf"),
        ("no/x.png", "': no directory '"),
    ],
)
def test_bad_paths_are_one_line_before_any_work(
    shtoss: Shtoss, tmp_path: Path, command: str, path: str, needle: str
) -> None:
    ran = shtoss(*PICTURED[command], "--plot", f"{tmp_path}/{path}")
    assert (ran.status, ran.stdout) == (2, "")
    (line,) = ran.stderr.splitlines()
    assert line.startswith("shtoss-exact: error: cannot ") and needle in line
    assert list(tmp_path.iterdir()) == []


def test_missing_matplotlib_is_one_line_before_the_report(
    shtoss: Shtoss, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    from shtoss_exact.report.plots.figures import MISSING_MATPLOTLIB

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    ran = shtoss("odds", "--plot", str(tmp_path / "a.png"))
    assert (ran.status, ran.stdout) == (2, "")
    assert ran.stderr == f"shtoss-exact: error: {MISSING_MATPLOTLIB}\n"
    assert list(tmp_path.iterdir()) == []


def test_a_refused_result_leaves_no_file(shtoss: Shtoss, tmp_path: Path) -> None:
    ran = shtoss("plot", "-o", str(tmp_path / "x.png"), "--kind", "series", "--plan", "flat")
    assert ran.status == 2 and "no number of deals" in ran.stderr
    ran = shtoss("table", "--cards", "36", "--by-abzug", "--plot", str(tmp_path / "t.png"))
    assert ran.status == 2 and "not with --by-abzug" in ran.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_plot_command_takes_the_command_options(shtoss: Shtoss, tmp_path: Path) -> None:
    target = str(tmp_path / "x.png")
    ran = shtoss("plot", "-o", target, "--kind", "bank")
    assert ran.status == 2 and "Missing option '--bet'" in ran.stderr
    ran = shtoss("plot", "-o", target, "--plan", "flat")  # abzug: the options of odds
    assert ran.status == 2 and "No such option '--plan'" in ran.stderr
    ran = shtoss("plot", "-o", target, "--plot", target)
    assert ran.status == 2 and "plot writes -o FILE: give no --plot" in ran.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_plot_help_is_the_registry(shtoss: Shtoss) -> None:
    from shtoss_exact.report.plots.registry import KINDS

    text = " ".join(shtoss("plot", "-h").stdout.split())
    for kind in KINDS.values():
        assert f"{kind.name}: {kind.description} (the options of {kind.command})" in text


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


@pytest.mark.parametrize("command", sorted(PICTURED))
def test_the_picture_speaks_the_language_of_the_command(
    shtoss: Shtoss, tmp_path: Path, command: str
) -> None:
    import re

    from tests.test_i18n import _DATA, _LATIN, _SCHEMES

    english, russian = tmp_path / "en.svg", tmp_path / "ru.svg"
    ran = shtoss(*PICTURED[command], "--lang", "ru", "--plot", str(russian))
    assert (ran.status, ran.stderr) == (0, ""), ran.stderr
    assert shtoss(*PICTURED[command], "--plot", str(english)).status == 0

    def drawn(path: Path) -> str:  # the text of the SVG's <text> elements (text stays text)
        return " ".join(re.findall(r"<text\b[^>]*>([^<]*)</text>", path.read_text()))

    assert "банкомет" in drawn(russian) or "понтёр" in drawn(russian)
    words = set(_LATIN.findall(drawn(russian))) - _DATA - _SCHEMES - {"two", "deck"}
    assert not words, words
    assert set(_LATIN.findall(drawn(english))) - _DATA - _SCHEMES  # English stays English
