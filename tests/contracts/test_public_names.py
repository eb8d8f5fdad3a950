"""The package's public names: ``dir(shtoss_exact)`` lists them and nothing else, and
each one's docstring shows an exact value in a doctest (the doctests themselves run
with the modules: ``--doctest-modules`` over the package, held below)."""

from __future__ import annotations

import doctest
import importlib
import inspect
import re
import tomllib

import pytest

import shtoss_exact
from tests import ROOT

PUBLIC = [name for name in shtoss_exact.__all__ if name != "__version__"]
"""Every public name but the version, a string (its docstring is ``str``'s)."""


def test_dir_lists_the_public_names_only_even_after_loading_them() -> None:
    assert dir(shtoss_exact) == sorted(shtoss_exact.__all__)
    for name in shtoss_exact.__all__:
        getattr(shtoss_exact, name)  # loads the submodules behind the names
    importlib.import_module("shtoss_exact.cli")
    assert dir(shtoss_exact) == sorted(shtoss_exact.__all__)
    assert "__version__" in dir(shtoss_exact)


def test_every_public_name_resolves_and_the_lazy_table_matches_all() -> None:
    assert len(set(shtoss_exact.__all__)) == len(shtoss_exact.__all__)
    for name in shtoss_exact.__all__:
        assert getattr(shtoss_exact, name) is not None


@pytest.mark.parametrize("name", PUBLIC)
def test_every_public_name_has_a_docstring_with_a_doctest(name: str) -> None:
    value = getattr(shtoss_exact, name)
    doc = inspect.getdoc(value)
    own = value.__dict__.get("__doc__") if inspect.isclass(value) else value.__doc__
    assert doc and own, f"{name} has no docstring of its own"
    assert ">>>" in own, f"{name}'s docstring shows no example (a doctest with >>>)"


def exact_examples(value: object, name: str) -> list[doctest.Example]:
    """The doctest examples of ``value``'s own docstring whose output is an exact value:
    a number (a ``Fraction``, a count), not a traceback, ``True`` or a word alone."""
    found = doctest.DocTestFinder(recurse=False).find(value, name)
    examples = [example for test in found for example in test.examples]
    return [e for e in examples if re.search(r"\d", e.want) and "Traceback" not in e.want]


@pytest.mark.parametrize("name", PUBLIC)
def test_every_public_name_shows_an_exact_value(name: str) -> None:
    assert exact_examples(getattr(shtoss_exact, name), name), (
        f"{name}'s doctests show no exact value (a Fraction or a count)"
    )


def test_the_contract_can_fail() -> None:
    def bare() -> None:
        """Nothing exact.

        >>> 'a word'
        'a word'
        """

    assert exact_examples(bare, "bare") == []


SUBPACKAGES = sorted(
    path.parent.name for path in (ROOT / "shtoss_exact").glob("*/__init__.py")
    if "__all__" in path.read_text(encoding="utf-8")
)  # fmt: skip


def test_the_subpackages_with_public_names_are_found() -> None:
    assert {"audit", "cli", "report"} <= set(SUBPACKAGES)


@pytest.mark.parametrize("name", SUBPACKAGES)
def test_a_subpackage_lists_its_public_names_only(name: str) -> None:
    package = importlib.import_module(f"shtoss_exact.{name}")
    assert dir(package) == sorted(package.__all__)


def test_the_suite_runs_the_package_doctests_once() -> None:
    # pytest collects every module of the package as doctests (testpaths, addopts);
    # no test runs them a second time (doctest.testmod or DocTestFinder over modules).
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    options = config["tool"]["pytest"]["ini_options"]
    assert "shtoss_exact" in options["testpaths"]
    assert "--doctest-modules" in options["addopts"].split()
    second_run = "testmod" + "("
    for path in (ROOT / "tests").rglob("*.py"):
        assert second_run not in path.read_text(encoding="utf-8"), path
