"""Shell completion, through click's own environment variables, in a child process.

The shell's script runs ``shtoss-exact`` with ``_SHTOSS_EXACT_COMPLETE=bash_complete``
(``zsh_complete``, ``fish_complete``), the words typed in ``COMP_WORDS`` and the word
being completed in ``COMP_CWORD``; each option's values are the names of its registry,
computed here from the registry itself, and a prefix keeps those it starts.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from shtoss_exact.case.pattern import BUILTIN as PATTERNS
from shtoss_exact.cli.base import CASE_GAMES, FORMATS, TABLE_FORMATS, TABLE_GAMES
from shtoss_exact.cli.case import BET_KINDS
from shtoss_exact.deck import PRESETS, Game
from shtoss_exact.plans.catalog import plan_names
from shtoss_exact.report.plots.registry import KINDS
from shtoss_exact.schemes.scheme import scheme_names
from tests import ROOT
from tests.conftest import Shtoss

PROGRAM = "shtoss-exact"


def _names(registry: dict[str, list[str]]) -> list[str]:
    """A registry's names, then its Russian aliases, in its own order."""
    return [*registry, *(alias for aliases in registry.values() for alias in aliases)]


SCHEMES = _names(scheme_names())
PLANS = _names(plan_names())

OPTIONS = {
    ("odds", "--scheme"): (SCHEMES, True),
    ("fair", "--scheme"): (SCHEMES, True),
    ("series", "--scheme"): (SCHEMES, True),
    ("table", "--scheme"): (SCHEMES, True),
    ("series", "--plan"): (PLANS, False),
    ("strategy", "--plans"): (PLANS, False),
    ("case", "--pattern"): (list(PATTERNS), True),
    ("case", "--game"): (list(CASE_GAMES), False),
    ("table", "--game"): ([*TABLE_GAMES, "both"], False),
    ("plot", "--kind"): (list(KINDS), False),
    ("case", "--bet-kind"): (list(BET_KINDS), False),
    ("odds", "--format"): (list(FORMATS), False),
    ("table", "--format"): (list(TABLE_FORMATS), False),
    ("odds", "--deck"): ([str(size) for size in PRESETS], False),
    ("case", "--deck"): ([str(size) for size in PRESETS], False),
}
"""(command, option) -> its values from the registry, and whether it takes a file too."""

FILES = [
    ("odds", "-o"),
    ("series", "--output"),
    ("plot", "--output"),
    ("series", "--plan-file"),
    ("series", "--export-graph"),
]
"""Options that take a file and nothing else."""


def complete(
    shtoss: Shtoss, words: list[str], incomplete: str, *, shell: str = "bash"
) -> list[tuple[str, str]]:
    """What the program answers the ``shell``'s script for ``shtoss-exact WORDS
    INCOMPLETE``: (type, value) pairs, ``plain`` a value, ``file`` a path to complete."""
    typed = " ".join([PROGRAM, *words, incomplete])
    if shell == "fish":  # fish gives the line up to the cursor and the word at it
        env = {"COMP_WORDS": typed, "COMP_CWORD": incomplete}
    else:
        env = {"COMP_WORDS": typed, "COMP_CWORD": str(len(words) + 1)}
    ran = shtoss(env={**env, "_SHTOSS_EXACT_COMPLETE": f"{shell}_complete"}, process=True)
    assert (ran.status, ran.stderr) == (0, ""), ran.stderr
    lines = ran.stdout.splitlines()
    if shell == "zsh":  # type, value, help ("_": none), three lines each
        triples = [lines[i : i + 3] for i in range(0, len(lines), 3)]
        return [(kind, value if help == "_" else value.replace(r"\:", ":"))
                for kind, value, help in triples]  # fmt: skip
    pairs = [tuple(line.split("\t")[0].split(",", 1)) for line in lines]
    return [(kind, value) for kind, value in pairs]


def test_the_registries_are_what_the_commands_take() -> None:
    assert set(CASE_GAMES) | set(TABLE_GAMES) <= {game.value for game in Game}
    assert "classic" in SCHEMES and "фараон" in SCHEMES and "пароли" in PLANS


