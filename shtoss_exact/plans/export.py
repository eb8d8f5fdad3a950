"""Writing a series' Markov chain, GraphML or DOT, for looking at it.

networkx is the chain's model here (``Chain.graph``) and writes GraphML; DOT is plain
text. The chain written is the one of the result: its plan, limits and deals.
Probabilities and gains are exact strings ("400/833"). The text is made whole before
anything is written, then goes through the one safe writer (``-`` is standard output).
"""

from __future__ import annotations

import os
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from shtoss_exact.errors import ShtossError
from shtoss_exact.i18n import _
from shtoss_exact.limits import MAX_EXPORT_STATES
from shtoss_exact.output import STDOUT, check_file_name, write_output

if TYPE_CHECKING:
    from shtoss_exact.plans.chain import Chain
    from shtoss_exact.plans.result import SeriesResult

__all__ = ["check_graph_target", "export_graph", "graph_format", "graph_text", "write_graph"]


def graph_format(path: str | os.PathLike[str]) -> str:
    """``"graphml"`` or ``"dot"`` from the file's suffix (``-``: DOT to standard output).

    >>> graph_format("chain.gv"), graph_format("-")
    ('dot', 'dot')
    """
    name = os.fspath(path)
    if name == STDOUT:
        return "dot"
    check_file_name(name)  # "chain.dot/" has the suffix .dot, but names a directory
    suffix = Path(name).suffix.lower()
    if suffix == ".graphml":
        return "graphml"
    if suffix in (".dot", ".gv"):
        return "dot"
    raise ShtossError(
        _(
            "cannot export to {name!r}: allowed suffixes .graphml, .dot, .gv (or - for DOT on "
            "standard output)"
        ).format(name=name[:80])
    )


def check_graph_target(graph: str | os.PathLike[str], report: str | None) -> None:
    """Refuse a graph that would be mixed with the report: both on standard output
    (``-`` for the graph, and no ``-o FILE`` for the report), or both in one file.

    >>> check_graph_target("-", "report.json")
    >>> check_graph_target("-", None)
    Traceback (most recent call last):
    ...
    shtoss_exact.errors.ShtossError: graph= - and the report would both go to standard \
output: send the report to a file with report=, or the graph to a .graphml, .dot or .gv file
    """
    name = os.fspath(graph)
    if name == STDOUT and report in (None, STDOUT):
        raise ShtossError(
            _(
                "graph= - and the report would both go to standard output: send the report to a "
                "file with report=, or the graph to a .graphml, .dot or .gv file"
            )
        )
    if (
        name != STDOUT
        and report not in (None, STDOUT)
        and os.path.realpath(name) == os.path.realpath(report)
    ):
        raise ShtossError(
            _(
                "graph= and report= both name {name!r}: give the graph and the report a file each"
            ).format(name=name[:80])
        )


def graph_text(chain: Chain, fmt: str) -> str:
    """The chain as GraphML or DOT text."""
    import networkx as nx

    names = {state: state.label() for state in chain.depth}
    plain = nx.DiGraph()
    for state, depth in chain.depth.items():
        plain.add_node(names[state], status=state.status.value, depth=depth)
    for a, out in chain.edges.items():
        for b, count, gains in out:
            text = "; ".join(
                f"{g}: {Fraction(c, chain.denominator)}" for g, c in sorted(gains.items())
            )
            plain.add_edge(
                names[a], names[b], p=str(Fraction(count, chain.denominator)), gains=text
            )
    if fmt == "graphml":
        return "\n".join(nx.generate_graphml(plain)) + "\n"
    return _dot(plain)


def write_graph(result: SeriesResult, path: str | os.PathLike[str]) -> None:
    """Write the result's chain (built now, at most ``MAX_EXPORT_STATES`` states)."""
    fmt = graph_format(path)
    text = graph_text(result.chain(max_states=MAX_EXPORT_STATES), fmt)
    write_output(None if os.fspath(path) == STDOUT else path, text)


def export_graph(chain: Chain, path: str | os.PathLike[str]) -> None:
    """Write a chain as GraphML (``.graphml``) or DOT (``.dot``, ``.gv``), atomically.

    >>> import tempfile, pathlib
    >>> from shtoss_exact.plans.series import series
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "chain.dot"
    >>> export_graph(series("paroli:2", deals=3).chain(), target)
    >>> target.read_text().splitlines()[0]
    'digraph chain {'
    """
    text = graph_text(chain, graph_format(path))
    write_output(None if os.fspath(path) == STDOUT else path, text)


def _dot(graph: Any) -> str:
    def quote(text: str) -> str:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

    lines = ["digraph chain {", "  rankdir=LR;"]
    for node, status in graph.nodes(data="status"):
        shape = "ellipse" if status == "playing" else "box"
        lines.append(f"  {quote(node)} [shape={shape}];")
    for a, b, data in graph.edges(data=True):
        lines.append(
            f"  {quote(a)} -> {quote(b)} [label={quote(data['p'])}, gains={quote(data['gains'])}];"
        )
    lines.append("}")
    return "\n".join(lines)
