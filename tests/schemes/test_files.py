"""Scheme files: the examples, and every malformed file refused in one line.

A file is read by the one reader of data files (``read_data``): what it refuses
(the file type, a missing or irregular file, bad TOML or JSON, a key given twice)
starts ``scheme file '<path>': ``; what the scheme builder refuses names the file
and the key: ``<path>: rules[1].kind: ...``.
"""

from __future__ import annotations

import os
import time
from fractions import Fraction
from pathlib import Path

import pytest

from shtoss_exact import ShtossError
from shtoss_exact.deck import Deal, Suit, parse_card
from shtoss_exact.engine import counts_at
from shtoss_exact.schemes.files import load_scheme, resolve_scheme
from shtoss_exact.schemes.schema import scheme_from_data
from shtoss_exact.schemes.scheme import BUILTIN, scheme_named
from tests import ROOT

EXAMPLES = ROOT / "examples" / "schemes"
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
    # The same rules on a deck of the other parity (pharaon's last pair, the odd deck).
    odd = Deal(51, 3, parse_card("7h"), (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS))
    if scheme.name not in ("bait", "faro-before-soda"):
        assert scheme.ev(odd) == scheme_named(twin).ev(odd)


@pytest.mark.parametrize("path", sorted(EXAMPLES.iterdir()), ids=lambda p: p.name)
def test_examples_speak_of_the_game_alone(path: Path) -> None:
    # Sources cite the literature, as the built-ins do.
    text = path.read_text(encoding="utf-8").lower()
    assert "seed" not in text and "spec" not in text
    assert "seed" not in load_scheme(path).source.lower()


def write(tmp_path: Path, text: str, suffix: str = ".toml") -> Path:
    path = tmp_path / f"bad{suffix}"
    path.write_text(text, encoding="utf-8")
    return path


# (text, the key named, what the message says of the value)
BAD = [
    ("colour = 1", "colour", "unknown key; allowed name, description"),
    ('[[rules]]\nkind = "won"\npayoff = 1', "rules[1].kind", "unknown kind 'won'; allowed killed"),
    ("[[rules]]\nabzug = 0\npayoff = 1", "rules[1].abzug", "bad value 0; allowed a whole number"),
    ("[[rules]]\nposition = 1\npayoff = \"__import__('os')\"", "rules[1].payoff", "__import__"),
    ('[[rules]]\nposition = 1\npayoff = "1/0"', "rules[1].payoff", "'1/0'"),
    ("[[rules]]\nposition = 1\npayoff = inf", "rules[1].payoff", "Infinity"),
    ("[[rules]]\nposition = 1\npayoff = true", "rules[1].payoff", "bad value True; allowed an"),
    ("[[rules]]\nposition = 1", "rules[1].payoff", "missing"),
    ("[[rules]]\nposition = 1\npayoff = 1\nside = 2", "rules[1].side", "unknown key"),
    ('base = "nope"', "base", "unknown scheme 'nope'; allowed classic"),
    ('base = "faro"\noptions = {soda = "later"}', "options.soda", "bad value 'later'"),
    ('base = "classic"\noptions = {soda = "known"}', "options.soda", "unknown key"),
    ("[thirds]\ncolour = 1", "thirds.half-colour", "missing"),
    ("[[premiums]]\nname = 'x'\namount = '1/2/3'", "premiums[1].amount", "'1/2/3'"),
    ('[payoffs]\ngiven = {param = "a b"}', "payoffs.given.param", "bad value 'a b'; allowed a"),
    ("rules = 3", "rules", "bad value 3; allowed a list"),
    ('[[rules]]\nrelation = "red"\npayoff = 1', "rules[1].relation", "unknown relation 'red'"),
    ('name = "a\\u001bb"', "name", "holds a control character; allowed printable text"),
    ('description = "x\\ny"', "description", "holds a control character"),
    ('source = "\\u009b31m"', "source", "holds a control character"),
]


@pytest.mark.parametrize(("text", "key", "message"), BAD)
def test_bad_files_are_refused_in_one_line(
    tmp_path: Path, text: str, key: str, message: str
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ShtossError) as info:
        load_scheme(path)
    line = str(info.value)
    assert "\n" not in line and line.startswith(f"scheme file {str(path)!r}: {key}: ")
    assert message in line
    assert "\x1b" not in line and "\x9b" not in line


# What the reader refuses before any scheme is built.
UNREADABLE = [
    ("name = ", ".toml", "bad TOML"),
    ("[[rules]]\nposition = 1\npayoff = 1\nposition = 2", ".toml", "bad TOML"),
    ("{", ".json", "bad JSON"),
    ('{"name": "a", "name": "b"}', ".json", "bad JSON (key 'name' given twice)"),
    ('{"rules": [{"position": 1, "payoff": 1, "payoff": 2}]}', ".json", "given twice"),
    ('{"rules": [{"position": 1, "payoff": NaN}]}', ".json", "bad JSON"),
    ('{"payoffs": {"given": Infinity}}', ".json", "bad JSON"),
    ("", ".toml", "the file is empty"),
    ("  \n", ".json", "the file is empty"),
    ("x", ".yaml", "unknown file type '.yaml'; allowed .toml, .json"),
    ("x", "", "unknown file type 'none'"),
]


@pytest.mark.parametrize(("text", "suffix", "message"), UNREADABLE)
def test_unreadable_files_are_refused_in_one_line(
    tmp_path: Path, text: str, suffix: str, message: str
) -> None:
    path = write(tmp_path, text, suffix)
    with pytest.raises(ShtossError) as info:
        load_scheme(path)
    line = str(info.value)
    assert "\n" not in line and line.startswith(f"scheme file {str(path)!r}: ")
    assert message in line


