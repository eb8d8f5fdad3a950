"""The closed forms shown in a notebook: every form, whole-deal and per abzug, in
Markdown and in LaTeX.

In Markdown a product is written with ``·`` and a power with ``^`` (sympy's ``*``
would turn text into italics); in LaTeX sympy writes each form itself. A scheme's
name (a scheme file may name it anything) is escaped for each. Nothing here
computes: the forms are those the ``ClosedForm`` holds.

>>> from shtoss_exact.symbolic.forms import closed_form
>>> print(form_markdown(closed_form(1, parity="odd")).splitlines()[5])
| punter | (n - 1)/(2·n) |
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from shtoss_exact.symbolic.forms import AbzugForms, ClosedForm

WORDS = {
    "banker": "banker",
    "punter": "punter",
    "null": "null",
    "killed": "killed",
    "plie": "plié",
    "given": "given",
    "ev": "ev (the punter's)",
    "decided_at": "decided",
    "banker_at": "banker",
    "punter_at": "punter",
    "null_at": "null",
}
"""How each quantity is headed in the display (the glossary's words; per abzug, at j)."""

_MARKDOWN = str.maketrans({c: "\\" + c for c in "\\`*_[]<>|#$"})
_LATEX = str.maketrans(
    {"\\": r"\textbackslash{}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
     **{c: "\\" + c for c in "&%$#_{}"}}
)  # fmt: skip
_ARRAY = ("$$\\begin{array}{ll}", "\\end{array}$$")


def plain(expr: Any) -> str:
    """A sympy form as Markdown text: ``·`` for a product, ``^`` for a power.

    >>> from sympy import Symbol
    >>> n = Symbol("n")
    >>> plain(2 * n**2 / (n - 1))
    '2·n^2/(n - 1)'
    """
    return str(expr).replace("**", "^").replace("*", "·")


def _word(name: str) -> str:
    return WORDS[name] + (" at j" if name.endswith("_at") else "")


def _title(form: ClosedForm) -> str:
    return (
        f"closed forms: scheme {form.scheme.translate(_MARKDOWN)}, {form.copies} copies, "
        f"{form.parity.value} n ≥ {form.valid_from} (checked against the engine through "
        f"n = {form.checked_through})"
    )


def _range(forms: AbzugForms, text: Callable[[Any], str], le: str = "≤") -> str:
    if forms.first == forms.last:
        return f"abzug j = {text(forms.first)}"
    return f"abzugs {text(forms.first)} {le} j {le} {text(forms.last)}"


def abzug_markdown(forms: AbzugForms) -> str:
    """The per-abzug forms on one range of abzugs, one row per quantity."""
    rows = [_range(forms, plain), "", "| quantity | form |", "| --- | --- |"]
    rows += [f"| {_word(name)} | {plain(expr)} |" for name, expr in forms.quantities.items()]
    return "\n".join(rows)


def form_markdown(form: ClosedForm) -> str:
    """Every form of one ``ClosedForm``: the whole deal, then each range of abzugs."""
    parts = [f"**{_title(form)}**", "", "| whole deal | form |", "| --- | --- |"]
    parts += [f"| {_word(name)} | {plain(expr)} |" for name, expr in form.quantities.items()]
    for forms in form.per_abzug:
        parts += ["", abzug_markdown(forms)]
    return "\n".join(parts)


def forms_markdown(forms: Iterable[ClosedForm]) -> str:
    """Several ``ClosedForm`` one after the other (both parities)."""
    return "\n\n".join(form_markdown(form) for form in forms)


def _latex_rows(quantities: Mapping[str, Any]) -> list[str]:
    from sympy import latex

    def head(name: str) -> str:
        word = rf"\text{{{WORDS[name]}}}"
        return word + r"\text{ at } j" if name.endswith("_at") else word

    return [rf"{head(name)} & {latex(expr)} \\" for name, expr in quantities.items()]


def _latex_range(forms: AbzugForms) -> list[str]:
    from sympy import latex

    where = _range(forms, latex, r"\le").replace("abzugs ", r"\text{abzugs } ")
    where = where.replace("abzug j", r"\text{abzug } j")
    return [rf"\multicolumn{{2}}{{l}}{{{where}}} \\", *_latex_rows(forms.quantities)]


def _latex_lines(form: ClosedForm) -> list[str]:
    name = form.scheme.translate(_LATEX)
    title = (
        rf"\text{{closed forms: scheme {name}, {form.copies} copies, {form.parity.value} }}"
        rf"n \ge {form.valid_from}\text{{ (checked against the engine through }}"
        rf"n = {form.checked_through}\text{{)}}"
    )
    lines = [rf"\multicolumn{{2}}{{l}}{{{title}}} \\", *_latex_rows(form.quantities)]
    for forms in form.per_abzug:
        lines += _latex_range(forms)
    return lines


def forms_latex(forms: Iterable[ClosedForm]) -> str:
    r"""Every form, as one LaTeX array between ``$$`` (for ``_repr_latex_``).

    >>> from shtoss_exact.symbolic.forms import closed_form
    >>> r"\text{plié} & \frac{1}{n - 1} \\" in forms_latex([closed_form(2, parity="even")])
    True
    """
    lines = [line for form in forms for line in _latex_lines(form)]
    return "\n".join((_ARRAY[0], *lines, _ARRAY[1]))


def abzug_latex(forms: AbzugForms) -> str:
    """The per-abzug forms of one range, as a LaTeX array between ``$$``."""
    return "\n".join((_ARRAY[0], *_latex_range(forms), _ARRAY[1]))
