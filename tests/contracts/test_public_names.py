"""The package's public names: ``dir(shtoss_exact)`` lists them and nothing else, and
each one's docstring shows an exact value in a doctest (the doctests themselves run
with the modules)."""

from __future__ import annotations

import importlib
import inspect

import pytest

import shtoss_exact

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
