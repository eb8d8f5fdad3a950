"""The closed forms as values: ``ClosedForm`` for one scheme, number of copies and
parity of ``n``, ``ClosedForms`` for one or both parities, ``AbzugForms`` for one range
of abzugs. Each evaluates its forms exactly (``at``), is a record (``to_dict``), shows
itself in a notebook and pickles as the forms it compiles; ``forms`` derives and proves
them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any

from shtoss_exact.errors import ShtossError, quoted, shown_number
from shtoss_exact.i18n import _
from shtoss_exact.numbers import whole_number
from shtoss_exact.records import Record, frozen_hash
from shtoss_exact.symbolic.abzug import PER_ABZUG, AbzugPlan, Bound
from shtoss_exact.symbolic.display import Shown
from shtoss_exact.symbolic.expr import Evaluator, compile_form, expr_from_tree, expr_tree

WHOLE_DEAL = ("banker", "punter", "null", "killed", "plie", "given", "ev")
"""Whole-deal quantities, in ``n``: who wins, where the first copy falls, the punter's EV."""


class Parity(StrEnum):
    """Which deck sizes a closed form covers: even ``n = 2k`` or odd ``n = 2k + 1``."""

    EVEN = "even"
    ODD = "odd"

    def holds(self, cards: int) -> bool:
        return cards % 2 == (0 if self is Parity.EVEN else 1)


def as_parity(value: object, *, both: bool = False) -> Parity:
    """A ``Parity`` from a library argument: a ``Parity`` or ``"even"``/``"odd"``
    (``both``: the caller also takes ``"both"``, named in the refusal).

    >>> as_parity("odd")
    <Parity.ODD: 'odd'>
    """
    if isinstance(value, Parity):
        return value
    if isinstance(value, str) and value.strip().lower() in ("even", "odd"):
        return Parity(value.strip().lower())
    allowed = "'even', 'odd' or 'both'" if both else "'even' or 'odd'"
    raise ShtossError(
        _("parity={value}: allowed {allowed} (or a Parity)").format(
            value=quoted(value), allowed=allowed
        )
    )


@dataclass(frozen=True, repr=False, kw_only=True)
class AbzugForms(Shown, Record):
    """The per-abzug closed forms on one range of abzugs ``first <= j <= last``.

    ``first`` and ``last`` are sympy expressions in ``n``; ``quantities`` maps each of
    ``decided_at``, ``banker_at``, ``punter_at``, ``null_at`` to one in ``n`` and ``j``
    (in ``n`` alone where the range is one abzug).

    >>> from shtoss_exact.symbolic.forms import closed_form
    >>> closed_form(2, parity="even").per_abzug[0].to_dict()["abzug_range"]
    ['1', 'n/2']
    """

    first: Any
    last: Any
    quantities: Mapping[str, Any]
    _bounds: tuple[Bound, Bound] = field(compare=False)
    _evaluators: Mapping[str, Evaluator] = field(compare=False)

    def __hash__(self) -> int:  # the fields hold mappings: hashed by their items
        return frozen_hash(self)

    def __reduce__(self) -> tuple[Any, ...]:
        # The evaluators are compiled functions: pickled as the forms they compile.
        trees = {name: expr_tree(expr) for name, expr in self.quantities.items()}
        return (_abzug_forms, (expr_tree(self.first), expr_tree(self.last), trees, self._bounds))

    def holds(self, cards: int, abzug: int) -> bool:
        """True when abzug ``j`` of the deck of ``n = cards`` lies in this range."""
        return self._bounds[0].at(cards) <= abzug <= self._bounds[1].at(cards)

    def to_dict(self, *, latex: bool = False) -> dict[str, Any]:
        record: dict[str, Any] = {"abzug_range": [str(self.first), str(self.last)]}
        record.update({name: str(expr) for name, expr in self.quantities.items()})
        if latex:
            from sympy import latex as to_latex

            record["latex"] = {
                "abzug_range": [to_latex(self.first), to_latex(self.last)],
                **{name: to_latex(expr) for name, expr in self.quantities.items()},
            }
        return record

    def _shown(self) -> AbzugForms:
        return self


