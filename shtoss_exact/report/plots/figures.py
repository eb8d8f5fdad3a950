"""Plots (PNG or SVG) of exact results; matplotlib imported lazily.

Each kind of plot is one function named in ``registry.KINDS`` (``draw(axes, **options)``,
in a module of its own: ``odds``, ``bank``, ``series``, ``case``, ``strategy``): it
computes exact values with the library and draws them (floats appear only there, for
drawing). ``render`` does the rest:
imports matplotlib (the optional extra ``plot``), builds a figure without pyplot
(no GUI backend, safe headless), and writes the image through the one writer. A
line has no more points than the figure has pixels across (``MAX_POINTS``): longer
series are thinned evenly, so any deck draws at once.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from fractions import Fraction
from itertools import pairwise
from pathlib import Path
from typing import Any

from shtoss_exact.distribution import Distribution
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.output import STDOUT
from shtoss_exact.report.numbers import decimal_str, percent_str
from shtoss_exact.report.plots.registry import PlotKind, plot_named

FORMATS = {".png": "png", ".svg": "svg"}
"""File suffix -> image format."""

FIGSIZE = (8.0, 5.0)
DPI = 100
MISSING_MATPLOTLIB = "plots need matplotlib: pip install 'shtoss-exact[plot]'"

MAX_POINTS = int(FIGSIZE[0] * DPI)
"""Most points on one line: the figure's width in pixels. Longer series are thinned
evenly (their ends kept), so a deck of any size draws in the same time."""


def image_format(path: str | Path, fmt: str | None = None) -> str:
    """The image format: ``fmt`` if given, else the path's suffix (standard output,
    ``-``, is SVG).

    >>> image_format("edge.SVG"), image_format("-"), image_format("-", "png")
    ('svg', 'svg', 'png')
    """
    allowed = sorted(FORMATS.values())
    if fmt is not None:
        if fmt not in allowed:
            raise ShtossError(f"unknown image format {quoted(fmt)}: allowed {', '.join(allowed)}")
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
    except OSError as error:  # no writable directory at all for its cache
        raise ShtossError(f"plots need matplotlib, which cannot start: {error}") from None
    return matplotlib, Figure


@contextmanager
def files_only() -> Iterator[None]:
    """Matplotlib as a program that only writes image files needs it (the ``plot``
    command): loaded with the Agg backend whatever ``MPLBACKEND`` says (no window is
    ever opened), and quiet. An unusable ``HOME``, ``MPLCONFIGDIR`` or ``TMPDIR``
    makes matplotlib work in a fresh temporary directory of its own, removed at
    exit: its warnings about that, about its configuration files and while drawing
    are not shown; a matplotlib that cannot start at all is one ``ShtossError``.

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


def render(kind: str, path: str | Path, *, fmt: str | None = None, **options: Any) -> None:
    """Draw the plot ``kind`` with ``options`` and write it to ``path`` (PNG or SVG).

    A file is replaced whole or not at all (``output.atomic_path``: a symlink is
    followed; a device or FIFO is never replaced); ``-`` is standard output. The
    format is ``fmt`` or the path's suffix. The format and the kind are checked
    before matplotlib is imported or anything is computed, and the image is drawn in
    memory before any file is touched: ``render("abzug", "odds.pdf", deal=Deal(52, 4))``
    raises a ``ShtossError`` naming the allowed suffixes.
    """
    if not isinstance(path, str | os.PathLike):
        raise ShtossError(f"path={quoted(path)} is a {type(path).__name__}: allowed a file's path "
                          "(str or pathlib.Path) ending in .png or .svg, or '-'")  # fmt: skip
    image = image_format(path, fmt)
    plot = plot_named(kind)
    check_options(plot, options)
    to_stdout = str(path) == STDOUT
    if to_stdout and image == "png" and _stdout_is_terminal():
        raise ShtossError(
            "a PNG image is not written to a terminal: give -o FILE.png, or redirect "
            "standard output"
        )
    data = draw(plot.name, image, **options)
    if to_stdout:
        _write_stdout(data, image)
        return
    from shtoss_exact.output import OutputError, atomic_path

    with atomic_path(path) as temporary:
        try:
            temporary.write_bytes(data)
        except OSError as error:
            raise OutputError(f"cannot write {str(path)!r}: {error.strerror or error}") from None


def check_options(plot: PlotKind, options: dict[str, Any]) -> None:
    """Refuse (``ShtossError``) options the plot's drawing does not take, or one it
    needs that is missing, before anything is computed.

    >>> check_options(plot_named("strategy"), {"gmae": "faro"})
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: the strategy plot has no option 'gmae': allowed target, \
bankroll, scheme, objective, max_stake, deal
    """
    from inspect import Parameter, signature

    parameters = list(signature(plot.draw).parameters.values())[1:]  # past the axes
    allowed = [p.name for p in parameters]
    for name in options:
        if name not in allowed:
            raise ShtossError(f"the {plot.name} plot has no option {quoted(name, 40)}: allowed "
                              f"{', '.join(allowed)}")  # fmt: skip
    for p in parameters:
        if p.default is Parameter.empty and p.name not in options:
            raise ShtossError(f"the {plot.name} plot needs {p.name}=...: give it as a keyword")


def draw(kind: str, image: str, **options: Any) -> bytes:
    """The plot ``kind`` drawn with ``options`` as the bytes of an ``image`` ("png", "svg")."""
    matplotlib, figure_class = _matplotlib()
    # Text stays text in SVG (searchable, and testable); no date, so output is reproducible.
    style = {"svg.fonttype": "none", "svg.hashsalt": "shtoss-exact"}
    with matplotlib.rc_context(style):
        figure = figure_class(figsize=FIGSIZE, dpi=DPI)
        axes = figure.add_subplot()
        plot_named(kind).draw(axes, **options)
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


def net_bars(axes: Any, distribution: Distribution, *, who: str, others: str) -> None:
    """Bars of a net result distribution, coloured by who ends ahead, with the mean."""
    behind, even, ahead = distribution.sides()
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
    mean = distribution.mean
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
