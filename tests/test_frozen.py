"""``shtoss_exact.frozen`` behaves as ``@dataclass(frozen=True)``: the same class written
both ways is compared, field by field of its behaviour."""

from __future__ import annotations

import ast
import copy
import dataclasses
import pickle
from fractions import Fraction
from pathlib import Path
from typing import Any, NamedTuple, get_type_hints

import pytest

from shtoss_exact import frozen
from shtoss_exact.deck import make_deal


def _pair(**options: Any) -> tuple[type, type]:
    made = []
    for decorate, make_field in ((dataclasses.dataclass, dataclasses.field),
                                 (frozen.dataclass, frozen.field)):  # fmt: skip

        class Point:
            """A point."""

            x: int
            y: int = 0
            tags: tuple[str, ...] = make_field(default_factory=tuple)
            note: str = make_field(default="", compare=False, repr=False)
            label: str = make_field(default="p", kw_only=True)

        made.append(decorate(frozen=True, **options)(Point))
    return made[0], made[1]


STANDARD, OURS = _pair()
KEYWORDS_STANDARD, KEYWORDS_OURS = _pair(kw_only=True)


@pytest.mark.parametrize("args", [(1,), (1, 2), (1, 2, ("a",)), (1, 2, (), "n")])
def test_the_same_values_repr_eq_and_hash(args: tuple[Any, ...]) -> None:
    standard, ours = STANDARD(*args, label="q"), OURS(*args, label="q")
    assert repr(ours) == repr(standard)
    assert [getattr(ours, n) for n in ("x", "y", "tags", "note", "label")] == [
        getattr(standard, n) for n in ("x", "y", "tags", "note", "label")
    ]
    assert ours == OURS(*args, label="q") and hash(ours) == hash(OURS(*args, label="q"))
    assert hash(ours) == hash(standard)  # the hash of the compared fields, as a tuple
    assert ours != standard  # equality holds within the exact class only
    assert OURS.__match_args__ == STANDARD.__match_args__


def test_a_field_not_compared_is_ignored_by_eq_and_hash() -> None:
    assert OURS(1, note="a") == OURS(1, note="b")
    assert hash(OURS(1, note="a")) == hash(OURS(1, note="b"))
    assert OURS(1, 2) != OURS(1, 3)


@pytest.mark.parametrize(
    "call",
    [lambda cls: cls(), lambda cls: cls(1, 2, (), "", "x"), lambda cls: cls(1, z=3),
     lambda cls: cls(1, x=2)],
)  # fmt: skip
def test_the_same_errors_for_bad_calls(call: Any) -> None:
    with pytest.raises(TypeError) as standard:
        call(STANDARD)
    with pytest.raises(TypeError) as ours:
        call(OURS)
    assert str(ours.value).split("()")[-1] == str(standard.value).split("()")[-1]


def test_keyword_only_records() -> None:
    with pytest.raises(TypeError):
        KEYWORDS_OURS(1)
    assert repr(KEYWORDS_OURS(x=1)) == repr(KEYWORDS_STANDARD(x=1))


def test_frozen_pickled_copied_replaced() -> None:
    point = OURS(1, 2, ("a",), "n", label="q")
    with pytest.raises(dataclasses.FrozenInstanceError):
        point.x = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del point.y  # type: ignore[misc]
    for again in (copy.copy(point), copy.deepcopy(point)):
        assert again == point and again.note == "n" and type(again) is OURS
    deal = make_deal(deck=36, copies=3)  # a record of the package, pickled by name
    assert pickle.loads(pickle.dumps(deal)) == deal
    assert hash(pickle.loads(pickle.dumps(deal))) == hash(deal)
    assert frozen.replace(point, y=5) == OURS(1, 5, ("a",), "n", label="q")
    assert dataclasses.replace(point, y=5) == OURS(1, 5, ("a",), "n", label="q")
    assert dataclasses.is_dataclass(point)
    assert [f.name for f in dataclasses.fields(point)] == ["x", "y", "tags", "note", "label"]
    assert dataclasses.asdict(point) == dataclasses.asdict(STANDARD(1, 2, ("a",), "n", label="q"))
    assert [f.name for f in frozen.fields(point)] == ["x", "y", "tags", "note", "label"]


def test_a_subclass_inherits_the_fields_and_a_post_init_runs() -> None:
    seen = []

    @frozen.dataclass(frozen=True)
    class Base:
        a: int

    @frozen.dataclass(frozen=True)
    class Child(Base):
        b: int = 2

        def __post_init__(self) -> None:
            seen.append((self.a, self.b))

    assert (
        repr(Child(1))
        == "test_a_subclass_inherits_the_fields_and_a_post_init_runs.<locals>.Child(a=1, b=2)"
    )
    assert seen == [(1, 2)] and Child(1) != Base(1)


def test_an_explicit_hash_and_repr_are_kept() -> None:
    @frozen.dataclass(frozen=True, repr=False)
    class Named:
        name: str

        def __hash__(self) -> int:
            return 7

    assert hash(Named("a")) == 7 and repr(Named("a")).startswith("<")


