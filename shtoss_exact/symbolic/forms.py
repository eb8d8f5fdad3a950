"""Closed forms in the number of cards ``n``, fitted exactly and proved against the engine.

For a fixed number of copies ``m`` and a payout scheme, every count the engine
produces is, for ``n`` of one parity and past a small ``n0``, a polynomial in ``n``:

* the first copy at a fixed position ``p`` has C(n - p, m - 1) position sets, and
  at a position counted from the end (the last card, the last pair) a constant;
* the given count is the sum over j = 1..k of C(n - 2j, m - 1) with k = floor(n/2):
  a sum of a degree m - 1 polynomial in j up to k, so degree m in k, and k is
  linear in n once the parity is fixed; the plié count likewise (degree m - 1);
* a scheme's settlements are those counts (and C(n, m) minus them) times constants.

So each whole-deal probability is N(n) / C(n, m), N of degree <= m (a burnt soda
plays on C(n - 1, m) sets: then N(n) n / (C(n, m) (n - m)), so N(n) (n - m) has
degree <= m + 1 in every case). It is fitted by exact interpolation through
``m + 2`` engine values (``symbolic_poly``, over Python ints), and the form
printed is then compared with the engine at every ``n`` of the parity from
``valid_from`` through ``checked_through`` (``VERIFY_POINTS`` beyond the fitting
points): agreement at more points than the degree proves the identity for every
``n >= n0`` of that parity, and a failure is an error, never an answer. Below
``n0`` every ``n`` claimed is checked directly. sympy's ``summation`` over
binomials is never used (it can return wrong closed forms).

The per-abzug forms are derived, not fitted (``symbolic_abzug``), and compared
with the engine at every abzug of the same deck sizes.

Only this module and ``symbolic_expr`` import sympy, and only inside functions:
sympy builds and prints the expressions (``str``, ``latex``); nothing is ever parsed.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from math import factorial
from typing import Any

from shtoss_exact.deck import Deal
from shtoss_exact.engine import Kind
from shtoss_exact.errors import ShtossError, quoted, shown_number
from shtoss_exact.i18n import _
from shtoss_exact.limits import Cost, check_cost
from shtoss_exact.numbers import whole_number
from shtoss_exact.records import Record, frozen_hash
from shtoss_exact.schemes.files import as_scheme
from shtoss_exact.schemes.scheme import Scheme, SchemeArgument
from shtoss_exact.symbolic.abzug import (
    PER_ABZUG,
    AbzugPlan,
    Bound,
    engine_abzugs,
    head_positions,
    plan_abzugs,
)
from shtoss_exact.symbolic.display import Shown
from shtoss_exact.symbolic.expr import (
    Evaluator,
    N,
    affine_expr,
    compile_form,
    expr_from_tree,
    expr_tree,
    rational_expr,
)
from shtoss_exact.symbolic.poly import QPoly, falling, interpolate

MAX_COPIES = 12
"""Closed forms are derived for 1 <= copies <= MAX_COPIES."""

VERIFY_POINTS = 30
"""Values of ``n`` checked against the engine beyond the fitting points."""

ABZUG_EDGE = 64
"""In a deck with more abzugs than this at either end of a form's range, the abzugs
checked are the first and the last ``ABZUG_EDGE`` of the range (with a form of degree
below ``m`` in the abzug, more points than its degree)."""

EXTEND_STEPS = 64
"""Most deck sizes below ``n0`` tried one by one for ``valid_from``."""

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


def _copies(value: object) -> int:
    copies = whole_number(value, name="copies")
    if not 1 <= copies <= MAX_COPIES:
        raise ShtossError(
            _("copies={short}: closed forms are derived for 1..{max_copies} copies").format(
                short=_short(copies), max_copies=MAX_COPIES
            )
        )
    return copies


@dataclass(frozen=True, repr=False, kw_only=True)
class AbzugForms(Shown, Record):
    """The per-abzug closed forms on one range of abzugs ``first <= j <= last``.

    ``first`` and ``last`` are sympy expressions in ``n``; ``quantities`` maps each of
    ``decided_at``, ``banker_at``, ``punter_at``, ``null_at`` to one in ``n`` and ``j``
    (in ``n`` alone where the range is one abzug).

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


