"""Plots rendered headless to files and checked: size, a known pixel, the SVG text."""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest

from shtoss_exact.deck import Deal
from shtoss_exact.distribution import Distribution
from shtoss_exact.errors import ShtossError
from shtoss_exact.report.plots.figures import (
    AHEAD,
    DPI,
    FIGSIZE,
    MAX_POINTS,
    MISSING_MATPLOTLIB,
    bar_width,
    image_format,
    render,
    thin,
)
from shtoss_exact.report.plots.odds import abzug_series, edge_series
from shtoss_exact.report.plots.registry import KINDS as PLOTS
from shtoss_exact.schemes.scheme import scheme_named
from tests.conftest import Ran, run_shtoss


def one_error_line(result: Ran) -> str:
    lines = result.stderr.splitlines()
    assert result.status == 2 and len(lines) == 1
    assert lines[0].startswith("shtoss-exact: error: ")
    return lines[0]


def test_registry_has_the_kinds() -> None:
    assert set(PLOTS) >= {"abzug", "edge", "bank", "series"}
    assert all(kind.description for kind in PLOTS.values())


def test_abzug_series_is_exact() -> None:
    series = abzug_series(Deal(52, 4))
    assert series["abzug"] == list(range(1, 27))
    assert series["given"][0] == Fraction(16, 221)
    assert sum(series["plie"]) == Fraction(33, 833)
    assert series["killed"] == series["given"]  # an even deck: lob and sonik mirror


def test_no_more_points_than_pixels() -> None:
    assert int(FIGSIZE[0] * DPI) == MAX_POINTS
    series = abzug_series(Deal(10**7 + 1, 4))
    assert len(series["abzug"]) == MAX_POINTS
    assert series["abzug"][0] == 1 and series["abzug"][-1] == 5 * 10**6 + 1  # ends kept
    assert series["killed"][-1] == 0  # the lone last card, a lob: never the first copy
    from shtoss_exact.bet.odds import odds

    o = odds(cards=10**7 + 1, copies=4)
    for index in (0, 400, MAX_POINTS - 1):
        row = o.at_abzug(series["abzug"][index])
        assert (row.killed, row.plie, row.given) == (
            series["killed"][index], series["plie"][index], series["given"][index],
        )  # fmt: skip
    assert thin(3, 5) == [0, 1, 2] and thin(1000, 3) == [0, 500, 999]
    edge = edge_series(range(8, 20_000), copies=4, schemes=["classic"])
    assert len(edge["classic"]) == MAX_POINTS and edge["classic"][-1][0] == 19_999


def test_edge_series_is_exact_and_skips_small_decks() -> None:
    schemes = [scheme_named("classic"), scheme_named("pharaon")]
    series = edge_series([3, 52], copies=4, schemes=schemes)
    assert series == {
        "classic": [(52, Fraction(33, 833))],
        "pharaon": [(52, Fraction(33, 1666))],
    }
    with pytest.raises(ShtossError, match="nothing to plot"):
        edge_series([2, 3], copies=4, schemes=schemes)
    # Faro's known soda is a card of another rank: a deck of copies only has none.
    from shtoss_exact.bet.odds import odds_of

    edge = -odds_of(Deal(6, 4), scheme="faro").ev
    assert edge_series([4, 6], copies=4, schemes=["faro"]) == {"faro": [(6, edge)]}
    with pytest.raises(ShtossError, match=r"the table \(the most for deck=39999 with copies=600"):
        edge_series(range(10_000, 40_000), copies=600, schemes=["classic", "pharaon", "faro"])


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
    result = run_shtoss("plot", "-o", str(target))
    assert result.status == 0, result.stderr
    assert result.stdout == "" and result.stderr == ""
    text = target.read_text()
    assert "Stoss, one bet: how the punter's card is decided, by abzug" in text
    assert "52 cards in the banker's deck, 4 copies of the punter's rank" in text
    assert "abzug (lob = banker's card, sonik = punter's card)" in text


