"""The closed forms' displays: every form shown (the whole deal's and each range of
abzugs'), in Markdown as code (no ``*`` read as italics), in HTML and in LaTeX as sympy
writes it, no line over 120 characters, a one-line ``repr()``, and ``to_frame()``: one
row per form, columns of the glossary."""

from __future__ import annotations

import re
import sys
from dataclasses import replace
from fractions import Fraction
from html import escape
from typing import Any

import pytest
from sympy import Rational, Symbol, latex

from shtoss_exact import ClosedForms, closed_form, closed_forms
from shtoss_exact.errors import ShtossError
from shtoss_exact.notebook import FRAME_ERROR
from shtoss_exact.schemes.scheme import scheme_named
from shtoss_exact.symbolic.display import FRAME_COLUMNS, WIDTH, WORDS
from shtoss_exact.symbolic.forms import PER_ABZUG, WHOLE_DEAL
from tests.contracts.test_glossary import glossary

CASES = [(1, "classic"), (2, "classic"), (4, "classic"), (4, "pharaon"), (3, "faro"),
         (2, "lob-half"), (12, "faro")]  # fmt: skip


def every_form(forms: ClosedForms) -> list[tuple[str, Any]]:
    """(quantity, sympy form) of every form the result holds, in order."""
    found = []
    for form in forms:
        found += list(form.quantities.items())
        for part in form.per_abzug:
            found += list(part.quantities.items())
    return found


def joined(text: str) -> str:
    """The text with each run of white space one space (a long form breaks at spaces)."""
    return " ".join(text.split())


def markdown_forms(text: str) -> list[tuple[str, str]]:
    """(quantity, form) as shown: from the tables' code cells and the code blocks."""
    found = re.findall(r"^\| ([a-z_]+) \|(?: [^|]* \|)? `([^`]*)` \|$", text, flags=re.M)
    for block in re.findall(r"^```text\n(.*?)^```$", text, flags=re.M | re.S):
        for name, form in re.findall(r"^([a-z_]+): [^\n]*\n  = (.*?)(?=^[a-z_]+: |\Z)", block,
                                     flags=re.M | re.S):  # fmt: skip
            found.append((name, joined(form)))
    return found


@pytest.mark.parametrize(("copies", "scheme"), CASES)
def test_markdown_shows_every_form_as_code(copies: int, scheme: str) -> None:
    forms = closed_forms(copies, scheme=scheme)
    text = forms._repr_markdown_()
    expected = [(name, str(expr)) for name, expr in every_form(forms)]
    assert sorted(markdown_forms(text)) == sorted(expected)
    assert text.count("scheme, ") == len(forms) == 2  # one title per parity
    # No * outside code: none can be read as emphasis (the titles' ** excepted).
    outside = re.sub(r"```text\n.*?```|`[^`]*`", "", text, flags=re.S)
    assert "*" not in re.sub(r"^\*\*|\*\*$", "", outside, flags=re.M)
    assert max(len(line) for line in text.splitlines()) <= WIDTH


def test_a_short_table_keeps_its_meanings_and_a_long_one_drops_them() -> None:
    text = closed_form(4, parity="even")._repr_markdown_()
    assert (
        "| plie | P(first copy on a lob and its sonik: plié) | `(2*n - 5)/((n - 3)*(n - 1))` |"
        in text
    )
    assert "| quantity | closed form |" in text  # per abzug: the forms are too long with them
    assert "```text" in closed_form(12, parity="even")._repr_markdown_()


@pytest.mark.parametrize(("copies", "scheme"), CASES)
def test_html_shows_every_form_as_code(copies: int, scheme: str) -> None:
    forms = closed_forms(copies, scheme=scheme)
    page = forms._repr_html_()
    assert page.startswith("<div>") and page.endswith("</div>")
    flat = joined(page)
    for name, expr in every_form(forms):
        assert f'<td style="text-align: left">{name}</td>' in flat
        assert f"<code>{escape(str(expr))}</code>" in flat
    assert flat.count("<tr> <td") == len(every_form(forms))
    assert max(len(line) for line in page.splitlines()) <= WIDTH


@pytest.mark.parametrize(("copies", "scheme"), CASES)
def test_latex_shows_every_form_as_sympy_writes_it(copies: int, scheme: str) -> None:
    forms = closed_forms(copies, scheme=scheme)
    tex = forms._repr_latex_()
    assert tex.startswith("$$\\begin{array}") and tex.endswith("\\end{array}$$")
    assert "\n\n" not in tex  # an empty line would end the math
    flat = joined(tex)
    for form in forms:
        for name, expr in form.quantities.items():
            assert joined(f"\\text{{{WORDS[name]}}} & {latex(expr)} \\\\") in flat
        for part in form.per_abzug:
            for expr in part.quantities.values():
                assert joined(latex(expr)) in flat
    assert max(len(line) for line in tex.splitlines()) <= WIDTH


