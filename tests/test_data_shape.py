"""The shape of a data file, bounded on its text before it is parsed.

The scan is held to the parser itself: TOML is written from random nested data in
every form the language has (headers, dotted keys, inline tables, arrays over several
lines with comments, the four kinds of string, quoted keys holding dots, brackets,
quotes and backslashes), read back by ``tomllib`` to the same data, and the scan
refuses it exactly when the data nest deeper than ``MAX_DATA_DEPTH`` or one key has
more than ``MAX_KEY_PARTS`` parts. Attacks are refused within a tenth of a second of
CPU and 50 MB (``tracemalloc``), through the one reader of data files.
"""

from __future__ import annotations

import json
import string
import time
import tomllib
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shtoss_exact import ShtossError
from shtoss_exact.data_files import read_data
from shtoss_exact.data_shape import json_shape, toml_shape, whole_numbers_bounded
from shtoss_exact.limits import MAX_DATA_DEPTH, MAX_KEY_PARTS, MAX_WHOLE_DIGITS


def depth(value: Any) -> int:
    """Containers nested in one another: 0 for a scalar, a table of scalars 1."""
    if isinstance(value, dict):
        return 1 + max((depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((depth(v) for v in value), default=0)
    return 0


def refused(text: str) -> bool:
    try:
        toml_shape(text)
    except ShtossError:
        return True
    return False


# -- writing TOML, independently of the scan ------------------------------------------

_BARE = string.ascii_letters + string.digits + "_-"
_TRICKY = "ab.[]{}=,#\"'\\ \n\t3"


def _basic(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return '"' + escaped.replace("\t", "\\t") + '"'


def string_literal(text: str, form: int) -> str:
    """``text`` as one of TOML's four strings (a form that cannot hold it: basic)."""
    if form == 1 and "'" not in text and "\n" not in text:
        return f"'{text}'"
    if form == 2 and not text.startswith("\n"):  # multi-line: quotes, backslashes escaped
        return '"""' + text.replace("\\", "\\\\").replace('"', '\\"') + '"""'
    if form == 3 and "'''" not in text and not text.endswith("'") and not text.startswith("\n"):
        return f"'''{text}'''"
    return _basic(text)


def key_literal(key: str, form: int) -> str:
    if key and all(ch in _BARE for ch in key) and form != 0:
        return key
    if form == 1 and "'" not in key and "\n" not in key:
        return f"'{key}'"
    return _basic(key)


class Writer:
    """TOML text for nested data, its forms drawn from ``choices``; it also tells the
    most parts any key it wrote has."""

    def __init__(self, choices: list[int]) -> None:
        self.choices = choices or [0]
        self.at = 0
        self.parts = 0

    def choose(self, n: int) -> int:
        self.at += 1
        return self.choices[self.at % len(self.choices)] % n

    def key(self, path: list[str]) -> str:
        self.parts = max(self.parts, len(path))
        return ".".join(key_literal(k, self.choose(3)) for k in path)

    def value(self, value: Any) -> str:
        if isinstance(value, bool | int):
            return str(value).lower()
        if isinstance(value, str):
            return string_literal(value, self.choose(4))
        if isinstance(value, list):
            gap = [", ", ",\n  ", ", # a [comment] {\n"][self.choose(3)]
            return "[" + gap.join(self.value(v) for v in value) + "]"
        pairs = [f"{self.key(path)} = {self.value(v)}" for path, v in self.dotted(value, [])]
        return "{" + ", ".join(pairs) + "}"

    def dotted(self, table: dict[str, Any], path: list[str]) -> list[tuple[list[str], Any]]:
        """Key/value pairs of ``table``; a non-empty table may be written as dotted keys."""
        pairs: list[tuple[list[str], Any]] = []
        for key, value in table.items():
            if isinstance(value, dict) and value and self.choose(2):
                pairs += self.dotted(value, [*path, key])
            else:
                pairs.append(([*path, key], value))
        return pairs

    def document(self, table: dict[str, Any]) -> str:
        lines: list[str] = []
        self.section(table, [], lines)
        return "\n".join(lines) + "\n"

    def section(self, table: dict[str, Any], path: list[str], lines: list[str]) -> None:
        later = []
        for key, value in table.items():
            if isinstance(value, dict) and self.choose(2):
                later.append((key, value))  # under a header of its own
            else:
                for keys, v in self.dotted({key: value}, []):
                    lines.append(f"{self.key(keys)} = {self.value(v)}")
        for key, value in later:
            lines.append(f"\n[{self.key([*path, key])}]  # [not.a.header]")
            self.section(value, [*path, key], lines)


texts = st.text(alphabet=_TRICKY, max_size=8)
keys = st.one_of(st.text(alphabet=_TRICKY, max_size=5), st.text(alphabet="ab_1", min_size=1))
scalars = st.one_of(st.integers(-5, 5), texts)
data = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(keys, inner, min_size=1, max_size=3)
    ),
    max_leaves=40,
)


def deep_chain(levels: int, leaf: Any) -> Any:
    value = leaf
    for i in range(levels):
        value = [value] if i % 3 == 0 else {f"k.{i}": value}
    return value


documents = st.builds(
    lambda top, chain, where: {**top, where: chain},
    st.dictionaries(keys, data, max_size=4),
    st.integers(MAX_DATA_DEPTH - 6, MAX_DATA_DEPTH + 4).flatmap(
        lambda n: st.builds(deep_chain, st.just(n), scalars)
    ),
    keys,
)


@settings(max_examples=300, deadline=None)
@given(documents, st.lists(st.integers(0, 11), min_size=1, max_size=20))
def test_the_scan_refuses_exactly_what_nests_too_deep(table: dict[str, Any], forms: list[int]):
    writer = Writer(forms)
    text = writer.document(table)
    assert tomllib.loads(text) == table  # the writer writes TOML
    too_deep = depth(table) > MAX_DATA_DEPTH or writer.parts > MAX_KEY_PARTS
    assert refused(text) == too_deep, text


@settings(max_examples=200, deadline=None)
@given(documents)
def test_the_json_scan_refuses_exactly_what_nests_too_deep(table: dict[str, Any]) -> None:
    text = json.dumps(table, indent=1 if len(table) % 2 else None)
    try:
        json_shape(text)
        refused_here = False
    except ShtossError:
        refused_here = True
    assert refused_here == (depth(table) > MAX_DATA_DEPTH)


@pytest.mark.parametrize(
    "text",
    [
        '"' + "." * 10_000 + '" = 1\n',  # a quoted key's dots are text
        "'a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r' = 1\n",
        'k = "' + "[{" * 5000 + '"\n',
        "k = '" + "[" * 5000 + "'\n",
        'k = """\n' + "[" * 5000 + '\\"""' + "{" * 100 + '"""\n',  # an escaped quote
        'k = """a\\\\"""\nb = [1]\n',  # an even run of backslashes: the string ends
        'k = """ends with quotes"""""\nx = 1\n',
        "k = '''\n" + "[" * 5000 + "'''''\nx = 1\n",
        "k = 'C:\\'\nx = [[1]]\n",  # no escape in a literal string
        "# a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\nk = 1\n",
        "k = [\n  1, # ]]]]\n  2,\n]\n",
        "[" + ".".join("a" * 16) + "]\n" + ".".join("b" * 16) + " = 1\n",  # 32 deep
        "t = {" + ", ".join(f"k{i} = {{a = [1]}}" for i in range(2000)) + "}\n",
    ],
)
def test_strings_comments_and_wide_data_are_not_counted(text: str) -> None:
    toml_shape(text)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("a" + ".a" * 20_000 + " = 1\n", "a key of more than 16 parts"),
        ("a" + ".a" * 100_000 + " = 1\n", "a key of more than 16 parts"),
        ("[a" + ".a" * 20_000 + "]\n", "a key of more than 16 parts"),
        ('"a"' + '."a"' * 20_000 + " = 1\n", "a key of more than 16 parts"),
        ("t = {" + "a" + ".a" * 20_000 + " = 1}\n", "a key of more than 16 parts"),
        ("x = 1\nt = " + "[" * 100_000 + "]" * 100_000 + "\n", "line 2: arrays and tables"),
        ("t = " + "{a = " * 100_000 + "1" + "}" * 100_000 + "\n", "nested more than 32"),
        (f"[{'.'.join('a' * 16)}]\n{'.'.join('b' * 16)} = [1]\n",
         "line 2: arrays and tables nested more than 32"),
    ],
)  # fmt: skip
def test_keys_and_nesting_past_the_bounds_are_refused_at_once(
    tmp_path: Path, text: str, fragment: str
) -> None:
    path = tmp_path / "p.toml"
    path.write_text(text)
    tracemalloc.start()
    start = time.process_time()
    with pytest.raises(ShtossError, match=fragment) as caught:
        read_data(path, what="plan file", max_bytes=1_000_000)
    seconds = time.process_time() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert str(caught.value).startswith(f"plan file {str(path)!r}: bad TOML (line")
    assert seconds < 0.1, f"{seconds:.2f} s of CPU"
    assert peak < 50 * 1024**2, f"{peak / 1024**2:.0f} MB"


