"""The closed forms shown: every form, whole-deal and per abzug, in Markdown, HTML and
LaTeX, and the words that head them.

Markdown and HTML start from the record (``ClosedForms.to_dict()``): each form is
sympy's own text as code (so its ``*`` is never read as emphasis, and it reads back
with ``sympy.sympify``), one table per parity and per range of abzugs, no line over
``WIDTH`` characters: a table whose rows would be longer is written as a code block,
each long form broken at its spaces. The command line's ``--format markdown`` is this
Markdown. In LaTeX sympy writes each form itself. A scheme's name (a scheme file may
name it anything) is escaped for each. Nothing here computes: the forms are those the
result holds.

One copy in an odd deck of ``n``: the punter wins when it falls on one of the
``(n - 1)/2`` soniks, of ``n`` places:

>>> from shtoss_exact.symbolic.forms import closed_form
>>> text = closed_form(1, parity="odd")._repr_markdown_()
>>> [line for line in text.splitlines() if line.startswith("| punter |")]
["| punter | P(punter wins: the punter's net > 0) | `(n - 1)/(2*n)` |"]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import TYPE_CHECKING, Any

from shtoss_exact.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from shtoss_exact.symbolic.result import AbzugForms, ClosedForm

WIDTH = 120
"""Longest line of a display (Markdown, HTML and LaTeX source)."""

LABELS = {
    "banker": N_("P(banker wins: the punter's net < 0)"),
    "punter": N_("P(punter wins: the punter's net > 0)"),
    "null": N_("P(no money changes hands)"),
    "killed": N_("P(first copy on a lob alone: killed)"),
    "plie": N_("P(first copy on a lob and its sonik: plié)"),
    "given": N_("P(first copy on a sonik: given)"),
    "ev": N_("punter's expected net per unit stake"),
    "decided_at": N_("P(first copy in abzug j)"),
    "banker_at": N_("P(first copy in abzug j, banker wins)"),
    "punter_at": N_("P(first copy in abzug j, punter wins)"),
    "null_at": N_("P(first copy in abzug j, no money changes hands)"),
}
"""What each quantity is, in words, for the text, Markdown and HTML tables (in the
language spoken when shown)."""

WORDS = {
    "banker": N_("banker"),
    "punter": N_("punter"),
    "null": N_("null"),
    "killed": N_("killed"),
    "plie": N_("plié"),
    "given": N_("given"),
    "ev": N_("ev (the punter's)"),
    "decided_at": N_("decided"),
    "banker_at": N_("banker"),
    "punter_at": N_("punter"),
    "null_at": N_("null"),
}
"""How each quantity is headed in LaTeX (the glossary's words; per abzug, at j), in the
language spoken when shown."""

COLUMNS = ("quantity", "meaning", "closed form")
"""The tables' columns (each in the language spoken when shown: ``columns()``)."""

_MARKDOWN = str.maketrans({c: "\\" + c for c in "\\`*_[]<>|#$"})
_LATEX = str.maketrans(
    {"\\": r"\textbackslash{}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
     **{c: "\\" + c for c in "&%$#_{}"}}
)  # fmt: skip
_ARRAY = ("$$\\begin{array}{ll}", "\\end{array}$$")

Section = tuple[str, list[tuple[str, str, str]]]
"""A title and its rows: (quantity, meaning, form as sympy writes it)."""


def columns() -> tuple[str, str, str]:
    """``COLUMNS`` in the language spoken now."""
    quantity, meaning, closed = COLUMNS
    return _(quantity), _(meaning), _(closed)


def describe(form: Mapping[str, Any]) -> str:
    """One line naming the scheme, copies, parity and where the forms are proved.

    >>> describe({"scheme": "classic", "copies": 1, "parity": "even", "valid_from": 2,
    ...           "checked_through": 66}).split(": ")[0]
    "classic scheme, 1 copy of the punter's rank, even n"
    """
    copies = ngettext(
        "{count} copy of the punter's rank", "{count} copies of the punter's rank", form["copies"]
    ).format(count=form["copies"])
    if form["parity"] == "even":
        text = N_(
            "{scheme} scheme, {copies}, even n: proved for every even n >= {first} (compared "
            "with the engine at each even n from {first} through {last})"
        )
    else:
        text = N_(
            "{scheme} scheme, {copies}, odd n: proved for every odd n >= {first} (compared "
            "with the engine at each odd n from {first} through {last})"
        )
    return _(text).format(
        scheme=form["scheme"],
        copies=copies,
        first=form["valid_from"],
        last=form["checked_through"],
    )


def range_text(abzug_range: list[str]) -> str:
    """``1 <= j <= n/2``, or ``j = n/2`` for a range of one abzug.

    >>> range_text(["1", "n/2"]), range_text(["n/2 + 1/2", "n/2 + 1/2"])
    ('1 <= j <= n/2', 'j = n/2 + 1/2')
    """
    first, last = abzug_range
    return f"j = {first}" if first == last else f"{first} <= j <= {last}"


def range_section(part: Mapping[str, Any]) -> Section:
    """The per-abzug forms of one range's record, as a section."""
    rows = [(name, _(LABELS[name]), part[name]) for name in part if name in LABELS]
    return _("Per abzug j, {range}").format(range=range_text(part["abzug_range"])), rows


def sections(record: Mapping[str, Any], *, markdown: bool = False) -> list[Section]:
    """Each table to show, from a ``ClosedForms`` record: per parity its whole-deal
    forms, then one per range of abzugs (``markdown``: the scheme's name escaped)."""
    found = []
    for form in record["forms"]:
        rows = [(name, _(LABELS[name]), expr) for name, expr in form["quantities"].items()]
        named = {**form, "scheme": form["scheme"].translate(_MARKDOWN)} if markdown else form
        found.append((describe(named), rows))
        found.extend(range_section(part) for part in form["per_abzug"])
    return found


def wrap(text: str, width: int, *, indent: str = "") -> list[str]:
    """``text`` broken at its spaces into lines of at most ``width`` characters where it
    can be (a word longer than a line stands alone), the lines after the first indented.

    >>> wrap("(n - 4)*(n - 2)/(2*(n - 3)*(n - 1))", 24, indent="  ")
    ['(n - 4)*(n - 2)/(2*(n -', '  3)*(n - 1))']
    """
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = indent + word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line]


