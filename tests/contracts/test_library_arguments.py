"""The library takes what the command line takes, and refuses the rest by name.

A wrong type or value gets a ``ShtossError`` (or ``TypeError``) that names the
argument — never an ``AttributeError`` from deep inside; floats and bools are refused
where an exact number is asked for, with a word on how to pass one.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from shtoss_exact import Deal, ShtossError, fair_payoff, odds, scheme_named
from shtoss_exact.bet.measures import scheme_result
from shtoss_exact.numbers import exact_number, whole_number
from shtoss_exact.schemes.files import as_scheme


def test_names_and_values_are_taken_alike() -> None:
    deal = Deal(52, 4)
    assert fair_payoff("lob-half", "lob", deal=deal) == fair_payoff(
        scheme_named("lob-half"), "lob", deal=deal
    )
    assert (
        odds(scheme="фараон").ev == odds(scheme=scheme_named("pharaon")).ev == Fraction(-33, 1666)
    )
    assert scheme_result(deal, "Pharaon").edge == Fraction(33, 1666)
    assert as_scheme(" ШТОСС ").name == "classic"
    assert exact_number("1/10", name="kush") == Fraction(1, 10)


BAD: list[tuple[str, Callable[[], object], str]] = [
    ("odds-cards-float", lambda: odds(cards=52.0, copies=4), "cards"),  # type: ignore[arg-type]
    ("odds-copies-bool", lambda: odds(copies=True), "copies"),
    ("odds-deck-text", lambda: odds(deck="52"), "deck"),  # type: ignore[arg-type]
    ("odds-card-number", lambda: odds(card=7), "card"),  # type: ignore[arg-type]
    ("odds-suits-list", lambda: odds(cards=9, copies=1, card="7h", suits=["h"]), "suits"),  # type: ignore[arg-type]
    ("odds-one-deck-text", lambda: odds(one_deck="yes"), "one_deck"),  # type: ignore[arg-type]
    ("odds-scheme-number", lambda: odds(scheme=3), "scheme"),  # type: ignore[arg-type]
    ("odds-scheme-unknown", lambda: odds(scheme="nosuch"), "nosuch"),
    ("fair-deal-tuple", lambda: fair_payoff("lob-half", "lob", deal=(52, 4)), "deal"),  # type: ignore[arg-type]
    ("fair-scheme-none", lambda: fair_payoff(None, "lob", deal=Deal(52, 4)), "scheme"),  # type: ignore[arg-type]
    ("fair-parameter-number", lambda: fair_payoff("lob-half", 1, deal=Deal(52, 4)), "parameter"),  # type: ignore[arg-type]
    ("measure-deal-int", lambda: scheme_result(52, "classic"), "deal"),  # type: ignore[arg-type]
    ("exact-float", lambda: exact_number(0.1, name="kush"), "kush=0.1 is a float"),
    ("exact-bool", lambda: exact_number(True, name="stake"), "stake=True"),
    ("exact-list", lambda: exact_number([1], name="target"), "target"),
    ("whole-float", lambda: whole_number(3.0, name="deals"), "deals=3.0"),
    ("whole-negative", lambda: whole_number(-1, name="deals", minimum=1), "deals=-1"),
]


@pytest.mark.parametrize(("call", "named"), [(c, n) for _, c, n in BAD], ids=[i for i, _, _ in BAD])
def test_a_wrong_argument_is_refused_by_name(call: Callable[[], object], named: str) -> None:
    with pytest.raises((ShtossError, TypeError)) as caught:
        call()
    message = str(caught.value)
    assert named in message and "\n" not in message


def test_no_library_message_names_a_command_line_flag() -> None:
    """The library's messages say ``seen=``, never ``--seen``: only ``cli/`` (and
    ``i18n.lang_given``, reading ``--lang`` for the console script before click is
    loaded) knows the flags (``cli/keywords.py`` maps one to the other). The text
    ``report/`` renders for the command line (``exact in --format json``) is output, not
    a message."""
    import ast
    import re

    from tests import ROOT

    flag = re.compile(r"(?<![\w-])--[a-z]")
    found = []
    for path in sorted((ROOT / "shtoss_exact").rglob("*.py")):
        parts = path.relative_to(ROOT / "shtoss_exact").parts
        if parts[0] in ("cli", "report") or parts == ("i18n.py",):  # i18n: reads --lang
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {  # a bare string is a docstring (of a module, a class, an attribute)
            id(node.value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        }
        for node in ast.walk(tree):
            text = node.value if isinstance(node, ast.Constant) else None
            if isinstance(text, str) and id(node) not in docstrings and flag.search(text):
                found.append(f"{path.name}:{node.lineno}: {text[:60]}")
    assert found == []