def closed_form(
    copies: int, *, scheme: SchemeArgument = "classic", parity: Parity | str
) -> ClosedForm:
    """Closed forms of one scheme for ``copies`` copies and ``n`` of one parity, proved.

    ``scheme`` is a ``Scheme``, a built-in name (Russian names too) or a scheme file's
    path, ``parity`` a ``Parity`` or ``"even"``/``"odd"``.

    >>> closed_form(4, parity="even").quantities["plie"]
    (2*n - 5)/((n - 3)*(n - 1))
    """
    m = _copies(copies)
    rules = as_scheme(scheme)
    chosen = as_parity(parity)
    if rules.needs_suits:
        raise ShtossError(
            _(
                "scheme {name!r} depends on the deciding card's suit: closed forms are given only "
                "for schemes that do not"
            ).format(name=rules.name)
        )
    check_cost(
        Cost(seconds=estimated_seconds(rules, m)),
        what=_(
            "closed forms for scheme {name!r} with copies={m} (its rules name places up to "
            "position {head_positions})"
        ).format(name=rules.name, m=m, head_positions=head_positions(rules)),
        advice=_("use fewer copies or a scheme naming fewer places"),
    )
    plan = plan_abzugs(rules, m, even=chosen is Parity.EVEN)
    sizes = [plan.start + 2 * i for i in range(m + 3 + VERIFY_POINTS)]
    engine = {size: _engine_totals(rules, size, m) for size in sizes}
    # N(n) (n - m) has degree <= m + 1 (module docstring): fitted over C(n, m) (n - m).
    over = falling(range(m + 1)).times(Fraction(1, factorial(m)))
    fitted = {
        name: _fit([(size, engine[size][name] * over(size)) for size in sizes[: m + 2]])
        for name in WHOLE_DEAL
    }
    form = _assemble(rules, m, chosen, plan, fitted, valid_from=plan.start, through=sizes[-1])
    for size in sizes:
        problem = _problem(form, rules, size, engine[size])
        if problem is not None:
            raise ShtossError(
                _(
                    "closed form for {name}, copies={m} fails at n={size}: {problem}; refusing to "
                    "return it"
                ).format(name=rules.name, m=m, size=size, problem=problem)
            )
    return _extend_down(form, rules)


def closed_forms(
    copies: int, *, scheme: SchemeArgument = "classic", parity: Parity | str | None = None
) -> ClosedForms:
    """Closed forms for one parity, or for both (even first) when ``parity`` is None
    or ``"both"``.

    >>> closed_forms(1, parity="odd")[0].quantities["punter"]
    (n - 1)/(2*n)
    """
    parities: tuple[Parity, ...] = (Parity.EVEN, Parity.ODD)
    if parity is not None and not (isinstance(parity, str) and parity.strip().lower() == "both"):
        parities = (as_parity(parity, both=True),)
    m = _copies(copies)
    rules = as_scheme(scheme)
    return ClosedForms(forms=tuple(closed_form(m, scheme=rules, parity=p) for p in parities))


# --- cost ------------------------------------------------------------------------------------

# Seconds per unit of work, measured on one core of a 2-core x86_64 machine (see
# ``estimated_seconds``); the estimate is meant to be within a few times either way.
_SECONDS_PER_SETTLE = 2.5e-7
_SECONDS_PER_ABZUG = 2e-5
_SECONDS_PER_FORM = 0.0005