@dataclass(frozen=True, repr=False, kw_only=True)
class ClosedForm(Shown, Record):
    """Exact closed forms for one scheme, number of copies and parity of ``n``.

    ``quantities`` maps each whole-deal quantity (``WHOLE_DEAL``) to a sympy
    expression in the symbol ``n``; ``per_abzug`` gives the forms by abzug, each on
    its range. Every form holds for every ``n >= valid_from`` of the parity, proved
    by the checks against the engine through ``checked_through``. For a scheme that
    burns the soda, ``n`` is the whole deck and the abzugs are those of the ``n - 1``
    cards after it.

    >>> from shtoss_exact.symbolic.forms import closed_form
    >>> form = closed_form(4, parity="even")
    >>> form.at("banker", 52), form.at("punter_at", 52, abzug=1)
    (Fraction(433, 833), Fraction(16, 221))

    In a notebook it shows every form (Markdown, HTML, LaTeX); ``to_frame()`` gives
    one row per form: for 2 copies and even ``n``, the 7 whole-deal forms and the 4 of
    the one range of abzugs, ``1 <= j <= n/2``:

    >>> closed_form(2, parity="even").to_frame().shape
    (11, 8)
    """

    copies: int
    scheme: str
    parity: Parity
    valid_from: int
    checked_through: int
    quantities: Mapping[str, Any]
    per_abzug: tuple[AbzugForms, ...]
    _plan: AbzugPlan = field(compare=False)
    _evaluators: Mapping[str, Evaluator] = field(compare=False)

    def __hash__(self) -> int:  # the fields hold mappings: hashed by their items
        return frozen_hash(self)

    def __reduce__(self) -> tuple[Any, ...]:
        # The evaluators are compiled functions: pickled as the forms they compile.
        fields = (self.copies, self.scheme, self.parity, self.valid_from, self.checked_through)
        trees = {name: expr_tree(expr) for name, expr in self.quantities.items()}
        return (_closed_form, (*fields, trees, self.per_abzug, self._plan))

    def at(self, name: str, cards: int, abzug: int | None = None) -> Fraction:
        """The exact value of one quantity at ``n = cards`` (and abzug ``j = abzug``),
        from the form as printed; refused outside the range the form is proved on.

        >>> from shtoss_exact.symbolic.forms import closed_form
        >>> closed_form(4, parity="even").at("plie", 52)
        Fraction(33, 833)
        """
        if not isinstance(name, str) or (name not in WHOLE_DEAL and name not in PER_ABZUG):
            allowed = ", ".join((*WHOLE_DEAL, *PER_ABZUG))
            raise ShtossError(
                _("quantity {name} is not a closed form: allowed {allowed}").format(
                    name=quoted(name), allowed=allowed
                )
            )
        n = whole_number(cards, name="cards")
        if not self.parity.holds(n) or n < self.valid_from:
            raise ShtossError(
                _("cards={short}: this form holds for {value} n >= {valid_from}").format(
                    short=_short(n), value=self.parity.value, valid_from=self.valid_from
                )
            )
        if name in WHOLE_DEAL:
            if abzug is not None:
                raise ShtossError(
                    _("abzug={abzug}: {name} is a whole-deal quantity, it takes no abzug").format(
                        abzug=quoted(abzug), name=name
                    )
                )
            return Fraction(*self._evaluators[name](n, 0))
        if abzug is None:
            raise ShtossError(
                _("{name} is a per-abzug quantity: give abzug=j, 1 <= j").format(name=name)
            )
        j = whole_number(abzug, name="abzug", minimum=1)
        for forms in self.per_abzug:
            if forms.holds(n, j):
                return Fraction(*forms._evaluators[name](n, j))
        raise ShtossError(
            _("abzug={short}: the deck of n={n} has abzugs 1..{last_abzug}").format(
                short=_short(j), n=n, last_abzug=self._plan.last_abzug(n)
            )
        )

    def to_dict(self, *, latex: bool = False) -> dict[str, Any]:
        record: dict[str, Any] = {
            "scheme": self.scheme,
            "copies": self.copies,
            "parity": self.parity.value,
            "valid_from": self.valid_from,
            "checked_through": self.checked_through,
            "quantities": {name: str(expr) for name, expr in self.quantities.items()},
            "per_abzug": [forms.to_dict(latex=latex) for forms in self.per_abzug],
        }
        if latex:
            from sympy import latex as to_latex

            record["latex"] = {name: to_latex(expr) for name, expr in self.quantities.items()}
        return record

    def _shown(self) -> tuple[ClosedForm, ...]:
        return (self,)


def _short(number: int) -> str:
    """A whole number for a message: itself, or its size when it is huge."""
    return shown_number(number)


def _abzug_forms(first: Any, last: Any, trees: dict[str, Any], bounds: Any) -> AbzugForms:
    quantities = {name: expr_from_tree(tree) for name, tree in trees.items()}
    compiled = {name: compile_form(expr) for name, expr in quantities.items()}
    return AbzugForms(
        first=expr_from_tree(first),
        last=expr_from_tree(last),
        quantities=quantities,
        _bounds=bounds,
        _evaluators=compiled,
    )


def _closed_form(
    copies: int, scheme: str, parity: Parity, valid_from: int, checked_through: int,
    trees: dict[str, Any], per_abzug: tuple[AbzugForms, ...], plan: AbzugPlan,
) -> ClosedForm:  # fmt: skip
    quantities = {name: expr_from_tree(tree) for name, tree in trees.items()}
    compiled = {name: compile_form(expr) for name, expr in quantities.items()}
    return ClosedForm(
        copies=copies,
        scheme=scheme,
        parity=parity,
        valid_from=valid_from,
        checked_through=checked_through,
        quantities=quantities,
        per_abzug=per_abzug,
        _plan=plan,
        _evaluators=compiled,
    )


@dataclass(frozen=True, repr=False, kw_only=True)
class ClosedForms(Shown, Record):
    """Closed forms for one or both parities (even first): iterate over ``forms``.

    >>> from shtoss_exact.symbolic.forms import closed_forms
    >>> [form.parity.value for form in closed_forms(2)]
    ['even', 'odd']

    Two copies in an odd deck of n: a plié is both in one of the (n - 1)/2 full
    abzugs, out of C(n, 2) places, so 1/n:

    >>> closed_forms(2)[1].at("plie", 51)
    Fraction(1, 51)
    """

    forms: tuple[ClosedForm, ...]

    def __iter__(self) -> Iterator[ClosedForm]:
        return iter(self.forms)

    def __len__(self) -> int:
        return len(self.forms)

    def __getitem__(self, index: int) -> ClosedForm:
        return self.forms[index]

    def to_dict(self, *, latex: bool = False) -> dict[str, Any]:
        return {"forms": [form.to_dict(latex=latex) for form in self.forms]}

    def _shown(self) -> tuple[ClosedForm, ...]:
        return self.forms
