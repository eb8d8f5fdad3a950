"""The language the program speaks: the catalogs complete, the plural rule, the choice."""

from __future__ import annotations

import gettext
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shtoss_exact import i18n
from shtoss_exact.errors import ShtossError
from tests.conftest import Shtoss

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "shtoss_exact" / "locale" / "ru" / "LC_MESSAGES" / "shtoss_exact.po"

babel_extract = pytest.importorskip("babel.messages.extract")
babel_pofile = pytest.importorskip("babel.messages.pofile")


def _russian() -> dict[str | tuple[str, str], str | tuple[str, ...]]:
    with PO.open("rb") as source:
        catalog = babel_pofile.read_po(source)
    return {m.id: m.string for m in catalog if m.id}


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _marked() -> list[tuple[str, ...]]:
    """Every message the package marks with ``_()``, ``N_()`` or ``ngettext()``."""
    found = []
    for _file, _line, message, _comments, _context in babel_extract.extract_from_dir(
        ROOT / "shtoss_exact",
        method_map=[("**.py", "python")],
        keywords={"_": None, "N_": None, "ngettext": (1, 2)},
    ):
        found.append(message if isinstance(message, tuple) else (message,))
    return found


def test_every_marked_message_has_a_russian_translation_with_its_placeholders() -> None:
    russian = _russian()
    marked = _marked()
    assert len(marked) >= 4  # the marks are found at all
    for message in marked:
        key = message if len(message) > 1 else message[0]
        assert key in russian, f"no Russian for {message!r}"
        forms = russian[key]
        for index, form in enumerate(forms if isinstance(forms, tuple) else (forms,)):
            assert form, f"an empty Russian form for {message!r}"
            # The first form is the singular's (click's plurals differ in their placeholders).
            assert _fields(form) == _fields(message[min(index, len(message) - 1)]), message


def test_every_command_summary_has_a_russian_translation() -> None:
    from shtoss_exact.cli.group import SUMMARIES

    russian = _russian()
    for summary in SUMMARIES.values():
        assert russian.get(summary), summary
        assert russian[summary] != summary


def test_the_compiled_catalog_is_the_po_file() -> None:
    ran = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "compile_catalogs.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert ran.returncode == 0, ran.stderr


def _russian_form(n: int) -> int:
    """The Russian plural rule, by its grammar: 1, 21, 101 …; 2–4, 22–24 …; the rest."""
    last, last_two = n % 10, n % 100
    if last == 1 and last_two != 11:
        return 0
    if 2 <= last <= 4 and not 12 <= last_two <= 14:
        return 1
    return 2


@given(st.integers(min_value=0, max_value=10**6))
def test_russian_plurals_follow_the_grammar(n: int) -> None:
    words = ("карта", "карты", "карт")
    with i18n.speaking("ru"):
        text = i18n.ngettext("{count} card", "{count} cards", n).format(count=n)
    assert text == f"{n} {words[_russian_form(n)]}"


@pytest.mark.parametrize(("n", "text"), [(1, "1 card"), (0, "0 cards"), (2, "2 cards")])
def test_english_plurals(n: int, text: str) -> None:
    assert i18n.ngettext("{count} card", "{count} cards", n).format(count=n) == text


def test_the_catalog_is_a_gettext_catalog() -> None:
    catalog = i18n.catalog("ru")
    assert isinstance(catalog, gettext.GNUTranslations)
    assert catalog.gettext("error") == "ошибка"


_VALUES = st.sampled_from(
    ["", "C", "C.UTF-8", "POSIX", "en_US.UTF-8", "ru_RU.UTF-8", "ru", "uk_UA"]
)


@given(st.fixed_dictionaries({}, optional={n: _VALUES for n in i18n.ENVIRONMENT}))
def test_the_locale_variables_in_the_c_librarys_order(environ: dict[str, str]) -> None:
    first = next((environ[n] for n in i18n.ENVIRONMENT if environ.get(n)), "")
    expected = "ru" if first.lower().startswith("ru") else "en"
    assert i18n.language_from_environment(environ) == expected


def test_shtoss_lang_comes_first_and_is_checked() -> None:
    assert i18n.language_from_environment({"SHTOSS_LANG": "en", "LANG": "ru_RU"}) == "en"
    assert i18n.language_from_environment({"SHTOSS_LANG": "ru", "LC_ALL": "C"}) == "ru"
    with pytest.raises(ShtossError, match="language 'fr': allowed en, ru"):
        i18n.language_from_environment({"SHTOSS_LANG": "fr"})


