"""Scheme files: the examples, and every malformed file refused in one line."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from shtoss_exact import ShtossError
from shtoss_exact.deck import Deal, Suit, parse_card
from shtoss_exact.engine import counts_at
from shtoss_exact.scheme_files import load_scheme, resolve_scheme
from shtoss_exact.schemes import scheme_named

EXAMPLES = Path(__file__).parent.parent / "examples" / "schemes"
DEAL = Deal(52, 4, parse_card("7h"), tuple(Suit))


@pytest.mark.parametrize("path", sorted(EXAMPLES.iterdir()), ids=lambda p: p.name)
def test_examples_load_and_agree_with_the_builtins(path: Path) -> None:
    scheme = load_scheme(path)
    twin = {"faro-before-soda": "pharaon", "pharaon-full": "pharaon"}.get(scheme.name, scheme.name)
    if scheme.name == "bait":
        # The file adds a second premium: 1/10 for a card given in abzug 2 (position 4).
        given_2 = counts_at(52, 4, 4).given
        assert scheme.ev(DEAL) == scheme_named("bait").ev(DEAL) + Fraction(given_2, 270725) / 10
    else:
        assert scheme.ev(DEAL) == scheme_named(twin).ev(DEAL)


def write(tmp_path: Path, text: str, suffix: str = ".toml") -> Path:
    path = tmp_path / f"bad{suffix}"
    path.write_text(text, encoding="utf-8")
    return path


BAD = [
    ("name = ", "bad TOML"),
    ("colour = 1", "colour: unknown key; allowed name, description"),
    ('[[rules]]\nkind = "won"\npayoff = 1', "rules[1].kind: unknown kind 'won'; allowed killed"),
    ("[[rules]]\nabzug = 0\npayoff = 1", "rules[1].abzug: bad value 0; allowed a whole number"),
    ("[[rules]]\nposition = 1\npayoff = \"__import__('os')\"", "rules[1].payoff: bad payoff"),
    ('[[rules]]\nposition = 1\npayoff = "1/0"', "rules[1].payoff: bad payoff '1/0'"),
    ("[[rules]]\nposition = 1\npayoff = inf", "rules[1].payoff: bad payoff"),
    ("[[rules]]\nposition = 1\npayoff = true", "rules[1].payoff: bad payoff True"),
    ("[[rules]]\nposition = 1", "rules[1].payoff: missing"),
    ("[[rules]]\nposition = 1\npayoff = 1\nside = 2", "rules[1].side: unknown key"),
    ('base = "nope"', "base: unknown scheme 'nope'; allowed classic"),
    ('base = "faro"\noptions = {soda = "later"}', "options.soda: bad value 'later'"),
    ('base = "classic"\noptions = {soda = "known"}', "options.soda: unknown key"),
    ("[thirds]\ncolour = 1", "thirds.half-colour: missing"),
    ("[[premiums]]\nname = 'x'\namount = '1/2/3'", "premiums[1].amount: bad payoff"),
    ('[payoffs]\ngiven = {param = "a b"}', "payoffs.given.param: bad name"),
    ("rules = 3", "rules: expected a list"),
    ('[[rules]]\nrelation = "red"\npayoff = 1', "rules[1].relation: unknown relation 'red'"),
]


@pytest.mark.parametrize(("text", "message"), BAD)
def test_bad_files_are_refused_in_one_line(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ShtossError) as info:
        load_scheme(path)
    line = str(info.value)
    assert "\n" not in line and line.startswith(f"{path}: ")
    assert message in line


def test_bad_json(tmp_path: Path) -> None:
    for text, message in [
        ("{", "bad JSON"),
        ('{"rules": [{"position": 1, "payoff": NaN}]}', "bad JSON"),
        ('{"rules": [{"position": 1, "payoff": 0.5e400}]}', ""),
        ('{"rules": [{"kind": "none", "payoff": 1}]}', "unknown kind 'none'"),
        ("[1]", "expected a table"),
    ]:
        path = write(tmp_path, text, ".json")
        if not message:
            assert load_scheme(path).rules[0].payoff == Fraction(5) * 10**399
            continue
        with pytest.raises(ShtossError, match=message):
            load_scheme(path)


def test_exact_decimals_and_parameters(tmp_path: Path) -> None:
    path = write(tmp_path, "[[rules]]\nposition = 1\npayoff = {param = 'x', value = 0.1}")
    scheme = load_scheme(path)
    assert scheme.params == {"given": Fraction(1), "x": Fraction(1, 10)}


def test_missing_file_and_unknown_name(tmp_path: Path) -> None:
    with pytest.raises(ShtossError, match="cannot read the file"):
        load_scheme(tmp_path / "absent.toml")
    with pytest.raises(ShtossError, match="allowed a built-in scheme"):
        resolve_scheme("nope")
    with pytest.raises(ShtossError, match="unknown file type"):
        load_scheme(write(tmp_path, "x", ".yaml"))
