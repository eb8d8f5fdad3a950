"""The chain itself: exact edge sums, the exact solver, exports, plans as data."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import networkx as nx
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact.errors import ShtossError
from shtoss_exact.numbers import parse_fraction
from shtoss_exact.deck import make_deal
from shtoss_exact.plans import AfterWin, load_plan, plan_from_mapping, plan_named
from shtoss_exact.schemes import scheme_named
from shtoss_exact.series_odds import (
    Chain,
    Rules,
    build_chain,
    check_chain,
    deal_outcomes,
    export_graph,
    series,
)
from shtoss_exact.series_solve import _eliminate, absorbing_visits

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "plans"


def paroli_chain() -> Chain:
    rules = Rules(plan_named("paroli:3"), deal_outcomes(make_deal(), scheme_named("classic")))
    return build_chain(rules, deals=10)


def test_every_state_sums_to_one_and_a_broken_chain_is_caught() -> None:
    chain = paroli_chain()
    for state in chain.graph:
        assert sum(chain.probability(state, b) for b in chain.graph.successors(state)) == 1
    some_edge = next(iter(chain.graph.edges))
    chain.graph.edges[some_edge]["count"] += 1
    with pytest.raises(AssertionError, match="outgoing probability"):
        check_chain(chain)


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_elimination_equals_sympy(data: st.DataObject) -> None:
    size = data.draw(st.integers(1, 6))
    flows: dict[tuple[int, int], Fraction] = {}
    for a in range(size):
        weights = data.draw(st.lists(st.integers(0, 4), min_size=size + 1, max_size=size + 1))
        weights[-1] += 1  # some chance to end from every state
        for b in range(size):
            if weights[b]:
                flows[a, b] = Fraction(weights[b], sum(weights))
    visits = _eliminate(list(range(size)), flows, 0)
    q = sympy.Matrix(size, size, lambda i, j: sympy.Rational(str(flows.get((i, j), 0))))
    start = sympy.Matrix([[1 if j == 0 else 0 for j in range(size)]])
    expected = start * (sympy.eye(size) - q).inv()
    assert [sympy.Rational(str(visits[j])) for j in range(size)] == list(expected)
    graph = nx.DiGraph(list(flows))
    graph.add_nodes_from(range(size))
    assert absorbing_visits(graph, list(range(size)), flows, 0) == visits


@pytest.mark.parametrize("suffix", [".graphml", ".dot", ".gv"])
def test_export_writes_exact_probabilities(tmp_path: Path, suffix: str) -> None:
    chain = paroli_chain()
    path = tmp_path / f"chain{suffix}"
    export_graph(chain, path)
    text = path.read_text(encoding="utf-8")
    assert "400/833" in text and "433/833" in text
    if suffix == ".graphml":
        back = nx.read_graphml(path)
        assert len(back) == len(chain.graph)
        for node in back:
            assert sum(Fraction(p) for _, _, p in back.out_edges(node, data="p")) == 1
    else:
        assert (
            text.startswith("digraph chain {") and text.count("->") == chain.graph.number_of_edges()
        )
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind


def test_export_refuses_unknown_suffix(tmp_path: Path) -> None:
    with pytest.raises(ShtossError, match="allowed suffixes"):
        export_graph(paroli_chain(), tmp_path / "chain.png")


def test_plans_by_name() -> None:
    assert plan_named("paroli:3").raises == 3
    assert plan_named("raise").after_win is AfterWin.SHARE
    for bad in ("martingale", "flat:2", "paroli:x", "paroli:-1"):
        with pytest.raises(ShtossError, match="plan"):
            plan_named(bad)


def test_raise_after_a_half_win_is_one_and_a_half() -> None:
    # "a maximal win x2, half the maximum x1.5": thirds give x2, x5/3, x4/3.
    deal = make_deal(deck=36, card="7h")
    r = series("raise", deals=2, scheme="thirds", deal=deal)
    chain = r.chain
    assert chain is not None
    stakes = {s.stake for s in chain.graph if s.level == 1}
    assert stakes == {Fraction(4, 3), Fraction(5, 3), Fraction(2)}


def test_plan_files_are_data() -> None:
    files = sorted(EXAMPLES.glob("*.toml"))
    assert files
    for path in files:
        plan = load_plan(path)
        assert series(plan, deals=3).deals == (min(3, plan.deals) if plan.deals else 3)
    assert plan_from_mapping({"kush": "1/2"}).kush == Fraction(1, 2)
    for bad in ({"kush": 1.5}, {"after_win": "double"}, {"raises": "2"}, {"colour": 1},
                {"story": ["lob"]}, {"kush": "0"}):  # fmt: skip
        with pytest.raises(ShtossError):
            plan_from_mapping(bad)


def test_bad_plan_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("kush = [", encoding="utf-8")
    with pytest.raises(ShtossError, match="not valid TOML"):
        load_plan(path)
    with pytest.raises(ShtossError, match="cannot read"):
        load_plan(tmp_path / "missing.toml")


@pytest.mark.parametrize(
    ("text", "value"), [("3", 3), ("-1/2", Fraction(-1, 2)), ("0.25", Fraction(1, 4))]
)
def test_parse_fraction(text: str, value: Fraction) -> None:
    assert parse_fraction(text) == value


@pytest.mark.parametrize("text", ["", "1/0", "abc", "1e5", "2**10", "٣", "1/2/3", "nan"])
def test_parse_fraction_refuses(text: str) -> None:
    with pytest.raises(ShtossError, match=r"not an exact number|more than|divides by zero"):
        parse_fraction(text)