def estimated_seconds(scheme: Scheme, copies: int) -> float:
    """An estimate of the time ``closed_form`` takes for one parity, before computing.

    The work is: the engine at ``m + 33`` deck sizes (and at most ``EXTEND_STEPS``
    below them), each settling every kind at each position the scheme names (a
    settlement tries the rules in turn), once for the whole deal and once by abzug;
    every abzug of those decks checked (at most ``2 * ABZUG_EDGE`` per range); and the
    sympy forms, one per quantity and range, more of them the more abzugs the
    scheme names.

    >>> from shtoss_exact.schemes.scheme import scheme_named
    >>> estimated_seconds(scheme_named("classic"), 4) < 1
    True
    """
    matches = [*(r.match for r in scheme.rules), *(p.match for p in scheme.premiums)]
    rules = len(matches) + 1
    head = len({m.position for m in matches if m.position is not None})
    head += 2 * len({m.abzug for m in matches if m.abzug is not None})
    start = 2 * ((head_positions(scheme) + 1) // 2) + 4 + copies
    sizes = copies + 3 + VERIFY_POINTS + min(EXTEND_STEPS, start // 2)
    ranges = 2 * head + 3  # a range between named abzugs, each named one, the end
    per_size = min(start // 2 + sizes, (head + 1) * 2 * ABZUG_EDGE + head + 2)
    settles = sizes * 6 * (head + 4) * rules
    forms = (len(WHOLE_DEAL) + len(PER_ABZUG) * ranges) * (1 + copies / 4)
    return (
        settles * _SECONDS_PER_SETTLE
        + sizes * per_size * _SECONDS_PER_ABZUG * (1 + copies / 8)
        + forms * _SECONDS_PER_FORM
    )


# --- the engine, the fit ---------------------------------------------------------------------


def _engine_totals(scheme: Scheme, cards: int, copies: int) -> dict[str, Fraction]:
    """The engine's whole-deal values at ``n = cards``: who wins (by the scheme's
    settlement), where the first copy falls (by kind) and the punter's EV."""
    counts = scheme.settlement_counts(Deal(cards, copies))
    tally = dict.fromkeys(WHOLE_DEAL[:-1], 0)
    for (payoff, null, kind), count in counts.items.items():
        if null or payoff == 0:
            tally["null"] += count
        else:
            tally["banker" if payoff < 0 else "punter"] += count
        if kind is not Kind.NONE:
            tally[kind.value] += count
    values = {name: Fraction(count, counts.total) for name, count in tally.items()}
    values["ev"] = counts.mean
    return values


def _fit(points: Sequence[tuple[int, Fraction]]) -> QPoly:
    """The interpolating polynomial in n through exact points (over Python ints)."""
    return interpolate(points)


def _assemble(
    scheme: Scheme,
    m: int,
    parity: Parity,
    plan: AbzugPlan,
    fitted: Mapping[str, QPoly],
    *,
    valid_from: int,
    through: int,
) -> ClosedForm:
    """The sympy forms of the fitted whole-deal polynomials and of the per-abzug plan."""
    scale = Fraction(factorial(m))  # the denominators are prod(n - r) / m!
    quantities = {
        name: rational_expr(fitted[name], range(m + 1), N, scale=scale) for name in WHOLE_DEAL
    }
    per_abzug = []
    denominator = range(plan.shift, plan.shift + m)
    for segment in plan.segments:
        if segment.single:
            # One abzug, j = a n + b: K(n - dead - 2 (a n + b)), a form in n alone.
            a, b = segment.first.a, segment.first.b
            forms = {
                name: rational_expr(
                    poly.compose(1 - 2 * a, -plan.dead - 2 * b), denominator, N, scale=scale
                )
                for name, poly in segment.values.items()
            }
        else:
            x = (1, -2, -plan.dead)  # the cards after abzug j
            forms = {
                name: rational_expr(poly, denominator, x, scale=scale)
                for name, poly in segment.values.items()
            }
        per_abzug.append(
            AbzugForms(
                first=affine_expr(segment.first.a, segment.first.b),
                last=affine_expr(segment.last.a, segment.last.b),
                quantities=forms,
                _bounds=(segment.first, segment.last),
                _evaluators={name: compile_form(expr) for name, expr in forms.items()},
            )
        )
    return ClosedForm(
        copies=m,
        scheme=scheme.name,
        parity=parity,
        valid_from=valid_from,
        checked_through=through,
        quantities=quantities,
        per_abzug=tuple(per_abzug),
        _plan=plan,
        _evaluators={name: compile_form(expr) for name, expr in quantities.items()},
    )


# --- the proof against the engine ------------------------------------------------------------


def _checked_abzugs(first: int, last: int) -> range | list[int]:
    if last - first + 1 <= 2 * ABZUG_EDGE:
        return range(first, last + 1)
    return [*range(first, first + ABZUG_EDGE), *range(last - ABZUG_EDGE + 1, last + 1)]


def _problem(
    form: ClosedForm, scheme: Scheme, cards: int, totals: Mapping[str, Fraction]
) -> str | None:
    """What disagrees with the engine at ``n = cards`` (None when every form agrees)."""
    try:
        for name in WHOLE_DEAL:
            top, bottom = form._evaluators[name](cards, 0)
            if top * totals[name].denominator != bottom * totals[name].numerator:
                return f"{name} is not the engine's {totals[name]}"
        if not form._plan.tiles(cards):
            return "the abzug ranges do not cover the deck's abzugs once each"
        sums = dict.fromkeys(PER_ABZUG, 0)
        checks = []
        for forms in form.per_abzug:
            first, last = (bound.at(cards) for bound in forms._bounds)
            checks.append((forms, _checked_abzugs(first, last)))
        abzugs = [abzug for _, chosen in checks for abzug in chosen]
        whole = len(abzugs) == form._plan.last_abzug(cards)
        denominator, engine = engine_abzugs(scheme, cards, form.copies, abzugs)
        for forms, chosen in checks:
            for abzug in chosen:
                counts = engine[abzug]
                for name, evaluate in forms._evaluators.items():
                    top, bottom = evaluate(cards, abzug)
                    if top * denominator != bottom * counts[name]:
                        value = Fraction(counts[name], denominator)
                        return f"{name} at abzug {abzug} is not the engine's {value}"
                    sums[name] += counts[name]
    except ZeroDivisionError:
        return "a form divides by zero"
    decided = totals["killed"] + totals["plie"] + totals["given"]
    expected = {
        "decided_at": decided,
        "banker_at": totals["banker"],
        "punter_at": totals["punter"],
        "null_at": totals["null"] - (1 - decided),
    }
    if whole and any(Fraction(sums[k], denominator) != v for k, v in expected.items()):
        return "the per-abzug forms do not add up to the whole deal"
    return None


def _extend_down(form: ClosedForm, scheme: Scheme) -> ClosedForm:
    """Lower ``valid_from`` past n0 while every form agrees with the engine at each
    smaller size of the parity (at most ``EXTEND_STEPS`` sizes)."""
    low = form.valid_from
    for _step in range(EXTEND_STEPS):
        size = low - 2
        if size < 1:
            break
        try:
            totals = _engine_totals(scheme, size, form.copies)
        except ShtossError:  # no such deck (more copies than cards, a soda of the rank)
            break
        if _problem(form, scheme, size, totals) is not None:
            break
        low = size
    return ClosedForm(
        copies=form.copies,
        scheme=form.scheme,
        parity=form.parity,
        valid_from=low,
        checked_through=form.checked_through,
        quantities=form.quantities,
        per_abzug=form.per_abzug,
        _plan=form._plan,
        _evaluators=form._evaluators,
    )