def test_text_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin.toml"
    path.write_bytes('name = "фараон"'.encode("cp1251"))
    with pytest.raises(ShtossError, match=r"scheme file '.*latin\.toml': the file is not UTF-8"):
        load_scheme(path)


def test_irregular_files_are_refused_without_reading(tmp_path: Path) -> None:
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    started = time.process_time()
    with pytest.raises(ShtossError, match=r"not a regular file; allowed a regular"):
        load_scheme(folder)
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe.toml"
        os.mkfifo(fifo)  # reading it would block forever
        with pytest.raises(ShtossError, match=r"'.*pipe\.toml': not a regular file"):
            load_scheme(fifo)
    if os.path.exists("/dev/zero"):
        device = tmp_path / "zero.toml"
        device.symlink_to("/dev/zero")  # a device that never ends
        with pytest.raises(ShtossError, match=r"'.*zero\.toml': not a regular file"):
            load_scheme(device)
    assert time.process_time() - started < 2


def test_a_file_name_with_a_line_break_is_still_one_line(tmp_path: Path) -> None:
    # The file is named in every refusal; its name must not break the line.
    path = tmp_path / "two\nlines.toml"
    path.write_text("colour = 1", encoding="utf-8")
    with pytest.raises(ShtossError) as info:
        load_scheme(path)
    assert "\n" not in str(info.value)
    escape = tmp_path / "red\x1b[31m.toml"
    escape.write_text("colour = 1", encoding="utf-8")
    with pytest.raises(ShtossError) as info:
        load_scheme(escape)
    assert "\x1b" not in str(info.value)


def test_bad_json(tmp_path: Path) -> None:
    for text, message in [
        ('{"rules": [{"position": 1, "payoff": 0.5e400}]}', ""),
        ('{"rules": [{"kind": "none", "payoff": 1}]}', "unknown kind 'none'"),
        ("[1]", "bad value \\[1\\]; allowed a table"),
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
    assert scheme.name == "bad" and scheme.source == str(path)


def test_a_file_may_start_from_any_builtin_by_any_name(tmp_path: Path) -> None:
    for name in BUILTIN:
        scheme = scheme_from_data({"base": name, "name": "mine"})
        assert scheme.rules == BUILTIN[name].rules and scheme.name == "mine"
    # The pharaon written out in full keeps the last pair of an even deck only.
    full = load_scheme(EXAMPLES / "pharaon-full.json")
    for deal in (Deal(10, 2), Deal(9, 2), Deal(51, 3)):
        assert full.ev(deal) == scheme_named("pharaon").ev(deal)


def test_missing_file_and_unknown_name(tmp_path: Path) -> None:
    absent = tmp_path / "absent.toml"
    with pytest.raises(ShtossError, match=r"^scheme file '.*absent\.toml': cannot read the file"):
        load_scheme(absent)
    with pytest.raises(ShtossError, match=r"cannot read the file"):
        resolve_scheme(str(absent))
    with pytest.raises(ShtossError, match=r"^unknown scheme 'nope': allowed schemes are classic"):
        resolve_scheme("nope")


def test_resolve_scheme_takes_names_russian_names_and_files() -> None:
    assert resolve_scheme("pharaon") is BUILTIN["pharaon"]
    assert resolve_scheme("фараон") is BUILTIN["pharaon"]
    assert resolve_scheme("В лоб полкуша") is BUILTIN["lob-half"]
    assert resolve_scheme(str(EXAMPLES / "eleven.toml")).name == "eleven"


THIRDS_WITH_RULES = """
base = "thirds"
[[rules]]
kind = "killed"
position = 1
payoff = "-1/2"
[[rules]]
kind = "given"
relation = "plain"
payoff = 1
[[premiums]]
name = "sonik"
kind = "given"
position = 2
amount = "1/2"
"""


def _thirds_with_rules(kind: str, p: int, n: int, rel: str) -> Fraction | None:
    # Written afresh from the manual: a rule's payoff is paid as written, the thirds
    # scale the payoff of a kind where no rule matches, a premium is added on top.
    if kind == "killed" and p == 1:
        value = Fraction(-1, 2)
    elif kind == "given" and rel == "plain":
        value = Fraction(1)
    else:
        factor = {"colour": 1, "half-colour": Fraction(2, 3), "plain": Fraction(1, 3)}[rel]
        value = factor * (1 if kind == "given" else -1)
    return value + Fraction(1, 2) if kind == "given" and p == 2 else value


def test_thirds_scale_the_kinds_and_never_a_rules_payoff(tmp_path: Path) -> None:
    from shtoss_exact.bet.measures import scheme_result
    from shtoss_exact.deck import parse_suits
    from tests.oracles import brute_schemes as brute

    scheme = load_scheme(write(tmp_path, THIRDS_WITH_RULES))
    for n in range(1, 8):
        for suits in ("h", "s", "hd", "sc", "hsc", "hdsc"):
            if len(suits) > n:
                continue
            oracle = brute.settle(n, tuple(suits), _thirds_with_rules)
            deal = Deal(n, len(suits), parse_card("7h"), parse_suits(suits))
            assert scheme_result(deal, scheme).distribution == oracle.seen, (n, suits)


def test_a_file_takes_bassettes_mid_deal_option(tmp_path: Path) -> None:
    from shtoss_exact.schemes.scheme import bassette

    path = write(tmp_path, 'name = "late"\nbase = "bassette"\noptions = {mid_deal = true}')
    late = load_scheme(path)
    # Six cards, the card twice: of the 15 placements 5 null, 4 facée, 4 lost, 2 won.
    assert late.ev(Deal(6, 2)) == Fraction(-4 * 3 - 4 * 2 + 2 * 3, 45) == Fraction(-14, 45)
    assert late.rules == bassette(mid_deal=True).rules