def test_one_range_of_abzugs_shows_alone() -> None:
    part = closed_form(2, parity="odd").per_abzug[-1]  # the odd deck's lone last card
    assert repr(part) == (
        "AbzugForms(abzug_range=n/2 + 1/2..n/2 + 1/2, "
        "quantities=decided_at, banker_at, punter_at, null_at)"
    )
    assert part._repr_markdown_().startswith("**Per abzug j, j = n/2 + 1/2**")
    assert ">null_at</td>" in part._repr_html_()
    assert part._repr_latex_().count("\\text{ at } j") == len(PER_ABZUG)
    assert "\\text{abzug } j = \\frac{n}{2} + \\frac{1}{2}" in part._repr_latex_()
    frame = part.to_frame()
    assert list(frame.columns) == ["abzug_range", "quantity", "closed_form"]
    assert list(frame["quantity"]) == list(PER_ABZUG)


def test_the_command_lines_markdown_is_the_notebooks(shtoss: Any) -> None:
    ran = shtoss("formula", "--copies", "2", "--format", "markdown")
    assert ran.status == 0
    assert ran.stdout == closed_forms(2)._repr_markdown_() + "\n"


def test_a_scheme_name_is_escaped_in_each_display() -> None:
    odd = replace(scheme_named("classic"), name="my_*scheme|&$\\x<b>")
    form = closed_form(1, scheme=odd, parity="even")
    assert "**my\\_\\*scheme\\|&\\$\\\\x\\<b\\> scheme," in form._repr_markdown_()
    assert "my_*scheme|&amp;$\\x&lt;b&gt; scheme," in form._repr_html_()
    assert "scheme my\\_*scheme|\\&\\$\\textbackslash{}x<b>," in form._repr_latex_()


def test_repr_is_one_short_line() -> None:
    forms = closed_forms(4)
    assert repr(forms) == "ClosedForms(scheme=classic, copies=4, parities=even n >= 4, odd n >= 5)"
    assert repr(forms[0]) == (
        "ClosedForm(scheme=classic, copies=4, parity=even, valid_from=4, checked_through=76)"
    )
    long = replace(scheme_named("classic"), name="x" * 1000)
    for shown in (closed_forms(12, scheme=long), closed_form(12, scheme=long, parity="odd")):
        line = repr(shown)
        assert "\n" not in line and len(line) <= 200 and "x…" in line
    for part in closed_form(12, parity="odd").per_abzug:
        assert "\n" not in repr(part) and len(repr(part)) <= 200


def test_to_frame_one_row_per_form_with_exact_forms() -> None:
    forms = closed_forms(4)
    frame = forms.to_frame()
    assert list(frame.columns) == list(FRAME_COLUMNS)
    assert set(FRAME_COLUMNS) <= glossary()
    assert len(frame) == len(every_form(forms))
    whole = frame[frame["abzug_range"].isna()]
    assert list(whole["quantity"]) == list(WHOLE_DEAL) * 2
    assert list(frame["parity"].unique()) == ["even", "odd"]
    # The exact known values at n = 52, from the forms the frame holds (not strings).
    # The forms' own symbols (sympy's n and j are positive integers), by name.
    n, j = (Symbol(name, integer=True, positive=True) for name in "nj")
    even = frame[frame["parity"] == "even"].set_index(["abzug_range", "quantity"])["closed_form"]
    assert even[(None, "banker")].subs(n, 52) == Rational(433, 833)
    assert even[(None, "plie")].subs(n, 52) == Rational(33, 833)
    assert even[("1..n/2", "punter_at")].subs({n: 52, j: 1}) == Rational(16, 221)
    one = closed_form(2, parity="even").to_frame()
    assert one.shape == (len(WHOLE_DEAL) + len(PER_ABZUG), len(FRAME_COLUMNS))
    plie = one.set_index("quantity")["closed_form"]["plie"].subs(n, 52)  # (n/2) / C(n, 2)
    assert Fraction(str(plie)) == Fraction(1, 51)


def test_to_frame_without_pandas_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ShtossError) as refused:
        closed_form(1, parity="odd").to_frame()
    assert str(refused.value) == FRAME_ERROR and "\n" not in FRAME_ERROR


def test_to_frame_takes_the_whole_deal_or_the_abzugs_alone() -> None:
    form = closed_form(2, parity="odd")  # 7 whole-deal forms; 2 ranges of 4 (the lone last card)
    assert len(form.to_frame(rows="quantities")) == len(WHOLE_DEAL)
    assert len(form.to_frame(rows="per_abzug")) == 2 * len(PER_ABZUG)
    assert len(form.per_abzug[0].to_frame(rows="quantities")) == 0
    with pytest.raises(ShtossError, match=r"^rows='abzugs': allowed None, 'quantities'"):
        form.to_frame(rows="abzugs")
