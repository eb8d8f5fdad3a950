"""The shape of a data file (scheme, plan, betting pattern): its keys and the type of
each value, declared as data and checked by one function, ``check_data``, once
``data_files.read_data`` has parsed the file."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

from shtoss_exact.data_files import MAX_TEXT, exact_from_data, printable_text
from shtoss_exact.errors import ShtossError, quoted
from shtoss_exact.i18n import N_, _, later
from shtoss_exact.numbers import ALLOWED as NUMBER_ALLOWED

# --- the shape of a data file: declared as data, checked by one function ---------------
#
# Each kind of file (scheme, plan, betting pattern) declares its keys and the type of
# each value as a ``Table`` of the specs below; ``check_data`` checks a parsed file
# against it and refuses every mistake in one format:
#
#     FILE: KEY: problem; allowed WHAT
#
# (``scheme file 'x.toml': rules[1].abzug: bad value 0; allowed a whole number >= 1``).
# The checked data comes back with its numbers as ``Fraction``s; what only the subject
# knows (a rank's name, a payoff's parameter) the subject's builder checks after.


class Spec:
    """The type of one value of a data file; ``allowed`` is what a refusal names: a
    message marked ``N_()``, or composed ``later`` (built at import, spoken when shown).

    ``Spec()`` itself takes any value: one a subject checks itself.
    """

    allowed = N_("any value")

    def fits(self, value: object) -> bool:
        """Whether ``value`` is of this type's shape (``Either`` picks the first that fits)."""
        return True

    def check(self, value: object, key: str, where: str) -> Any:
        """The value, checked (and converted), or a ``DataError`` naming ``key``."""
        return value


class DataError(ShtossError):
    """A refusal of a data file, in the one format: ``FILE: KEY: problem; allowed WHAT``.

    >>> str(DataError("plan file 'p.toml'", "kush", "bad value 'x'", "an exact number"))
    "plan file 'p.toml': kush: bad value 'x'; allowed an exact number"
    """

    def __init__(self, where: str, key: str, problem: str, allowed: str = "") -> None:
        self.where, self.key, self.problem, self.allowed = where, key, problem, allowed
        shown = key if key.isprintable() else repr(key)
        head = f"{where}: {shown[:80]}: " if key else f"{where}: "
        super().__init__(
            head
            + _(problem)
            + (_("; allowed {allowed}").format(allowed=_(allowed)) if allowed else "")
        )


data_error = DataError
"""The one refusal of a data file (see ``DataError``)."""


def _bad(value: object) -> str:
    return _("bad value {value}").format(value=quoted(value))


class Text(Spec):
    """Printable text of at most ``MAX_TEXT`` characters."""

    allowed: str = later(N_("printable text of at most {max_text} characters"), max_text=MAX_TEXT)

    def __init__(self, allowed: str | None = None) -> None:
        if allowed is not None:
            self.allowed = allowed

    def fits(self, value: object) -> bool:
        return isinstance(value, str)

    def check(self, value: object, key: str, where: str) -> str:
        if not isinstance(value, str) or len(value) > MAX_TEXT:
            raise data_error(where, key, _bad(value), self.allowed)
        text, problem = printable_text(value)
        if problem is not None:
            raise data_error(
                where,
                key,
                _("{value} holds {problem}").format(value=quoted(value), problem=problem),
                self.allowed,
            )
        return text


class Word(Text):
    """A name such as ``x`` or ``lob`` (a Python identifier)."""

    allowed = N_("a name such as x, lob")

    def check(self, value: object, key: str, where: str) -> str:
        if not isinstance(value, str) or not value.isidentifier() or len(value) > MAX_TEXT:
            raise data_error(where, key, _bad(value), self.allowed)
        return value


class Choice(Spec):
    """One of a few strings; ``what`` names an unknown one (``unknown kind 'x'``)."""

    def __init__(self, values: tuple[str, ...], *, what: str = "") -> None:
        self.values = values
        self.what = what
        self.allowed = later("{values}", values=", ".join(values))  # data: never spoken

    def fits(self, value: object) -> bool:
        return isinstance(value, str)

    def check(self, value: object, key: str, where: str) -> str:
        if value not in self.values:
            problem = (
                _("unknown {what} {value}").format(what=_(self.what), value=quoted(value))
                if self.what
                else _bad(value)
            )
            raise data_error(where, key, problem, self.allowed)
        assert isinstance(value, str)
        return value


