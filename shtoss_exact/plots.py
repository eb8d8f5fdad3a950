"""Plots (PNG or SVG, by the file's suffix) of exact results; matplotlib imported lazily.

Each kind of plot is one function registered with ``@plot_kind``: it takes the
axes and its own keyword options, computes exact values with the library, and
draws them (floats appear only here, for drawing). ``render`` does the rest:
imports matplotlib (the optional extra ``plot``), builds a figure without pyplot
(no GUI backend, safe headless), and writes the file atomically.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from shtoss_exact.deck import Deal
from shtoss_exact.errors import ShtossError
from shtoss_exact.odds import odds_of
from shtoss_exact.schemes import Scheme

FORMATS = {".png": "png", ".svg": "svg"}
"""File suffix -> image format."""

MAX_POINTS = 2_000
"""Most deck sizes on one plot's axis."""

FIGSIZE = (8.0, 5.0)
DPI = 100
MISSING_MATPLOTLIB = "plots need matplotlib: pip install 'shtoss-exact[plot]'"

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


def image_format(path: str | Path) -> str:
    """The image format of an output path, from its suffix.

    >>> image_format("edge.SVG")
    'svg'
    """
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        allowed = ", ".join(FORMATS)
        raise ShtossError(f"cannot plot to {str(path)!r}: the file must end in {allowed}")
    return FORMATS[suffix]


def _matplotlib() -> Any:
    try:
        import matplotlib
        from matplotlib.figure import Figure
    except ImportError:
        raise ShtossError(MISSING_MATPLOTLIB) from None
    return matplotlib, Figure


def render(kind: str, path: str | Path, **options: Any) -> None:
    """Draw the plot ``kind`` with ``options`` and write it to ``path`` (PNG or SVG), atomically.

    The suffix and the kind are checked before matplotlib is imported or anything
    is computed: ``render("abzug", "odds.pdf", deal=Deal(52, 4))`` raises a
    ``ShtossError`` naming the allowed suffixes.
    """
    fmt = image_format(path)
    if kind not in PLOTS:
        raise ShtossError(f"unknown plot {kind!r}: allowed plots are {', '.join(PLOTS)}")
    matplotlib, figure_class = _matplotlib()
    from shtoss_exact.report.files import atomic_path

    # Text stays text in SVG (searchable, and testable); no date, so output is reproducible.
    style = {"svg.fonttype": "none", "svg.hashsalt": "shtoss-exact"}
    with matplotlib.rc_context(style):
        figure = figure_class(figsize=FIGSIZE, dpi=DPI)
        axes = figure.add_subplot()
        PLOTS[kind].draw(axes, **options)
        figure.tight_layout()
        metadata = {"Date": None} if fmt == "svg" else {}
        with atomic_path(path) as temporary:
            figure.savefig(temporary, format=fmt, metadata=metadata)


def abzug_series(deal: Deal) -> dict[str, list[Fraction]]:
    """Exact probabilities by abzug: killed, plié, given (index 0 is abzug 1).

    >>> abzug_series(Deal(52, 4))["given"][0]
    Fraction(16, 221)
    """
    rows = odds_of(deal).by_abzug
    return {
        "killed": [r.killed for r in rows],
        "plie": [r.plie for r in rows],
        "given": [r.given for r in rows],
    }


@plot_kind("abzug", "probability of each outcome (killed, plié, given) by abzug")
def abzug_plot(axes: Any, *, deal: Deal) -> None:
    series = abzug_series(deal)
    abzugs = list(range(1, len(series["killed"]) + 1))
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
    cards: Sequence[int], *, copies: int, schemes: Sequence[Scheme], one_deck: bool = False
) -> dict[str, list[tuple[int, Fraction]]]:
    """The banker's edge (minus the punter's expected net) by deck size, for each scheme.

    ``cards`` are whole decks: in the one-deck game the banker's deck has one card fewer.
    Sizes too small for the copies are left out.

    >>> from shtoss_exact.schemes import scheme_named
    >>> edge_series([52], copies=4, schemes=[scheme_named("classic")])
    {'classic': [(52, Fraction(33, 833))]}
    """
    if len(cards) > MAX_POINTS:
        raise ShtossError(f"{len(cards)} deck sizes to plot: at most {MAX_POINTS}")
    series: dict[str, list[tuple[int, Fraction]]] = {}
    for scheme in schemes:
        points = []
        for size in cards:
            in_deck = size - 1 if one_deck else size
            if in_deck < max(copies, 1):
                continue
            deal = Deal(in_deck, copies, one_deck=one_deck)
            odds_of(deal)  # refuses a deck too large to count
            points.append((size, -scheme.ev(deal)))
        series[scheme.name] = points
    if not any(series.values()):
        raise ShtossError(f"no deck size given holds copies={copies}: nothing to plot")
    return series


@plot_kind("edge", "the banker's edge against deck size, one line per scheme")
def edge_plot(
    axes: Any,
    *,
    cards: Sequence[int],
    copies: int,
    schemes: Sequence[Scheme],
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