def test_cli_edge_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "edge.png"
    args = ["plot", "-o", str(target), "--kind", "edge", "--cards", "8..30:2", "--one-deck"]
    result = run_shtoss(*args)
    assert result.status == 0, result.stderr
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_missing_matplotlib_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    target = tmp_path / "a.png"
    line = one_error_line(run_shtoss("plot", "-o", str(target)))
    assert line == f"shtoss-exact: error: {MISSING_MATPLOTLIB}"
    assert "pip install 'shtoss-exact[plot]'" in line
    assert list(tmp_path.iterdir()) == []


def test_image_format() -> None:
    assert image_format("x.PNG") == "png"
    assert image_format("x.pdf", "svg") == "svg"
    assert image_format("-") == "svg"
    with pytest.raises(ShtossError, match=r"must end in \.png, \.svg"):
        image_format("x.pdf")
    with pytest.raises(ShtossError, match="unknown image format 'gif'"):
        image_format("x.png", "gif")


def test_standard_output_svg(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    render("abzug", "-", deal=Deal(12, 2))
    assert capsys.readouterr().out.startswith("<?xml")


def test_standard_output_png(capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    pytest.importorskip("matplotlib")
    render("abzug", "-", fmt="png", deal=Deal(12, 2))
    assert capsysbinary.readouterr().out.startswith(b"\x89PNG\r\n\x1a\n")


def test_cli_standard_output_svg() -> None:
    pytest.importorskip("matplotlib")
    result = run_shtoss("plot", "-o", "-", "--deck", "36")
    assert result.status == 0, result.stderr
    assert result.stdout.startswith("<?xml")
    assert "36 cards in the banker's deck" in result.stdout


def test_links_are_followed_and_devices_never_replaced(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    import os

    real, link = tmp_path / "real.svg", tmp_path / "link.svg"
    link.symlink_to(real.name)
    result = run_shtoss("plot", "-o", str(link), "--cards", "12")
    assert result.status == 0, result.stderr
    assert link.is_symlink() and real.read_text().startswith("<?xml")
    fifo = tmp_path / "pipe.svg"
    os.mkfifo(fifo)
    # A target that cannot be opened is bad input: exit status 2.
    result = run_shtoss("plot", "-o", str(fifo), "--cards", "12")
    assert result.status == 2 and "not a regular file" in result.stderr
    assert fifo.is_fifo()
    result = run_shtoss("plot", "-o", "/dev/null", "--format", "svg")
    assert result.status == 2 and "not a regular file" in result.stderr
    result = run_shtoss("plot", "-o", str(tmp_path / "no" / "x.svg"))
    assert result.status == 2 and "cannot write" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.svg", "pipe.svg", "real.svg"]


def test_cli_scheme_files(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    scheme_file = tmp_path / "lob.toml"
    scheme_file.write_text('name = "lob"\n[[rules]]\nposition = 1\npayoff = "-1/2"\n')
    target = tmp_path / "edge.svg"
    args = ["plot", "-o", str(target), "--kind", "edge", "--cards", "8..20:4"]
    result = run_shtoss(*args, "--scheme", f"фараон,{scheme_file}")
    assert result.status == 0, result.stderr
    text = target.read_text()
    assert "pharaon" in text and "lob" in text
    series = tmp_path / "series.svg"
    args = ["plot", "-o", str(series), "--kind", "series", "--deals", "2"]
    result = run_shtoss(*args, "--scheme", str(scheme_file))
    assert result.status == 0, result.stderr
    assert "lob scheme" in series.read_text()


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["-o", "x.pdf"], "cannot plot to 'x.pdf': the file must end in .png, .svg"),
        (["-o", "x"], "the file must end in .png, .svg"),
        ([], "Missing option '-o'"),
        (["-o", "x.png", "--kind", "nope"], "'nope' is not one of"),
        (["-o", "x.png", "--scheme", "classic"], "--scheme is for --kind edge"),
        (["-o", "x.png", "--cards", "36,52"], "the abzug plot takes one deck size"),
        (["-o", "x.png", "--cards", "2", "--copies", "4"], "copies=4 is more than cards=2"),
        (["-o", "x.png", "--kind", "edge", "--scheme", "nope"], "unknown scheme 'nope'"),
        (["-o", "x.png", "--kind", "edge", "--cards", "1..60000"], "at most 50000"),
        (["-o", "x.png", "--format", "gif"], "'gif' is not one of"),
        (["-o", "x.png", "--kind", "series", "--scheme", "nope.toml"], "nope.toml"),
    ],
)
def test_bad_input_one_line_exit_2(args: list[str], needle: str) -> None:
    line = one_error_line(run_shtoss("plot", *args))
    assert needle in line


# The bank's and the series' net distributions.

FIVE = ["7:10", "Q:5", "A:20", "3:1:lob-half", "K:2:pharaon"]


def test_bar_width_and_sides() -> None:
    assert bar_width([Fraction(0)]) == 0.8
    assert bar_width([Fraction(k) for k in range(21)]) == 0.8
    assert bar_width([Fraction(-1), Fraction(-1, 2), Fraction(1)]) == float(Fraction(2, 15))
    # Two far apart values: a fifteenth of the span, not 0.8 of the gap.
    assert bar_width([Fraction(-47000), Fraction(329000)]) == 376000 / 15
    distribution = {
        Fraction(-2): Fraction(1, 6),
        Fraction(0): Fraction(1, 3),
        Fraction(5): Fraction(1, 2),
    }
    assert Distribution.of(distribution).sides() == (Fraction(1, 6), Fraction(1, 3), Fraction(1, 2))


def test_sides_of_a_small_bank_by_brute_force() -> None:
    # 7 and Q, two copies each, in 4 cards: every arrangement equally likely. The
    # banker wins a card killed (lob, plié included) and pays a card given (sonik).
    from itertools import permutations

    from shtoss_exact.banks.odds import bank

    stakes = {"7": 1, "Q": 2}
    counts: dict[int, int] = {}
    arrangements = set(permutations("77QQ"))
    for order in arrangements:
        net, decided = 0, set()
        for position, card in enumerate(order, start=1):
            if card in decided:
                continue
            decided.add(card)
            # An odd position is a lob (banker's card), an even one a sonik (punter's).
            net += stakes[card] if position % 2 else -stakes[card]
        counts[net] = counts.get(net, 0) + 1
    total = len(arrangements)
    ahead = Fraction(sum(c for v, c in counts.items() if v > 0), total)
    behind = Fraction(sum(c for v, c in counts.items() if v < 0), total)
    result = bank(["7:1", "Q:2"], cards=4, copies=2)
    assert result.banker_net.sides() == (behind, 1 - ahead - behind, ahead)


def test_bank_svg_has_the_words(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from shtoss_exact.banks.odds import bank
    from shtoss_exact.report import decimal_str, percent_str

    target = tmp_path / "bank.svg"
    render("bank", target, bets=FIVE)
    text = target.read_text()
    assert "The bank: the banker's net result when one deal decides 5 bets" in text
    assert (
        "52 cards in the banker's deck; stakes 7:10, Q:5, A:20, 3:1:lob-half, K:2:pharaon" in text
    )
    assert "banker's net result (stakes won minus stakes paid)" in text
    assert "probability" in text
    result = bank(FIVE)
    behind, _, ahead = result.banker_net.sides()
    assert f"banker ahead: {percent_str(ahead)}" in text
    assert f"punters ahead: {percent_str(behind)}" in text
    assert f"banker's expected net: {decimal_str(-result.ev, 4)}" in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bank.svg"]


def test_bank_png_size_and_bar_colour(tmp_path: Path) -> None:
    image = pytest.importorskip("matplotlib.image")
    target = tmp_path / "bank.png"
    render("bank", target, bets=["7", "Q:2"], cards=8, copies=2)
    pixels = image.imread(target)
    assert pixels.shape[:2] == (int(FIGSIZE[1] * DPI), int(FIGSIZE[0] * DPI))
    assert tuple(pixels[2, 2][:3]) == (1.0, 1.0, 1.0)
    # The banker-ahead bars are drawn in their colour: some pixel has it exactly.
    rgb = tuple(int(AHEAD[i : i + 2], 16) for i in (1, 3, 5))
    found = (pixels[:, :, :3] * 255).round().astype(int)
    assert ((found == rgb).all(axis=2)).sum() > 100


def test_series_svg_has_the_words(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from shtoss_exact.deck import make_deal

    target = tmp_path / "series.svg"
    render("series", target, plan="flat", bankroll=3, target=5, deal=make_deal(deck=36))
    text = target.read_text()
    assert "A series: the punter's net result, plan flat, until ruin or target" in text
    assert "kush 1, bankroll 3, target 5; classic scheme, 36 cards in the banker's deck" in text
    assert "punter's net result after the series (the banker's is its negative)" in text
    assert "punter ahead: " in text and "banker ahead: " in text


def test_series_with_many_results_draws_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("matplotlib")
    import shtoss_exact.report.plots.figures as plots

    bars, lines = tmp_path / "bars.svg", tmp_path / "lines.svg"
    render("series", bars, plan="flat", deals=6)
    monkeypatch.setattr(plots, "MAX_BARS", 3)
    render("series", lines, plan="flat", deals=6)
    # Six deals of one unit: seven net results, -6..6 in steps of 2. As bars, seven
    # bar patches and three legend boxes more than as lines.
    assert "plan flat, 6 deals" in lines.read_text()
    assert "LineCollection" in lines.read_text() and "LineCollection" not in bars.read_text()
    assert bars.read_text().count('id="patch_') - lines.read_text().count('id="patch_') == 10


def test_cli_bank_png(tmp_path: Path) -> None:
    image = pytest.importorskip("matplotlib.image")
    target = tmp_path / "bank.png"
    args = ["plot", "-o", str(target), "--kind", "bank", "--deck", "36", "--one-deck"]
    args += ["--bet", "7:10", "--bet", "Q:1/2", "--bet", "K", "--scheme", "lob-half"]
    result = run_shtoss(*args)
    assert result.status == 0, result.stderr
    assert result.stdout == "" and result.stderr == ""
    assert image.imread(target).shape[:2] == (int(FIGSIZE[1] * DPI), int(FIGSIZE[0] * DPI))


def test_cli_bank_svg_matches_the_library(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "bank.svg"
    args = ["plot", "-o", str(target), "--kind", "bank", "--cards", "8", "--copies", "2"]
    result = run_shtoss(*args, "--bet", "7", "--bet", "Q:2")
    assert result.status == 0, result.stderr
    library = tmp_path / "library.svg"
    render("bank", library, bets=["7", "Q:2"], cards=8, copies=2)
    assert target.read_text() == library.read_text()
    assert "8 cards in the banker's deck; stakes 7:1, Q:2" in target.read_text()


def test_cli_series_svg(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "series.svg"
    args = ["plot", "-o", str(target), "--kind", "series", "--plan", "hermann"]
    result = run_shtoss(*args)
    assert result.status == 0, result.stderr
    text = target.read_text()
    assert "A series: the punter's net result, plan hermann, 3 deals" in text
    assert "kush 47000; classic scheme, 52 cards in the banker's deck" in text
    # Hermann wins all three nights with (400/833)^3 = 11.072%.
    assert "punter ahead: 11.072%" in text


def test_cli_series_options_reach_the_plot(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "series.svg"
    args = ["plot", "-o", str(target), "--kind", "series", "--plan", "paroli:2", "--deals", "4"]
    args += ["--kush", "5/2", "--max-stake", "10", "--scheme", "lob-half", "--deck", "32"]
    result = run_shtoss(*args)
    assert result.status == 0, result.stderr
    text = target.read_text()
    assert "plan paroli:2, 4 deals" in text
    assert "kush 5/2, banker's maximum stake 10; lob-half scheme, 32 cards" in text


def test_series_command_keeps_its_options() -> None:
    # The plan options are shared with ``plot``; the series command still takes them.
    shared = run_shtoss("series", "--plan", "flat", "--deals", "2", "--format", "json")
    default = run_shtoss("series", "--deals", "2", "--format", "json")
    assert shared.status == 0 and shared.stdout == default.stdout
    both = run_shtoss("series", "--plan", "flat", "--plan-file", "x.toml")
    assert one_error_line(both) == "shtoss-exact: error: give --plan or --plan-file, not both"
    bad = run_shtoss("series", "--deals", "2", "--kush", "abc")
    assert one_error_line(bad).startswith("shtoss-exact: error: --kush: 'abc' is not an exact")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--kind", "bank"], "--kind bank needs at least one --bet RANK[:STAKE[:SCHEME]]"),
        (["--kind", "bank", "--bet", "Z"], "unknown rank 'Z'"),
        (["--kind", "bank", "--bet", "7:0"], "stake '0' is not positive"),
        (["--kind", "bank", "--bet", "7", "--scheme", "nope"], "unknown scheme 'nope'"),
        (["--kind", "bank", "--bet", "7", "--bet", "Q:1:thirds"], "needs the suits"),
        (["--kind", "bank", "--bet", "7", "--cards", "8,10"], "the bank plot takes one deck size"),
        (["--kind", "bank", "--bet", "7", "--plan", "flat"], "--plan is for --kind series"),
        (
            ["--kind", "bank", "--bet", "7", "--card", "7h"],
            "--card is for --kind abzug, series or strategy",
        ),
        (["--kind", "series", "--bet", "7"], "--bet is for --kind bank: not for the series plot"),
        (["--kind", "series", "--plan", "nope"], "unknown plan 'nope'"),
        (["--kind", "series", "--deals", "0"], "0 is too small"),
        (["--kind", "series", "--deals", "2", "--kush", "x"], "--kush: 'x' is not an exact"),
        (["--kind", "series", "--deals", "2", "--deck", "40"], "'40' is not one of"),
        (
            ["--kind", "edge", "--deck", "36"],
            "--deck is for --kind abzug, bank, series or strategy",
        ),
        (["--kind", "abzug", "--deals", "3"], "--deals is for --kind series"),
        (["--kind", "abzug", "--bet", "7"], "--bet is for --kind bank: not for the abzug plot"),
    ],
)
def test_bad_bank_and_series_options(args: list[str], needle: str) -> None:
    line = one_error_line(run_shtoss("plot", "-o", "x.png", *args))
    assert needle in line


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--kind", "series", "--plan", "flat"], "no number of deals"),
        (
            ["--kind", "bank", "--bet", "7", "--bet", "Q", "--cards", "3", "--copies", "2"],
            "the staked ranks hold 4 copies",
        ),
    ],
)
def test_refused_while_drawing_leaves_no_file(tmp_path: Path, args: list[str], needle: str) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "x.png"
    line = one_error_line(run_shtoss("plot", "-o", str(target), *args))
    assert needle in line
    assert list(tmp_path.iterdir()) == []


def test_no_png_to_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    import shtoss_exact.report.plots.figures as plots

    monkeypatch.setattr(plots, "_stdout_is_terminal", lambda: True)
    with pytest.raises(ShtossError, match="a PNG image is not written to a terminal"):
        render("abzug", "-", fmt="png", deal=Deal(12, 2))
