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

The forms come back as values (``ClosedForm``, ``ClosedForms``: in ``result``, and
importable from here too). Only the forms' own modules (``result``, ``display``,
``expr``) import sympy, and only inside functions: sympy builds and prints the
expressions (``str``, ``latex``); nothing is ever parsed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import factorial

from shtoss_exact.deck import Deal
from shtoss_exact.engine import Kind
from shtoss_exact.errors import ShtossError, shown_number
from shtoss_exact.i18n import _
from shtoss_exact.limits import Cost, check_cost
from shtoss_exact.numbers import whole_number
from shtoss_exact.schemes.files import as_scheme
from shtoss_exact.schemes.scheme import Scheme, SchemeArgument
from shtoss_exact.symbolic.abzug import (
    PER_ABZUG,
    AbzugPlan,
    engine_abzugs,
    head_positions,
    plan_abzugs,
)
from shtoss_exact.symbolic.expr import N, affine_expr, compile_form, rational_expr
from shtoss_exact.symbolic.poly import QPoly, falling, interpolate
from shtoss_exact.symbolic.result import (
    WHOLE_DEAL,
    AbzugForms,
    ClosedForm,
    ClosedForms,
    Parity,
    as_parity,
)

__all__ = [
    "ABZUG_EDGE",
    "EXTEND_STEPS",
    "MAX_COPIES",
    "PER_ABZUG",
    "VERIFY_POINTS",
    "WHOLE_DEAL",
    "AbzugForms",
    "ClosedForm",
    "ClosedForms",
    "Parity",
    "as_parity",
    "closed_form",
    "closed_forms",
    "estimated_seconds",
]

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


def _copies(value: object) -> int:
    copies = whole_number(value, name="copies")
    if not 1 <= copies <= MAX_COPIES:
        raise ShtossError(
            _("copies={short}: closed forms are derived for 1..{max_copies} copies").format(
                short=shown_number(copies), max_copies=MAX_COPIES
            )
        )
    return copies


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
