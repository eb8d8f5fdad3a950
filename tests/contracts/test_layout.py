"""The package's layout: packages by subject, imports pointing one way only.

Every import of a module of the package is read from the source (those inside
functions too; those under ``if TYPE_CHECKING:`` are for the type checker only and
left out). The graph they make has no cycle; the command line is on top (nothing
imports it); no core module imports ``report``, ``cli`` or matplotlib.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

from tests import ROOT

PACKAGE = ROOT / "shtoss_exact"

SUBJECTS = {
    "schemes", "bet", "banks", "plans", "strategy", "case", "cheat", "audit", "symbolic",
    "report", "serve", "cli",
}  # fmt: skip
"""The packages by subject; every other module is a foundation, flat in the package."""

ABOVE_THE_CORE = ("report", "serve", "cli", "entry", "__main__")
"""The floors above the core: the renderers (``report``) and the page's server
(``serve``) beside each other, the command line on top. No core module imports them."""

TOP = {"shtoss_exact.entry", "shtoss_exact.__main__"}
"""What may import the command line."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(path: Path) -> set[str]:
    """The modules ``path`` imports at run time (absolute names)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            # ``from shtoss_exact.plans import series`` imports a module.
            for alias in node.names:
                candidate = f"{node.module}.{alias.name}"
                if (PACKAGE.parent / (candidate.replace(".", "/") + ".py")).exists():
                    found.add(candidate)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def graph() -> nx.DiGraph:
    edges = nx.DiGraph()
    for name, path in MODULES.items():
        edges.add_node(name)
        for target in imports(path):
            if target in MODULES and target != name:
                edges.add_edge(name, target)
    return edges


def test_the_import_graph_has_no_cycle() -> None:
    cycles = list(nx.simple_cycles(graph()))
    assert cycles == []


def test_nothing_imports_the_command_line() -> None:
    edges = graph()
    for name in MODULES:
        if name.startswith("shtoss_exact.cli"):
            importers = {
                a for a in edges.predecessors(name) if not a.startswith("shtoss_exact.cli")
            }
            assert importers <= TOP, f"{name} is imported by {sorted(importers - TOP)}"


ABOVE_CASE = {"cheat"}
"""Packages on the floor above ``case``: only they, ``report`` and the command line may
import them."""


def test_nothing_below_imports_the_cheats() -> None:
    edges = graph()
    for name in MODULES:
        parts = name.split(".")
        if len(parts) > 1 and parts[1] in ABOVE_CASE:
            importers = {
                a for a in edges.predecessors(name)
                if a.split(".")[1] not in ABOVE_CASE | {"report", "cli"}
            }  # fmt: skip
            assert importers == set(), f"{name} is imported by {sorted(importers)}"


def _is_core(name: str) -> bool:
    parts = name.split(".")
    return len(parts) < 2 or parts[1] not in ABOVE_THE_CORE


@pytest.mark.parametrize("name", sorted(n for n in MODULES if _is_core(n)))
def test_the_core_imports_no_report_no_serve_no_cli_no_matplotlib(name: str) -> None:
    bad = {
        target
        for target in imports(MODULES[name])
        if target.split(".")[0] in ("matplotlib", "waitress")
        or target.startswith(("shtoss_exact.report", "shtoss_exact.serve", "shtoss_exact.cli"))
    }
    assert bad == set(), f"{name} imports {sorted(bad)}"


@pytest.mark.parametrize("name", sorted(n for n in MODULES if n.startswith("shtoss_exact.serve")))
def test_the_pages_server_imports_no_cli_and_no_report(name: str) -> None:
    bad = {
        target
        for target in imports(MODULES[name])
        if target.startswith(("shtoss_exact.cli", "shtoss_exact.report"))
    }
    assert bad == set(), f"{name} imports {sorted(bad)}"


def test_only_the_command_line_imports_the_pages_server() -> None:
    edges = graph()
    for name in MODULES:
        if name.startswith("shtoss_exact.serve"):
            importers = {
                a for a in edges.predecessors(name)
                if not a.startswith(("shtoss_exact.serve", "shtoss_exact.cli"))
            }  # fmt: skip
            assert importers == set(), f"{name} is imported by {sorted(importers)}"


def test_modules_are_foundations_or_in_a_subject() -> None:
    for name in MODULES:
        parts = name.split(".")
        if len(parts) > 2:
            assert parts[1] in SUBJECTS, name
        # No module at the top carries a subject's prefix: it belongs in its package.
        if len(parts) == 2:
            prefix = parts[1].split("_")[0]
            assert prefix not in SUBJECTS - {"cli"} or parts[1] in SUBJECTS, name


def test_the_top_level_names_are_functions_and_classes() -> None:
    import shtoss_exact

    for name in ("odds", "bank", "series", "optimal_play", "fair_payoff"):
        assert callable(getattr(shtoss_exact, name)), name
    for name in shtoss_exact.__all__:
        assert getattr(shtoss_exact, name) is not None


# --- the tests mirror the package ------------------------------------------------------------

TESTS = ROOT / "tests"
APART = {"contracts", "oracles"}
"""Folders of tests/ that mirror no module: the contract tests and the brute-force oracles."""

NOT_MODULES = {
    Path("serve/test_page.py"): PACKAGE / "serve" / "static",
}
"""Test files whose subject is not a Python module, and what they test instead (the
casekeeper page is the server's static files, driven in a browser)."""


def _subject(test: Path) -> str | None:
    """The module of ``shtoss_exact`` a test file ``tests/A/B/test_M[_ASPECT].py`` is
    beside: ``shtoss_exact/A/B/M.py`` or the package ``shtoss_exact/A/B/M/``; at the top
    of ``tests/``, a foundation module ``shtoss_exact/M.py``. None when there is none."""
    where = PACKAGE.joinpath(*test.parent.parts)
    words = test.stem.removeprefix("test_").split("_")
    for end in range(len(words), 0, -1):  # the longest module name first: table_view
        name = "_".join(words[:end])
        if (where / f"{name}.py").is_file() or (
            test.parent.parts and (where / name / "__init__.py").is_file()
        ):
            return ".".join(["shtoss_exact", *test.parent.parts, name])
    return None


def _test_files() -> list[Path]:
    return sorted(
        path.relative_to(TESTS)
        for path in TESTS.rglob("test_*.py")
        if path.relative_to(TESTS).parts[0] not in APART
    )


def test_the_rule_reads_as_the_tree_does() -> None:
    assert _subject(Path("test_deck_arguments.py")) == "shtoss_exact.deck"
    assert _subject(Path("report/test_table_view.py")) == "shtoss_exact.report.table_view"
    assert _subject(Path("report/test_plots.py")) == "shtoss_exact.report.plots"
    assert _subject(Path("test_report.py")) is None  # a package, not a foundation module
    assert _subject(Path("test_series_chain.py")) is None  # a flat name of old
    assert _subject(Path("plans/test_nothing.py")) is None


@pytest.mark.parametrize("test", _test_files(), ids=str)
def test_every_test_file_is_beside_its_module(test: Path) -> None:
    if test in NOT_MODULES:
        assert NOT_MODULES[test].exists(), f"tests/{test}: {NOT_MODULES[test]} is gone"
        return
    where = "shtoss_exact/" + "/".join(test.parent.parts) if test.parent.parts else "the top"
    assert _subject(test) is not None, (
        f"tests/{test} names no module of {where}: name it test_<module>.py or "
        "test_<module>_<aspect>.py beside the module it tests"
    )