def _safe_title(title: str) -> list[str]:
    # A bold title over several lines (a soft break): no line may begin with what would
    # start a block (a list, a quote, a heading), so a break falls before a letter or "(".
    text = f"**{title}**"
    lines = [""]
    for word in text.split(" "):
        starts = word[:1].isalpha() or word.startswith("(")
        if lines[-1] and len(lines[-1]) + 1 + len(word) > WIDTH and starts:
            lines.append(word)
        else:
            lines[-1] = f"{lines[-1]} {word}" if lines[-1] else word
    return lines


def section_markdown(section: Section) -> str:
    """One section: a bold title, then a table (quantity, meaning, form); where its rows
    would be longer than ``WIDTH``, a table without the meanings, and where even those
    would be, a code block (each quantity, its meaning, its form broken at spaces)."""
    title, rows = section
    quantity, meaning_word, closed = columns()
    full = [f"| {quantity} | {meaning_word} | {closed} |", "| --- | --- | --- |"]
    full += [f"| {name} | {meaning} | `{form}` |" for name, meaning, form in rows]
    short = [f"| {quantity} | {closed} |", "| --- | --- |"]
    short += [f"| {name} | `{form}` |" for name, _, form in rows]
    for table in (full, short):
        if all(len(line) <= WIDTH for line in table):
            return "\n".join([*_safe_title(title), "", *table])
    block = ["```text"]
    for name, meaning, form in rows:
        first, *rest = wrap(form, WIDTH - 4, indent="  ")
        block += [f"{name}: {meaning}", f"  = {first}", *(f"  {line}" for line in rest)]
    return "\n".join([*_safe_title(title), "", *block, "```"])


def forms_markdown(record: Mapping[str, Any]) -> str:
    """Every form of a ``ClosedForms`` record (or ``{"forms": [one form's record]}``).

    >>> from shtoss_exact.symbolic.forms import closed_forms
    >>> text = forms_markdown(closed_forms(4, parity="even").to_dict())
    >>> [line for line in text.splitlines() if line.startswith("| plie |")]
    ['| plie | P(first copy on a lob and its sonik: plié) | `(2*n - 5)/((n - 3)*(n - 1))` |']
    """
    return "\n\n".join(section_markdown(part) for part in sections(record, markdown=True))


def section_html(section: Section) -> str:
    """One section as an HTML table under its title, each form as code."""
    title, rows = section
    # Each cell to the left (a notebook sets table cells to the right), a form as code.
    left = '<td style="text-align: left">'
    lines = [*wrap(f"<p><strong>{escape(title)}</strong></p>", WIDTH), "<table>"]
    head = [f'<th style="text-align: left">{escape(column)}</th>' for column in columns()]
    lines += ["<thead><tr>", *head, "</tr></thead>", "<tbody>"]
    for name, meaning, form in rows:
        lines += ["<tr>", f"{left}{name}</td>", f"{left}{escape(meaning)}</td>"]
        lines += wrap(f"{left}<code>{escape(form)}</code></td>", WIDTH)
        lines.append("</tr>")
    return "\n".join([*lines, "</tbody>", "</table>"])


