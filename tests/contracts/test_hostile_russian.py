"""The hostile table in Russian: every refusal is one Russian line with no English word.

Each row of ``tests.contracts.test_hostile.CASES`` is run under ``SHTOSS_LANG=ru`` (in
this process, in a fresh directory holding the row's files and links): it must exit as
in English, with nothing on stdout and one stderr line ``shtoss-exact: ошибка: ...``
whose Latin words are all program words — option names, keys of the data files and of
the output (the glossary), built-in names and choices, notation in capitals — or words
the row itself gave (its arguments and files). Rows that need a real process (a FIFO,
a file size limit, a closed or full standard output, the page's server) are left to
the English table.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import click
import pytest

from tests import ROOT
from tests.conftest import Ran, Shtoss
from tests.contracts.hostile.harness import Case, prepare
from tests.contracts.test_hostile import CASES

_LATIN = re.compile(r"[A-Za-z][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*")
"""A word, or a name of the program: ``copper_after``, ``two-deck``, ``by-abzug``."""
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|'\S+")  # a quote cut short has no end
_NOTATION = re.compile(
    r"\b[A-Z]{2,}\b"  # RANK:COPIES, FILE, TOML, UTF
    r"|\d+(?:\.\d+)?[eE][+-]?\d+"  # a figure: 1.6e+03
    r"|(?<![\w/])\.[a-z]+\b"  # a suffix: .toml, .graphml
    r"|\b[A-Za-z]\b"  # one letter: a rank (A, K), a variable (x, k)
)


def _in_process(row: Case) -> bool:
    return not (row.fifos or row.file_limit or row.stdout != "file" or row.command == "serve")


ROWS = [row for row in CASES if _in_process(row)]


def _words(text: str) -> set[str]:
    return {word.lower().strip("-") for word in _LATIN.findall(text)}


def _commands(group: click.Command) -> Iterator[click.Command]:
    yield group
    if isinstance(group, click.Group):
        for command in group.commands.values():
            yield from _commands(command)


def _spec_words(spec: object) -> set[str]:
    """The keys and the choices of a data file's schema (``data_files.Spec``), all through."""
    from shtoss_exact.data_schema import Choice, Either, Items, Table

    if isinstance(spec, Table):
        found = {w for key in spec.fields for w in _words(key)}
        return found.union(*(_spec_words(s) for s in spec.fields.values()))
    if isinstance(spec, Items):
        return _spec_words(spec.item)
    if isinstance(spec, Either):
        return set().union(*(_spec_words(choice) for choice in spec.choices))
    if isinstance(spec, Choice):
        return {w for value in spec.values for w in _words(value)}
    return set()


@cache
def program_words() -> frozenset[str]:
    """Words of the program, not of English: option names and their choices, the keys of
    every data file, the glossary's words, the built-in schemes, plans and patterns."""
    from shtoss_exact.audit.sheet import ledger_schema, row_schema
    from shtoss_exact.cards import Suit
    from shtoss_exact.case.pattern import PATTERNS
    from shtoss_exact.case.pattern import SCHEMA as PATTERN
    from shtoss_exact.cli import all_commands, cli
    from shtoss_exact.deck import Game
    from shtoss_exact.plans.catalog import PLANS, _schema
    from shtoss_exact.schemes.schema import OPTIONS, SCHEMA
    from shtoss_exact.schemes.scheme import SCHEMES

    found: set[str] = set()
    all_commands()
    for command in _commands(cli):
        found |= _words(command.name or "")
        for param in command.params:
            found |= {w for opt in [*param.opts, param.name or ""] for w in _words(opt)}
            if isinstance(param.type, click.Choice):
                found |= {w for choice in param.type.choices for w in _words(str(choice))}
    for schema in (SCHEMA, PATTERN, _schema(), row_schema(), ledger_schema()):
        found |= _spec_words(schema)
    for _factory, options in OPTIONS.values():
        found |= {w for key in options for w in _words(key)}
    for catalogue in (SCHEMES, PLANS, PATTERNS):
        found |= {w for name in catalogue for w in _words(name)}
    glossary = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    found |= {w for name in re.findall(r"`([^`\n]+)`", glossary) for w in _words(name)}
    # The library's keywords (``pay=0``, ``deck=40000`` name them), and the games.
    found |= {w for name in _keywords() for w in _words(name)}
    found |= {w for game in Game for w in _words(game.value)}
    found |= {suit.value for suit in Suit}  # the suits' English names are input too
    # The data files' own words: their formats and literals, Python's names of a number.
    found |= {"toml", "json", "csv", "utf", "true", "false", "null", "nan", "infinity",
              "decimal", "none"}  # fmt: skip
    return frozenset(word for word in found if len(word) > 1)


def _keywords() -> set[str]:
    """The keyword names of the package's public functions and classes."""
    import inspect

    import shtoss_exact

    found: set[str] = set()
    for name in shtoss_exact.__all__:
        thing = getattr(shtoss_exact, name)
        methods = [m for k, m in vars(thing).items() if not k.startswith("_")] if (
            isinstance(thing, type)
        ) else []  # fmt: skip
        for function in [thing, *methods]:
            try:
                found |= set(inspect.signature(function).parameters)
            except (TypeError, ValueError):  # not a function, or no signature to read
                continue
    return found


ENGLISH = {"or", "of", "at", "the", "and", "is", "not", "no", "to", "a", "an", "more", "than",
           "most", "allowed", "cannot", "such", "about", "digits", "file", "line"}  # fmt: skip
"""Plain English words, that no program word may be (else the check could not fail)."""


def english_words(line: str, row: Case) -> set[str]:
    """The Latin words of ``line`` that are neither program words, nor notation, nor the
    row's own input (quoted or not)."""
    given = _words(" ".join(row.argv))
    for data in row.files.values():
        given |= _words(data[:200_000].decode("utf-8", "replace"))
    text = _NOTATION.sub(" ", _QUOTED.sub(" ", line))
    return _words(text) - program_words() - given


def test_program_words_are_not_plain_english() -> None:
    assert len(program_words()) > 200
    assert not ENGLISH & program_words(), ENGLISH & program_words()


def _refusal(row: Case, shtoss: Shtoss, where: Path, monkeypatch: pytest.MonkeyPatch,
             language: str) -> Ran:  # fmt: skip
    """The row run in ``language`` in the directory ``where``, holding the row's files."""
    prepare(row, where)
    monkeypatch.chdir(where)
    return shtoss(*row.argv, env={"SHTOSS_LANG": language})


def test_the_check_finds_english(
    shtoss: Shtoss, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    row = next(row for row in ROWS if row.id == "scheme-bad-toml")
    english = _refusal(row, shtoss, tmp_path, monkeypatch, "en")
    assert english_words(english.stderr, row) >= {"at", "end", "of", "line"}


@pytest.mark.parametrize("row", ROWS, ids=[row.id for row in ROWS])
def test_refused_in_one_russian_line(
    row: Case, shtoss: Shtoss, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ran = _refusal(row, shtoss, tmp_path, monkeypatch, "ru")
    lines = ran.stderr.splitlines()
    assert (ran.status, ran.stdout) == (row.status, ""), ran.stderr
    assert len(lines) == 1, ran.stderr
    assert lines[0].startswith("shtoss-exact: ошибка: "), lines[0]
    assert "Traceback" not in ran.stderr and "internal error" not in lines[0]
    assert "внутренняя ошибка" not in lines[0]  # a bug, in Russian
    english = english_words(lines[0].removeprefix("shtoss-exact: ошибка: "), row)
    assert not english, f"{sorted(english)} in {lines[0]!r}"
