"""Writing a series' chain to a file, GraphML or DOT, for looking at it."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from shtoss_exact.errors import ShtossError
from shtoss_exact.output import write_output as write_atomic

if TYPE_CHECKING:
    from shtoss_exact.series_odds import Chain

__all__ = ["export_graph"]


def export_graph(chain: Chain, path: str | Path) -> None:
    """Write the chain as GraphML (``.graphml``) or DOT (``.dot``, ``.gv``), atomically.

    Probabilities and gains are written as exact strings ("400/833").
    """
    import networkx as nx

    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in (".graphml", ".dot", ".gv"):
        raise ShtossError(f"cannot export to {str(path)!r}: allowed suffixes .graphml, .dot, .gv")
    names = {state: state.label() for state in chain.graph}
    plain = nx.DiGraph()
    for state, depth in chain.graph.nodes(data="depth"):
        plain.add_node(names[state], status=state.status.value, depth=depth)
    for a, b, data in chain.graph.edges(data=True):
        gains = "; ".join(
            f"{g}: {Fraction(c, chain.denominator)}" for g, c in sorted(data["gains"].items())
        )
        plain.add_edge(
            names[a], names[b], p=str(Fraction(data["count"], chain.denominator)), gains=gains
        )
    text = "\n".join(nx.generate_graphml(plain)) + "\n" if suffix == ".graphml" else _dot(plain)
    try:
        write_atomic(target, text)
    except OSError as error:
        raise ShtossError(f"cannot write {str(path)!r}: {error.strerror}") from None


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
    return "\n".join(lines) + "\n"
