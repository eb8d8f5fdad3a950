"""The help in Russian: every command's and option's help in the catalog, both orders of
``-h`` and ``--lang``, no English word left, English untouched."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from pathlib import Path

import click
import pytest

from shtoss_exact.cli import all_commands, cli
from shtoss_exact.cli.speaking import CLICK_WORDS, ListingOption, help_messages
from tests.conftest import Shtoss

PO = Path(__file__).resolve().parents[2] / "shtoss_exact/locale/ru/LC_MESSAGES/shtoss_exact.po"

babel_pofile = pytest.importorskip("babel.messages.pofile")


def _russian() -> dict[str, str]:
    with PO.open("rb") as source:
        catalog = babel_pofile.read_po(source)
    return {m.id: m.string for m in catalog if m.id and isinstance(m.id, str)}


def _commands() -> Iterator[tuple[str, click.Command, click.Context]]:
    """Every command, group and subcommand, with its context, by its path."""
    top = click.Context(cli, info_name="shtoss-exact", **cli.context_settings)
    yield "shtoss-exact", cli, top
    all_commands()
    pending = [(cli, top)]
    while pending:
        group, parent = pending.pop()
        assert isinstance(group, click.Group)
        for name in group.list_commands(parent):
            command = group.get_command(parent, name)
            assert command is not None, name
            ctx = click.Context(command, info_name=name, parent=parent)
            yield ctx.command_path, command, ctx
            if isinstance(command, click.Group):
                pending.append((command, ctx))


def _help_texts() -> Iterator[tuple[str, str]]:
    """Every help text shown: each command's and each option's (a listing option's
    own words, its list being spoken by a marked message), by where it is."""
    for path, command, ctx in _commands():
        yield path, command.help or ""
        for param in command.get_params(ctx):
            if isinstance(param, click.Option):
                own = param.base_help if isinstance(param, ListingOption) else param.help
                yield f"{path} {param.opts[-1]}", own or ""


def _fields(text: str) -> tuple[set[str], set[str]]:
    braces = {name for _, name, _, _ in string.Formatter().parse(text) if name}
    return braces, set(re.findall(r"%\((\w+)\)s", text))


def test_every_help_text_has_a_russian_translation_with_its_placeholders() -> None:
    russian = _russian()
    texts = list(_help_texts())
    assert len(texts) > 200  # the commands and their options are found at all
    for where, text in texts:
        for message in help_messages(text):
            spoken = russian.get(message)
            assert spoken, f"{where}: no Russian for {message!r}"
            assert spoken != message, f"{where}: {message!r}"
            assert _fields(spoken) == _fields(message), (where, message)
            assert re.search("[а-яё]{3}", spoken), (where, spoken)


def test_clicks_own_words_are_in_the_catalog() -> None:
    russian = _russian()
    for word in CLICK_WORDS:
        assert russian.get(word) and russian[word] != word, word


def test_every_plot_kind_is_described_in_russian() -> None:
    from shtoss_exact.report.plots.registry import KINDS

    russian = _russian()
    for kind in KINDS.values():
        assert russian.get(kind.description), kind.name


def test_a_commands_summary_is_the_first_paragraph_of_its_russian_help(shtoss: Shtoss) -> None:
    from shtoss_exact.cli.group import SUMMARIES

    russian = _russian()
    for name in ("odds", "cheat", "audit"):
        ran = shtoss(name, "--lang", "ru", "-h")
        assert ran.stdout.split("\n\n")[1].split() == russian[SUMMARIES[name]].split()


@pytest.mark.parametrize(
    "args",
    [
        ("odds", "--lang", "ru", "-h"),
        ("odds", "-h", "--lang", "ru"),
        ("odds", "--help", "--lang=RU"),
        ("--lang", "ru", "odds", "-h"),
    ],
)
def test_help_in_russian_whichever_comes_first(shtoss: Shtoss, args: tuple[str, ...]) -> None:
    ran = shtoss(*args)
    assert ran.status == 0, ran.stderr
    assert ran.stdout == shtoss("odds", "--lang", "ru", "-h").stdout
    assert ran.stdout.startswith("Использование: shtoss-exact odds [OPTIONS]\n\n  Точные шансы")
    assert "\nПараметры:\n" in ran.stdout
    assert "(7..A) карты. [по умолчанию: 52]" in " ".join(ran.stdout.split())


def test_the_group_and_a_subcommand_in_russian(shtoss: Shtoss) -> None:
    top = shtoss("-h", "--lang", "ru").stdout
    assert "\nКоманды:\n" in top
    assert "Показать версию и выйти." in top
    box = shtoss("cheat", "box", "-h", "--lang", "ru").stdout
    assert box.startswith("Использование: shtoss-exact cheat box [OPTIONS]\n\n  Ящик на две")
    assert "\n  Примеры:\n    shtoss-exact cheat box --rank 7 --takes 1\n" in box
    assert "--game GAME" in box and "обязательно" not in box


@pytest.mark.parametrize(
    "env", [{"SHTOSS_LANG": "ru"}, {"SHTOSS_LANG": "", "LC_ALL": "", "LANG": "ru_RU.UTF-8"}]
)
def test_the_environment_speaks_the_help(shtoss: Shtoss, env: dict[str, str]) -> None:
    ran = shtoss("strategy", "-h", env=env, process=True)
    assert ran.stdout.startswith("Использование: shtoss-exact strategy"), ran.stderr
    assert ran.stdout == shtoss("strategy", "--lang", "ru", "-h", env=env, process=True).stdout


def test_english_help_is_unchanged_after_russian(shtoss: Shtoss) -> None:
    before = {name: shtoss(*name.split(), "-h").stdout for name in ("odds", "series", "cheat box")}
    for name in before:
        shtoss(*name.split(), "-h", "--lang", "ru")
    for name, english in before.items():
        assert shtoss(*name.split(), "-h").stdout == english
        assert shtoss(*name.split(), "--lang", "en", "-h").stdout == english
        assert english.startswith(f"Usage: shtoss-exact {name} [OPTIONS]")
        assert not {"Использование", "Параметры", "умолчанию"} & set(english.split())


# What stays as it is in Russian help: the program's name and the examples, option names
# and metavars, the commands' names, and values (choices, schemes, plans, file types,
# formats, the languages).
_EXAMPLE = re.compile(r"^\s*shtoss-exact .*$|shtoss-exact(?: [a-z]+)*|^  [a-z]+(?=  )", re.M)
_NAMES = re.compile(
    r'"[^"]*"|-{1,2}[a-z][a-z-]*|\b[A-Z][A-Z_|]+\b|[\w.-]*\[[a-z|]+\]|`[^`]*`'
    r"|\b[a-z]+(?:-[a-z]+)+\b|\b[a-z]+(?:_[a-z]+)+\b"  # hyphenated values, record keys
)
_LATIN = re.compile(r"[A-Za-z]{2,}")
_VALUES = {"ru", "en", "png", "svg", "pdf", "toml", "json", "pip", "install", "shtoss", "exact",
           "plot", "shc", "classic", "lob", "half", "gorka", "eleven", "thirds", "bait", "pharaon",
           "bassette", "faro", "stuss", "flat", "raise", "paroli", "stop", "hermann", "reach",
           "stay", "none", "graphml", "GraphML", "dot", "gv", "float", "presets", "replay",
           "QS"}  # fmt: skip


@pytest.mark.parametrize(
    "command",
    [
        (),
        ("odds",),
        ("series",),
        ("bank",),
        ("strategy",),
        ("table",),
        ("cheat",),
        ("plot",),
        ("case",),
    ],
)
def test_russian_help_carries_no_english_word(shtoss: Shtoss, command: tuple[str, ...]) -> None:
    ran = shtoss(*command, "-h", "--lang", "ru")
    assert ran.status == 0, ran.stderr
    text = _NAMES.sub(" ", _EXAMPLE.sub(" ", re.sub(r"-\n\s+", "-", ran.stdout)))
    names, choices = set(), set()
    for path, command, ctx in _commands():
        names.add(path.split()[-1])
        for param in command.get_params(ctx):
            if isinstance(param.type, click.Choice):
                choices.update(str(choice) for choice in param.type.choices)
    english = set(_LATIN.findall(text)) - _VALUES - names - choices
    assert not english, english


def test_two_threads_format_help_each_in_its_own_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """The help's words are put on click's shared objects while it is formatted; a
    thread formatting help in English while another does in Russian sees only its own
    (each spoken word is slowed down here, so that without the lock they would mix)."""
    import threading
    import time

    from shtoss_exact.cli import speaking as module
    from shtoss_exact.i18n import speaking

    command = cli.get_command(click.Context(cli), "series")
    assert command is not None

    def formatted(language: str) -> str:
        with speaking(language):
            top = click.Context(cli, info_name="shtoss-exact", **cli.context_settings)
            return command.get_help(click.Context(command, info_name="series", parent=top))

    expected = {language: formatted(language) for language in ("en", "ru")}
    assert expected["en"] != expected["ru"]
    slow = module.spoken_help

    def slowed(text: str | None) -> str | None:
        time.sleep(0.0002)
        return slow(text)

    monkeypatch.setattr(module, "spoken_help", slowed)
    seen: dict[str, set[str]] = {"en": set(), "ru": set()}

    def run(language: str) -> None:
        for _ in range(15):
            seen[language].add(formatted(language))

    threads = [threading.Thread(target=run, args=(language,)) for language in ("en", "ru")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == {language: {text} for language, text in expected.items()}