def test_json_nesting_past_the_bound_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "d.json"
    path.write_text('{"a": "[[[[", "b": ' + "[" * 100_000 + "]" * 100_000 + "}")
    start = time.process_time()
    with pytest.raises(ShtossError, match=r"bad JSON \(line 1: arrays and objects nested more"):
        read_data(path, what="scheme file", max_bytes=1_000_000)
    assert time.process_time() - start < 0.1


@pytest.mark.parametrize(
    ("written", "digits"),
    [("0x" + "f" * 4000, 4817), ("0o" + "7" * 5000, 4516), ("0b" + "1" * 20_000, 6021)],
)  # fmt: skip
def test_integers_in_any_base_are_held_to_the_decimal_bound(
    tmp_path: Path, written: str, digits: int
) -> None:
    # the digits counted straight: 16**4000 - 1 has floor(4000 log10 16) + 1 of them
    assert len(str(int(written, 0) // 10**4000)) + 4000 == digits
    path = tmp_path / "p.toml"
    path.write_text(f'name = "p"\n[bets]\ncopper_after = {written}\n')
    with pytest.raises(ShtossError) as caught:
        read_data(path, what="pattern file", max_bytes=100_000)
    assert str(caught.value) == (
        f"pattern file {str(path)!r}: bad TOML (bets.copper_after=(about {digits} digits) is not a "
        f"whole number of at most {MAX_WHOLE_DIGITS} digits)"
    )


def test_the_largest_integer_allowed_is_read_in_every_base(tmp_path: Path) -> None:
    largest = 10**MAX_WHOLE_DIGITS - 1
    path = tmp_path / "p.toml"
    for written in (str(largest), hex(largest), oct(largest), bin(largest)):
        path.write_text(f"n = {written}\n")
        assert read_data(path, what="plan file", max_bytes=100_000) == {"n": largest}
    for written in ("1" + "0" * MAX_WHOLE_DIGITS, hex(largest + 1)):
        path.write_text(f"n = {written}\n")
        with pytest.raises(ShtossError, match=f"of more than {MAX_WHOLE_DIGITS} digits|at most"):
            read_data(path, what="plan file", max_bytes=100_000)


def test_a_decimal_integer_too_long_is_refused_in_the_program_s_words(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    path.write_text("n = " + "9" * 5000 + "\n")
    with pytest.raises(ShtossError) as caught:
        read_data(path, what="plan file", max_bytes=100_000)
    assert "set_int_max_str_digits" not in str(caught.value)
    assert f"an integer of more than {MAX_WHOLE_DIGITS} digits" in str(caught.value)


def test_whole_numbers_bounded_names_where_the_integer_is() -> None:
    # counted from 1, as the schema counts: the third item
    with pytest.raises(ShtossError, match=r"^a\[3\]\.b=\(about"):
        whole_numbers_bounded({"a": [1, 2, {"b": 1 << 20_000}]})
    assert whole_numbers_bounded([10**4299, {"x": -(10**4299)}]) is not None


def test_threads_reading_data_files_leave_the_caller_s_digit_limit(tmp_path: Path) -> None:
    # Each read sets the program's limit and puts back the one it found: two threads
    # interleaved without the lock put back each other's, leaving 4300 in force for good.
    import sys
    import threading

    path = tmp_path / "p.toml"
    path.write_text("n = 12\n")
    before, interval = sys.get_int_max_str_digits(), sys.getswitchinterval()
    sys.set_int_max_str_digits(0)  # the caller's: no limit
    sys.setswitchinterval(1e-6)
    try:

        def read() -> None:
            for _ in range(300):
                assert read_data(path, what="plan file", max_bytes=100) == {"n": 12}

        threads = [threading.Thread(target=read) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sys.get_int_max_str_digits() == 0
    finally:
        sys.setswitchinterval(interval)
        sys.set_int_max_str_digits(before)
