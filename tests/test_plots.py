"""Plots rendered headless to files and checked: size, a known pixel, the SVG text."""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from shtoss_exact.cli import cli
from shtoss_exact.deck import Deal
from shtoss_exact.errors import ShtossError
from shtoss_exact.plots import (
    DPI,
    FIGSIZE,
    MISSING_MATPLOTLIB,
    PLOTS,
    abzug_series,
    edge_series,
    image_format,
    render,
)
from shtoss_exact.schemes import scheme_named


def one_error_line(result: object) -> str:
    lines = result.stderr.splitlines()  # type: ignore[attr-defined]
    assert result.exit_code == 2 and len(lines) == 1  # type: ignore[attr-defined]
    assert lines[0].startswith("shtoss-exact: error: ")
    return lines[0]


def test_registry_has_the_kinds() -> None:
    assert set(PLOTS) >= {"abzug", "edge"}
    assert all(kind.description for kind in PLOTS.values())


def test_abzug_series_is_exact() -> None:
    series = abzug_series(Deal(52, 4))
    assert len(series["given"]) == 26
    assert series["given"][0] == Fraction(16, 221)
    assert sum(series["plie"]) == Fraction(33, 833)
    assert series["killed"] == series["given"]  # an even deck: lob and sonik mirror


def test_edge_series_is_exact_and_skips_small_decks() -> None:
    schemes = [scheme_named("classic"), scheme_named("pharaon")]
    series = edge_series([3, 52], copies=4, schemes=schemes)
    assert series == {
        "classic": [(52, Fraction(33, 833))],
        "pharaon": [(52, Fraction(33, 1666))],
    }
    with pytest.raises(ShtossError, match="nothing to plot"):
        edge_series([2, 3], copies=4, schemes=schemes)


def test_png_size_and_background_pixel(tmp_path: Path) -> None:
    image = pytest.importorskip("matplotlib.image")
    target = tmp_path / "abzug.png"
    render("abzug", target, deal=Deal(52, 4))
    pixels = image.imread(target)
    assert pixels.shape[:2] == (int(FIGSIZE[1] * DPI), int(FIGSIZE[0] * DPI))
    assert tuple(pixels[2, 2][:3]) == (1.0, 1.0, 1.0)  # the white figure background
    assert pixels[:, :, :3].min() < 0.2  # something dark was drawn (text, axes)


def test_svg_has_the_words(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "edge.svg"
    render(
        "edge",
        target,
        cards=range(8, 40, 2),
        copies=4,
        schemes=[scheme_named("classic"), scheme_named("lob-half")],
    )
    text = target.read_text()
    assert text.startswith("<?xml")
    assert "Banker's edge by deck size (two-deck game, 4 copies of the punter's rank)" in text
    assert "banker's edge (% of the punter's stake)" in text
    assert "lob-half" in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["edge.svg"]


def test_cli_default_plot(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "default.svg"
    result = CliRunner().invoke(cli, ["plot", "-o", str(target)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "" and result.stderr == ""
    text = target.read_text()
    assert "Stoss, one bet: how the punter's card is decided, by abzug" in text
    assert "52 cards in the banker's deck, 4 copies of the punter's rank" in text
    assert "abzug (lob = banker's card, sonik = punter's card)" in text


def test_cli_edge_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "edge.png"
    args = ["plot", "-o", str(target), "--kind", "edge", "--cards", "8..30:2", "--one-deck"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.stderr
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_missing_matplotlib_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    target = tmp_path / "a.png"
    line = one_error_line(CliRunner().invoke(cli, ["plot", "-o", str(target)]))
    assert line == f"shtoss-exact: error: {MISSING_MATPLOTLIB}"
    assert "pip install 'shtoss-exact[plot]'" in line
    assert list(tmp_path.iterdir()) == []


def test_image_format() -> None:
    assert image_format("x.PNG") == "png"
    with pytest.raises(ShtossError, match=r"must end in \.png, \.svg"):
        image_format("x.pdf")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["-o", "x.pdf"], "cannot plot to 'x.pdf': the file must end in .png, .svg"),
        (["-o", "x"], "the file must end in .png, .svg"),
        ([], "Missing option '-o'"),
        (["-o", "x.png", "--kind", "bank"], "'bank' is not one of"),
        (["-o", "x.png", "--scheme", "classic"], "--scheme is for --kind edge"),
        (["-o", "x.png", "--cards", "36,52"], "the abzug plot takes one deck size"),
        (["-o", "x.png", "--cards", "2", "--copies", "4"], "copies=4 is more than cards=2"),
        (["-o", "x.png", "--kind", "edge", "--scheme", "nope"], "unknown scheme 'nope'"),
        (["-o", "x.png", "--kind", "edge", "--cards", "1..3000"], "at most 2000"),
        (["-o", "/nonexistent-dir/x.png"], "cannot write '/nonexistent-dir/x.png'"),
    ],
)
def test_bad_input_one_line_exit_2(args: list[str], needle: str) -> None:
    if "/nonexistent-dir/x.png" in args or "1..3000" in args:
        pytest.importorskip("matplotlib")
    line = one_error_line(CliRunner().invoke(cli, ["plot", *args]))
    assert needle in line
