"""The sympy expressions of the closed forms, built from the exact polynomials, and their
exact evaluators.

A form is written as one product: a rational constant, linear factors such as
``(-2*j + n - 1)``, what does not split into them, and ``(n - r)**-1`` for the
denominator. Whole roots are found by exact division; what is left is factored over
the integers by sympy's ``dup_factor_list`` on lists of ints. Sums are built
unevaluated (``Add(..., evaluate=False)``): sympy prints them in its usual order, and
nothing is simplified behind the form's back (sympy's evaluation of sums also loads
its tensor and combinatorics modules, a tenth of the command's start-up).

``compile_form`` turns an expression back into an exact evaluator over Python ints,
so that what is checked against the engine is the form as printed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from math import gcd, lcm
from typing import Any

from shtoss_exact.symbolic.poly import QPoly

Linear = tuple[int, int, int]
"""``(a, b, c)``: the linear form ``a*n + b*j + c``."""

N: Linear = (1, 0, 0)

Evaluator = Callable[[int, int], tuple[int, int]]
"""An exact evaluator of a printed form at (n, j): a numerator and a denominator (ints,
not reduced; the denominator may be negative)."""


def symbols() -> tuple[Any, Any]:
    """The symbols ``n`` (cards) and ``j`` (abzug), whole and positive."""
    from sympy import Symbol

    return Symbol("n", integer=True, positive=True), Symbol("j", integer=True, positive=True)


def linear_expr(form: Linear) -> Any:
    """``a*n + b*j + c`` as an unevaluated sympy sum (or its one term).

    >>> linear_expr((1, -2, -1))
    -2*j + n - 1
    """
    from sympy import Add, Integer, Mul

    n, j = symbols()
    a, b, c = form
    terms: list[Any] = []
    for coefficient, symbol in ((a, n), (b, j)):
        if coefficient:
            terms.append(symbol if coefficient == 1 else Mul(Integer(coefficient), symbol))
    if c or not terms:
        terms.append(Integer(c))
    return terms[0] if len(terms) == 1 else Add(*terms, evaluate=False)


def affine_expr(a: Fraction, b: Fraction) -> Any:
    """``a*n + b`` for the bounds of an abzug range, e.g. ``n/2 - 1/2``.

    >>> affine_expr(Fraction(1, 2), Fraction(-1, 2))
    n/2 - 1/2
    """
    from sympy import Add, Mul, Rational

    n, _ = symbols()
    terms: list[Any] = []
    if a:
        terms.append(n if a == 1 else Mul(Rational(a.numerator, a.denominator), n))
    if b or not terms:
        terms.append(Rational(b.numerator, b.denominator))
    return terms[0] if len(terms) == 1 else Add(*terms, evaluate=False)


def _factors(poly: QPoly, y: Linear) -> tuple[Fraction, list[Any]]:
    """``poly(y)`` as a constant and sympy factors (``poly`` not zero)."""
    from sympy import Add, Pow
    from sympy.polys.domains import ZZ
    from sympy.polys.factortools import dup_factor_list

    a, b, c = y
    factors: list[Any] = []
    rest = poly
    window = 2 * poly.degree + 8
    for root in range(-window, window + 1):
        while rest.degree >= 1:
            smaller = rest.without_root(root)
            if smaller is None:
                break
            factors.append(linear_expr((a, b, c - root)))
            rest = smaller
    constant = Fraction(gcd(*rest.coeffs), rest.den)
    if rest.degree == 0:
        return constant * (1 if rest.coeffs[0] > 0 else -1), factors
    content, parts = dup_factor_list([ZZ(k // constant.numerator) for k in reversed(rest.coeffs)],
                                     ZZ)  # fmt: skip
    constant *= int(content)
    variable = linear_expr(y)
    for coefficients, power in parts:
        ints = [int(k) for k in reversed(coefficients)]
        if len(ints) == 2:  # ints[1] y + ints[0], written out in n and j
            body = linear_expr((ints[1] * a, ints[1] * b, ints[1] * c + ints[0]))
        else:
            body = Add(*(_term(k, variable, i) for i, k in enumerate(ints) if k), evaluate=False)
        factors.append(body if power == 1 else Pow(body, power))
    return constant, factors


def _term(coefficient: int, variable: Any, power: int) -> Any:
    """``coefficient * variable**power``, the product left unevaluated where sympy would
    distribute it over a sum."""
    from sympy import Integer, Mul, Pow

    if power == 0:
        return Integer(coefficient)
    base = variable if power == 1 else Pow(variable, power)
    if coefficient == 1:
        return base
    return Mul(Integer(coefficient), base, evaluate=not base.is_Add)


def rational_expr(num: QPoly, roots: Sequence[int], y: Linear, *, scale: Fraction) -> Any:
    """``scale * num(y) / prod(n - r for r in roots)`` as one sympy product; when ``y``
    is ``n`` the roots of ``num`` among ``roots`` are cancelled first.

    >>> rational_expr(QPoly.of([-5, 2]), [1, 3], N, scale=Fraction(-1))
    -(2*n - 5)/((n - 3)*(n - 1))
    """
    from sympy import Integer, Mul, Pow, Rational

    if num.degree < 0:
        return Integer(0)
    left = list(roots)
    if y == N:
        for root in list(left):
            smaller = num.without_root(root)
            if smaller is not None:
                num = smaller
                left.remove(root)
    constant, factors = _factors(num, y)
    constant *= scale
    # Repeated factors as powers here: sympy would add their exponents itself.
    powers: dict[Any, int] = {}
    for factor in factors:
        powers[factor] = powers.get(factor, 0) + 1
    args = [base if k == 1 else Pow(base, k) for base, k in powers.items()]
    args += [Pow(linear_expr((1, 0, -r)), -1) for r in left]
    number = Rational(constant.numerator, constant.denominator)
    if not args:
        return number
    if len(args) == 1 and args[0].is_Add:  # sympy would distribute the constant
        return args[0] if constant == 1 else Mul(number, args[0], evaluate=False)
    return Mul(number, *args)


def compile_form(expr: Any) -> Evaluator:
    """An exact evaluator of a sympy expression built of rationals, ``n``, ``j``, sums,
    products and whole powers: it computes the printed form itself, over Python ints.

    >>> compile_form(rational_expr(QPoly.of([-5, 2]), [1, 3], N, scale=Fraction(1)))(52, 0)
    (99, 2499)
    """
    if expr.is_Rational:
        value = (int(expr.p), int(expr.q))
        return lambda n, j: value
    linear = _linear(expr)
    if linear is not None:
        a, b, c, d = linear
        return lambda n, j: (a * n + b * j + c, d)
    if expr.is_Mul:
        product = _product(expr)
        if product is not None:
            return product
    if expr.is_Add or expr.is_Mul:
        parts = [compile_form(arg) for arg in expr.args]
        adding = bool(expr.is_Add)

        def combine(n: int, j: int) -> tuple[int, int]:
            top, bottom = parts[0](n, j)
            for part in parts[1:]:
                p, q = part(n, j)
                if adding:
                    top, bottom = top * q + p * bottom, bottom * q
                else:
                    top, bottom = top * p, bottom * q
            return top, bottom

        return combine
    if expr.is_Pow and expr.exp.is_Integer:
        base, power = compile_form(expr.base), int(expr.exp)

        def raised(n: int, j: int) -> tuple[int, int]:
            p, q = base(n, j)
            if power < 0:
                return q**-power, p**-power
            return p**power, q**power

        return raised
    raise AssertionError(f"unexpected term in a closed form: {expr.func.__name__}")


def _product(expr: Any) -> Evaluator | None:
    """The evaluator of a product of a rational and whole powers of linear forms, in
    one loop (the shape of every form this package prints); else None."""
    p, q = 1, 1
    factors: list[tuple[int, int, int, int, int]] = []  # a, b, c, d, power
    for arg in expr.args:
        if arg.is_Rational:
            p, q = p * int(arg.p), q * int(arg.q)
            continue
        base, power = (arg.base, int(arg.exp)) if arg.is_Pow and arg.exp.is_Integer else (arg, 1)
        linear = _linear(base)
        if linear is None:
            return None
        factors.append((*linear, power))

    def evaluate(n: int, j: int) -> tuple[int, int]:
        top, bottom = p, q
        for a, b, c, d, power in factors:
            value = a * n + b * j + c
            if power > 0:
                top, bottom = top * value**power, bottom * d**power
            else:
                top, bottom = top * d**-power, bottom * value**-power
        return top, bottom

    return evaluate


def _linear(expr: Any) -> tuple[int, int, int, int] | None:
    """(a, b, c, d) with expr = (a n + b j + c) / d, for a sum of rational multiples of
    ``n``, ``j`` and 1 (or one such term); else None."""
    terms = expr.args if expr.is_Add else (expr,)
    coefficients = {"n": Fraction(0), "j": Fraction(0), "": Fraction(0)}
    for term in terms:
        coefficient, rest = term.as_coeff_Mul()
        if not coefficient.is_Rational:
            return None
        name = "" if rest == 1 else (rest.name if rest.is_Symbol else None)
        if name not in coefficients:
            return None
        coefficients[name] += Fraction(int(coefficient.p), int(coefficient.q))
    d = lcm(*(f.denominator for f in coefficients.values()))
    a, b, c = (int(f * d) for f in coefficients.values())
    return a, b, c, d


def expr_tree(expr: Any) -> tuple[Any, Any]:
    """An unevaluated sympy expression as nested ``(class, arguments)``, which pickles
    and is rebuilt as it was by ``expr_from_tree`` (sympy's own pickling evaluates the
    sums and products again, into another expression).

    >>> expr = affine_expr(Fraction(1, 2), Fraction(1, 2))
    >>> rebuilt = expr_from_tree(expr_tree(expr))
    >>> rebuilt == expr, str(rebuilt)
    (True, 'n/2 + 1/2')
    """
    if expr.args:
        return type(expr), tuple(expr_tree(arg) for arg in expr.args)
    return None, expr


def expr_from_tree(tree: tuple[Any, Any]) -> Any:
    """The expression ``expr_tree`` took apart, every sum and product unevaluated."""
    kind, body = tree
    if kind is None:
        return body
    return kind(*(expr_from_tree(part) for part in body), evaluate=False)
