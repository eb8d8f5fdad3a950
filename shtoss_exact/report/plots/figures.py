"""Figures of finished results; matplotlib (the optional extra ``plot``) imported lazily.

Each kind of plot is one module named in ``registry.KINDS`` with ``draw(result, ax)``:
it puts a result the library has already computed on matplotlib Axes, reading its
exact values and turning them into floats only to draw. ``figure_of`` draws a result
on the Axes given, or on a new figure made without pyplot (no GUI backend, no global
state; a notebook shows the figure it returns); ``save`` writes a figure as PNG, SVG
or PDF, chosen by the file's suffix, replaced whole or not at all. A line has no more
points than the figure has pixels across (``MAX_POINTS``): longer series are thinned
evenly, so any deck draws at once.
"""

from __future__ import annotations

import io
import os
import sys
from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from fractions import Fraction
from itertools import pairwise
from pathlib import Path
from typing import Any

from shtoss_exact.distribution import Distribution
from shtoss_exact.errors import ShtossError
from shtoss_exact.i18n import N_, _, ngettext, os_reason
from shtoss_exact.report.numbers import decimal_str, percent_str
from shtoss_exact.report.plots.registry import kind_of_result

FORMATS = {".png": "png", ".svg": "svg", ".pdf": "pdf"}
"""File suffix -> image format."""

FIGSIZE = (8.0, 5.0)
DPI = 100
MISSING_MATPLOTLIB = N_("plots need matplotlib: pip install 'shtoss-exact[plot]'")

MAX_POINTS = int(FIGSIZE[0] * DPI)
"""Most points on one line: the figure's width in pixels. Longer series are thinned
evenly (their ends kept), so a deck of any size draws in the same time."""

PLOT_BYTES = 80_000_000
"""Bytes matplotlib holds to draw a figure, besides the result drawn (measured: 57 MiB
for any kind, a thinned line of at most ``MAX_POINTS`` points): a computation whose
result is drawn has the memory budget less this."""

STYLE = {"svg.fonttype": "none", "svg.hashsalt": "shtoss-exact"}
"""Text stays text in SVG (searchable, and testable), and its ids do not change."""

METADATA = {"svg": {"Date": None}, "pdf": {"CreationDate": None}, "png": {}}
"""No date in the file: the same figure writes the same bytes."""


def image_format(path: Any) -> str:
    """The image format of ``path``, by its suffix: png, svg or pdf (any case).

    >>> image_format("edge.SVG"), image_format("bank.pdf")
    ('svg', 'pdf')
    >>> image_format("odds.gif")
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: cannot plot to 'odds.gif': the suffix '.gif' is not an \
image format: allowed .png, .svg, .pdf
    """
    if not isinstance(path, str | os.PathLike):
        raise ShtossError(
            _("cannot plot to a {name}: allowed a file's path ending in {formats}").format(
                name=type(path).__name__, formats=", ".join(FORMATS)
            )
        )
    suffix = Path(path).suffix
    if suffix.lower() not in FORMATS:
        what = (
            _("the suffix {suffix!r} is not an image format").format(suffix=suffix[:20])
            if suffix
            else _("no suffix")
        )
        raise ShtossError(
            _("cannot plot to {path!r}: {what}: allowed {formats}").format(
                path=str(path)[:80], what=what, formats=", ".join(FORMATS)
            )
        )
    return FORMATS[suffix.lower()]