@pytest.mark.parametrize(("command", "option"), sorted(OPTIONS))
def test_values_complete_from_their_registry(shtoss: Shtoss, command: str, option: str) -> None:
    values, files = OPTIONS[(command, option)]
    got = complete(shtoss, [command, option], "")
    assert [value for kind, value in got if kind == "plain"] == values
    assert (("file", "") in got) == files
    if files:  # first, for bash's script: it starts its list afresh on a file
        assert got[0] == ("file", "")


@pytest.mark.parametrize(("command", "option"), sorted(OPTIONS))
def test_a_prefix_keeps_the_values_it_starts(shtoss: Shtoss, command: str, option: str) -> None:
    values, files = OPTIONS[(command, option)]
    prefix = values[-1][:1]  # the last may be a Russian alias
    wanted = [value for value in values if value.startswith(prefix)]
    assert 0 < len(wanted) < len(values) or len(values) == 1
    got = complete(shtoss, [command, option], prefix)
    assert [value for kind, value in got if kind == "plain"] == wanted
    assert (("file", prefix) in got) == files


@pytest.mark.parametrize(("command", "option"), FILES)
def test_file_options_complete_files(shtoss: Shtoss, command: str, option: str) -> None:
    assert complete(shtoss, [command, option], "exa") == [("file", "exa")]


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_zsh_and_fish_are_answered_alike(shtoss: Shtoss, shell: str) -> None:
    for (command, option), (values, files) in sorted(OPTIONS.items())[:3]:
        got = complete(shtoss, [command, option], "", shell=shell)
        assert [value for kind, value in got if kind == "plain"] == values
        assert (("file", "") in got) == files
    cyrillic = [value for value in SCHEMES if value.startswith("ф")]
    got = complete(shtoss, ["odds", "--scheme"], "Ф", shell=shell)  # case aside
    assert got == [("file", "Ф"), *(("plain", value) for value in cyrillic)]


def test_comma_lists_complete_their_last_part(shtoss: Shtoss) -> None:
    got = complete(shtoss, ["table", "--scheme"], "classic,f")
    assert got == [("plain", f"classic,{v}") for v in SCHEMES if v.startswith("f")]
    got = complete(shtoss, ["table", "--game"], "one-deck,")  # no part given twice
    assert got == [("plain", f"one-deck,{g}") for g in [*TABLE_GAMES, "both"] if g != "one-deck"]
    got = complete(shtoss, ["strategy", "--plans"], "flat,stop,")
    assert [v for _, v in got] == [f"flat,stop,{p}" for p in PLANS if p not in ("flat", "stop")]


def test_commands_and_options_complete(shtoss: Shtoss) -> None:
    from shtoss_exact.cli import all_commands

    commands = [value for _, value in complete(shtoss, [], "")]
    assert commands == sorted(all_commands())
    options = [value for _, value in complete(shtoss, ["case"], "--bet")]
    assert options == ["--bet-kind", "--bets"]


