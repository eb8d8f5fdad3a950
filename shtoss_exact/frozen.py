"""Frozen records that cost next to nothing to define: ``@dataclass(frozen=True)`` as the
standard library has it, without its start-up cost.

The standard ``dataclass`` compiles six methods per class with ``exec`` when the module
is imported, which is most of the time a command takes to start. Here ``__eq__``,
``__hash__``, ``__repr__``, ``__setattr__`` and ``__delattr__`` are shared closures,
and ``__init__`` is compiled at the first instance of the class (so a record never
built costs nothing, and one built costs what the standard one does). The behaviour
is that of ``dataclasses``: the same ``__init__`` signature and errors, equality
within the exact class, the hash of the compared fields, ``FrozenInstanceError``, the
same ``repr()``, ``__match_args__``, pickling and copying; ``dataclasses.fields``,
``replace``, ``asdict`` and ``is_dataclass`` work on these classes, from
``__dataclass_fields__`` built when first asked for.

Only what the package uses is supported: ``frozen=True``, ``repr``, ``kw_only``, and
``field(default=..., default_factory=..., repr=..., compare=..., kw_only=...)``.

``NamedTuple`` is ``typing.NamedTuple`` without its start-up cost: the standard one
compiles every field's annotation (text, under ``from __future__ import annotations``)
into a ``typing.ForwardRef`` when the class is defined. This one keeps the annotations
as the text they are; the class is the same ``collections.namedtuple`` with the class
body's defaults, docstring and methods (no generic named tuples).
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable
from itertools import pairwise
from keyword import iskeyword
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar, dataclass_transform, overload

T = TypeVar("T")

_MISSING: Any = type("_Missing", (), {"__repr__": lambda self: "MISSING"})()


class _Spec:
    """What ``field()`` says of one field."""

    __slots__ = ("compare", "default", "factory", "kw_only", "repr")

    def __init__(self, default: Any, factory: Any, repr: bool, compare: bool, kw_only: Any) -> None:
        self.default, self.factory, self.repr = default, factory, repr
        self.compare, self.kw_only = compare, kw_only


class _Field:
    """One field of a record: its name, type (as written) and options."""

    __slots__ = ("compare", "default", "factory", "kw_only", "name", "repr", "type")

    def __init__(self, name: str, type_: Any, spec: _Spec, kw_only: bool) -> None:
        self.name, self.type = name, type_
        self.default, self.factory = spec.default, spec.factory
        self.repr, self.compare = spec.repr, spec.compare
        self.kw_only = kw_only if spec.kw_only is _MISSING else bool(spec.kw_only)


def field(
    *,
    default: Any = _MISSING,
    default_factory: Any = _MISSING,
    repr: bool = True,
    compare: bool = True,
    kw_only: Any = _MISSING,
) -> Any:
    """A field with options, as ``dataclasses.field``."""
    if default is not _MISSING and default_factory is not _MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return _Spec(default, default_factory, repr, compare, kw_only)


@overload
def dataclass(cls: type[T], /) -> type[T]: ...
@overload
def dataclass(
    *, frozen: bool = ..., repr: bool = ..., kw_only: bool = ...
) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(field_specifiers=(field,))
def dataclass(
    cls: type[T] | None = None, /, *, frozen: bool = True, repr: bool = True,
    kw_only: bool = False,
) -> Any:  # fmt: skip
    """``@dataclass(frozen=True, repr=..., kw_only=...)``: a frozen record."""
    if not frozen:
        raise TypeError("shtoss_exact.frozen makes frozen records only")

    def wrap(cls: type[T]) -> type[T]:
        return _process(cls, repr, kw_only)

    return wrap if cls is None else wrap(cls)


def _written_annotations(ns: Any, name: str) -> dict[str, Any]:
    """A class body's annotations as written (text, under ``from __future__ import
    annotations``). From Python 3.14 a body without that import holds them in an
    ``__annotate__`` function instead: refused, rather than a record with no field."""
    if "__annotations__" not in ns and ("__annotate__" in ns or "__annotate_func__" in ns):
        raise TypeError(f"{name}: shtoss_exact.frozen reads annotations as written; "
                        "define the class under 'from __future__ import annotations'")  # fmt: skip
    return dict(ns.get("__annotations__", {}))


def _own_fields(cls: type, kw_only: bool) -> list[_Field]:
    found = []
    # the class's own annotations, as written (text), as dataclasses reads them
    for name, type_ in _written_annotations(cls.__dict__, cls.__name__).items():
        if isinstance(type_, str) and type_.startswith(("ClassVar", "typing.ClassVar")):
            continue
        value = cls.__dict__.get(name, _MISSING)
        spec = value if isinstance(value, _Spec) else _Spec(value, _MISSING, True, True, _MISSING)
        if isinstance(spec.default, list | dict | set):
            raise ValueError(f"mutable default {type(spec.default)} for field {name} is not "
                             "allowed: use default_factory")  # fmt: skip
        found.append(_Field(name, type_, spec, kw_only))
        if spec.default is _MISSING:
            if name in cls.__dict__:
                delattr(cls, name)
        else:
            setattr(cls, name, spec.default)
    return found


def _process(cls: type[T], show: bool, kw_only: bool) -> type[T]:
    fields: dict[str, _Field] = {}
    for base in reversed(cls.__mro__[1:]):
        for one in base.__dict__.get("__record_fields__", ()):
            fields[one.name] = one
    for one in _own_fields(cls, kw_only):
        fields[one.name] = one
    every = tuple(fields.values())
    positional = [f for f in every if not f.kw_only]
    for before, after in pairwise(positional):
        if _has_default(before) and not _has_default(after):
            raise TypeError(f"non-default argument {after.name!r} follows default argument")
    own = cls.__dict__
    explicit_hash = own.get("__hash__", _MISSING)
    has_hash = not (explicit_hash is _MISSING or (explicit_hash is None and "__eq__" in own))
    for name, method in _methods(cls, every).items():
        if name in ("__setattr__", "__delattr__") and name in own:
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
        keep = name in own and name in ("__init__", "__eq__", "__repr__")
        if keep or (name == "__repr__" and not show) or (name == "__hash__" and has_hash):
            continue
        method.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, method)
    target: Any = cls
    if "__match_args__" not in own:
        target.__match_args__ = tuple(f.name for f in positional)  # type: ignore[misc]
    target.__record_fields__ = every
    target.__dataclass_fields__ = _StandardFields()
    return cls


def _methods(cls: type, every: tuple[_Field, ...]) -> dict[str, Any]:
    """The methods of a record class: shared code, closures over its fields."""
    names = frozenset(f.name for f in every)
    key = _key([f.name for f in every if f.compare])
    target: Any = cls

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        init = _compile_init(cls, every)
        target.__init__ = init
        init(self, *args, **kwargs)

    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    def __hash__(self: Any) -> int:
        return hash(key(self))

    def __repr__(self: Any) -> str:
        shown = ", ".join(f"{f.name}={shown_field(getattr(self, f.name))}" for f in every if f.repr)
        return f"{self.__class__.__qualname__}({shown})"

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise _frozen_error(name)
        super(target, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise _frozen_error(name)
        super(target, self).__delattr__(name)

    return {"__init__": __init__, "__eq__": __eq__, "__hash__": __hash__,
            "__repr__": __repr__, "__setattr__": __setattr__,
            "__delattr__": __delattr__}  # fmt: skip


def _has_default(one: _Field) -> bool:
    return one.default is not _MISSING or one.factory is not _MISSING


def _key(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """The compared fields of a record, as a tuple (what ``==`` and ``hash`` use)."""
    if len(names) >= 2:
        return attrgetter(*names)
    if names:
        one = names[0]
        return lambda record: (getattr(record, one),)
    return lambda record: ()


def _frozen_error(name: str) -> AttributeError:
    from dataclasses import FrozenInstanceError

    return FrozenInstanceError(f"cannot assign to field {name!r}")


def _compile_init(cls: type, every: tuple[_Field, ...]) -> Callable[..., None]:
    """The ``__init__`` the standard ``dataclass`` writes, compiled once."""
    space: dict[str, Any] = {"_factory": _FACTORY}
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    for index, one in enumerate(every):
        if not one.name.isidentifier() or iskeyword(one.name):  # code, never input
            raise TypeError(f"field name {one.name!r} of {cls.__qualname__}: not an identifier")
        if one.default is not _MISSING:
            space[f"_d{index}"] = one.default
            parameter = f"{one.name}=_d{index}"
        elif one.factory is not _MISSING:
            space[f"_f{index}"] = one.factory
            parameter = f"{one.name}=_factory"
            body.append(f"  if {one.name} is _factory: {one.name} = _f{index}()")
        else:
            parameter = one.name
        (keyword if one.kw_only else positional).append(parameter)
        body.append(f"  _d[{one.name!r}] = {one.name}")
    if hasattr(cls, "__post_init__"):
        body.append("  self.__post_init__()")
    parameters = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    text = "\n".join([f"def __init__({parameters}):", "  _d = self.__dict__", *body, ""])
    exec(text, space)  # the standard dataclass's code, from the class's own identifiers only
    init: Callable[..., None] = space["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


_FACTORY: Any = type("_HasDefaultFactory", (), {"__repr__": lambda self: "<factory>"})()


class _StandardFields:
    """``__dataclass_fields__``, as ``dataclasses`` reads it, made on first use."""

    def __get__(self, instance: object, owner: type) -> dict[str, Any]:
        import dataclasses

        found = {}
        for one in owner.__record_fields__:  # type: ignore[attr-defined]
            made: Any = dataclasses.field(
                default=dataclasses.MISSING if one.default is _MISSING else one.default,
                default_factory=(dataclasses.MISSING if one.factory is _MISSING else one.factory),
                repr=one.repr,
                compare=one.compare,
                kw_only=one.kw_only,
            )
            made.name, made.type = one.name, one.type
            made._field_type = dataclasses._FIELD  # type: ignore[attr-defined]
            found[one.name] = made
        target: Any = owner
        target.__dataclass_fields__ = found
        return found


def fields(record: object) -> tuple[_Field, ...]:
    """The fields of a record (class or instance), in order."""
    return record.__record_fields__  # type: ignore[attr-defined,no-any-return]


def is_record(value: object) -> bool:
    """Whether ``value`` is an instance of a record class."""
    return hasattr(type(value), "__record_fields__")


def replace(record: T, /, **changes: Any) -> T:
    """A copy of ``record`` with some fields changed, as ``dataclasses.replace``."""
    for one in fields(record):
        if one.name not in changes:
            changes[one.name] = getattr(record, one.name)
    return type(record)(**changes)


_PROHIBITED = frozenset({"__new__", "__init__", "__slots__", "__getnewargs__", "_fields",
                         "_field_defaults", "_make", "_replace", "_asdict", "_source"})  # fmt: skip
_SPECIAL = frozenset({"__module__", "__name__", "__annotations__"})


class _NamedTupleMeta(type):
    """``typing.NamedTupleMeta`` without the check of each annotation (a ``ForwardRef``
    compiled per field): the same class, its annotations kept as written."""

    def __new__(cls, typename: str, bases: tuple[type, ...], ns: dict[str, Any]) -> Any:
        if not bases:  # ``NamedTuple`` itself
            return super().__new__(cls, typename, bases, ns)
        if bases != (_NamedTupleBase,):
            raise TypeError("can only inherit from a NamedTuple type")
        types = _written_annotations(ns, typename)
        defaults: list[str] = []
        for name in types:
            if name in ns:
                defaults.append(name)
            elif defaults:
                plural = "s" if len(defaults) > 1 else ""
                raise TypeError(f"Non-default namedtuple field {name} cannot follow default "
                                f"field{plural} {', '.join(defaults)}")  # fmt: skip
        make: Any = namedtuple  # the standard library's, called as typing calls it
        made = make(typename, list(types), defaults=[ns[n] for n in defaults],
                    module=ns["__module__"])  # fmt: skip
        made.__annotations__ = made.__new__.__annotations__ = dict(types)
        made.__repr__ = _tuple_repr
        for key in ns:
            if key in _PROHIBITED:
                raise AttributeError("Cannot overwrite NamedTuple attribute " + key)
            if key not in _SPECIAL and key not in made._fields:
                setattr(made, key, ns[key])
        return made


def shown_field(value: Any) -> str:
    """A field in a record's ``repr()``: its own ``repr()``, but a whole number longer
    than Python's limit on int-to-string conversion (a count over C(10**9, 10**4) has
    about 50 000 digits) written whole all the same, where ``repr()`` would raise
    ``ValueError``.

    >>> shown_field(433), shown_field("x"), len(shown_field(10**5000))
    ('433', "'x'", 5001)
    """
    try:
        return repr(value)
    except ValueError:  # past the limit in force (sys.set_int_max_str_digits), whatever it is
        if type(value) is not int:
            raise
        from shtoss_exact.int_text import int_str

        return int_str(value)


def _tuple_repr(self: tuple[Any, ...]) -> str:
    """A named tuple's ``repr()``, the standard one's, whatever the length of its numbers."""
    fields: tuple[str, ...] = self._fields  # type: ignore[attr-defined]
    shown = ", ".join(f"{name}={shown_field(v)}" for name, v in zip(fields, self, strict=True))
    return f"{type(self).__name__}({shown})"


class _NamedTupleBase(metaclass=_NamedTupleMeta):
    """What ``class X(NamedTuple)`` derives from: replaced by ``tuple`` in the class made."""


if TYPE_CHECKING:
    from typing import NamedTuple as NamedTuple
else:
    NamedTuple = _NamedTupleBase