class Whole(Spec):
    """A whole number (not a bool) from ``minimum`` to ``maximum``."""

    def __init__(self, minimum: int = 0, maximum: int | None = None) -> None:
        self.minimum = minimum
        self.maximum = maximum
        self.allowed = (
            later(N_("a whole number >= {minimum}"), minimum=minimum)
            if maximum is None
            else later(N_("a whole number from {minimum} to {maximum}"), minimum=minimum,
                       maximum=maximum)
        )  # fmt: skip

    def fits(self, value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    def check(self, value: object, key: str, where: str) -> int:
        if (
            not isinstance(value, int)
            or isinstance(value, bool)
            or value < self.minimum
            or (self.maximum is not None and value > self.maximum)
        ):
            raise data_error(where, key, _bad(value), self.allowed)
        return value


class Flag(Spec):
    """``true`` or ``false``."""

    allowed = N_("true or false")

    def fits(self, value: object) -> bool:
        return isinstance(value, bool)

    def check(self, value: object, key: str, where: str) -> bool:
        if not isinstance(value, bool):
            raise data_error(where, key, _bad(value), self.allowed)
        return value


class Number(Spec):
    """An exact number: an integer, a decimal or a string such as ``"1/2"`` (a ``Fraction``)."""

    allowed = NUMBER_ALLOWED  # spoken when shown (``DataError``)

    def fits(self, value: object) -> bool:
        return isinstance(value, int | Decimal | str) and not isinstance(value, bool)

    def check(self, value: object, key: str, where: str) -> Fraction:
        try:
            number = exact_from_data(value)
        except ShtossError as error:  # its problem, without its own "allowed"
            problem = str(error).rsplit(_(": allowed "), 1)[0]
            raise data_error(where, key, problem, self.allowed) from None
        if number is None:
            raise data_error(where, key, _bad(value), self.allowed)
        return number


class Items(Spec):
    """A list of values of one spec, from ``least`` to ``most`` of them."""

    def __init__(self, item: Spec, *, least: int = 0, most: int = 1000, allowed: str = "") -> None:
        self.item = item
        self.least = least
        self.most = most
        self.allowed = later(allowed) if allowed else later(
            N_("a list of {least} to {most} ({each})"), least=least, most=most,
            each=later(item.allowed),
        )  # fmt: skip

    def fits(self, value: object) -> bool:
        return isinstance(value, list)

    def check(self, value: object, key: str, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise data_error(where, key, _bad(value), self.allowed)
        if not self.least <= len(value) <= self.most:
            raise data_error(
                where, key, _("{count} entries").format(count=len(value)), self.allowed
            )
        return [self.item.check(v, f"{key}[{i}]", where) for i, v in enumerate(value, start=1)]


class Table(Spec):
    """A table of the ``fields`` keys, each of its spec; the ``required`` ones given."""

    def __init__(
        self,
        fields: Mapping[str, Spec],
        *,
        required: tuple[str, ...] = (),
        other: Spec | None = None,
        allowed: str = N_("a table"),
    ) -> None:
        self.fields = fields
        self.required = required
        self.other = other  # the spec of keys not in ``fields``; None: refused
        self.allowed = allowed

    def fits(self, value: object) -> bool:
        return isinstance(value, Mapping)

    def check(self, value: object, key: str, where: str) -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise data_error(where, key, _bad(value), self.allowed)
        inside = f"{key}." if key else ""
        for found in value:
            if found not in self.fields and self.other is None:
                keys = ", ".join(self.fields)  # names, never spoken
                allowed = later("{keys}", keys=keys) if keys else N_("no keys here")
                raise data_error(where, f"{inside}{found}", N_("unknown key"), allowed)
        for name in self.required:
            if name not in value:
                raise data_error(where, f"{inside}{name}", N_("missing"), self.fields[name].allowed)
        return {
            k: self.fields.get(k, self.other or Spec()).check(v, f"{inside}{k}", where)
            for k, v in value.items()
        }


class Either(Spec):
    """The first of ``choices`` whose shape fits the value."""

    def __init__(self, *choices: Spec) -> None:
        self.choices = choices
        self.allowed = later(choices[0].allowed)
        for choice in choices[1:]:
            self.allowed = later(N_("{allowed}, or {choice}"), allowed=self.allowed,
                                 choice=later(choice.allowed))  # fmt: skip

    def fits(self, value: object) -> bool:
        return any(choice.fits(value) for choice in self.choices)

    def check(self, value: object, key: str, where: str) -> Any:
        refused: DataError | None = None
        for choice in self.choices:
            if choice.fits(value):
                try:
                    return choice.check(value, key, where)
                except DataError as error:
                    refused = refused or error
        if refused is None:
            raise data_error(where, key, _bad(value), self.allowed)
        if refused.key != key:  # refused inside the value: that says it all
            raise refused
        raise data_error(where, key, refused.problem, self.allowed) from None


def check_data(data: object, schema: Spec, *, where: str) -> Any:
    """Check parsed data against a file kind's schema; numbers come back as ``Fraction``s.

    >>> schema = Table({"kush": Number(), "deals": Whole(1)}, required=("kush",))
    >>> check_data({"kush": "1/2"}, schema, where="plan file 'p.toml'")
    {'kush': Fraction(1, 2)}
    >>> try:
    ...     check_data({"deals": 0, "kush": 1}, schema, where="plan file 'p.toml'")
    ... except ShtossError as error:
    ...     print(error)
    plan file 'p.toml': deals: bad value 0; allowed a whole number >= 1
    """
    return schema.check(data, "", where)
