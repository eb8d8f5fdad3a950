"""The click group: its commands loaded lazily, its language read before parsing."""

from __future__ import annotations

import importlib

import pytest

from shtoss_exact.cli import group
from shtoss_exact.i18n import lang_given
from tests.conftest import Shtoss


@pytest.mark.parametrize(
    ("args", "spoken"),
    [
        (["odds", "--lang", "ru"], "ru"),
        (["odds", "--lang=RU", "--nope"], "ru"),
        (["--lang", "ru", "odds", "--lang", "en"], "en"),  # the last one counts
        (["odds", "--", "--lang", "ru"], None),  # after -- it is an argument
        (["odds", "--lang"], None),  # no value: click's to refuse
        (["odds", "--lang", "fr"], None),  # a bad value: click's to refuse
    ],
)
def test_the_language_is_read_before_click_parses(args: list[str], spoken: str | None) -> None:
    assert lang_given(args) == spoken


def test_every_command_is_in_its_own_module_and_summarised() -> None:
    assert set(group.SUMMARIES) == set(group.COMMAND_MODULES)
    for name in group.COMMAND_MODULES:
        module = importlib.import_module(f"shtoss_exact.cli.{name}")
        assert name in group.cli.commands, module.__name__


def test_the_option_bundles_name_the_group_they_extend() -> None:
    from shtoss_exact.cli import base

    assert base.cli is group.cli and base.SUMMARIES is group.SUMMARIES


@pytest.mark.parametrize("lang", [["--lang", "ru"], ["--lang=en"]])
def test_a_lang_given_is_spoken_whatever_shtoss_lang_says(shtoss: Shtoss, lang: list[str]) -> None:
    ran = shtoss("odds", "--cards", "9", *lang, env={"SHTOSS_LANG": "fr"})
    assert ran.status == 0, ran.stderr
    assert ran.stdout == shtoss("odds", "--cards", "9", *lang).stdout


def test_a_bad_shtoss_lang_without_lang_is_refused(shtoss: Shtoss) -> None:
    ran = shtoss("odds", "--cards", "9", env={"SHTOSS_LANG": "fr"})
    assert (ran.status, ran.stdout) == (2, "")
    assert ran.stderr == "shtoss-exact: error: SHTOSS_LANG: language 'fr': allowed en, ru\n"


def test_shtoss_lang_may_be_a_locale_name(shtoss: Shtoss) -> None:
    ran = shtoss("odds", "--cards", "9", env={"SHTOSS_LANG": "ru_RU.UTF-8"})
    assert ran.stdout == shtoss("odds", "--cards", "9", "--lang", "ru").stdout


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "shtoss-exact: error: internal error (KeyError: 'oops'); please report it\n"),
        (
            "ru",
            "shtoss-exact: ошибка: внутренняя ошибка (KeyError: 'oops'); "
            "пожалуйста, сообщите о ней\n",
        ),
    ],
)
def test_a_bug_is_one_line_in_the_language_spoken(
    shtoss: Shtoss, monkeypatch: pytest.MonkeyPatch, lang: str, line: str
) -> None:
    import click

    def broken(*args: object, **kwargs: object) -> object:
        raise KeyError("oops")

    monkeypatch.setattr(click.Group, "main", broken)
    ran = shtoss("odds", "--lang", lang)
    assert (ran.status, ran.stderr) == (1, line)


@pytest.mark.parametrize("stop", [None, KeyboardInterrupt])
def test_a_caller_running_the_command_line_keeps_its_signals(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], stop: type | None
) -> None:
    # A notebook calling cli.main(standalone_mode=False) keeps its own Ctrl-C and
    # SIGTERM handlers after the command, whether it answered or was interrupted.
    import signal

    from shtoss_exact.cli import cli

    def mine(signum: int, frame: object) -> None:
        raise AssertionError("not called")

    numbers = [signal.SIGINT, signal.SIGTERM]
    before = {n: signal.getsignal(n) for n in numbers}
    if stop is not None:

        def interrupted(code: int) -> int:
            raise stop()

        monkeypatch.setattr(group, "finish", interrupted)
    try:
        for n in numbers:
            signal.signal(n, mine)
        code = cli.main(["odds", "--cards", "9"], standalone_mode=False)
        assert {n: signal.getsignal(n) for n in numbers} == dict.fromkeys(numbers, mine)
    finally:
        for n, handler in before.items():
            signal.signal(n, handler)
    assert code == (0 if stop is None else 128 + signal.SIGINT)
    assert ("interrupted" in capsys.readouterr().err) is (stop is not None)