def test_speaking_restores_the_language() -> None:
    before = i18n.language()
    with pytest.raises(ZeroDivisionError), i18n.speaking("ru"):
        assert i18n._("error") == "ошибка"
        1 / 0  # noqa: B018
    assert i18n.language() == before


def test_lang_on_a_command_speaks_russian_and_english_is_the_default(shtoss: Shtoss) -> None:
    ran = shtoss("odds", "--lang", "ru", "--cards", "zz")
    assert ran.status == 2
    assert ran.stderr.startswith("shtoss-exact: ошибка: ")
    assert shtoss("odds", "--cards", "zz").stderr.startswith("shtoss-exact: error: ")


def test_the_locale_chooses_and_lang_overrides(shtoss: Shtoss) -> None:
    russian = {"SHTOSS_LANG": "", "LANG": "ru_RU.UTF-8"}
    ran = shtoss("odds", "--cards", "zz", env=russian, process=True)
    assert ran.stderr.startswith("shtoss-exact: ошибка: ")
    ran = shtoss("odds", "--lang", "en", "--cards", "zz", env=russian, process=True)
    assert ran.stderr.startswith("shtoss-exact: error: ")


def test_a_bad_shtoss_lang_is_one_line(shtoss: Shtoss) -> None:
    ran = shtoss("odds", env={"SHTOSS_LANG": "fr"}, process=True)
    assert (ran.status, ran.stdout) == (2, "")
    assert ran.stderr == "shtoss-exact: error: SHTOSS_LANG: language 'fr': allowed en, ru\n"


def test_a_run_in_russian_leaves_the_caller_in_its_language(shtoss: Shtoss) -> None:
    before = i18n.language()
    shtoss("case", "--lang", "ru", "--seen", "7s")
    assert i18n.language() == before


@pytest.mark.parametrize(("seen", "left"), [("", 52), ("7s,8h,9d", 49)])
def test_the_case_title_counts_cards_in_both_languages(
    shtoss: Shtoss, seen: str, left: int
) -> None:
    words = ("карта", "карты", "карт")
    english = shtoss("case", "--seen", seen).stdout.splitlines()[0]
    russian = shtoss("case", "--lang", "ru", "--seen", seen).stdout.splitlines()[0]
    assert f": {left} cards left, " in english
    assert f"{left} {words[_russian_form(left)]}" in russian


def test_one_card_left_is_singular(shtoss: Shtoss) -> None:
    ran = shtoss("case", "--case", "7:1,*:0")
    assert ": 1 card left, " in ran.stdout.splitlines()[0], ran.stdout + ran.stderr


_MARKUP = re.compile(r"<[^>]*>|&#?[0-9a-z]+;|\\[a-z]+|\{(?:tabular|align\*)\}|\{[lr]+\}")
_LATIN = re.compile(r"[A-Za-z]{2,}")
# Values: the data stay the glossary's words (schemes, plans, relations, formats).
_DATA = {"classic", "colour", "half", "plain", "paroli", "raise", "bold", "flat", "stop",
         "hermann", "json", "csv", "format",
         "open", "coppered", "stay", "one", "turn", "high", "card", "every", "rank",
         "won", "lost", "split", "push", "returned", "dead"}  # fmt: skip
_SCHEMES = {"lob", "gorka", "eleven", "thirds", "bait", "pharaon", "bassette", "faro", "stuss"}
_DATA_OF = {
    # the schemes' parameters (the words of --solve)
    "schemes": _SCHEMES | {"given", "sonik", "last", "pair", "doublet", "facee", "split"},
    "fair": _SCHEMES | {"sonik", "doublet"},
    "table": _SCHEMES | {"one", "two", "deck"},  # the games
    # the quantities' names (the record's keys), as the LaTeX names them too
    "formula": _SCHEMES | {"banker", "punter", "null", "killed", "plie", "given", "ev",
                           "decided", "at"},
    # the policy's slots and cards, the punters' pattern; a bet's notation
    "cheat": {"winner", "loser", "split", "copy", "other", "lob", "sonik", "every", "rank",
              "in", "out", "of", "class"},
    "audit": {"stay"},
    "case": {"cathop", "pair", "three", "all", "different"},  # calling the turn's kinds
}  # fmt: skip