def check_target(path: str | os.PathLike[str]) -> str:
    """The image format of ``path`` once it is known writable: a suffix refused by
    ``image_format``, a missing or unwritable directory, or a target that is not a
    regular file is one ``ShtossError``, before anything is computed or drawn.

    >>> check_target("/no/such/folder/odds.png")
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: cannot write '/no/such/folder/odds.png': no directory \
'/no/such/folder'
    """
    from shtoss_exact.output import check_file_name

    image = image_format(path)
    check_file_name(path)
    shown = os.fspath(path)[:80]
    target = Path(os.path.realpath(path))
    if target.exists() and not target.is_file():
        raise ShtossError(_("cannot write {shown!r}: not a regular file").format(shown=shown))
    folder = target.parent
    if not folder.is_dir():
        raise ShtossError(
            _("cannot write {shown!r}: no directory {folder!r}").format(
                shown=shown, folder=str(folder)[:80]
            )
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ShtossError(
            _("cannot write {shown!r}: the directory is not writable").format(shown=shown)
        )
    return image


def _matplotlib() -> Any:
    try:
        import matplotlib
        from matplotlib.figure import Figure
    except ImportError:
        raise ShtossError(_(MISSING_MATPLOTLIB)) from None
    except OSError as error:  # no writable directory at all for its cache
        raise ShtossError(
            _("plots need matplotlib, which cannot start: {error}").format(error=error)
        ) from None
    return matplotlib, Figure


BEYOND_FLOATS = N_(
    "cannot draw this result: one of its values (a net, an edge, a deck's abzugs) passes "
    "the largest float, about 1.8e+308; allowed values below it"
)


@contextmanager
def within_floats() -> Iterator[None]:
    """Drawing turns exact values into floats: one past a float's range is one
    ``ShtossError`` line (``BEYOND_FLOATS``), never matplotlib's ``OverflowError``."""
    try:
        yield
    except OverflowError:
        raise ShtossError(_(BEYOND_FLOATS)) from None


def figure_of(result: object, ax: Any = None) -> Any:
    """The matplotlib ``Figure`` of ``result``, drawn by its kind (``registry.KINDS``)
    on ``ax`` if given, else on a new figure of its own.

    A result with no picture is refused before matplotlib is imported: ``figure_of(3)``
    raises a ``ShtossError`` naming the results that have one.
    """
    kind = kind_of_result(type(result).__name__)
    matplotlib, figure_class = _matplotlib()
    if ax is None:
        with matplotlib.rc_context(STYLE):
            figure = figure_class(figsize=FIGSIZE, dpi=DPI)
            axes = figure.add_subplot()
            with within_floats():
                kind.draw(result, axes)
                figure.tight_layout()
        return figure
    if not hasattr(ax, "get_figure") or not hasattr(ax, "plot"):
        raise ShtossError(
            _("ax={name}: allowed matplotlib Axes, or None").format(name=type(ax).__name__[:40])
        )
    with within_floats():
        kind.draw(result, ax)
    return ax.get_figure()


def image_bytes(figure: Any, image: str) -> bytes:
    """The bytes of ``figure`` as an ``image`` ("png", "svg", "pdf")."""
    matplotlib, _ = _matplotlib()
    buffer = io.BytesIO()
    with matplotlib.rc_context(STYLE), within_floats():
        figure.savefig(buffer, format=image, metadata=METADATA[image])
    return buffer.getvalue()


def save(figure: Any, path: str | os.PathLike[str]) -> None:
    """Write ``figure`` to ``path``: PNG, SVG or PDF by its suffix.

    The image is made in memory first; the file is replaced whole or not at all
    (``output.atomic_path``: a symlink is followed; a device or FIFO is never replaced),
    and a path that cannot be written is one ``OutputError`` line.
    """
    image = image_format(path)
    data = image_bytes(figure, image)
    from shtoss_exact.output import OutputError, atomic_path

    with atomic_path(path) as temporary:
        try:
            temporary.write_bytes(data)
        except OSError as error:
            raise OutputError(
                _("cannot write {path!r}: {value}").format(path=str(path), value=os_reason(error))
            ) from None


def plot_to(result: object, path: str | os.PathLike[str]) -> None:
    """Draw ``result`` and write its figure to ``path`` (the command line's ``--plot``);
    the path is checked (``check_target``) before anything is drawn."""
    check_target(path)
    save(figure_of(result), path)


@contextmanager
def files_only() -> Iterator[None]:
    """Matplotlib as a program that only writes image files needs it (``--plot``):
    loaded with the Agg backend whatever ``MPLBACKEND`` says (no window is ever
    opened), and quiet. An unusable ``HOME``, ``MPLCONFIGDIR`` or ``TMPDIR`` makes
    matplotlib work in a fresh temporary directory of its own, removed at exit: its
    warnings about that, about its configuration files and while drawing are not
    shown; a matplotlib that cannot start at all is one ``ShtossError``.

    >>> with files_only():
    ...     image_format("odds.svg")
    'svg'
    """
    import logging
    import warnings

    logger = logging.getLogger("matplotlib")
    level = logger.level
    loading = "matplotlib" not in sys.modules
    backend = os.environ.get("MPLBACKEND")
    if loading:
        os.environ["MPLBACKEND"] = "agg"
    logger.setLevel(logging.ERROR)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        logger.setLevel(level)
        if loading and backend is None:
            os.environ.pop("MPLBACKEND", None)
        elif loading and backend is not None:
            os.environ["MPLBACKEND"] = backend


def thin(count: int, most: int = MAX_POINTS) -> list[int]:
    """Indices 0..count-1, or ``most`` of them evenly spread, the first and the last kept.

    >>> thin(5), thin(10, 4), thin(10**100, 2)[-1] == 10**100 - 1
    ([0, 1, 2, 3, 4], [0, 3, 6, 9], True)
    """
    if count <= most:
        return list(range(count))
    if most < 2:
        return [0][:most]
    # k (count - 1) / (most - 1) rounded half up, in whole numbers: exact for any count.
    return [(2 * k * (count - 1) + most - 1) // (2 * (most - 1)) for k in range(most)]


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


def deck_words(cards: int, *, one_deck: bool) -> str:
    """The banker's deck of a plot's title: its cards, and the game.

    >>> deck_words(52, one_deck=False), deck_words(35, one_deck=True)
    ("52 cards in the banker's deck", '35 cards in the one-deck game')
    """
    if one_deck:
        words = ngettext(
            "{count} card in the one-deck game", "{count} cards in the one-deck game", cards
        )
    else:
        words = ngettext(
            "{count} card in the banker's deck", "{count} cards in the banker's deck", cards
        )
    return words.format(count=cards)


SIDES = {
    "banker": (N_("banker ahead: {share}"), N_("punters ahead: {share}"),
               N_("banker's expected net: {mean}")),
    "punter": (N_("punter ahead: {share}"), N_("banker ahead: {share}"),
               N_("punter's expected net: {mean}")),
}  # fmt: skip
"""The legend of a net result's bars, by whom it is about: who is ahead, the others
ahead, and the mean."""


def strokes(axes: Any, xs: Sequence[float], ys: Sequence[float], *, colour: str, label: str
            ) -> None:  # fmt: skip
    """A vertical stroke from 0 up to each ``(x, y)``, drawn as one line broken by NaNs:
    ``vlines`` makes an object a stroke (4 s for the 120 000 nets of ``raise`` over 500
    deals)."""
    nan = float("nan")
    px = [v for x in xs for v in (x, x, nan)]
    py = [v for y in ys for v in (0.0, y, nan)]
    axes.plot(px, py, color=colour, linewidth=1.0, label=label)


def net_bars(axes: Any, distribution: Distribution, *, who: str) -> None:
    """Bars of a net result distribution, coloured by who ends ahead (``who``:
    "banker" or "punter", a key of ``SIDES``), with the mean."""
    behind, even, ahead = distribution.sides()
    ahead_words, behind_words, mean_words = SIDES[who]
    groups = (
        (_(ahead_words).format(share=percent_str(ahead)), AHEAD, 1),
        (_(behind_words).format(share=percent_str(behind)), BEHIND, -1),
        (_("even: {share}").format(share=percent_str(even)), EVEN, 0),
    )
    many = len(distribution) > MAX_BARS
    width = 0.8 if many else bar_width(list(distribution))  # lines have no width
    # Floats straight off the counts over their common total: a probability brought to
    # lowest terms first costs a gcd of its long numbers (20 000 deals: 20 s for a plot).
    top, bottom = distribution.unit.numerator, distribution.unit.denominator
    points, counts, total = distribution.points, distribution.counts, distribution.total
    low, high = bisect_left(points, 0), bisect_right(points, 0)  # sorted, the unit > 0
    sides = {1: slice(high, None), -1: slice(0, low), 0: slice(low, high)}
    for label, colour, sign in groups:
        side = sides[sign]
        if not points[side]:
            continue
        xs = [p * top / bottom for p in points[side]]  # int / int: correctly rounded
        ys = [c / total for c in counts[side]]
        if many:
            strokes(axes, xs, ys, colour=colour, label=label)
        else:
            axes.bar(xs, ys, width=width, color=colour, label=label)
    mean = distribution.mean
    axes.axvline(
        float(mean),
        color="black",
        linestyle="--",
        linewidth=1.0,
        label=_(mean_words).format(mean=decimal_str(mean, 4)),
    )
    axes.set_ylabel(_("probability"))
    axes.set_ylim(bottom=0)
    axes.grid(alpha=0.3, axis="y")
    axes.legend()
