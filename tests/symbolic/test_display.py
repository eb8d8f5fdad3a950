"""The closed forms' notebook display: every form shown (the whole deal's and each
range of abzugs'), in Markdown without a ``*`` (no italics) and in LaTeX as sympy
writes it, with a scheme's name escaped for each."""

from __future__ import annotations

from dataclasses import replace

import pytest
from sympy import latex

from shtoss_exact import closed_form, closed_forms
from shtoss_exact.schemes.scheme import scheme_named
from shtoss_exact.symbolic.display import WORDS, plain
from shtoss_exact.symbolic.forms import WHOLE_DEAL


def _rows(markdown: str) -> list[tuple[str, str]]:
    return [
        tuple(cell.strip() for cell in line.strip("|").split(" | "))  # type: ignore[misc]
        for line in markdown.splitlines()
        if line.startswith("| ") and not line.startswith(("| quantity", "| whole deal", "| ---"))
    ]


@pytest.mark.parametrize(("copies", "scheme"), [(1, "classic"), (2, "classic"), (4, "pharaon"),
                                                 (3, "faro"), (2, "lob-half")])  # fmt: skip
def test_markdown_shows_every_form_without_a_star(copies: int, scheme: str) -> None:
    forms = closed_forms(copies, scheme=scheme)
    text = forms._repr_markdown_()
    assert "*" not in text.replace("**closed forms", "").replace(")**", ")")
    shown = _rows(text)
    expected = []
    for form in forms:
        expected += [(name, form.quantities[name]) for name in WHOLE_DEAL]
        for part in form.per_abzug:
            expected += list(part.quantities.items())
    assert len(shown) == len(expected)
    for (word, cell), (name, expr) in zip(shown, expected, strict=True):
        assert word.startswith(WORDS[name])
        # Nothing lost: the ``·`` and ``^`` give sympy's own text back.
        assert cell.replace("^", "**").replace("·", "*") == str(expr)
    assert text.count("whole deal") == len(forms) == 2
    assert all(len(line) <= 120 for line in text.splitlines() if copies <= 2)


def test_the_known_forms_are_in_both_displays() -> None:
    form = closed_form(4, parity="even")
    assert "| plié | (2·n - 5)/((n - 3)·(n - 1)) |" in form._repr_markdown_()
    assert form.at("plie", 52) * 833 == 33
    tex = form._repr_latex_()
    assert tex.startswith("$$\\begin{array}") and tex.endswith("\\end{array}$$")
    for name, expr in form.quantities.items():
        assert f"\\text{{{WORDS[name]}}} & {latex(expr)} \\\\" in tex
    for part in form.per_abzug:
        for expr in part.quantities.values():
            assert latex(expr) in tex
        assert part._repr_latex_().count("\\text{ at } j") == len(part.quantities)
        assert part._repr_markdown_().splitlines()[0].startswith("abzug")


def test_both_parities_and_the_lone_last_abzug() -> None:
    forms = closed_forms(2)
    tex, text = forms._repr_latex_(), forms._repr_markdown_()
    assert "even n ≥ 2" in text and "odd n ≥ 3" in text
    assert "abzug j = n/2 + 1/2" in text  # the odd deck's lone last card
    assert "\\text{abzug } j = \\frac{n}{2} + \\frac{1}{2}" in tex
    assert "abzugs 1 ≤ j ≤ n/2" in text


def test_a_scheme_name_is_escaped_in_markdown_and_latex() -> None:
    odd = replace(scheme_named("classic"), name="my_*scheme|&$\\x")
    form = closed_form(1, scheme=odd, parity="even")
    assert "scheme my\\_\\*scheme\\|&\\$\\\\x," in form._repr_markdown_()
    assert "scheme my\\_*scheme|\\&\\$\\textbackslash{}x," in form._repr_latex_()


def test_plain_writes_products_and_powers_without_stars() -> None:
    from sympy import Symbol

    n = Symbol("n")
    assert plain(3 * n**2 * (n - 1)) == "3·n^2·(n - 1)"