# --- named tuples: frozen.NamedTuple against typing.NamedTuple --------------------------------


class StandardPair(NamedTuple):
    """A pair."""

    first: int
    second: Fraction = Fraction(1, 2)
    tags: tuple[str, ...] = ()

    def total(self) -> Fraction:
        return self.first + self.second


class OurPair(frozen.NamedTuple):
    """A pair."""

    first: int
    second: Fraction = Fraction(1, 2)
    tags: tuple[str, ...] = ()

    def total(self) -> Fraction:
        return self.first + self.second


@pytest.mark.parametrize("args", [(1,), (1, Fraction(2, 3)), (1, 2, ("a",))])
def test_a_named_tuple_is_the_standard_one(args: tuple[Any, ...]) -> None:
    standard, ours = StandardPair(*args), OurPair(*args)
    assert repr(ours).replace("OurPair", "") == repr(standard).replace("StandardPair", "")
    assert tuple(ours) == tuple(standard) and ours == standard and hash(ours) == hash(standard)
    assert isinstance(ours, tuple) and type(ours).__mro__[1:] == (tuple, object)
    assert ours.total() == standard.total() and OurPair.__doc__ == "A pair."
    assert ours._asdict() == standard._asdict()
    assert ours._replace(first=5) == OurPair(5, *args[1:])
    assert OurPair._make(tuple(standard)) == ours and OurPair._fields == StandardPair._fields
    assert OurPair._field_defaults == StandardPair._field_defaults
    assert OurPair.__match_args__ == StandardPair.__match_args__
    assert OurPair.__module__ == __name__ and OurPair.__qualname__ == "OurPair"
    assert pickle.loads(pickle.dumps(ours)) == ours and copy.deepcopy(ours) == ours
    # The annotations as written (text, never compiled), the types they name the same.
    assert OurPair.__annotations__ == {
        "first": "int", "second": "Fraction", "tags": "tuple[str, ...]"
    }  # fmt: skip
    assert get_type_hints(OurPair) == get_type_hints(StandardPair)


def test_a_named_tuple_refuses_as_the_standard_one() -> None:
    for base in (NamedTuple, frozen.NamedTuple):
        with pytest.raises(TypeError, match="Non-default namedtuple field b cannot follow"):
            exec("class Bad(base):\n    a: int = 1\n    b: int\n", {"base": base})
        with pytest.raises(AttributeError, match="Cannot overwrite NamedTuple attribute _make"):
            exec("class Bad(base):\n    a: int\n    def _make(self): pass\n", {"base": base})
    with pytest.raises(TypeError):
        OurPair()  # type: ignore[call-arg]
    with pytest.raises(AttributeError):
        OurPair(1).first = 2  # type: ignore[misc]


def test_the_package_defines_its_named_tuples_with_frozen() -> None:
    # typing.NamedTuple compiles every annotation when its module loads (start-up time).
    package = Path(frozen.__file__).parent
    standard = []
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "typing":
                if path.name == "frozen.py":
                    continue  # its own alias, for the type checker
                standard += [f"{path.name}: {a.name}" for a in node.names if a.name == "NamedTuple"]
            elif isinstance(node, ast.Attribute) and node.attr == "NamedTuple":
                standard.append(f"{path.name}: typing.NamedTuple")
    assert standard == []


def test_every_module_using_frozen_writes_its_annotations_as_text() -> None:
    # frozen reads a class body's annotations as written; from Python 3.14 a body keeps
    # them in __annotations__ only under the future import, so every user has it.
    package = Path(frozen.__file__).parent
    missing = []
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        uses = any(isinstance(node, ast.ImportFrom) and node.module == "shtoss_exact.frozen"
                   for node in ast.walk(tree))  # fmt: skip
        future = any(isinstance(node, ast.ImportFrom) and node.module == "__future__"
                     and any(a.name == "annotations" for a in node.names)
                     for node in tree.body)  # fmt: skip
        if uses and not future:
            missing.append(path.name)
    assert missing == []
    assert any(  # the test reads the imports it means to
        isinstance(node, ast.ImportFrom) and node.module == "shtoss_exact.frozen"
        for node in ast.walk(ast.parse((package / "limits.py").read_text(encoding="utf-8")))
    )


def test_a_body_with_lazy_annotations_is_refused_not_made_empty() -> None:
    # What Python 3.14 makes of a class body without the future import: no
    # __annotations__, an __annotate__ function. A record with no field would be wrong.
    class Lazy:
        pass

    Lazy.__annotate__ = lambda format: {"x": int}  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="from __future__ import annotations"):
        frozen.dataclass(Lazy)
    namespace = {"__module__": __name__, "__annotate__": lambda format: {"x": int}}
    with pytest.raises(TypeError, match=r"Pair: .*from __future__ import annotations"):
        frozen._NamedTupleMeta("Pair", (frozen._NamedTupleBase,), namespace)
