"""Plots (PNG or SVG) of exact results; matplotlib imported lazily.

Each kind of plot is one function registered with ``@plot_kind``: it takes the
axes and its own keyword options, computes exact values with the library, and
draws them (floats appear only here, for drawing). ``render`` does the rest:
imports matplotlib (the optional extra ``plot``), builds a figure without pyplot
(no GUI backend, safe headless), and writes the image through the one writer. A
line has no more points than the figure has pixels across (``MAX_POINTS``): longer
series are thinned evenly, so any deck draws at once.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Any

from shtoss_exact.bet_odds import odds_of
from shtoss_exact.deck import Deal
from shtoss_exact.errors import ShtossError
from shtoss_exact.output import STDOUT
from shtoss_exact.report.numbers import decimal_str, percent_str
from shtoss_exact.schemes import Scheme

if TYPE_CHECKING:
    from shtoss_exact.bank_odds import Bet
    from shtoss_exact.plans import Plan

FORMATS = {".png": "png", ".svg": "svg"}
"""File suffix -> image format."""

FIGSIZE = (8.0, 5.0)
DPI = 100
MISSING_MATPLOTLIB = "plots need matplotlib: pip install 'shtoss-exact[plot]'"

MAX_POINTS = int(FIGSIZE[0] * DPI)
"""Most points on one line: the figure's width in pixels. Longer series are thinned
evenly (their ends kept), so a deck of any size draws in the same time."""

Draw = Callable[..., None]


@dataclass(frozen=True)
class PlotKind:
    """A registered kind of plot: its name, a one-line description, its drawing function."""

    name: str
    description: str
    draw: Draw


PLOTS: dict[str, PlotKind] = {}
"""Registered kinds of plot, by name."""


def plot_kind(name: str, description: str) -> Callable[[Draw], Draw]:
    """Register ``draw(axes, **options)`` as the plot ``name``."""

    def register(draw: Draw) -> Draw:
        PLOTS[name] = PlotKind(name, description, draw)
        return draw

    return register


def image_format(path: str | Path, fmt: str | None = None) -> str:
    """The image format: ``fmt`` if given, else the path's suffix (standard output,
    ``-``, is SVG).

    >>> image_format("edge.SVG"), image_format("-"), image_format("-", "png")
    ('svg', 'svg', 'png')
    """
    allowed = sorted(FORMATS.values())
    if fmt is not None:
        if fmt not in allowed:
            raise ShtossError(f"unknown image format {fmt!r:.40}: allowed {', '.join(allowed)}")
        return fmt
    if str(path) == STDOUT:
        return "svg"
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise ShtossError(
            f"cannot plot to {str(path)[:80]!r}: the file must end in {', '.join(FORMATS)} "
            "(or give the format)"
        )
    return FORMATS[suffix]


def _matplotlib() -> Any:
    try:
        import matplotlib
        from matplotlib.figure import Figure
    except ImportError:
        raise ShtossError(MISSING_MATPLOTLIB) from None
    return matplotlib, Figure


def render(kind: str, path: str | Path, *, fmt: str | None = None, **options: Any) -> None:
    """Draw the plot ``kind`` with ``options`` and write it to ``path`` (PNG or SVG).

    A file is replaced whole or not at all (``output.atomic_path``: a symlink is
    followed; a device or FIFO is never replaced); ``-`` is standard output. The
    format is ``fmt`` or the path's suffix. The format and the kind are checked
    before matplotlib is imported or anything is computed, and the image is drawn in
    memory before any file is touched: ``render("abzug", "odds.pdf", deal=Deal(52, 4))``
    raises a ``ShtossError`` naming the allowed suffixes.
    """
    image = image_format(path, fmt)
    if kind not in PLOTS:
        raise ShtossError(f"unknown plot {kind!r:.40}: allowed plots are {', '.join(PLOTS)}")
    to_stdout = str(path) == STDOUT
    if to_stdout and image == "png" and _stdout_is_terminal():
        raise ShtossError(
            "a PNG image is not written to a terminal: give -o FILE.png, or redirect "
            "standard output"
        )
    data = draw(kind, image, **options)
    if to_stdout:
        _write_stdout(data, image)
        return
    from shtoss_exact.output import OutputError, atomic_path

    with atomic_path(path) as temporary:
        try:
            temporary.write_bytes(data)
        except OSError as error:
            raise OutputError(f"cannot write {str(path)!r}: {error.strerror or error}") from None


def draw(kind: str, image: str, **options: Any) -> bytes:
    """The plot ``kind`` drawn with ``options`` as the bytes of an ``image`` ("png", "svg")."""
    matplotlib, figure_class = _matplotlib()
    # Text stays text in SVG (searchable, and testable); no date, so output is reproducible.
    style = {"svg.fonttype": "none", "svg.hashsalt": "shtoss-exact"}
    with matplotlib.rc_context(style):
        figure = figure_class(figsize=FIGSIZE, dpi=DPI)
        axes = figure.add_subplot()
        PLOTS[kind].draw(axes, **options)
        figure.tight_layout()
        metadata = {"Date": None} if image == "svg" else {}
        buffer = io.BytesIO()
        figure.savefig(buffer, format=image, metadata=metadata)
    return buffer.getvalue()


def _stdout_is_terminal() -> bool:
    stream = sys.stdout
    return stream is not None and stream.isatty()


def _write_stdout(data: bytes, image: str) -> None:
    """The image to standard output: SVG through ``open_output`` (text), PNG as bytes."""
    from shtoss_exact.output import OutputError, open_output

    if image == "svg":
        with open_output(None) as out:
            try:
                out.write(data.decode("utf-8"))
            except BrokenPipeError:
                raise
            except OSError as error:
                raise OutputError(f"cannot write standard output: {error.strerror}") from None
        return
    stream = sys.stdout
    if stream is None:
        raise OutputError("cannot write standard output: it is closed")
    try:
        stream.flush()
        stream.buffer.write(data)
        stream.buffer.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        raise OutputError(f"cannot write standard output: {error.strerror or error}") from None


def thin(count: int, most: int = MAX_POINTS) -> list[int]:
    """Indices 0..count-1, or ``most`` of them evenly spread, the first and the last kept.

    >>> thin(5), thin(10, 4)
    ([0, 1, 2, 3, 4], [0, 3, 6, 9])
    """
    if count <= most:
        return list(range(count))
    if most < 2:
        return [0][:most]
    return [round(k * (count - 1) / (most - 1)) for k in range(most)]


def abzug_series(deal: Deal, *, points: int = MAX_POINTS) -> dict[str, list[Any]]:
    """Exact probabilities by abzug: ``abzug`` (the abzugs drawn), ``killed``, ``plie``,
    ``given``; every abzug of a deck of up to ``2 * points`` cards, else ``points`` of
    them evenly spread (each in O(1) binomials, whatever the deck).

    >>> abzug_series(Deal(52, 4))["given"][0]
    Fraction(16, 221)
    >>> len(abzug_series(Deal(10**12, 4))["abzug"])
    800
    """
    odds = odds_of(deal)
    count = (odds.deal.cards + 1) // 2
    if count <= points:
        rows = list(odds.iter_abzug())
    else:
        rows = [odds.at_abzug(index + 1) for index in thin(count, points)]
    return {
        "abzug": [r.abzug for r in rows],
        "killed": [r.killed for r in rows],
        "plie": [r.plie for r in rows],
        "given": [r.given for r in rows],
    }


@plot_kind("abzug", "probability of each outcome (killed, plié, given) by abzug")
def abzug_plot(axes: Any, *, deal: Deal) -> None:
    series = abzug_series(deal)
    abzugs = series["abzug"]
    # In an even deck a lone lob kills exactly as often as the sonik gives, abzug by
    # abzug (C(n-2j+1, m-1) - C(n-2j, m-2) = C(n-2j, m-1)): the killed line is dashed
    # over the given one so both stay visible.
    styles: dict[str, tuple[str, dict[str, Any]]] = {
        "given": ("given on the sonik (punter wins)", {"linewidth": 3.0, "alpha": 0.6}),
        "killed": ("killed by the lob (banker wins)", {"linestyle": "--", "marker": "o"}),
        "plie": ("plié (banker wins)", {"marker": "s"}),
    }
    for name, (label, style) in styles.items():
        axes.plot(abzugs, [float(v) for v in series[name]], markersize=3, label=label, **style)
    game = "one-deck game" if deal.one_deck else "banker's deck"
    axes.set_title(
        f"Stoss, one bet: how the punter's card is decided, by abzug\n"
        f"{deal.cards} cards in the {game}, {deal.copies} copies of the punter's rank"
    )
    axes.set_xlabel("abzug (lob = banker's card, sonik = punter's card)")
    axes.set_ylabel("probability")
    axes.set_ylim(bottom=0)
    axes.grid(alpha=0.3)
    axes.legend()


def edge_series(
    cards: Sequence[int], *, copies: int, schemes: Sequence[Scheme | str], one_deck: bool = False
) -> dict[str, list[tuple[int, Fraction]]]:
    """The banker's edge (minus the punter's expected net) by deck size, for each scheme.

    ``cards`` are whole decks: in the one-deck game the banker's deck has one card fewer.
    Sizes too small for the copies are left out; more sizes than ``MAX_POINTS`` are
    thinned evenly. The cost is checked as a table's (``TableSpec.check``).

    >>> edge_series([52], copies=4, schemes=["classic"])
    {'classic': [(52, Fraction(33, 833))]}
    """
    from shtoss_exact.tables import Game, TableSpec

    spec = TableSpec(
        cards=[cards[i] for i in thin(len(cards))],  # a range is never listed
        copies=(copies,),
        schemes=schemes,
        games=Game.ONE_DECK if one_deck else Game.TWO_DECK,
    )
    if spec.size() == 0:
        raise ShtossError(f"no deck size given holds copies={copies}: nothing to plot")
    series: dict[str, list[tuple[int, Fraction]]] = {}
    for row in spec.rows():
        series.setdefault(row.scheme, []).append((row.deck, -row.ev))
    return series


@plot_kind("edge", "the banker's edge against deck size, one line per scheme")
def edge_plot(
    axes: Any,
    *,
    cards: Sequence[int],
    copies: int,
    schemes: Sequence[Scheme | str],
    one_deck: bool = False,
) -> None:
    series = edge_series(cards, copies=copies, schemes=schemes, one_deck=one_deck)
    markers = "osD^v<>px*"
    for index, (name, points) in enumerate(series.items()):
        axes.plot(
            [size for size, _ in points],
            [float(edge) * 100 for _, edge in points],
            marker=markers[index % len(markers)],
            markersize=3,
            linestyle=("-", "--", "-.", ":")[index % 4],
            label=name,
        )
    game = "one-deck game" if one_deck else "two-deck game"
    axes.set_title(f"Banker's edge by deck size ({game}, {copies} copies of the punter's rank)")
    axes.set_xlabel("cards in the deck")
    axes.set_ylabel("banker's edge (% of the punter's stake)")
    axes.axhline(0, color="black", linewidth=0.5)
    axes.grid(alpha=0.3)
    axes.legend(title="scheme")


MAX_BARS = 400
"""Most net results drawn as bars; more are drawn as thin lines."""

AHEAD, BEHIND, EVEN = "#2a7f62", "#b2443a", "#8c8c8c"
"""Colours of the net results: ahead, behind, even (for whoever the plot is about)."""


def bar_width(values: Sequence[Fraction]) -> float:
    """A bar width for net results at ``values``: 0.8 of the closest gap, at most 1/15 of
    the span when there are few, far apart values; 0.8 for one value.

    >>> bar_width([Fraction(k, 2) for k in range(40)])
    0.4
    """
    ordered = sorted(set(values))
    if len(ordered) < 2:
        return 0.8
    gap = min(b - a for a, b in pairwise(ordered))
    return float(min(gap * Fraction(4, 5), (ordered[-1] - ordered[0]) / 15))


def sides(distribution: Mapping[Fraction, Fraction]) -> tuple[Fraction, Fraction, Fraction]:
    """P(net > 0), P(net = 0), P(net < 0) of a net result distribution.

    >>> from shtoss_exact.bank_odds import bank
    >>> sides(bank(["7", "Q:2"], cards=8, copies=2).banker_net)
    (Fraction(4, 7), Fraction(0, 1), Fraction(3, 7))
    """
    ahead = sum((p for v, p in distribution.items() if v > 0), Fraction(0))
    even = sum((p for v, p in distribution.items() if v == 0), Fraction(0))
    return ahead, even, 1 - ahead - even


def _net_bars(
    axes: Any, distribution: Mapping[Fraction, Fraction], *, who: str, others: str
) -> None:
    """Bars of a net result distribution, coloured by who ends ahead, with the mean."""
    ahead, even, behind = sides(distribution)
    groups = (
        (f"{who} ahead: {percent_str(ahead)}", AHEAD, 1),
        (f"{others} ahead: {percent_str(behind)}", BEHIND, -1),
        (f"even: {percent_str(even)}", EVEN, 0),
    )
    width = bar_width(list(distribution))
    many = len(distribution) > MAX_BARS
    for label, colour, sign in groups:
        points = sorted((v, p) for v, p in distribution.items() if (v > 0) - (v < 0) == sign)
        if not points:
            continue
        xs = [float(v) for v, _ in points]
        ys = [float(p) for _, p in points]
        if many:
            axes.vlines(xs, 0, ys, colors=colour, linewidth=1.0, label=label)
        else:
            axes.bar(xs, ys, width=width, color=colour, label=label)
    mean = sum((v * p for v, p in distribution.items()), Fraction(0))
    axes.axvline(
        float(mean),
        color="black",
        linestyle="--",
        linewidth=1.0,
        label=f"{who}'s expected net: {decimal_str(mean, 4)}",
    )
    axes.set_ylabel("probability")
    axes.set_ylim(bottom=0)
    axes.grid(alpha=0.3, axis="y")
    axes.legend()


def _bets_text(bets: Sequence[Bet], *, most: int = 6) -> str:
    shown = ", ".join(str(b) for b in bets[:most])
    return shown + (f" and {len(bets) - most} more" if len(bets) > most else "")


@plot_kind("bank", "the bank's net result: the banker's total over several bets in one deal")
def bank_plot(
    axes: Any,
    *,
    bets: Sequence[Bet | str],
    deck: int = 52,
    cards: int | None = None,
    copies: int | Mapping[str, int] | None = None,
    one_deck: bool = False,
) -> None:
    # Options as those of ``shtoss_exact.bank_odds.bank``.
    from shtoss_exact.bank_odds import bank

    result = bank(bets, deck=deck, cards=cards, copies=copies, one_deck=one_deck)
    _net_bars(axes, result.banker_net, who="banker", others="punters")
    game = "one-deck game" if result.deal.one_deck else "banker's deck"
    count = len(result.bets)
    axes.set_title(
        f"The bank: the banker's net result when one deal decides {count} "
        f"{'bet' if count == 1 else 'bets'}\n"
        f"{result.deal.cards} cards in the {game}; stakes {_bets_text(result.bets)}",
        fontsize=11,
    )
    axes.set_xlabel("banker's net result (stakes won minus stakes paid)")


@plot_kind("series", "a series' net result: the punter's total after a plan over several deals")
def series_plot(
    axes: Any,
    *,
    plan: Plan | str = "flat",
    deals: int | None = None,
    scheme: Scheme | str = "classic",
    deal: Deal | None = None,
    bankroll: Fraction | int | None = None,
    target: Fraction | int | None = None,
    max_stake: Fraction | int | None = None,
    kush: Fraction | int | None = None,
) -> None:
    # Options as those of ``shtoss_exact.series_odds.series``.
    from shtoss_exact.deck import make_deal
    from shtoss_exact.series_odds import series

    the_deal = make_deal() if deal is None else deal
    result = series(
        plan,
        deals=deals,
        scheme=scheme,
        deal=the_deal,
        bankroll=bankroll,
        target=target,
        max_stake=max_stake,
        kush=kush,
    )
    _net_bars(axes, result.net, who="punter", others="banker")
    length = "until ruin or target" if result.deals is None else f"{result.deals} deals"
    limits = [
        f"{name} {value}"
        for name, value in (
            ("bankroll", result.bankroll),
            ("target", result.target),
            ("banker's maximum stake", result.max_stake),
        )
        if value is not None
    ]
    game = "one-deck game" if the_deal.one_deck else "banker's deck"
    scheme_name = scheme if isinstance(scheme, str) else scheme.name
    axes.set_title(
        f"A series: the punter's net result, plan {result.plan.name}, {length}\n"
        f"kush {result.plan.kush}{''.join(', ' + limit for limit in limits)}; "
        f"{scheme_name} scheme, {the_deal.cards} cards in the {game}",
        fontsize=11,
    )
    axes.set_xlabel("punter's net result after the series (the banker's is its negative)")


from shtoss_exact import case_plot as _case_plot  # noqa: E402,F401  (registers the plot "case")
from shtoss_exact import strategy_plot as _strategy_plot  # noqa: E402,F401  (plot "strategy")