@pytest.mark.parametrize("fmt", ["text", "markdown"])
@pytest.mark.parametrize(
    "args",
    [
        ("odds",),
        ("odds", "--by-abzug", "--cards", "8", "--copies", "2"),
        ("odds", "--cards", "1", "--copies", "1", "--one-deck"),
        ("series", "--plan", "paroli:3", "--deals", "3", "--series", "2"),
        ("series", "--plan", "raise", "--bankroll", "5", "--target", "10"),
        ("bank", "--bet", "7", "--bet", "K", "--cards", "12"),
        ("strategy", "--bankroll", "3", "--target", "6"),
        ("case", "--seen", "5h Ks 5d", "--bet-kind", "all"),
        ("case", "--seen", "5h Ks 5d 9c 2s", "--bets", "5:stay:2@0 K:coppered@0", "--replay"),
        ("case", "--case", "*:0,7:2,K:1", "--pattern", "every-rank"),
        ("schemes",),
        ("fair", "--scheme", "lob-half", "--solve", "lob"),
        ("fair", "--scheme", "bait", "--solve", "sonik", "--cards", "2", "--copies", "1"),
        ("fair", "--scheme", "lob-half", "--solve", "lob", "--cards", "1", "--copies", "1"),
        ("table", "--cards", "presets", "--scheme", "classic,pharaon"),
        ("table", "--cards", "12,16", "--decimals", "2"),
        ("table", "--cards", "8", "--copies", "2", "--by-abzug", "--one-deck"),
        ("formula", "--copies", "1"),
        ("formula", "--copies", "2", "--scheme", "pharaon", "--parity", "odd"),
        ("cheat", "box", "--rank", "7", "--takes", "1"),
        ("cheat", "seconds", "--rank", "7", "--game", "two-deck", "--takes", "1"),
        ("cheat", "swap", "--rank", "7", "--takes", "1"),
        ("cheat", "tell", "--rank", "7", "--class", "J,Q,K", "--takes", "1"),
        ("cheat", "tell", "--rank", "7", "--class", "K", "--case=*:0,7:2,K:2,Q:1", "--takes", "1"),
        ("cheat", "splits", "--stacked", "1", "--pattern", "every-rank"),
        ("cheat", "box", "--pattern", "every-rank", "--case", "*:0,7:2,K:2,Q:1", "--takes", "1"),
        ("audit", "splits", "--counts", "3,1,0,2", "--alpha", "1/20"),
        ("audit", "parity", "--class", "7,8,9", "--seen", "5h 7s Kd 8c 2h"),
        ("audit", "ledger", "--seen", "5h Ks 5d 9c 2s", "--bets", "9@0 K@0"),
        ("audit", "deal", "--seen", "2s 3s Ac"),
    ],
)
def test_russian_output_carries_no_english_label(
    shtoss: Shtoss, args: tuple[str, ...], fmt: str
) -> None:
    ran = shtoss(*args, "--format", fmt, "--lang", "ru")
    assert ran.status == 0, ran.stderr
    data = _DATA | _DATA_OF.get(args[0], set())
    english = set(_LATIN.findall(_MARKUP.sub(" ", ran.stdout))) - data
    assert not english, english
    assert re.search("[а-я]{4}", ran.stdout)


@pytest.mark.parametrize(
    ("fmt", "args"),
    [
        ("latex", ("table", "--cards", "12,16", "--decimals", "2")),
        ("html", ("table", "--cards", "12,16", "--decimals", "2")),
        ("latex", ("table", "--cards", "8", "--copies", "2", "--by-abzug")),
        ("html", ("table", "--cards", "8", "--copies", "2", "--by-abzug")),
        ("latex", ("formula", "--copies", "2", "--scheme", "pharaon", "--parity", "odd")),
    ],
)
def test_russian_latex_and_html_carry_no_english_label(
    shtoss: Shtoss, fmt: str, args: tuple[str, ...]
) -> None:
    test_russian_output_carries_no_english_label(shtoss, args, fmt)


def test_csv_headers_stay_the_glossarys_words(shtoss: Shtoss) -> None:
    english = shtoss("odds", "--by-abzug", "--format", "csv").stdout
    assert shtoss("odds", "--by-abzug", "--format", "csv", "--lang", "ru").stdout == english
    json = shtoss("odds", "--format", "json").stdout
    assert shtoss("odds", "--format", "json", "--lang", "ru").stdout == json