def forms_html(record: Mapping[str, Any]) -> str:
    """Every form of a ``ClosedForms`` record, as HTML tables in one ``<div>``.

    >>> from shtoss_exact.symbolic.forms import closed_forms
    >>> "<code>1/(n - 1)</code>" in forms_html(closed_forms(2, parity="even").to_dict())
    True
    """
    parts = [section_html(section) for section in sections(record)]
    return "\n".join(["<div>", *parts, "</div>"])


def _latex_rows(quantities: Mapping[str, Any]) -> list[str]:
    from sympy import latex

    def head(name: str) -> str:
        word = rf"\text{{{_(WORDS[name])}}}"
        return word + rf"\text{{ {_('at')} }} j" if name.endswith("_at") else word

    return [rf"{head(name)} & {latex(expr)} \\" for name, expr in quantities.items()]


def _latex_range(forms: AbzugForms) -> list[str]:
    from sympy import latex

    first, last = latex(forms.first), latex(forms.last)
    if forms.first == forms.last:
        where = rf"\text{{{_('abzug')} }} j = {first}"
    else:
        where = rf"\text{{{_('abzugs')} }} {first} \le j \le {last}"
    return [rf"\multicolumn{{2}}{{l}}{{{where}}} \\", *_latex_rows(forms.quantities)]


_HEADS = {"even": N_("closed forms: scheme {scheme}, {copies}, even"),
          "odd": N_("closed forms: scheme {scheme}, {copies}, odd")}  # fmt: skip
"""The LaTeX title's words before ``n >= …``, by parity."""


def _latex_lines(form: ClosedForm) -> list[str]:
    copies = ngettext("{count} copy", "{count} copies", form.copies).format(count=form.copies)
    head = _(_HEADS[form.parity.value]).format(scheme=form.scheme.translate(_LATEX), copies=copies)
    checked = _("(checked against the engine through")
    title = (
        rf"\text{{{head} }}n \ge {form.valid_from}\text{{ {checked} }}"
        rf"n = {form.checked_through}\text{{)}}"
    )
    lines = [rf"\multicolumn{{2}}{{l}}{{{title}}} \\", *_latex_rows(form.quantities)]
    for forms in form.per_abzug:
        lines += _latex_range(forms)
    return lines


def _array(lines: Iterable[str]) -> str:
    # A space is a space anywhere in LaTeX (in math and in \text): a long line breaks there.
    wrapped = [part for line in lines for part in wrap(line, WIDTH, indent="  ")]
    return "\n".join((_ARRAY[0], *wrapped, _ARRAY[1]))


def forms_latex(forms: Iterable[ClosedForm]) -> str:
    r"""Every form, as one LaTeX array between ``$$`` (for ``_repr_latex_``).

    >>> from shtoss_exact.symbolic.forms import closed_form
    >>> r"\text{plié} & \frac{1}{n - 1} \\" in forms_latex([closed_form(2, parity="even")])
    True
    """
    return _array(line for form in forms for line in _latex_lines(form))


def abzug_latex(forms: AbzugForms) -> str:
    """The per-abzug forms of one range, as a LaTeX array between ``$$``."""
    return _array(_latex_range(forms))


# --- one line, the frame, and the displays of each result ----------------------------------

REPR_WIDTH = 200
"""Longest ``repr()`` of a closed-forms result (a scheme's long name is cut to fit)."""

FRAME_COLUMNS = ("scheme", "copies", "parity", "valid_from", "checked_through", "abzug_range",
                 "quantity", "closed_form")  # fmt: skip
"""The columns of ``to_frame()``, words of the glossary."""


def one_line(kind: str, items: Mapping[str, object]) -> str:
    """``kind(key=value, ...)`` in at most ``REPR_WIDTH`` characters: a long scheme name
    is cut (``…``) to fit.

    >>> len(one_line("ClosedForm", {"scheme": "x" * 500, "copies": 4}))
    200
    """

    def text(scheme: str) -> str:
        shown = {**items, "scheme": scheme} if "scheme" in items else items
        return f"{kind}({', '.join(f'{key}={value}' for key, value in shown.items())})"

    line = text(str(items.get("scheme", "")))
    if len(line) > REPR_WIDTH and "scheme" in items:
        room = len(str(items["scheme"])) - (len(line) - REPR_WIDTH) - 1
        line = text(str(items["scheme"])[: max(room, 0)] + "…")
    return line