@pytest.mark.parametrize(
    ("shell", "needle"),
    [
        ("bash", f"complete -o nosort -F _shtoss_exact_completion {PROGRAM}"),
        ("zsh", f"compdef _shtoss_exact_completion {PROGRAM}"),
        ("fish", f"complete --no-files --command {PROGRAM}"),
    ],
)
def test_each_shell_gets_its_script(shtoss: Shtoss, shell: str, needle: str) -> None:
    ran = shtoss(env={"_SHTOSS_EXACT_COMPLETE": f"{shell}_source"}, process=True)
    assert ran.status == 0 and needle in ran.stdout


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
def test_bash_completes_through_its_script(tmp_path: Path) -> None:
    # The program as the shell finds it: a `shtoss-exact` on PATH running this tree.
    program = tmp_path / PROGRAM
    program.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m shtoss_exact "$@"\n')
    program.chmod(0o755)
    env = {**os.environ, "PATH": f"{tmp_path}{os.pathsep}{os.environ['PATH']}",
           "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}  # fmt: skip
    script = (
        'eval "$(_SHTOSS_EXACT_COMPLETE=bash_source shtoss-exact)"\n'
        "COMP_WORDS=(shtoss-exact odds --scheme ф); COMP_CWORD=3\n"
        "_shtoss_exact_completion shtoss-exact 2>/dev/null\n"
        'printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    done = subprocess.run(["bash", "--norc", "-c", script], capture_output=True, env=env,
                          timeout=120, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().split() == [v for v in SCHEMES if v.startswith("ф")]


PAGE = ROOT / "docs" / "completion.md"


def test_the_page_shows_what_the_program_answers(shtoss: Shtoss) -> None:
    text = PAGE.read_text(encoding="utf-8")
    (block,) = re.findall(r"^```console\n(.*?)^```", text, flags=re.S | re.M)
    command, *shown = block.splitlines()
    words = shlex.split(command.removeprefix("$ "))
    env = dict(word.split("=", 1) for word in words if "=" in word)
    assert words[-1] == PROGRAM and set(env) == {"COMP_WORDS", "COMP_CWORD",
                                                  "_SHTOSS_EXACT_COMPLETE"}  # fmt: skip
    ran = shtoss(env=env, process=True)
    assert ran.stdout.splitlines() == shown
    for shell in ("bash", "zsh", "fish"):
        assert f'eval "$(_SHTOSS_EXACT_COMPLETE={shell}_source shtoss-exact)"' in text or (
            f"_SHTOSS_EXACT_COMPLETE={shell}_source shtoss-exact | source" in text
        )
    for _, option in [*OPTIONS, *FILES]:
        assert f"`{option}`" in text, option
    for name in PATTERNS:
        assert f"`{name}`" in text


LOADED = """
import json, sys
from shtoss_exact.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(name for name in sys.modules if name.startswith("shtoss_exact"))))
"""


@pytest.mark.parametrize("args", [["odds"], ["series", "--deals", "2"], ["case"]])
def test_starting_a_command_loads_no_completion(args: list[str]) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", LOADED, *args], capture_output=True,
                          text=True, env=env, timeout=120, check=False)  # fmt: skip
    loaded = set(json.loads(done.stdout.splitlines()[-1]))
    assert "shtoss_exact.cli.base" in loaded
    assert "shtoss_exact.cli.completion" not in loaded
    if args[0] == "odds":  # nor the registries odds does not use
        assert not loaded & {"shtoss_exact.plans.catalog", "shtoss_exact.case.pattern"}


# --- the descriptions, in the language the command line would speak ---------------------

RUSSIAN_ENV = {"SHTOSS_LANG": "ru"}
LOCALE_ENV = {"SHTOSS_LANG": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "ru_RU.UTF-8"}
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def described(shtoss: Shtoss, line: str, *, env: dict[str, str] | None = None,
              cword: int | None = None, shell: str = "zsh") -> dict[str, str]:  # fmt: skip
    """What zsh (or fish) shows for the typed ``line`` (the word at the cursor last, or
    the word ``cword`` of it): each value offered -> its description ("" for none)."""
    words = line.split(" ")
    if shell == "fish":
        where = {"COMP_WORDS": line, "COMP_CWORD": words[-1]}
    else:
        where = {"COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1 if cword is None else cword)}
    ran = shtoss(env={**where, **(env or {}), "_SHTOSS_EXACT_COMPLETE": f"{shell}_complete"},
                 process=True)  # fmt: skip
    assert (ran.status, ran.stderr) == (0, ""), ran.stderr
    lines = ran.stdout.splitlines()
    if shell == "fish":  # type,value<TAB>help
        pairs = [line.split(",", 1)[1].partition("\t") for line in lines]
        return {value: help for value, _, help in pairs}
    triples = [lines[i : i + 3] for i in range(0, len(lines), 3)]
    return {value.replace(r"\:", ":"): "" if help == "_" else help for _, value, help in triples}


def test_option_descriptions_follow_shtoss_lang(shtoss: Shtoss) -> None:
    russian = described(shtoss, f"{PROGRAM} odds --sc", env=RUSSIAN_ENV)
    english = described(shtoss, f"{PROGRAM} odds --sc")
    assert russian == {"--scheme": "Правила выплат [по умолчанию: classic]."}
    assert english == {"--scheme": "Payout scheme [default: classic]."}


def test_the_locale_speaks_when_shtoss_lang_is_unset(shtoss: Shtoss) -> None:
    got = described(shtoss, f"{PROGRAM} --", env=LOCALE_ENV)
    assert got["--help"] == "Показать эту справку и выйти."
    assert got["--version"] == "Показать версию и выйти."
    assert got["--lang"].startswith("Язык подписей, справки и сообщений об ошибках")
    english = described(shtoss, f"{PROGRAM} --", env={**LOCALE_ENV, "LANG": "C.UTF-8"})
    assert english["--help"] == "Show this message and exit."


@pytest.mark.parametrize(
    ("line", "cword", "env", "russian"),
    [
        (f"{PROGRAM} odds --lang ru --sc", None, None, True),  # typed before the cursor
        (f"{PROGRAM} --lang=ru odds --sc", None, None, True),
        (f"{PROGRAM} odds --lang en --sc", None, RUSSIAN_ENV, False),
        (f"{PROGRAM} odds --sc --lang ru", 2, None, True),  # after it (bash and zsh give it)
        (f"{PROGRAM} odds --lang r --sc", None, None, False),  # not a language: the default
        (f"{PROGRAM} odds -- --lang ru --sc", None, None, False),  # an argument, no option
    ],
    ids=["before", "on-the-group", "en-over-environment", "after", "unfinished", "after-dashes"],
)
def test_a_lang_typed_on_the_line_is_honoured(
    shtoss: Shtoss, line: str, cword: int | None, env: dict[str, str] | None, russian: bool
) -> None:
    got = described(shtoss, line, env=env, cword=cword)
    if "-- --lang" in line:  # nothing to offer after "--", in either language
        assert not any(CYRILLIC.search(text) for text in got.values())
        return
    assert got == {"--scheme": "Правила выплат [по умолчанию: classic]." if russian
                   else "Payout scheme [default: classic]."}  # fmt: skip


def test_commands_are_described_in_russian(shtoss: Shtoss) -> None:
    russian = described(shtoss, f"{PROGRAM} ", env=RUSSIAN_ENV)
    english = described(shtoss, f"{PROGRAM} ")
    assert russian["schemes"].startswith("Встроенные правила выплат: имя")
    assert english["schemes"].startswith("List the built-in payout schemes")
    assert set(russian) == set(english) and all(CYRILLIC.search(t) for t in russian.values())


@pytest.mark.parametrize(
    ("line", "value", "russian", "english"),
    [
        (f"{PROGRAM} series --plan ", "raise",
         "план raise; raise:k ограничивает число повышений подряд",
         "plan raise; raise:k bounds the raises in a row"),
        (f"{PROGRAM} series --plan ", "пароли", "план paroli", "plan paroli"),
        (f"{PROGRAM} odds --scheme ", "фараон", "правила pharaon", "scheme pharaon"),
        (f"{PROGRAM} case --pattern ", "every-rank",
         "по единице на каждую живую карту перед каждым абцугом",
         "one unit on every live rank before every turn"),
        (f"{PROGRAM} case --pattern ", "copper-after-two",
         "по единице на каждую живую карту; как только достоинство дважды проиграло, "
         "на проигрыш (coppered)",
         "one unit on every live rank, coppered once the rank has lost twice"),
    ],
    ids=["plan-raise", "plan-alias", "scheme-alias", "every-rank", "copper-after-two"],
)  # fmt: skip
def test_values_are_described_in_the_language(
    shtoss: Shtoss, line: str, value: str, russian: str, english: str
) -> None:
    assert described(shtoss, line, env=RUSSIAN_ENV)[value] == russian
    assert described(shtoss, line)[value] == english
    assert described(shtoss, line, env=RUSSIAN_ENV, shell="fish")[value] == russian


def test_every_description_offered_in_russian_is_russian(shtoss: Shtoss) -> None:
    from shtoss_exact.cli import all_commands

    for command in [*sorted(all_commands()), ""]:
        line = f"{PROGRAM} {command} --".replace("  ", " ")
        russian = described(shtoss, line, env=RUSSIAN_ENV)
        english = described(shtoss, line)
        assert set(russian) == set(english) and len(russian) > 1, command
        for option, text in russian.items():
            if english[option]:  # the same option, described in Russian and otherwise
                assert CYRILLIC.search(text) and text != english[option], (command, option)
    for line in (f"{PROGRAM} series --plan ", f"{PROGRAM} odds --scheme ",
                 f"{PROGRAM} case --pattern "):  # fmt: skip
        for value, text in described(shtoss, line, env=RUSSIAN_ENV).items():
            assert not text or CYRILLIC.search(text), (line, value, text)