@pytest.mark.parametrize(
    ("args", "english", "russian"),
    [
        (
            ("odds", "--cards", "zz"),
            "Invalid value for '--cards': 'zz' is not a whole number: allowed whole numbers >= 0",
            "Неверное значение '--cards': 'zz' — не целое число: допустимы целые числа >= 0",
        ),
        (
            ("case", "--seen", "9x"),
            "unknown card '9x': unknown suit 'x': allowed suits are s/c/h/d, ♠/♣/♥/♦, п/т/ч/б "
            "or spades/clubs/hearts/diamonds",
            "неизвестная карта '9x': неизвестная масть 'x': допустимые масти — п/т/ч/б, "
            "♠/♣/♥/♦, s/c/h/d или spades/clubs/hearts/diamonds",
        ),
        (
            ("odds", "--format", "xx"),
            "Invalid value for '--format': 'xx' is not one of 'text', 'json', 'csv', 'markdown'.",
            "Неверное значение '--format': 'xx' — ни одно из 'text', 'json', 'csv', 'markdown'.",
        ),
        (
            ("odds", "--nope"),
            "No such option '--nope'. Did you mean '--copies'?",
            "Нет такого параметра '--nope'. Может быть, '--copies'?",
        ),
        (
            ("odds", "--cards"),
            "Option '--cards' requires an argument.",
            "Параметру '--cards' нужен аргумент.",
        ),
    ],
)
def test_error_lines_in_russian_and_english_as_before(
    shtoss: Shtoss, args: tuple[str, ...], english: str, russian: str
) -> None:
    before = shtoss(*args)
    assert (before.status, before.stderr) == (2, f"shtoss-exact: error: {english}\n")
    spoken = shtoss(args[0], "--lang", "ru", *args[1:])
    assert (spoken.status, spoken.stderr) == (2, f"shtoss-exact: ошибка: {russian}\n")


def test_a_library_error_line_in_russian_keeps_the_flags(shtoss: Shtoss) -> None:
    english = shtoss("odds", "--scheme", "nope").stderr
    assert english.startswith("shtoss-exact: error: unknown scheme 'nope': allowed schemes are ")
    ran = shtoss("odds", "--lang", "ru", "--scheme", "nope")
    assert ran.status == 2
    assert ran.stderr.startswith(
        "shtoss-exact: ошибка: неизвестное имя 'nope' (правила): допустимы правила — classic, "
    )
    assert ran.stderr.count("\n") == 1
    assert ran.stderr.endswith("(или русское имя, или файл .toml или .json (правила))\n")
    ran = shtoss("series", "--lang", "ru", "--plan", "flat")
    assert (ran.status, ran.stderr) == (
        2,
        "shtoss-exact: ошибка: не задано число меток: задайте --deals или --bankroll/--target, "
        "чтобы играть, пока одно из них не кончит игру\n",
    )


def test_click_messages_outside_the_errors_stay_clicks() -> None:
    from shtoss_exact.cli import usage_errors

    click_types = sys.modules["click.types"]
    with i18n.speaking("ru"):
        assert click_types._("Choose from:\n\t{choices}") == "Choose from:\n\t{choices}"  # type: ignore[attr-defined]
        assert click_types._("Missing option") == "Не хватает параметра"  # type: ignore[attr-defined]
    assert "Missing option" in usage_errors.CLICK_ERRORS


def _plain_hostile_rows() -> list[object]:
    from tests.contracts.test_hostile import CASES

    return [
        row
        for row in CASES
        if not (row.files or row.links or row.fifos or row.file_limit)
        and row.stdout == "file"
        and row.status == 2
        and row.command not in ("serve", "plot")
    ]


@pytest.mark.slow
def test_the_hostile_table_is_refused_in_one_russian_line(shtoss: Shtoss) -> None:
    rows = _plain_hostile_rows()
    assert len(rows) >= 100
    english = []
    for row in rows:
        ran = shtoss(*row.argv, env={"SHTOSS_LANG": "ru"})  # type: ignore[attr-defined]
        lines = ran.stderr.splitlines()
        assert ran.status == 2, (row.id, ran.stderr)  # type: ignore[attr-defined]
        assert len(lines) == 1, (row.id, ran.stderr)  # type: ignore[attr-defined]
        assert lines[0].startswith("shtoss-exact: ошибка: "), lines[0]
        assert "Traceback" not in ran.stderr and "internal error" not in lines[0]
        assert "внутренняя ошибка" not in lines[0]  # a bug, in Russian
        if lines[0] == f"shtoss-exact: ошибка: {row.expect}":  # type: ignore[attr-defined]
            english.append(row.id)  # type: ignore[attr-defined]
    assert not english, english
