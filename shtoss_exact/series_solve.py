"""Exact absorption of a chain with no bound on the deals: expected visits of the
playing states, over Fractions (no floats, no sympy needed).

With Q the transitions among playing states, the expected visits v (a row vector,
from the start state) solve v = e_start + v Q, i.e. v (I - Q) = e_start. When the
playing states form no cycle (self-loops aside) they are taken in topological order,
v_j = (e_start[j] + sum over i -> j of v_i Q_ij) / (1 - Q_jj); otherwise the system
is solved by sparse Gaussian elimination, eliminating in the order the states were
found, which keeps the fill-in within the band of a ruin chain.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Any, TypeVar

from shtoss_exact.errors import ShtossError

S = TypeVar("S", bound=Hashable)

MAX_SOLVE_STATES = 5_000
"""Largest linear system solved exactly (playing states of a chain with cycles)."""

MAX_SOLVE_WORK = 1.5e9
"""Largest estimated cost of an exact elimination (``solve_work``): about two seconds."""

_NEVER_ENDS = "the play never ends with these options (some states are never left)"


def absorbing_visits(
    graph: Any, playing: Sequence[S], flows: Mapping[tuple[S, S], Fraction], start: S
) -> dict[S, Fraction]:
    """Expected visits of each playing state before the play ends.

    >>> import networkx as nx
    >>> g = nx.DiGraph([("a", "a"), ("a", "end")])
    >>> absorbing_visits(g, ["a"], {("a", "a"): Fraction(1, 3)}, "a")
    {'a': Fraction(3, 2)}
    """
    import networkx as nx

    inner = nx.DiGraph()
    inner.add_nodes_from(playing)
    inner.add_edges_from(edge for edge in flows if edge[0] != edge[1])
    if nx.is_directed_acyclic_graph(inner):
        visits: dict[S, Fraction] = {}
        for state in nx.topological_sort(inner):
            inflow = Fraction(1 if state == start else 0)
            inflow += sum(
                (visits[i] * flows[i, state] for i in inner.predecessors(state)), Fraction(0)
            )
            stay = 1 - flows.get((state, state), Fraction(0))
            if stay == 0:
                if inflow:
                    raise ShtossError(_NEVER_ENDS)
                visits[state] = Fraction(0)
                continue
            visits[state] = inflow / stay
        return visits
    if len(playing) > MAX_SOLVE_STATES:
        raise ShtossError(
            f"{len(playing)} playing states with cycles: more than the limit {MAX_SOLVE_STATES} "
            "for an exact solve; give --deals, or a smaller bankroll or target"
        )
    work = solve_work(playing, flows, limit=MAX_SOLVE_WORK)
    if work > MAX_SOLVE_WORK:
        raise ShtossError(
            f"at least {work:.1e} steps to solve {len(playing)} playing states exactly: more "
            f"than the limit {MAX_SOLVE_WORK:.1e}; give --deals, or a smaller bankroll or target"
        )
    return _eliminate(playing, flows, start)


def solve_work(
    playing: Sequence[S], flows: Mapping[tuple[S, S], Fraction], *, limit: float = float("inf")
) -> float:
    """Estimated bit operations of ``_eliminate``, from a dry run of its fill-in.

    The elimination is run on the pattern of non-zero entries alone (sets of column
    numbers, no arithmetic), so every row update it will make is counted exactly. An
    update at pivot k works on fractions that have grown by about one transition
    denominator per pivot, so it is weighted by (k + 1) times the bits of the largest
    transition denominator. The dry run stops once the sum passes ``limit``.

    >>> solve_work(["a", "b"], {("a", "b"): Fraction(1, 3), ("b", "a"): Fraction(1, 3)})
    4.0
    """
    index = {state: i for i, state in enumerate(playing)}
    rows: list[set[int]] = [{i} for i in range(len(playing))]
    for a, b in flows:
        rows[index[b]].add(index[a])
    holders: list[set[int]] = [set() for _ in playing]
    for r, row in enumerate(rows):
        for c in row:
            holders[c].add(r)
    bits = max((p.denominator.bit_length() for p in flows.values()), default=1)
    work = 0.0
    for pivot, row in enumerate(rows):
        for c in row:
            holders[c].discard(pivot)
        for r in holders[pivot]:
            work += len(row) * (pivot + 1) * bits
            other = rows[r]
            for c in row - other:
                other.add(c)
                holders[c].add(r)
        if work > limit:
            break
    return work


def _eliminate(
    playing: Sequence[S], flows: Mapping[tuple[S, S], Fraction], start: S
) -> dict[S, Fraction]:
    index = {state: i for i, state in enumerate(playing)}
    # Equation j: v_j - sum over i of v_i Q_ij = [j = start].
    rows: list[dict[int, Fraction]] = [{i: Fraction(1)} for i in range(len(playing))]
    for (a, b), p in flows.items():
        row = rows[index[b]]
        row[index[a]] = row.get(index[a], Fraction(0)) - p
    rhs = [Fraction(0)] * len(playing)
    rhs[index[start]] = Fraction(1)
    holders: list[set[int]] = [set() for _ in playing]  # column -> rows holding it
    for r, row in enumerate(rows):
        for c in row:
            holders[c].add(r)
    for pivot in range(len(playing)):
        row = rows[pivot]
        head = row.get(pivot, Fraction(0))
        if head == 0:
            raise ShtossError(_NEVER_ENDS)
        for c in row:
            holders[c].discard(pivot)
        for r in sorted(holders[pivot]):
            other = rows[r]
            factor = other[pivot] / head
            for c, value in row.items():
                updated = other.get(c, Fraction(0)) - factor * value
                if updated:
                    if c not in other:
                        holders[c].add(r)
                    other[c] = updated
                elif c in other:
                    del other[c]
                    holders[c].discard(r)
            rhs[r] -= factor * rhs[pivot]
    solution = [Fraction(0)] * len(playing)
    for pivot in reversed(range(len(playing))):
        row = rows[pivot]
        known = sum((v * solution[c] for c, v in row.items() if c > pivot), Fraction(0))
        solution[pivot] = (rhs[pivot] - known) / row[pivot]
    return {state: solution[i] for i, state in enumerate(playing)}