def frame_rows(forms: Iterable[ClosedForm]) -> list[dict[str, Any]]:
    """One row per form: the whole deal's (``abzug_range`` None), then each range's
    (``abzug_range`` as ``first..last``, as in the CSV); each form a sympy expression."""
    rows = []
    for form in forms:
        head = {"scheme": form.scheme, "copies": form.copies, "parity": form.parity.value,
                "valid_from": form.valid_from, "checked_through": form.checked_through}  # fmt: skip
        rows += [{**head, "abzug_range": None, "quantity": name, "closed_form": expr}
                 for name, expr in form.quantities.items()]  # fmt: skip
        for part in form.per_abzug:
            span = f"{part.first}..{part.last}"
            rows += [{**head, "abzug_range": span, "quantity": name, "closed_form": expr}
                     for name, expr in part.quantities.items()]  # fmt: skip
    return rows


def frame(rows: list[dict[str, Any]], columns: tuple[str, ...] = FRAME_COLUMNS) -> Any:
    """A pandas ``DataFrame`` of the rows (pandas loaded here, and only here; without
    it, the one line of every result's ``to_frame()``)."""
    from shtoss_exact.notebook import pandas_module

    return pandas_module().DataFrame(rows, columns=list(columns))


FRAME_ROWS = ("quantities", "per_abzug")
"""The rows ``to_frame(rows=...)`` takes alone: the whole deal's forms, or the abzugs'."""


class Shown:
    """The displays (Markdown, HTML, LaTeX), ``repr()`` and ``to_frame()`` of a
    closed-forms result, from what ``_shown()`` gives: its ``ClosedForm``s, or one
    ``AbzugForms``."""

    def _shown(self) -> tuple[ClosedForm, ...] | AbzugForms:
        raise NotImplementedError

    def _sections(self, *, markdown: bool = False) -> list[Section]:
        shown = self._shown()
        if isinstance(shown, tuple):
            return sections({"forms": [form.to_dict() for form in shown]}, markdown=markdown)
        return [range_section(shown.to_dict())]

    def _repr_markdown_(self) -> str:
        return "\n\n".join(section_markdown(part) for part in self._sections(markdown=True))

    def _repr_html_(self) -> str:
        return "\n".join(["<div>", *(section_html(part) for part in self._sections()), "</div>"])

    def _repr_latex_(self) -> str:
        shown = self._shown()
        return forms_latex(shown) if isinstance(shown, tuple) else abzug_latex(shown)

    def __repr__(self) -> str:
        shown, kind = self._shown(), type(self).__name__
        if not isinstance(shown, tuple):
            span = f"{shown.first}..{shown.last}"
            return one_line(kind, {"abzug_range": span, "quantities": ", ".join(shown.quantities)})
        if kind == "ClosedForm":
            (form,) = shown
            keys = ("scheme", "copies", "parity", "valid_from", "checked_through")
            return one_line(kind, {key: form.to_dict()[key] for key in keys})
        parities = ", ".join(f"{form.parity.value} n >= {form.valid_from}" for form in shown)
        scheme = shown[0].scheme if shown else ""
        copies = shown[0].copies if shown else 0
        return one_line(kind, {"scheme": scheme, "copies": copies, "parities": parities})

    def to_frame(self, *, rows: str | None = None) -> Any:
        """A pandas ``DataFrame``, one row per form (columns ``FRAME_COLUMNS``; each form a
        sympy expression), or only the whole deal's (``rows="quantities"``) or the
        abzugs' (``rows="per_abzug"``); pandas is needed, and loaded only here."""
        if rows is not None and rows not in FRAME_ROWS:
            from shtoss_exact.errors import ShtossError, quoted

            raise ShtossError(
                _("rows={rows}: allowed None, 'quantities' or 'per_abzug'").format(
                    rows=quoted(rows)
                )
            )
        shown = self._shown()
        if isinstance(shown, tuple):
            found = frame_rows(shown)
            if rows is not None:
                found = [
                    row for row in found if (row["abzug_range"] is None) == (rows == "quantities")
                ]
            return frame(found)
        span = f"{shown.first}..{shown.last}"
        found = [{"abzug_range": span, "quantity": name, "closed_form": expr}
                 for name, expr in shown.quantities.items()]  # fmt: skip
        return frame([] if rows == "quantities" else found, FRAME_COLUMNS[-3:])
