"""Closed forms in the number of cards ``n``, fitted exactly and proved against the engine.

For a fixed number of copies ``m`` and a payout scheme, every count the engine
produces is, for ``n`` of one parity and past a small ``n0``, a polynomial in ``n``
of degree at most ``m``:

* the first copy at a fixed position ``p`` has C(n - p, m - 1) position sets, and
  at a position counted from the end (the last card, the last pair) a constant;
* the given count is sum over j = 1..k of C(n - 2j, m - 1) with k = floor(n/2):
  a sum of a degree m - 1 polynomial in j up to k, so degree m in k, and k is
  linear in n once the parity is fixed; the plié count likewise (degree m - 1);
* a scheme's settlements are those counts (and C(n, m) minus them) times constants.

So P(x) = N(n) / C(n, m) with N a polynomial of degree <= m. It is fitted by
interpolation through ``m + 2`` exact engine values, and then checked at
``VERIFY_POINTS`` further values of ``n``: agreement at more points than the
degree proves the identity for every ``n >= n0`` of that parity, and a failure
is an error, never an answer. Below ``n0`` every ``n`` claimed is checked
directly. sympy's ``summation`` over binomials is never used (it can return
wrong closed forms); binomials are expanded to falling factorials instead.

The per-abzug probabilities are derived, not fitted (from ``P(p) = C(n-p, m-1) /
C(n, m)``, the binomials written as polynomials, exact for ``n - 2j >= 0``), and
checked on a grid of ``(n, j)``.

This is the only module that imports sympy, and only inside functions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any

from shtoss_exact.deck import Deal
from shtoss_exact.engine import counts_at
from shtoss_exact.errors import ShtossError
from shtoss_exact.schemes import Scheme, Soda, scheme_named
from shtoss_exact.tables import SCHEME_OUTCOMES, scheme_outcomes

MAX_COPIES = 8
"""Closed forms are derived for 1 <= copies <= MAX_COPIES."""

VERIFY_POINTS = 30
"""Values of ``n`` checked against the engine beyond the fitting points."""

ABZUG_CHECK_CARDS = 24
"""Deck sizes (of the parity) on which every abzug of a per-abzug formula is checked."""

PER_ABZUG = ("decided_at", "banker_at", "punter_at")
"""Per-abzug quantities, in ``n`` and the abzug ``j``."""

QUANTITY_LABELS: dict[str, str] = {
    "banker": "P(banker wins: the punter's net < 0)",
    "plie": "P(plié)",
    "punter": "P(punter wins: the punter's net > 0)",
    "null": "P(no action: the stake comes back)",
    "ev": "the punter's expected net per unit stake",
    "decided_at": "P(the bet is decided at abzug j)",
    "banker_at": "P(the banker wins at abzug j: killed or plié)",
    "punter_at": "P(the punter's card is given at abzug j)",
}


class Parity(StrEnum):
    """Which deck sizes a closed form covers: even ``n = 2k`` or odd ``n = 2k + 1``."""

    EVEN = "even"
    ODD = "odd"

    def holds(self, cards: int) -> bool:
        return cards % 2 == (0 if self is Parity.EVEN else 1)


@dataclass(frozen=True)
class ClosedForm:
    """Exact closed forms for one scheme, number of copies and parity of ``n``.

    ``quantities`` maps a name (``QUANTITY_LABELS``) to a sympy expression in the
    symbol ``n`` (and ``j``, the abzug, for the per-abzug ones). Each is valid for
    every ``n >= valid_from`` of the parity (per-abzug ones for 1 <= j <= n // 2),
    proved by the checks against the engine up to ``checked_through``.

    >>> form = closed_form(4, parity=Parity.EVEN)
    >>> form.at("banker", 52)
    Fraction(433, 833)
    """

    copies: int
    scheme: str
    parity: Parity
    valid_from: int
    checked_through: int
    quantities: Mapping[str, Any]

    def at(self, name: str, cards: int, abzug: int | None = None) -> Fraction:
        """The exact value of one quantity at ``n = cards`` (and ``j = abzug``)."""
        return _evaluator(self.quantities[name])(cards, abzug or 0)

    def strings(self) -> dict[str, str]:
        """Each quantity as a string sympy parses back (``sympy.sstr``), in ``n`` and ``j``."""
        from sympy import sstr

        return {name: sstr(expr) for name, expr in self.quantities.items()}

    def latex(self) -> dict[str, str]:
        from sympy import latex

        return {name: latex(expr) for name, expr in self.quantities.items()}

    def record(self) -> dict[str, Any]:
        """A JSON-ready record; quantities as strings sympy can parse, in the symbol ``n``."""
        return {
            "copies": self.copies,
            "scheme": self.scheme,
            "parity": self.parity.value,
            "valid_from": self.valid_from,
            "checked_through": self.checked_through,
            "abzug_range": "1 <= j <= floor(n/2)",
            "quantities": self.strings(),
        }


def _symbols() -> tuple[Any, Any]:
    from sympy import Symbol

    return Symbol("n", integer=True, positive=True), Symbol("j", integer=True, positive=True)


def _binomial_poly(x: Any, k: int) -> Any:
    """C(x, k) as the polynomial x (x - 1) ... (x - k + 1) / k!; zero for k < 0.

    Equal to the binomial for every whole x >= 0 (it vanishes for 0 <= x < k).
    """
    from sympy import Integer, factorial

    if k < 0:
        return Integer(0)
    product = Integer(1)
    for i in range(k):
        product *= x - i
    return product / factorial(k)


def _evaluator(expr: Any) -> Callable[[int, int], Fraction]:
    """An exact evaluator of a rational expression in n and j, over Fractions (no floats)."""
    from sympy import Poly, fraction, together

    n, j = _symbols()
    top, bottom = fraction(together(expr))
    terms = [
        [(int(a), int(b), Fraction(int(c.p), int(c.q))) for (a, b), c in Poly(part, n, j).terms()]
        for part in (top, bottom)
    ]

    def value(cards: int, abzug: int) -> Fraction:
        num, den = (sum(c * cards**a * abzug**b for a, b, c in part) for part in terms)
        return Fraction(num) / Fraction(den)

    return value


def _structural_start(scheme: Scheme, copies: int, parity: Parity) -> int:
    """The n0 past which the counts are polynomials: the scheme's fixed positions
    (a named position or abzug from the start) lie before the last three cards,
    so they never meet the positions counted from the end (last pair, last card).
    """
    fixed = [0]
    for match in (*(r.match for r in scheme.rules), *(p.match for p in scheme.premiums)):
        if match.position is not None:
            fixed.append(match.position)
        if match.abzug is not None:
            fixed.append(2 * match.abzug)
    # A burnt soda of another rank needs at least one card that is not a copy.
    start = max(copies + 1 if scheme.dead_first else copies, 1, max(fixed) + 3)
    return start if parity.holds(start) else start + 1


def _fit(points: Sequence[tuple[int, Fraction]]) -> Any:
    """The interpolating polynomial in n through exact points (Rationals, never floats)."""
    from sympy import Rational, interpolate

    n, _ = _symbols()
    data = [(x, Rational(y.numerator, y.denominator)) for x, y in points]
    return interpolate(data, n)


def _check_scheme(scheme: Scheme) -> None:
    if scheme.needs_suits:
        raise ShtossError(
            f"scheme {scheme.name!r} depends on the deciding card's suit: closed forms "
            "are given only for schemes that do not"
        )


def closed_form(copies: int, *, scheme: str | Scheme = "classic", parity: Parity) -> ClosedForm:
    """Closed forms of one scheme for ``copies`` copies and ``n`` of one parity, proved.

    >>> closed_form(1, parity=Parity.EVEN).strings()["punter"]
    '1/2'
    """
    if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= MAX_COPIES:
        raise ShtossError(f"copies={copies!r}: closed forms are derived for 1..{MAX_COPIES} copies")
    rules = scheme_named(scheme) if isinstance(scheme, str) else scheme
    _check_scheme(rules)
    from sympy import factor

    n, _ = _symbols()
    m = copies
    start = _structural_start(rules, m, parity)
    # One more point than the degree bound m + 1 below, then VERIFY_POINTS more.
    fit_sizes = [start + 2 * i for i in range(m + 3)]
    check_sizes = [fit_sizes[-1] + 2 * (i + 1) for i in range(VERIFY_POINTS)]
    values = {size: scheme_outcomes(Deal(size, m), rules) for size in fit_sizes + check_sizes}
    # N(n) = P(n) C(n, m) is a polynomial of degree <= m (module docstring). A scheme
    # that burns the soda plays on C(n - 1, m) = C(n, m) (n - m) / n sets (known soda),
    # or a mixture over C(n, m) (soda before betting); so N(n) (n - m) is a polynomial
    # of degree <= m + 1 in every case, and that is what is fitted.
    denominator = _binomial_poly(n, m) * (n - m)
    quantities: dict[str, Any] = {}
    for name in SCHEME_OUTCOMES:
        numerator = _fit([(s, values[s][name] * _binom(s, m) * (s - m)) for s in fit_sizes])
        quantities[name] = factor(numerator / denominator)
    quantities.update(_abzug_forms(rules, m))
    form = ClosedForm(m, rules.name, parity, start, check_sizes[-1], quantities)
    _verify(form, rules, values, low=start)
    _verify_abzugs(form, rules, sizes=range(start, start + 2 * ABZUG_CHECK_CARDS, 2))
    return _extend_down(form, rules)


def _abzug_forms(scheme: Scheme, m: int) -> dict[str, Any]:
    """P(decided / banker / punter at abzug j) in n and j, for the deck the bet is played on.

    On N cards with M copies, with x = N - 2j >= 0: the first copy at 2j - 1 (the lob;
    killed or plié) in C(x + 1, M - 1) sets, at 2j (the sonik, given) in C(x, M - 1),
    over C(N, M). Factored in x first, then x = N - 2j put in, so the factors read
    (N - 2j + c). A burnt soda plays on N = n - 1 cards: all m copies when it is known,
    and when it is not, m - 1 copies with weight m / n (the soda was a copy).
    """
    from sympy import Symbol, factor

    n, j = _symbols()
    x = Symbol("x")

    def on(cards: Any, copies: int) -> dict[str, Any]:
        banker_at = _binomial_poly(x + 1, copies - 1) / _binomial_poly(cards, copies)
        punter_at = _binomial_poly(x, copies - 1) / _binomial_poly(cards, copies)
        return {
            "decided_at": banker_at + punter_at,
            "banker_at": banker_at,
            "punter_at": punter_at,
        }

    played = n - 1 if scheme.dead_first else n
    if not scheme.dead_first:
        parts = [(1, on(n, m))]
    elif scheme.soda is Soda.KNOWN:
        parts = [(1, on(n - 1, m))]
    else:
        parts = [((n - m) / n, on(n - 1, m)), (m / n, on(n - 1, m - 1))]
    return {
        name: factor(sum(w * part[name] for w, part in parts)).subs(x, played - 2 * j)
        for name in PER_ABZUG
    }


def _binom(cards: int, copies: int) -> int:
    from math import comb

    return comb(cards, copies)


def _verify(
    form: ClosedForm,
    scheme: Scheme,
    values: Mapping[int, Mapping[str, Fraction]],
    *,
    low: int,
) -> None:
    """Raise unless every quantity equals the engine at every size in ``values``."""
    for name in SCHEME_OUTCOMES:
        evaluate = _evaluator(form.quantities[name])
        for size, row in values.items():
            if size >= low and evaluate(size, 0) != row[name]:
                raise ShtossError(
                    f"closed form of {name} for {form.scheme}, copies={form.copies} "
                    f"fails at n={size}: refusing to return it"
                )


def _verify_abzugs(form: ClosedForm, scheme: Scheme, *, sizes: Sequence[int]) -> None:
    evaluators = {name: _evaluator(form.quantities[name]) for name in PER_ABZUG}
    m = form.copies
    for size in sizes:
        parts = scheme.played_deals(Deal(size, m))
        weight = sum(w for w, _ in parts)
        played = parts[0][1].cards
        for abzug in range(1, played // 2 + 1):
            banker = punter = Fraction(0)
            for w, deal in parts:
                total = _binom(deal.cards, deal.copies)
                lob = counts_at(deal.cards, deal.copies, 2 * abzug - 1)
                sonik = counts_at(deal.cards, deal.copies, 2 * abzug)
                banker += Fraction(w * (lob.killed + lob.plie), total * weight)
                punter += Fraction(w * sonik.given, total * weight)
            engine = {"banker_at": banker, "punter_at": punter, "decided_at": banker + punter}
            for name, evaluate in evaluators.items():
                if evaluate(size, abzug) != engine[name]:
                    raise ShtossError(
                        f"closed form of {name} for copies={m} fails at n={size}, "
                        f"j={abzug}: refusing to return it"
                    )


def _extend_down(form: ClosedForm, scheme: Scheme) -> ClosedForm:
    """Lower ``valid_from`` past n0 while the engine agrees at each smaller size checked."""
    low = form.valid_from
    while low - 2 >= max(form.copies, 1):
        size = low - 2
        try:
            _verify(form, scheme, {size: scheme_outcomes(Deal(size, form.copies), scheme)}, low=0)
            _verify_abzugs(form, scheme, sizes=[size])
        except ShtossError:
            break
        low = size
    return ClosedForm(
        form.copies, form.scheme, form.parity, low, form.checked_through, form.quantities
    )


def closed_forms(
    copies: int, *, scheme: str | Scheme = "classic", parity: Parity | None = None
) -> tuple[ClosedForm, ...]:
    """Closed forms for one parity, or for both (even first) when ``parity`` is None.

    >>> [f.parity.value for f in closed_forms(2)]
    ['even', 'odd']
    """
    parities = (Parity.EVEN, Parity.ODD) if parity is None else (parity,)
    return tuple(closed_form(copies, scheme=scheme, parity=p) for p in parities)


def pretty(expr: Any) -> str:
    """A two-dimensional Unicode rendering of an expression (``sympy.pretty``)."""
    from sympy import pretty as sympy_pretty

    return str(sympy_pretty(expr, use_unicode=True))


def describe(form: ClosedForm) -> str:
    """One line naming the scheme, copies, parity and the range the forms are proved for."""
    k = "n = 2k" if form.parity is Parity.EVEN else "n = 2k + 1"
    return (
        f"{form.scheme} scheme, {form.copies} {'copy' if form.copies == 1 else 'copies'} "
        f"of the punter's rank, {form.parity.value} "
        f"{k}: valid for {form.parity.value} n >= {form.valid_from}, checked against the "
        f"engine through n = {form.checked_through}; per abzug for 1 <= j <= floor(n/2)"
    )


def render_text(forms: Sequence[ClosedForm]) -> str:
    """The closed forms as text: each quantity's label, then its two-dimensional rendering."""
    blocks = []
    for form in forms:
        lines = [describe(form)]
        for name, expr in form.quantities.items():
            lines.append("")
            lines.append(f"{name}: {QUANTITY_LABELS[name]} =")
            lines.extend("    " + line.rstrip() for line in pretty(expr).splitlines())
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def render_latex(forms: Sequence[ClosedForm]) -> str:
    """The closed forms as LaTeX: a comment line per parity, then one ``align*`` block."""
    blocks = []
    for form in forms:
        rows = [
            "  \\mathrm{" + name.replace("_", r"\_") + "} &= " + tex + r" \\"
            for name, tex in form.latex().items()
        ]
        rows[-1] = rows[-1].removesuffix(" \\\\")
        blocks.append("\n".join([f"% {describe(form)}", "\\begin{align*}", *rows, "\\end{align*}"]))
    return "\n\n".join(blocks)
