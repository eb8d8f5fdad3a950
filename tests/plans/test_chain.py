"""The chain itself: exact edge sums, its networkx model, exports, and what imports it."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact.deck import Deal, make_deal
from shtoss_exact.errors import ShtossError
from shtoss_exact.plans.catalog import plan_named
from shtoss_exact.plans.chain import (
    Chain,
    Rules,
    Status,
    build_chain,
    check_chain,
    classic_outcomes,
    deal_outcomes,
)
from shtoss_exact.plans.export import export_graph, graph_format
from shtoss_exact.plans.series import series
from shtoss_exact.schemes.scheme import scheme_named

CLASSIC = deal_outcomes(make_deal(), scheme_named("classic"))


def paroli_chain() -> Chain:
    return build_chain(Rules(plan_named("paroli:3"), CLASSIC), deals=10, max_states=100)


def test_every_state_sums_to_one_and_a_broken_chain_is_caught() -> None:
    chain = paroli_chain()
    assert len(chain.depth) == 4
    for state, out in chain.edges.items():
        assert sum(chain.probability(state, b) for b, _, _ in out) == 1
    some_state = next(iter(chain.edges))
    nxt, count, gains = chain.edges[some_state][0]
    chain.edges[some_state][0] = (nxt, count + 1, gains)
    with pytest.raises(AssertionError, match="outgoing probability"):
        check_chain(chain)


def test_the_graph_is_the_chain() -> None:
    chain = paroli_chain()
    graph = chain.graph
    assert set(graph) == set(chain.depth)
    for a, b, count in graph.edges(data="count"):
        assert Fraction(count, chain.denominator) == chain.probability(a, b)


def test_chain_limits_are_refused_as_soon_as_met() -> None:
    rules = Rules(plan_named("raise"), CLASSIC)
    with pytest.raises(ShtossError, match="more than 50 states"):
        build_chain(rules, deals=100, max_states=50)
    with pytest.raises(ShtossError, match=r"finding the chain's states .* s of work"):
        build_chain(rules, deals=100, max_states=10**6, max_seconds=1e-4)


def test_ended_states_keep_their_mass() -> None:
    rules = Rules(plan_named("stop"), CLASSIC, target=Fraction(2), tracks_net=True)
    chain = build_chain(rules, deals=4, max_states=100)
    ended = [s for s in chain.edges if s.status is not Status.PLAYING]
    assert ended
    for state in ended:
        assert chain.edges[state] == [(state, chain.denominator, {0: chain.denominator})]


def test_raise_after_a_half_win_is_one_and_a_half() -> None:
    # "a maximal win x2, half the maximum x1.5": thirds give x2, x5/3, x4/3.
    deal = make_deal(deck=36, card="7h")
    chain = series("raise", deals=2, scheme="thirds", deal=deal).chain()
    stakes = {s.stake for s in chain.depth if s.level == 1}
    assert stakes == {Fraction(4, 3), Fraction(5, 3), Fraction(2)}


@pytest.mark.parametrize("suffix", [".graphml", ".dot", ".gv"])
def test_export_writes_exact_probabilities(tmp_path: Path, suffix: str) -> None:
    chain = paroli_chain()
    path = tmp_path / f"chain{suffix}"
    export_graph(chain, path)
    text = path.read_text(encoding="utf-8")
    assert "400/833" in text and "433/833" in text
    if suffix == ".graphml":
        back = nx.read_graphml(path)
        assert len(back) == len(chain.depth)
        for node in back:
            assert sum(Fraction(p) for _, _, p in back.out_edges(node, data="p")) == 1
    else:
        edges = sum(len(out) for out in chain.edges.values())
        assert text.startswith("digraph chain {") and text.count("->") == edges
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind


def test_export_refuses_unknown_suffix(tmp_path: Path) -> None:
    with pytest.raises(ShtossError, match="allowed suffixes"):
        export_graph(paroli_chain(), tmp_path / "chain.png")
    assert graph_format("-") == "dot"


def test_a_flat_result_exports_the_chain_it_stands_for() -> None:
    flat = series("flat", deals=5).chain()
    assert len(flat.depth) == 1  # the stake never moves: one state
    walk = series("flat", bankroll=2, target=4).chain()
    assert {s.net for s in walk.depth} == {-2, -1, 0, 1, 2}


def test_a_fixed_number_of_deals_does_not_import_networkx_or_sympy() -> None:
    code = (
        "import sys; from shtoss_exact import series; "
        "series('paroli:3', deals=20); series('flat', deals=50, bankroll=5, target=10); "
        "series('paroli:2', bankroll=5, target=10); "
        "print(sorted(m for m in ('networkx', 'sympy', 'numpy') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 60).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, min(n, 8)))))
def test_classic_outcomes_are_the_classic_scheme(deck: tuple[int, int]) -> None:
    # The default scheme is counted from the engine alone; it is the classic scheme.
    deal = Deal(*deck)
    assert classic_outcomes(deal) == deal_outcomes(deal, scheme_named("classic"))


def test_a_play_until_it_ends_is_refused_while_its_states_are_found() -> None:
    # raise with a bankroll of 2000 and a target of 4000: 24 000 playing states, whose
    # exact solve lifts to about 530 000 bits — refused within the first few thousand.
    import time

    start = time.process_time()
    with pytest.raises(ShtossError, match="playing states until the play ends"):
        series("raise", bankroll=2000, target=4000)
    assert time.process_time() - start < 1.5
