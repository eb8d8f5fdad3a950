"""Figures of results: ``plot(ax=None)`` on every result with a picture, the image formats
by suffix, written whole or not at all; thinning; a missing matplotlib in one line."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from shtoss_exact.bet.odds import odds
from shtoss_exact.errors import ShtossError
from shtoss_exact.report.plots import figures
from shtoss_exact.report.plots.figures import (
    DPI,
    FIGSIZE,
    MAX_POINTS,
    MISSING_MATPLOTLIB,
    check_target,
    figure_of,
    image_format,
    save,
    thin,
)

MAGIC = {"png": b"\x89PNG\r\n\x1a\n", "pdf": b"%PDF-", "svg": b"<?xml"}
"""The first bytes of each image format."""


def _results() -> dict[str, Callable[[], Any]]:
    from shtoss_exact.banks.odds import bank
    from shtoss_exact.bet.tables import SummaryTable, TableSpec
    from shtoss_exact.case.state import Case
    from shtoss_exact.plans.series import series
    from shtoss_exact.strategy.play import optimal_play

    return {
        "Odds": lambda: odds(cards=20, copies=2),
        "SummaryTable": lambda: SummaryTable(rows=tuple(TableSpec(cards=[8, 12]).rows())),
        "Bank": lambda: bank(["7:2", "Q"], cards=8, copies=2),
        "SeriesResult": lambda: series("flat", deals=2),
        "OptimalPlay": lambda: optimal_play(bankroll=2, target=4, plans=()),
        "CaseReport": lambda: Case.from_seen("5h Ks 5d", game="faro").report(replay=True),
    }


RESULTS = _results()


@pytest.mark.parametrize("name", sorted(RESULTS))
def test_plot_returns_a_new_figure(name: str) -> None:
    figure_module = pytest.importorskip("matplotlib.figure")
    result = RESULTS[name]()
    assert type(result).__name__ == name
    figure = result.plot()
    assert isinstance(figure, figure_module.Figure)
    assert tuple(figure.get_size_inches()) == FIGSIZE and figure.dpi == DPI
    assert figure.axes and figure.axes[0].get_title()


@pytest.mark.parametrize("name", sorted(RESULTS))
def test_plot_on_given_axes_returns_their_figure(name: str) -> None:
    figure_module = pytest.importorskip("matplotlib.figure")
    figure = figure_module.Figure()
    left, right = figure.subplots(1, 2)
    assert RESULTS[name]().plot(ax=right) is figure
    assert right.get_title() and not left.get_title()  # drawn on the Axes given, only
    assert right.has_data() and not left.has_data()


def test_plot_refuses_what_is_not_axes() -> None:
    pytest.importorskip("matplotlib")
    with pytest.raises(ShtossError, match="ax=str: allowed matplotlib Axes, or None"):
        odds().plot(ax="left")


def test_a_value_without_a_picture_is_refused_before_matplotlib(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(ShtossError, match="a int has no picture: drawn are Odds, SummaryTable"):
        figure_of(3)


def test_missing_matplotlib_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    with pytest.raises(ShtossError) as error:
        odds().plot()
    assert str(error.value) == MISSING_MATPLOTLIB
    assert "pip install 'shtoss-exact[plot]'" in MISSING_MATPLOTLIB


def test_image_format_is_the_suffix() -> None:
    assert [image_format(f"x.{s}") for s in ("png", "SVG", "Pdf")] == ["png", "svg", "pdf"]
    assert image_format(Path("a.b/edge.svg")) == "svg"
    message = "cannot plot to 'x.gif': the suffix '.gif' is not an image format: allowed "
    with pytest.raises(ShtossError, match=message + r"\.png, \.svg, \.pdf"):
        image_format("x.gif")
    with pytest.raises(ShtossError, match=r"cannot plot to 'x': no suffix: allowed \.png"):
        image_format("x")
    with pytest.raises(ShtossError, match="cannot plot to a int: allowed a file's path"):
        image_format(3)


def test_check_target_refuses_what_cannot_be_written(tmp_path: Path) -> None:
    assert check_target(tmp_path / "a.pdf") == "pdf"
    with pytest.raises(ShtossError, match="no directory"):
        check_target(tmp_path / "no" / "a.png")
    (tmp_path / "d.svg").mkdir()
    with pytest.raises(ShtossError, match="not a regular file"):
        check_target(tmp_path / "d.svg")
    with pytest.raises(ShtossError, match=r"the suffix '\.txt'"):
        check_target(tmp_path / "a.txt")


@pytest.mark.parametrize("image", sorted(MAGIC))
def test_save_writes_each_format_the_same_each_time(tmp_path: Path, image: str) -> None:
    pytest.importorskip("matplotlib")
    figure = odds(cards=12, copies=2).plot()
    one, two = tmp_path / f"one.{image}", tmp_path / f"two.{image.upper()}"
    save(figure, one)
    save(figure, two)
    data = one.read_bytes()
    assert data.startswith(MAGIC[image])
    assert data == two.read_bytes()  # no date, fixed ids: reproducible
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([one.name, two.name])


def test_png_is_the_figure_size(tmp_path: Path) -> None:
    image = pytest.importorskip("matplotlib.image")
    target = tmp_path / "abzug.png"
    save(odds().plot(), target)
    pixels = image.imread(target)
    assert pixels.shape[:2] == (int(FIGSIZE[1] * DPI), int(FIGSIZE[0] * DPI))
    assert tuple(pixels[2, 2][:3]) == (1.0, 1.0, 1.0)  # the white figure background


def test_svg_keeps_text_as_text(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "abzug.svg"
    save(odds().plot(), target)
    assert "how the punter's card is decided, by abzug" in target.read_text()


def test_a_failed_drawing_leaves_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("matplotlib")
    figure = odds(cards=12, copies=2).plot()
    target = tmp_path / "x.png"
    target.write_bytes(b"before")

    def broken(*args: Any, **options: Any) -> bytes:
        raise ShtossError("the drawing broke")

    monkeypatch.setattr(figures, "image_bytes", broken)
    with pytest.raises(ShtossError, match="the drawing broke"):
        save(figure, target)
    assert target.read_bytes() == b"before"
    assert [p.name for p in tmp_path.iterdir()] == ["x.png"]


def test_links_are_followed(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    real, link = tmp_path / "real.svg", tmp_path / "link.svg"
    link.symlink_to(real.name)
    save(odds(cards=12, copies=2).plot(), link)
    assert link.is_symlink() and real.read_bytes().startswith(MAGIC["svg"])


def test_thin_keeps_the_ends_and_spreads_evenly() -> None:
    assert int(FIGSIZE[0] * DPI) == MAX_POINTS
    assert thin(3, 5) == [0, 1, 2] and thin(1000, 3) == [0, 500, 999]
    huge = thin(10**60, MAX_POINTS)
    assert huge[0] == 0 and huge[-1] == 10**60 - 1 and len(huge) == MAX_POINTS
    steps = {b - a for a, b in pairwise(huge)}
    assert max(steps) - min(steps) <= 1  # whole-number steps, never a float's rounding


# --- in Russian ---------------------------------------------------------------------------


def _figure_words(figure: Any) -> list[str]:
    """Every text matplotlib draws on ``figure``: titles, axis labels, tick labels, legend
    entries and titles, annotations (tick labels once the figure is drawn)."""
    from matplotlib.text import Text

    figure.canvas.draw()
    found = [text.get_text() for text in figure.findobj(Text)]
    for axes in figure.axes:
        found += [axes.get_title(), axes.get_xlabel(), axes.get_ylabel()]
        legend = axes.get_legend()
        if legend is not None:
            found += [text.get_text() for text in legend.get_texts()]
            found.append(legend.get_title().get_text())
    return [text for text in found if text]


def _english_in(texts: list[str]) -> set[str]:
    from tests.test_i18n import _DATA, _LATIN, _SCHEMES

    # Data drawn as they are: schemes, plans, the games of a table's lines; P(...) is a symbol.
    data = _DATA | _SCHEMES | {"two", "deck"}
    return {word for text in texts for word in _LATIN.findall(text)} - data


def _more_results() -> dict[str, Callable[[], Any]]:
    """The words each kind can add: a one-deck game, more bets than the title lists, the
    limits of a series, a maximum stake, several copies and games, a case without replay."""
    from shtoss_exact.banks.odds import bank
    from shtoss_exact.bet.tables import Game, SummaryTable, TableSpec
    from shtoss_exact.case.state import Case
    from shtoss_exact.plans.series import series
    from shtoss_exact.strategy.play import optimal_play

    spec = TableSpec(cards=[8, 12], copies=(1, 2), schemes=["classic", "pharaon"],
                     games=(Game.TWO_DECK, Game.ONE_DECK))  # fmt: skip
    return {
        "Odds, one-deck game": lambda: odds(cards=36, copies=4, one_deck=True),
        "Bank, many bets": lambda: bank(
            ["7:2", "Q", "K", "A", "3", "4", "5", "6"], cards=16, copies=1
        ),
        "SeriesResult, to a target": lambda: series("raise", bankroll=3, target=5, max_stake=4),
        "OptimalPlay, a maximum stake": lambda: optimal_play(
            bankroll=2, target=4, max_stake=1, plans=()
        ),
        "SummaryTable, copies and games": lambda: SummaryTable(rows=tuple(spec.rows())),
        "CaseReport, now": lambda: Case.from_seen("5h Ks 5d", game="faro").report(),
    }


PLOTTED_IN_RUSSIAN = {**RESULTS, **_more_results()}
"""Every kind of plot, and the words each can add."""


@pytest.mark.parametrize("name", sorted(PLOTTED_IN_RUSSIAN))
def test_every_plot_speaks_russian(name: str) -> None:
    pytest.importorskip("matplotlib")
    from shtoss_exact import i18n

    result = PLOTTED_IN_RUSSIAN[name]()
    english = _figure_words(result.plot())
    with i18n.speaking("ru"):
        russian = _figure_words(result.plot())
    assert len(russian) == len(english)
    assert not _english_in(russian), _english_in(russian)
    assert _english_in(english)  # the check can fail: the English figure is English
    assert any(re.search("[а-яё]{4}", text) for text in russian)
    # Numbers (ticks, shares, the mean) are drawn the same in both languages.
    assert [_NUMBERS.findall(t) for t in russian if not re.search("[A-Za-zа-яё]", t)] == [
        _NUMBERS.findall(t) for t in english if not re.search("[A-Za-zа-яё]", t)
    ]


_NUMBERS = re.compile(r"[-−]?\d+(?:\.\d+)?")
